import type { CaseFacets, CaseFilters } from '../shared/api/contract';
import { CASE_FLAGS, LABELED_FILTERS, type CaseFlag } from '../shared/cases/filters';
import { marksJournal, marksStampOf, settleCaseMarks } from './case-marks';
import { searchQuery, searchTerms, type FacetName } from './case-search';
import { holdoutShown } from './holdout-visibility';
import type { Db } from './open';
import { statement } from './statements';

/**
 * Facet counts of the Cases view. Cases fall into few distinct "signatures" (the same values on every
 * facet: answerability, question type, split, origin, leak flag, slices, marks, labelers), so the
 * counts are kept per signature in memory and every facet under any filter is a sum over signatures,
 * not a scan over the cases. The index is rebuilt when facet_stamp moved (any insert, delete or change
 * of a case or a slice: triggers of migration 016); the cases whose labelers or marks this connection
 * re-derived move to their new signatures (any other change of them rebuilds it). With a search, the cases found
 * are tallied by signature (the hits of the last few texts are kept until the cases change).
 */

interface Signature {
  answerability: string | null;
  questionType: string | null;
  split: string | null;
  origin: string | null;
  leak: boolean;
  slices: string[];
  flags: CaseFlag[];
  disagree: boolean;
  labelers: number[];
  count: number;
}

interface FacetIndex {
  stamp: number;
  marksStamp: number;
  signatures: Signature[];
  byKey: Map<string, number>;
  /** Signature index by case seq (-1: no case). */
  signatureOf: Int32Array;
  /** Hits of the latest searches by text, oldest first (valid while the cases are unchanged). */
  searches: Map<string, Int32Array>;
}

const indexes = new WeakMap<Db, FacetIndex>();

const stampOf = (db: Db) => statement(db, 'SELECT n FROM facet_stamp').pluck().get() as number;

type CaseColumns = [number, string | null, string | null, string | null, string | null, number];

/** Counts one case under its signature (made when new). */
function addCase(index: FacetIndex, [seq, answerability, questionType, split, origin, leak]: CaseColumns, slicesOf: number[] | string[], labelers: number[], marks: readonly number[]): void {
  const slices = (slicesOf as string[]).slice().sort();
  const sortedLabelers = labelers.slice().sort((a, b) => a - b);
  const [disagree, edited, permissionLeak] = marks;
  const key = `${answerability}\u001f${questionType}\u001f${split}\u001f${origin}\u001f${leak}\u001f${slices.join('\u001e')}\u001f${sortedLabelers.join(',')}\u001f${disagree}${edited}${permissionLeak}`;
  let at = index.byKey.get(key);
  if (at === undefined) {
    at = index.signatures.length;
    index.byKey.set(key, at);
    const flags: CaseFlag[] = [];
    if (permissionLeak) flags.push('permission-leak');
    if (edited) flags.push('edited');
    index.signatures.push({ answerability, questionType, split, origin, leak: leak === 1, slices, flags, disagree: disagree === 1, labelers: sortedLabelers, count: 0 });
  }
  index.signatures[at].count += 1;
  index.signatureOf[seq] = at;
}

const NO_MARKS = [0, 0, 0] as const;

function buildIndex(db: Db, stamp: number, marksStamp: number): FacetIndex {
  const maxSeq = (statement(db, 'SELECT max(seq) FROM cases').pluck().get() as number | null) ?? 0;
  const slicesOf = new Map<number, string[]>();
  for (const [seq, slice] of statement(db, 'SELECT case_seq, slice FROM case_slices').raw().iterate() as Iterable<[number, string]>) {
    const list = slicesOf.get(seq);
    if (list) list.push(slice);
    else slicesOf.set(seq, [slice]);
  }
  const labelersOf = new Map<number, number[]>();
  for (const [seq, reviewer] of statement(db, 'SELECT case_seq, reviewer_id FROM case_labelers').raw().iterate() as Iterable<[number, number]>) {
    const list = labelersOf.get(seq);
    if (list) list.push(reviewer);
    else labelersOf.set(seq, [reviewer]);
  }
  const marksOf = new Map<number, [number, number, number]>();
  for (const [seq, disagree, edited, leak] of statement(db, 'SELECT case_seq, disagree, edited, permission_leak FROM case_marks').raw().iterate() as Iterable<[number, number, number, number]>) {
    marksOf.set(seq, [disagree, edited, leak]);
  }
  const index: FacetIndex = { stamp, marksStamp, signatures: [], byKey: new Map(), signatureOf: new Int32Array(maxSeq + 1).fill(-1), searches: new Map() };
  for (const row of statement(db, 'SELECT seq, answerability, question_type, split, origin, leak FROM cases').raw().iterate() as Iterable<CaseColumns>) {
    addCase(index, row, slicesOf.get(row[0]) ?? [], labelersOf.get(row[0]) ?? [], marksOf.get(row[0]) ?? NO_MARKS);
  }
  return index;
}

/** Moves the cases whose labelers or marks changed to their new signatures. */
function updateCases(db: Db, index: FacetIndex, seqs: Iterable<number>): void {
  for (const seq of seqs) {
    const row = statement(db, 'SELECT seq, answerability, question_type, split, origin, leak FROM cases WHERE seq = ?').raw().get(seq) as CaseColumns | undefined;
    const before = seq < index.signatureOf.length ? index.signatureOf[seq] : -1;
    if (!row || before < 0) continue;
    index.signatures[before].count -= 1;
    const slices = statement(db, 'SELECT slice FROM case_slices WHERE case_seq = ?').pluck().all(seq) as string[];
    const labelers = statement(db, 'SELECT reviewer_id FROM case_labelers WHERE case_seq = ?').pluck().all(seq) as number[];
    const marks = statement(db, 'SELECT disagree, edited, permission_leak FROM case_marks WHERE case_seq = ?').raw().get(seq) as number[] | undefined;
    addCase(index, row, slices, labelers, marks ?? NO_MARKS);
  }
}

/** The seqs the journal says changed between two marks stamps; null when it cannot say. */
function changedBetween(db: Db, from: number, to: number): Set<number> | null {
  const seqs = new Set<number>();
  let at = from;
  for (const change of marksJournal(db)) {
    if (change.from !== at) continue;
    if (change.seqs === null) return null;
    for (const seq of change.seqs) seqs.add(seq);
    at = change.to;
    if (at === to) return seqs;
  }
  return null;
}

/** The index of this connection's file as it is now (marks settled first). */
function currentIndex(db: Db): FacetIndex {
  settleCaseMarks(db);
  const stamp = stampOf(db);
  const marksStamp = marksStampOf(db);
  let index = indexes.get(db);
  if (index && index.stamp === stamp && index.marksStamp !== marksStamp) {
    const changed = changedBetween(db, index.marksStamp, marksStamp);
    if (changed) {
      updateCases(db, index, changed);
      index.marksStamp = marksStamp;
    }
  }
  if (!index || index.stamp !== stamp || index.marksStamp !== marksStamp) {
    index = buildIndex(db, stamp, marksStamp);
    indexes.set(db, index);
  }
  return index;
}

/** Searches whose hits are kept (typing back and forth, the list and the counts of one text). */
const SEARCHES_KEPT = 8;

/**
 * The seqs of the cases a search finds. They come back as one comma-separated string: a search that
 * finds every case of a large file costs the FTS index a few milliseconds, and a row handed to
 * JavaScript per case costs several times that.
 */
function searchHits(db: Db, index: FacetIndex, text: string): Int32Array {
  const kept = index.searches.get(text);
  if (kept) return kept;
  const query = searchQuery(db, text);
  const found = query ? (statement(db, "SELECT group_concat(rowid, ',') FROM cases_fts WHERE cases_fts MATCH ?").pluck().get(query) as string | null) : null;
  const hits = found === null ? new Int32Array(0) : parseSeqs(found);
  if (index.searches.size >= SEARCHES_KEPT) index.searches.delete(index.searches.keys().next().value as string);
  index.searches.set(text, hits);
  return hits;
}

/** "3,17,42" as numbers, without a string per number. */
function parseSeqs(list: string): Int32Array {
  let n = 1;
  for (let i = 0; i < list.length; i++) if (list.charCodeAt(i) === 44) n++;
  const seqs = new Int32Array(n);
  let at = 0;
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const code = list.charCodeAt(i);
    if (code === 44) {
      seqs[at++] = value;
      value = 0;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  seqs[at] = value;
  return seqs;
}

type Labeled = NonNullable<CaseFilters['labeled']>;

function labeledValues(sig: Signature, me: number | null): Labeled[] {
  const mine = me !== null && sig.labelers.includes(me);
  const values: Labeled[] = [mine ? 'by-me' : 'not-by-me'];
  if (sig.labelers.some((r) => r !== me)) values.push('by-others');
  if (sig.disagree) values.push('disagree');
  return values;
}

function valuesOf(sig: Signature, facet: FacetName, me: number | null): readonly string[] {
  switch (facet) {
    case 'answerability': return sig.answerability === null ? [] : [sig.answerability];
    case 'questionType': return sig.questionType === null ? [] : [sig.questionType];
    case 'split': return sig.split === null ? [] : [sig.split];
    case 'origin': return sig.origin === null ? [] : [sig.origin];
    case 'leak': return sig.leak ? ['leak'] : [];
    case 'slice': return sig.slices;
    case 'flag': return sig.flags;
    case 'labeled': return labeledValues(sig, me);
  }
}

const FACETS: FacetName[] = ['answerability', 'questionType', 'slice', 'split', 'origin', 'leak', 'labeled', 'flag'];

export function caseFacets(db: Db, filters: CaseFilters): CaseFacets {
  const index = currentIndex(db);
  const me = filters.reviewerId ?? null;
  const counts = index.signatures.map((s) => s.count);
  if (searchTerms(filters.search ?? '').length > 0) {
    counts.fill(0);
    for (const seq of searchHits(db, index, (filters.search ?? '').trim())) {
      const at = index.signatureOf[seq];
      if (at >= 0) counts[at] += 1;
    }
  }
  const chosen = FACETS.filter((f) => filters[f] !== null && filters[f] !== undefined && filters[f] !== '') as FacetName[];
  // holdout cases left out (db/holdout-visibility.ts) fail the split facet, as in caseWhere
  const shown = holdoutShown(db, filters);
  // for each signature, the chosen filters it fails (a facet is counted under every filter but its own)
  const failing = index.signatures.map((sig) => {
    const fails = chosen.filter((f) => !valuesOf(sig, f, me).includes(filters[f] as string));
    if (!shown && sig.split === 'holdout' && !fails.includes('split')) fails.push('split');
    return fails;
  });
  const tally = Object.fromEntries(FACETS.map((f) => [f, new Map<string, number>()])) as Record<FacetName, Map<string, number>>;
  let total = 0;
  let matching = 0;
  let holdoutTotal = 0;
  index.signatures.forEach((sig, at) => {
    total += sig.count;
    if (sig.split === 'holdout') holdoutTotal += sig.count;
    const n = counts[at];
    if (n === 0) return;
    const fails = failing[at];
    if (fails.length === 0) matching += n;
    if (fails.length > 1) return;
    for (const facet of FACETS) {
      if (fails.length === 1 && fails[0] !== facet) continue;
      const map = tally[facet];
      for (const value of valuesOf(sig, facet, me)) map.set(value, (map.get(value) ?? 0) + n);
    }
  });
  const listOf = (facet: FacetName) =>
    [...tally[facet]].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  // who labeled and the marks keep their order and show a zero: "reviewers disagree (0)" is news too
  const fixed = (facet: FacetName, values: readonly string[]) => values.map((value) => ({ value, count: tally[facet].get(value) ?? 0 }));
  return {
    total,
    matching,
    answerability: listOf('answerability'),
    questionType: listOf('questionType'),
    slice: listOf('slice'),
    split: listOf('split'),
    origin: listOf('origin'),
    leak: listOf('leak'),
    labeled: fixed('labeled', LABELED_FILTERS),
    flag: fixed('flag', CASE_FLAGS),
    holdout: { shown, matching: tally.split.get('holdout') ?? 0, total: holdoutTotal },
  };
}
