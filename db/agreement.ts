import { ApiError } from '../shared/api/contract';
import type { JudgeRun, Reference } from '../shared/api/agreement-ops';
import { CLAIMS_STATED_PER_CLAIM, isPerClaim, type AgreementPair, type LabeledItem } from '../shared/agreement';
import { sortedUniqueLabels } from '../shared/stats';
import { isSingleValued, recordableDimension, type Dimension } from '../shared/domain/dimensions';
import { listDimensions } from './dimensions';
import type { Db } from './open';
import { adjudicatedValues } from './rounds';
import { text as say } from '../shared/messages/text';

/**
 * The SQL behind the agreement screens: judge runs, verdicts (the run's latest per item),
 * current human labels (per reviewer, the latest event of the item; a cleared label — value
 * NULL — counts as no label), and the cases' slices and question types.
 */

export { ADJUDICATED_REASON } from '../shared/agreement';

interface RunRow {
  id: number;
  model: string;
  model_version: string;
  prompt_version: string;
  prompt_hash: string | null;
  source_file: string;
  source_sha256: string;
  imported_at: string;
}

function toRun(db: Db, row: RunRow): JudgeRun {
  const dimensions = db
    .prepare('SELECT dimension AS name, count(*) AS verdicts FROM verdicts WHERE run_id = ? GROUP BY dimension ORDER BY dimension')
    .all(row.id) as { name: string; verdicts: number }[];
  return {
    id: row.id,
    model: row.model,
    modelVersion: row.model_version,
    promptVersion: row.prompt_version,
    promptHash: row.prompt_hash,
    sourceFile: row.source_file,
    sourceSha256: row.source_sha256,
    importedAt: row.imported_at,
    verdicts: dimensions.reduce((s, d) => s + d.verdicts, 0),
    dimensions,
  };
}

/** Newest first. */
export function listJudgeRuns(db: Db): JudgeRun[] {
  return (db.prepare('SELECT * FROM judge_runs ORDER BY id DESC').all() as RunRow[]).map((row) => toRun(db, row));
}

export function requireJudgeRun(db: Db, runId: number, op = 'agreement'): JudgeRun {
  const row = db.prepare('SELECT * FROM judge_runs WHERE id = ?').get(runId) as RunRow | undefined;
  if (!row) {
    const ids = db.prepare('SELECT id FROM judge_runs ORDER BY id').pluck().all() as number[];
    const sentence = ids.length ? say('err.judge-run.unknown', { runId, runs: ids.join(', ') }) : say('err.judge-run.none', { runId });
    throw new ApiError('not-found', sentence, { file: op, line: null, field: 'runId' });
  }
  return toRun(db, row);
}

export interface ResolvedReference {
  kind: Reference['kind'];
  reviewerId: number | null;
  reviewerName: string | null;
}

export function resolveReference(db: Db, reference: Reference, op = 'agreement'): ResolvedReference {
  if (reference.kind !== 'reviewer') return { kind: reference.kind, reviewerId: null, reviewerName: null };
  const row = db.prepare('SELECT id, name FROM reviewers WHERE id = ?').get(reference.reviewerId) as { id: number; name: string } | undefined;
  if (!row) throw new ApiError('not-found', say('err.reviewer.unknown-id', { id: reference.reviewerId }), { file: op, line: null, field: 'reference.reviewerId' });
  return { kind: 'reviewer', reviewerId: row.id, reviewerName: row.name };
}

/** A reviewer by name (names are unique ignoring case), for the CLI's --reviewer. */
export function findReviewerByName(db: Db, name: string): { id: number; name: string } | null {
  const rows = db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[];
  const folded = name.trim().toLocaleLowerCase();
  return rows.find((r) => r.name === name) ?? rows.find((r) => r.name.toLocaleLowerCase() === folded) ?? null;
}

export function reviewerNames(db: Db): string[] {
  return db.prepare('SELECT name FROM reviewers ORDER BY name COLLATE NOCASE').pluck().all() as string[];
}

export interface RunDimension {
  dimension: Dimension;
  /** False when the test set has no definition: treated as categorical over the values seen. */
  defined: boolean;
}

/**
 * The run's dimensions (structured ones such as claims are not compared; claims stated is, per claim), in the test set's
 * labeling order, then by name. `only` narrows to one dimension (an unknown name is an error).
 */
export function runDimensions(db: Db, run: JudgeRun, only?: string | null): RunDimension[] {
  const names = run.dimensions.map((d) => d.name);
  return dimensionsFor(db, names, only, (name) =>
    (db.prepare('SELECT DISTINCT value FROM verdicts WHERE run_id = ? AND dimension = ?').pluck().all(run.id, name) as string[]).map(
      (v) => JSON.parse(v) as string | number,
    ),
  );
}

function dimensionsFor(db: Db, names: readonly string[], only: string | null | undefined, observed: (name: string) => (string | number)[]): RunDimension[] {
  const definitions = listDimensions(db);
  const position = new Map(definitions.map((d, i) => [d.name, i]));
  if (only && !names.includes(only)) {
    throw new ApiError('not-found', say('err.dimension.unknown-here', { name: only, names: names.length ? names.join(', ') : '—' }), {
      file: 'agreement', line: null, field: 'dimension',
    });
  }
  return names
    .filter((name) => !only || name === only)
    .sort((a, b) => (position.get(a) ?? 1e9) - (position.get(b) ?? 1e9) || a.localeCompare(b))
    .map((name): RunDimension | null => {
      const definition = recordableDimension(definitions, name);
      // "claims this answer states" is compared claim by claim (shared/agreement/claims-stated.ts); other structured values are not
      if (definition && isPerClaim(definition.name)) return { dimension: CLAIMS_STATED_PER_CLAIM, defined: true };
      if (definition) return !isSingleValued(definition) ? null : { dimension: definition, defined: true };
      const values = sortedUniqueLabels(observed(name));
      return { dimension: { name, type: 'categorical', scope: 'response', options: values.map((value) => ({ value })) }, defined: false };
    })
    .filter((d): d is RunDimension => d !== null);
}

/** The test set's comparable dimensions (everything but structured), for human vs human. */
export function labelDimensions(db: Db, only?: string | null): RunDimension[] {
  const defined = listDimensions(db).map((d) => d.name);
  const labeled = db.prepare('SELECT DISTINCT dimension FROM label_events').pluck().all() as string[];
  const names = [...new Set([...defined, ...labeled])];
  return dimensionsFor(db, names, only, (name) =>
    (db.prepare('SELECT DISTINCT value FROM label_events WHERE dimension = ? AND value IS NOT NULL').pluck().all(name) as string[])
      .map((v) => JSON.parse(v) as unknown)
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'),
  );
}

/** An item's identity: its response (response-level dimensions) or, negated, its case. */
const itemKeyOf = (caseSeq: number, responseSeq: number | null) => (responseSeq !== null ? responseSeq : -caseSeq);

/** JSON values, parsed once per distinct text (a dimension has few distinct values). */
function valueDecoder(): (text: string) => unknown {
  const cache = new Map<string, unknown>();
  return (text) => {
    const cached = cache.get(text);
    if (cached !== undefined) return cached; // (JSON.parse never gives undefined)
    const value = JSON.parse(text) as unknown;
    if (cache.size < 10_000) cache.set(text, value);
    return value;
  };
}

/**
 * The rows of `select` as columns: one array per named column, each built by SQLite as one JSON
 * array (json_group_array) and read with JSON.parse. better-sqlite3 spends about a microsecond per
 * row it hands over, most of the cost of reading 200,000 rows; a few strings cost a fraction of
 * that. The elements come in the order SQLite produced the rows, which SQL does not promise for an
 * aggregate: callers that need an order select the columns to check it by (`select` has no ORDER
 * BY, so that SQLite flattens it into the aggregate instead of running it as a co-routine).
 * No BLOB columns: the tables are STRICT and none of the columns read this way is a BLOB.
 */
function jsonColumns(db: Db, select: string, columns: readonly string[], params: readonly unknown[]): unknown[][] {
  const sql = `SELECT ${columns.map((c) => `json_group_array(${c})`).join(', ')} FROM (${select})`;
  const texts = db.prepare(sql).raw().get(...params) as string[];
  return texts.map((text) => JSON.parse(text) as unknown[]);
}

/**
 * Positions 0..n−1 in the order of `compare`, or null when they already are (no sorting needed):
 * the rows come that way when SQLite reads them along an index (or the table) in that order.
 */
function orderBy(n: number, compare: (a: number, b: number) => number): number[] | null {
  for (let i = 1; i < n; i++) {
    if (compare(i - 1, i) > 0) return Array.from({ length: n }, (_, k) => k).sort(compare);
  }
  return null;
}

/**
 * Slots 0..size−1 for a list of seqs (nulls ignored), for typed arrays indexed by seq: seq − lo when
 * the seqs fill much of their range (`dense`; every seq of the range has a slot), else numbered
 * through a Map; −1 for a seq without one.
 */
interface SeqSlots {
  size: number;
  dense: boolean;
  lo: number;
  hi: number;
  /** The distinct seqs, when not dense. */
  listed: number[];
  of: (seq: number) => number;
}

function seqSlots(seqs: readonly (number | null)[]): SeqSlots {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const seq of seqs) {
    if (seq === null) continue;
    count += 1;
    if (seq < lo) lo = seq;
    if (seq > hi) hi = seq;
  }
  if (count === 0) return { size: 0, dense: true, lo: 0, hi: -1, listed: [], of: () => -1 };
  if (hi - lo + 1 <= 2 * count + 1_000) return { size: hi - lo + 1, dense: true, lo, hi, listed: [], of: (seq) => (seq >= lo && seq <= hi ? seq - lo : -1) };
  const slot = new Map<number, number>();
  for (const seq of seqs) if (seq !== null && !slot.has(seq)) slot.set(seq, slot.size);
  return { size: slot.size, dense: false, lo, hi, listed: [...slot.keys()], of: (seq) => slot.get(seq) ?? -1 };
}

/**
 * The rows of `table` whose `key` is one of `slots`' seqs: when they are dense, the rows of their
 * range (one scan: by the primary key for rowid keys, of the table for others, `scan`; rows of
 * other seqs in the range come along), else just theirs.
 */
function rowsBySeq(db: Db, table: string, key: string, columns: readonly string[], slots: SeqSlots, scan = false): unknown[][] {
  if (slots.size === 0) return columns.map(() => []);
  const select = `SELECT ${columns.join(', ')} FROM ${table}`;
  if (slots.dense) return jsonColumns(db, `${select} WHERE ${scan ? '+' : ''}${key} BETWEEN ? AND ?`, columns, [slots.lo, slots.hi]);
  return jsonColumns(db, `${select} WHERE ${key} IN (SELECT value FROM json_each(?))`, columns, [JSON.stringify(slots.listed)]);
}

/**
 * The run's latest verdict per item on a dimension, as columns (entry i of each array is one
 * item), in the order of each item's first verdict.
 */
export interface LatestVerdicts {
  itemKey: number[];
  caseSeq: number[];
  responseSeq: (number | null)[];
  caseId: string[];
  responseId: (string | null)[];
  questionType: (string | null)[];
  /** The case's slices in their order (one array per distinct list, shared: do not change). */
  slices: (readonly string[])[];
  value: unknown[];
  rationale: (string | null)[];
  /** Older verdicts of the same items, left out (a repeated line in the file overrides the earlier one). */
  duplicates: number;
}

/**
 * The run's verdicts on a dimension with their case (id, question type, slices) and response
 * id, the latest per item, at the place of the item's first verdict.
 */
export function latestVerdicts(db: Db, runId: number, dimension: string): LatestVerdicts {
  const [ids, caseSeqs, responseSeqs, values, rationales] = jsonColumns(
    db,
    'SELECT id, case_seq, response_seq, value, rationale FROM verdicts WHERE run_id = ? AND dimension = ?',
    ['id', 'case_seq', 'response_seq', 'value', 'rationale'],
    [runId, dimension],
  ) as [number[], number[], (number | null)[], string[], (string | null)[]];

  // the cases (id, question type) and responses (id) of the verdicts: their rows by slot
  const cases = seqSlots(caseSeqs);
  const [caseRowSeqs, caseIds, questionTypes] = rowsBySeq(db, 'cases', 'seq', ['seq', 'id', 'question_type'], cases) as [number[], string[], (string | null)[]];
  const caseRow = new Int32Array(cases.size).fill(-1);
  for (let i = 0; i < caseRowSeqs.length; i++) {
    const at = cases.of(caseRowSeqs[i]);
    if (at >= 0) caseRow[at] = i;
  }
  const responses = seqSlots(responseSeqs);
  const [responseRowSeqs, responseIds] = rowsBySeq(db, 'responses', 'seq', ['seq', 'id'], responses) as [number[], string[]];
  const responseRow = new Int32Array(responses.size).fill(-1);
  for (let i = 0; i < responseRowSeqs.length; i++) {
    const at = responses.of(responseRowSeqs[i]);
    if (at >= 0) responseRow[at] = i;
  }
  const caseSlices = slicesOfCases(db, cases);

  // in verdict id order: the latest verdict per item (its row), at the place of the item's first one
  const byResponse = new Int32Array(responses.size).fill(-1);
  const byCase = new Int32Array(cases.size).fill(-1);
  const rowOf = new Int32Array(ids.length);
  let items = 0;
  let duplicates = 0;
  const order = orderBy(ids.length, (a, b) => ids[a] - ids[b]);
  for (let k = 0; k < ids.length; k++) {
    const i = order === null ? k : order[k];
    const caseAt = cases.of(caseSeqs[i]);
    if (caseAt < 0 || caseRow[caseAt] < 0) continue; // no such case (the foreign key rules it out): not counted
    const responseSeq = responseSeqs[i];
    const slot = responseSeq !== null ? byResponse : byCase;
    const at = responseSeq !== null ? responses.of(responseSeq) : caseAt;
    if (slot[at] >= 0) {
      rowOf[slot[at]] = i; // a later line of the same run replaces the earlier one
      duplicates += 1;
    } else {
      slot[at] = items;
      rowOf[items++] = i;
    }
  }

  // the columns (the rows' own arrays where every row is an item, in id order: the usual case)
  const identity = items === ids.length && order === null;
  const out: LatestVerdicts = {
    itemKey: new Array<number>(items),
    caseSeq: identity ? caseSeqs : new Array<number>(items),
    responseSeq: identity ? responseSeqs : new Array<number | null>(items),
    caseId: new Array<string>(items),
    responseId: new Array<string | null>(items),
    questionType: new Array<string | null>(items),
    slices: new Array<readonly string[]>(items),
    value: new Array<unknown>(items),
    rationale: identity ? rationales : new Array<string | null>(items),
    duplicates,
  };
  const decode = valueDecoder();
  const typeOf = new Map<string | null, string | null>(); // one string per question type
  const noSlices: readonly string[] = [];
  for (let place = 0; place < items; place++) {
    const row = rowOf[place];
    const caseSeq = caseSeqs[row];
    const responseSeq = responseSeqs[row];
    const caseAt = cases.of(caseSeq);
    const caseRowAt = caseRow[caseAt];
    const responseRowAt = responseSeq === null ? -1 : responseRow[responses.of(responseSeq)];
    const type = questionTypes[caseRowAt];
    let sharedType = typeOf.get(type);
    if (sharedType === undefined) typeOf.set(type, (sharedType = type));
    const list = caseSlices.listOf[caseAt];
    out.itemKey[place] = itemKeyOf(caseSeq, responseSeq);
    if (!identity) {
      out.caseSeq[place] = caseSeq;
      out.responseSeq[place] = responseSeq;
      out.rationale[place] = rationales[row];
    }
    out.caseId[place] = caseIds[caseRowAt];
    out.responseId[place] = responseRowAt < 0 ? null : responseIds[responseRowAt];
    out.questionType[place] = sharedType;
    out.slices[place] = list < 0 ? noSlices : caseSlices.lists[list];
    out.value[place] = decode(values[row]);
  }
  return out;
}

/**
 * The slices of cases, each case's in position order, as lists[listOf[slot]] (−1: none); cases
 * with the same list share one array. When the rows come in (case, position) order, as a scan of
 * case_slices gives them for slices written case by case, no sorting is needed.
 */
function slicesOfCases(db: Db, cases: SeqSlots): { lists: (readonly string[])[]; listOf: Int32Array } {
  const [sliceCases, positions, names] = rowsBySeq(db, 'case_slices', 'case_seq', ['case_seq', 'position', 'slice'], cases, true) as [
    number[],
    number[],
    string[],
  ];
  const order = orderBy(sliceCases.length, (a, b) => sliceCases[a] - sliceCases[b] || positions[a] - positions[b]);
  const listOf = new Int32Array(cases.size).fill(-1);
  const lists: (readonly string[])[] = [];
  // the distinct lists as a trie of names
  interface Node {
    list: number;
    children: Map<string, Node> | null;
  }
  const root: Node = { list: -1, children: null };
  let node = root;
  let length = 0;
  for (let k = 0; k < sliceCases.length; k++) {
    const i = order === null ? k : order[k];
    const name = names[i];
    let child = node.children?.get(name);
    if (!child) (node.children ??= new Map()).set(name, (child = { list: -1, children: null }));
    node = child;
    length += 1;
    const following = k + 1 < sliceCases.length ? (order === null ? k + 1 : order[k + 1]) : -1;
    if (following >= 0 && sliceCases[following] === sliceCases[i]) continue;
    if (node.list < 0) {
      const list = new Array<string>(length);
      for (let back = 0; back < length; back++) list[length - 1 - back] = names[order === null ? k - back : order[k - back]];
      node.list = lists.push(list) - 1;
    }
    const at = cases.of(sliceCases[i]);
    if (at >= 0) listOf[at] = node.list;
    node = root;
    length = 0;
  }
  return { lists, listOf };
}

export interface CurrentLabel {
  itemKey: number;
  caseSeq: number;
  responseSeq: number | null;
  reviewerId: number;
  value: unknown;
}

/**
 * Current labels on a dimension: per (item, reviewer) the value of the event with the highest
 * id; cleared labels (NULL) are left out. `reviewerId` narrows to one person. In the order of
 * each item's first event, then of each reviewer's first event on it (human vs human).
 */
export function currentLabels(db: Db, dimension: string, reviewerId: number | null = null): CurrentLabel[] {
  const latest = new Map<number, Map<number, CurrentLabel | null>>();
  const decode = valueDecoder();
  const sql =
    `SELECT case_seq, response_seq, reviewer_id, value FROM label_events WHERE dimension = ?` +
    (reviewerId === null ? '' : ' AND reviewer_id = ?') +
    ' ORDER BY id';
  const params = reviewerId === null ? [dimension] : [dimension, reviewerId];
  for (const row of db.prepare(sql).raw().iterate(...params) as IterableIterator<[number, number | null, number, string | null]>) {
    const itemKey = itemKeyOf(row[0], row[1]);
    let byReviewer = latest.get(itemKey);
    if (!byReviewer) latest.set(itemKey, (byReviewer = new Map()));
    byReviewer.set(row[2], row[3] === null ? null : { itemKey, caseSeq: row[0], responseSeq: row[1], reviewerId: row[2], value: decode(row[3]) });
  }
  const out: CurrentLabel[] = [];
  for (const byReviewer of latest.values()) for (const label of byReviewer.values()) if (label) out.push(label);
  return out;
}

/** Current labels: the rows `current` (in no particular order) of the columns. */
interface LabelColumns {
  current: Int32Array;
  caseSeqs: readonly number[];
  responseSeqs: readonly (number | null)[];
  reviewerIds: readonly number[];
  /** Decoded, for the current rows. */
  values: readonly unknown[];
}

/**
 * The value of a label event as the index label_events_dimension (migration 5) holds it: the value,
 * or '' (never a JSON text) when it is longer than 200 characters. Written exactly as in the index,
 * so that SQLite reads it from there.
 */
export const INDEXED_VALUE = "iif(length(value) > 200, '', value)";

/**
 * Current labels on a dimension: per (reviewer, case, response) the value of the event with the
 * highest id, a cleared label (NULL) left out; `reviewerId` narrows to one person. The events come
 * along the index label_events_dimension (migration 5), which holds them grouped per reviewer and
 * item, in id order, with their (short) values: the last event of each group is the current label.
 * (Picking it here costs half of what GROUP BY with max(id) costs SQLite; any other order the rows
 * might come in is sorted first.)
 */
function currentLabelColumns(db: Db, dimension: string, reviewerId: number | null): LabelColumns {
  const [caseSeqs, responseSeqs, ids, texts, reviewers] = jsonColumns(
    db,
    `SELECT case_seq, response_seq, id, ${INDEXED_VALUE} AS short, reviewer_id FROM label_events
      WHERE dimension = ?${reviewerId === null ? '' : ' AND reviewer_id = ?'}`,
    ['case_seq', 'response_seq', 'id', 'short', ...(reviewerId === null ? ['reviewer_id'] : [])],
    reviewerId === null ? [dimension] : [dimension, reviewerId],
  ) as [number[], (number | null)[], number[], (string | null)[], number[] | undefined];
  const n = ids.length;
  const reviewerIds = reviewers ?? new Array<number>(n).fill(reviewerId!);
  // (reviewer, case, response) as the index orders them (NULL first), then id
  const byNullFirst = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? -1 : y === null ? 1 : x - y);
  const sameItem = (a: number, b: number) => reviewerIds[a] - reviewerIds[b] || caseSeqs[a] - caseSeqs[b] || byNullFirst(responseSeqs[a], responseSeqs[b]);
  const order = orderBy(n, (a, b) => sameItem(a, b) || ids[a] - ids[b]);
  const decode = valueDecoder();
  const longValue = db.prepare('SELECT value FROM label_events WHERE id = ?').pluck();
  const values = new Array<unknown>(n);
  const current = new Int32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = order === null ? k : order[k];
    if (k + 1 < n && sameItem(i, order === null ? k + 1 : order[k + 1]) === 0) continue; // a later event of the same reviewer on the item
    const text = texts[i];
    if (text === null) continue; // cleared
    values[i] = decode(text === '' ? (longValue.get(ids[i]) as string) : text);
    current[count++] = i;
  }
  return { current: current.subarray(0, count), caseSeqs, responseSeqs, reviewerIds, values };
}

function reviewerNameMap(db: Db): Map<number, string> {
  const names = new Map((db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  names.set(ADJUDICATED_REVIEWER, 'adjudicated');
  return names;
}

export interface JudgeHumanData {
  pairs: AgreementPair[];
  verdicts: LatestVerdicts;
}

/** Human values per item, from the pairs (for the bias-corrected estimate): in pair order, an item's pairs being adjacent. */
export function humanValuesByItem(pairs: readonly AgreementPair[]): Map<number, unknown[]> {
  const out = new Map<number, unknown[]>();
  for (const pair of pairs) {
    const key = pair.itemKey as number;
    const values = out.get(key);
    if (values) values.push(pair.human);
    else out.set(key, [pair.human]);
  }
  return out;
}

/** The reviewer id that stands for "the adjudicated value" in pairs built from adjudications. */
const ADJUDICATED_REVIEWER = 0;

/** The final values settled in closed calibration rounds, as labels of one pseudo-reviewer. */
function adjudicatedLabels(db: Db, dimension: string): LabelColumns {
  const adjudicated = adjudicatedValues(db, dimension);
  return {
    current: Int32Array.from(adjudicated, (_, i) => i),
    caseSeqs: adjudicated.map((a) => a.caseSeq),
    responseSeqs: adjudicated.map((a) => a.responseSeq),
    reviewerIds: adjudicated.map(() => ADJUDICATED_REVIEWER),
    values: adjudicated.map((a) => a.value),
  };
}

/** Whether any calibration round has been closed with adjudicated values. */
export function hasAdjudications(db: Db): boolean {
  return db.prepare("SELECT 1 FROM adjudications a JOIN rounds r ON r.id = a.round_id WHERE r.status = 'closed' LIMIT 1").get() !== undefined;
}

/**
 * (verdict, human value) pairs of one dimension for the reference: one reviewer's, everyone's, or
 * the adjudicated values. In verdict order; an item's pairs by reviewer name (then by the order of
 * the reviewers' first events on the item, should two names collate equal).
 */
export function judgeHumanData(db: Db, runId: number, dimension: string, reference: ResolvedReference): JudgeHumanData {
  const verdicts = latestVerdicts(db, runId, dimension);
  const labels =
    reference.kind === 'adjudicated' ? adjudicatedLabels(db, dimension) : currentLabelColumns(db, dimension, reference.kind === 'reviewer' ? reference.reviewerId : null);

  // each item's labels, chained through `next` from the item's slot: by its response, or its case for case-level items
  const responses = seqSlots(verdicts.responseSeq);
  const cases = seqSlots(verdicts.caseSeq.map((caseSeq, v) => (verdicts.responseSeq[v] === null ? caseSeq : null)));
  const byResponse = new Int32Array(responses.size).fill(-1);
  const byCase = new Int32Array(cases.size).fill(-1);
  const next = new Int32Array(labels.values.length).fill(-1);
  for (let k = labels.current.length - 1; k >= 0; k--) {
    const i = labels.current[k];
    const responseSeq = labels.responseSeqs[i];
    const slot = responseSeq !== null ? byResponse : byCase;
    const at = responseSeq !== null ? responses.of(responseSeq) : cases.of(labels.caseSeqs[i]);
    if (at < 0) continue; // not an item of the run
    next[i] = slot[at];
    slot[at] = i;
  }

  const names = reviewerNameMap(db);
  const nameOf = (i: number) => names.get(labels.reviewerIds[i]) ?? '';
  const firstEvent = db.prepare('SELECT min(id) FROM label_events WHERE case_seq = ? AND response_seq IS ? AND dimension = ? AND reviewer_id = ?').pluck();
  const firstEventOf = (i: number) => (firstEvent.get(labels.caseSeqs[i], labels.responseSeqs[i], dimension, labels.reviewerIds[i]) as number | null) ?? 0;
  const byName = (a: number, b: number) =>
    nameOf(a).localeCompare(nameOf(b)) || (reference.kind === 'adjudicated' || labels.reviewerIds[a] === labels.reviewerIds[b] ? 0 : firstEventOf(a) - firstEventOf(b));

  const pairs: AgreementPair[] = [];
  const itemLabels: number[] = [];
  for (let v = 0; v < verdicts.itemKey.length; v++) {
    const responseSeq = verdicts.responseSeq[v];
    const head = responseSeq !== null ? byResponse[responses.of(responseSeq)] : byCase[cases.of(verdicts.caseSeq[v])];
    if (head < 0) continue;
    if (next[head] >= 0) {
      itemLabels.length = 0;
      for (let i = head; i >= 0; i = next[i]) itemLabels.push(i);
      itemLabels.sort(byName);
    } else {
      itemLabels[0] = head;
      itemLabels.length = 1;
    }
    for (const i of itemLabels) {
      pairs.push({
        itemKey: verdicts.itemKey[v],
        caseId: verdicts.caseId[v],
        responseId: verdicts.responseId[v],
        reviewer: names.get(labels.reviewerIds[i]) ?? null,
        human: labels.values[i],
        judge: verdicts.value[v],
        rationale: verdicts.rationale[v],
        slices: verdicts.slices[v],
        questionType: verdicts.questionType[v],
      });
    }
  }
  return { pairs, verdicts };
}

/** Items of a dimension with their current labels from every reviewer (human vs human). */
export function labeledItems(db: Db, dimension: string): LabeledItem[] {
  const labels = currentLabels(db, dimension);
  const names = reviewerNameMap(db);
  const byItem = new Map<number, { caseSeq: number; responseSeq: number | null; labels: { reviewer: string; value: unknown }[] }>();
  for (const label of labels) {
    const entry = byItem.get(label.itemKey) ?? { caseSeq: label.caseSeq, responseSeq: label.responseSeq, labels: [] };
    entry.labels.push({ reviewer: names.get(label.reviewerId) ?? String(label.reviewerId), value: label.value });
    byItem.set(label.itemKey, entry);
  }
  const multi = [...byItem].filter(([, entry]) => entry.labels.length >= 2);
  const caseIds = idsBySeq(db, 'cases', multi.map(([, e]) => e.caseSeq));
  const responseIds = idsBySeq(db, 'responses', multi.map(([, e]) => e.responseSeq).filter((s): s is number => s !== null));
  return multi.map(([itemKey, entry]) => ({
    itemKey,
    caseId: caseIds.get(entry.caseSeq) ?? String(entry.caseSeq),
    responseId: entry.responseSeq === null ? null : responseIds.get(entry.responseSeq) ?? null,
    labels: entry.labels,
  }));
}

function idsBySeq(db: Db, table: 'cases' | 'responses', seqs: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  const statement = db.prepare(`SELECT id FROM ${table} WHERE seq = ?`).pluck();
  for (const seq of new Set(seqs)) {
    const id = statement.get(seq) as string | undefined;
    if (id !== undefined) out.set(seq, id);
  }
  return out;
}

/** The questions of a few cases (for the disagreement lists). */
export function caseQueries(db: Db, caseIds: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const statement = db.prepare('SELECT query FROM cases WHERE id = ?').pluck();
  for (const id of new Set(caseIds)) {
    const query = statement.get(id) as string | undefined;
    if (query !== undefined) out.set(id, query);
  }
  return out;
}
