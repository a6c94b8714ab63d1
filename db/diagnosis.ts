import { newestRevisions } from '../shared/documents/revision-order';
import { pushTo } from '../shared/diagnosis/rate';
import { CLAIMS_STATED, statedIdsOf, statedState } from '../shared/diagnosis/claims-stated';
import { forbiddenClaimsOnce, importedClaimId } from '../shared/diagnosis/claim-ids';
import { parseDiagnosisSettings } from '../shared/diagnosis/settings';
import { CONDITIONS, type Condition, type DiagnosisInput, type DiagnosisSettings, type DxCase, type DxChunk, type DxCitation, type DxClaim, type DxDocument, type DxResponse, type Sourced } from '../shared/diagnosis/types';
import { decodeLabelValue } from '../shared/labeling/values';
import { listDimensions } from './dimensions';
import type { Db } from './open';
import { computeFacts, decodeFacts, factsBasisHolds, type KeptFacts } from './response-facts';
import { REPORT_EVERY, reportRead } from './read-progress';
import { readSetting, writeSetting } from './settings';
import { settledClaims } from './stated-ids';

/**
 * Reads what the diagnosis of one system version needs, in a handful of passes over the file. It writes
 * only the response facts it had to compute (db/response-facts.ts), and never to a file open read-only.
 */

const SETTINGS_KEY = 'diagnosis';
const LABEL_DIMENSIONS = [CLAIMS_STATED, 'correctness', 'faithfulness', 'responseBehavior'] as const;

export function diagnosisSettings(db: Db): DiagnosisSettings {
  return parseDiagnosisSettings(readSetting(db, SETTINGS_KEY));
}

export function saveDiagnosisSettings(db: Db, settings: DiagnosisSettings): DiagnosisSettings {
  writeSetting(db, SETTINGS_KEY, settings);
  return diagnosisSettings(db);
}

interface ResponseRow {
  seq: number;
  id: string;
  case_seq: number;
  condition: string;
  retrieval_called: number | null;
  final_context: string;
  candidates: string | null;
  citations: string;
}

interface CaseRow {
  seq: number;
  id: string;
  question_type: string | null;
  answerability: string | null;
  access_scope: string;
  forbidden_claims: string;
  leak: number;
  as_of: string | null;
}

const asCondition = (value: string): Condition => ((CONDITIONS as readonly string[]).includes(value) ? (value as Condition) : 'normal');

/** One number per (response, dimension) of LABEL_DIMENSIONS, so a hundred thousand responses need no string keys. */
const itemKey = (responseSeq: number, dimension: number) => responseSeq * LABEL_DIMENSIONS.length + dimension;
const dimensionIndex = new Map<string, number>(LABEL_DIMENSIONS.map((d, i) => [d, i]));

/**
 * Narrows a read of one system's label rows (alias `x`) to some of its responses; null: all of them. By
 * (case, response) pairs: the label tables are indexed by case first, so each response is found, not
 * scanned for (two separate lists of cases and responses would be searched pair by pair: N² lookups).
 */
export const onlyResponses = (seqs: readonly number[] | null): { sql: string; args: string[] } =>
  seqs
    ? {
        sql: ' AND (x.case_seq, x.response_seq) IN (SELECT t.case_seq, t.seq FROM json_each(?) j JOIN responses t ON t.seq = j.value)',
        args: [JSON.stringify(seqs)],
      }
    : { sql: '', args: [] };

/** Per (response, dimension): the reviewers' current values (null = cleared, left out) and the latest adjudication. */
function humanValues(db: Db, system: string, seqs: readonly number[] | null): { reviewers: Map<number, unknown[]>; adjudicated: Map<number, unknown> } {
  const marks = LABEL_DIMENSIONS.map(() => '?').join(', ');
  const only = onlyResponses(seqs);
  // per item, per reviewer (in the order each first labeled it), the stored text of their latest event:
  // [reviewer, text, reviewer, text, …] (an item has a reviewer or two: a list is lighter than a map);
  // then, in place, the reviewers' values
  const latest = new Map<number, unknown[]>();
  // a "stated" label given before its case's content changed is asked again: it counts as not given.
  // `+x.dimension` keeps the planner off the dimension index: these dimensions are most of the table, and
  // reading it in id order needs no sort, where the index's order costs a lookup per row and a sort spilled
  // to disk (~3× slower at 250,000 events); a read of some responses still finds them by label_events_item
  const events = db
    .prepare(
      `SELECT x.response_seq, x.dimension, x.reviewer_id, x.value FROM label_events x JOIN responses r ON r.seq = x.response_seq
        LEFT JOIN case_content_changes c ON c.case_seq = x.case_seq
        WHERE r.system = ? AND +x.dimension IN (${marks})${only.sql}
          AND (x.dimension <> '${CLAIMS_STATED}' OR c.after_event IS NULL OR x.id >= c.after_event) ORDER BY x.id`,
    )
    .raw()
    .iterate(system, ...LABEL_DIMENSIONS, ...only.args) as Iterable<[number, string, number, string | null]>;
  // ordered by id: the last write of a key is its reviewer's current label (only that one is decoded)
  for (const [responseSeq, dimension, reviewer, value] of events) {
    const key = itemKey(responseSeq, dimensionIndex.get(dimension)!);
    const byReviewer = latest.get(key);
    if (!byReviewer) {
      latest.set(key, [reviewer, value]);
      continue;
    }
    let at = 0;
    while (at < byReviewer.length && byReviewer[at] !== reviewer) at += 2;
    byReviewer[at] = reviewer;
    byReviewer[at + 1] = value;
  }
  // most labels repeat a few stored texts (the same marks, the same grade): each is decoded once, its value only read
  const decode = parsedOnce(decodeLabelValue);
  // each item's list becomes its reviewers' values, in their order (a list per item, not a second one:
  // 200,000 items at 100,000 responses); an item whose every label was cleared is left out
  for (const [key, list] of latest) {
    let values = 0;
    for (let at = 1; at < list.length; at += 2) {
      const value = decode(list[at] as string | null);
      if (value !== null) list[values++] = value;
    }
    if (values === 0) latest.delete(key);
    else list.length = values;
  }
  const reviewers = latest;
  const adjudicated = new Map<number, unknown>();
  // an adjudication of "stated" that settled only labels given before the case changed is asked again with them
  const adjudications = db
    .prepare(
      `SELECT x.response_seq, x.dimension, x.value FROM adjudications x JOIN responses r ON r.seq = x.response_seq
        LEFT JOIN case_content_changes c ON c.case_seq = x.case_seq
        WHERE r.system = ? AND x.dimension IN (${marks})${only.sql}
          AND (x.dimension <> '${CLAIMS_STATED}' OR c.after_event IS NULL OR json_array_length(x.from_event_ids) = 0
            OR (SELECT max(value) FROM json_each(x.from_event_ids)) >= c.after_event) ORDER BY x.id`,
    )
    .raw()
    .iterate(system, ...LABEL_DIMENSIONS, ...only.args) as Iterable<[number, string, string]>;
  for (const [responseSeq, dimension, value] of adjudications) adjudicated.set(itemKey(responseSeq, dimensionIndex.get(dimension)!), decodeLabelValue(value));
  return { reviewers, adjudicated };
}

/** The latest judge run's verdict per (response, dimension). */
function judgeValues(db: Db, system: string, seqs: readonly number[] | null): Map<number, unknown> {
  const out = new Map<number, unknown>();
  const only = onlyResponses(seqs);
  const rows = db
    .prepare(
      `SELECT x.response_seq, x.dimension, x.value FROM verdicts x JOIN responses r ON r.seq = x.response_seq
        WHERE r.system = ? AND x.dimension IN ('correctness', 'faithfulness', 'responseBehavior')${only.sql} ORDER BY x.run_id, x.id`,
    )
    .raw()
    .iterate(system, ...only.args) as Iterable<[number, string, string]>;
  for (const [responseSeq, dimension, value] of rows) out.set(itemKey(responseSeq, dimensionIndex.get(dimension)!), JSON.parse(value));
  return out;
}

/** A human value (adjudicated, else the reviewers' when they agree), else the judge's; reviewers who disagree give none. */
function sourced(adjudicated: unknown, reviewers: readonly unknown[] | undefined, judge: unknown): Sourced<unknown> | null {
  if (adjudicated !== undefined && adjudicated !== null) return { value: adjudicated, source: 'human' };
  if (reviewers && reviewers.length > 0) {
    const first = JSON.stringify(reviewers[0]);
    return reviewers.every((v) => JSON.stringify(v) === first) ? { value: reviewers[0], source: 'human' } : null;
  }
  return judge !== undefined && judge !== null ? { value: judge, source: 'judge' } : null;
}

function documentsOf(db: Db, today: string): DxDocument[] {
  const rows = db
    .prepare('SELECT rowid, doc_id, revision, effective_from, expires_at, superseded_by, access_scope, text FROM documents ORDER BY doc_id, rowid')
    .all() as { rowid: number; doc_id: string; revision: string; effective_from: string | null; expires_at: string | null; superseded_by: string | null; access_scope: string; text: string | null }[];
  const newest = newestRevisions(rows.map((row) => ({ docId: row.doc_id, revision: row.revision, effectiveFrom: row.effective_from, row })));
  return rows.map((row) => {
    const isNewest = newest.get(row.doc_id)?.row === row;
    return {
      docId: row.doc_id,
      revision: row.revision,
      newest: isNewest,
      stale: !isNewest || row.superseded_by !== null || (row.expires_at !== null && row.expires_at < today),
      accessScope: JSON.parse(row.access_scope) as string[],
      text: row.text,
    };
  });
}

/**
 * Each case's claims with their stable ids (shared/diagnosis/claim-ids.ts): its settled claims (after
 * a conflict resolution), else the imported ones, whose ids are their places in the case.
 */
function claimsByCase(db: Db, caseSeqs: ReadonlySet<number>): Map<number, DxClaim[]> {
  const out = new Map<number, DxClaim[]>();
  // a row per claim and piece of its evidence, in order (one without evidence for a claim with none):
  // no map of the evidence by claim to build first
  const rows = db
    .prepare('SELECT c.id, c.case_seq, c.text, e.doc_id, e.quote FROM claims c LEFT JOIN evidence e ON e.claim_id = c.id ORDER BY c.case_seq, c.position, e.position')
    .raw()
    .iterate() as Iterable<[number, number, string, string | null, string | null]>;
  let last: { id: number; claim: DxClaim } | undefined;
  for (const [id, caseSeq, text, docId, quote] of rows) {
    if (!caseSeqs.has(caseSeq)) continue;
    if (id === last?.id) {
      last.claim.evidence.push({ docId: docId!, quote: quote! });
      continue;
    }
    let claims = out.get(caseSeq);
    if (!claims) out.set(caseSeq, (claims = []));
    // made with its first piece: a list grown from empty keeps room for 16 more (~15 MB at 140,000 claims)
    const claim = { id: importedClaimId(claims.length), text, evidence: docId === null ? [] : [{ docId, quote: quote! }] };
    claims.push(claim);
    last = { id, claim };
  }
  for (const [caseSeq, claims] of settledClaims(db, null)) {
    if (caseSeqs.has(caseSeq)) out.set(caseSeq, claims.map((claim) => ({ id: claim.id, text: claim.text, evidence: claim.evidence.map((e) => ({ docId: e.docId, quote: e.quote })) })));
  }
  return out;
}

const parseList = <T>(text: string | null): T[] => (text ? (JSON.parse(text) as T[]) : []);

/**
 * Each case's units as the retrieval index keeps them per import (db/retrieval-index.ts), their claims
 * by id (the index keeps their places in `claims`). Null while the index awaits a rebuild (the figures
 * then match the text themselves).
 */
function indexedUnits(db: Db, system: string, claims: ReadonlyMap<number, readonly DxClaim[]>): Map<number, NonNullable<DxCase['units']>> | null {
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'retrieval_index_stale'").get()) return null;
  const units = new Map<number, NonNullable<DxCase['units']>>();
  const unitRows = db
    .prepare('SELECT u.case_seq, u.doc_id, u.quote, u.claims FROM retrieval_units u WHERE u.case_seq IN (SELECT case_seq FROM responses WHERE system = ?) ORDER BY u.case_seq, u.unit')
    .raw()
    .iterate(system) as Iterable<[number, string, string, string]>;
  const positionsOf = parsedOnce((text) => JSON.parse(text) as number[]);
  for (const [caseSeq, docId, quote, positions] of unitRows) {
    const caseClaims = claims.get(caseSeq) ?? [];
    pushTo(units, caseSeq, { docId, quote, claims: positionsOf(positions).map((p) => caseClaims[p]?.id) });
  }
  return units;
}

function parsedOnce<T, K = string>(parse: (text: K) => T): (text: K) => T {
  const known = new Map<K, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) known.set(text, (value = parse(text)));
    return value;
  };
}

/** What the figures read of a response's labels, resolved: people's value where they gave one, else the judge's. */
type ResolvedLabels = Pick<DxResponse, 'stated' | 'correct' | 'correctValue' | 'faithfulness' | 'behavior'>;

/** The resolved labels of a system's responses, read whole or for some of its responses (`seqs`). */
function labelsOf(db: Db, system: string, seqs: readonly number[] | null): (seq: number, kase: DxCase | undefined) => ResolvedLabels {
  const correctness = listDimensions(db).find((d) => d.name === 'correctness');
  const top = correctness?.options.length ? String(correctness.options[correctness.options.length - 1].value) : null;
  const { reviewers, adjudicated } = humanValues(db, system, seqs);
  const judge = judgeValues(db, system, seqs);
  const value = (seq: number, dimension: string) => {
    const key = itemKey(seq, dimensionIndex.get(dimension)!);
    return sourced(adjudicated.get(key), reviewers.get(key), judge.get(key));
  };
  const statedAt = dimensionIndex.get(CLAIMS_STATED)!;
  return (seq, kase) => {
    const correct = value(seq, 'correctness');
    const faithfulness = value(seq, 'faithfulness');
    const behavior = value(seq, 'responseBehavior');
    const statedKey = itemKey(seq, statedAt);
    return {
      stated: statedState(adjudicated.get(statedKey), reviewers.get(statedKey) ?? [], kase ? statedIdsOf(kase) : undefined),
      correct: correct && top !== null ? { value: String(correct.value) === top, source: correct.source } : null,
      correctValue: correct ? String(correct.value) : null,
      faithfulness: faithfulness && typeof faithfulness.value === 'number' ? { value: faithfulness.value, source: faithfulness.source } : null,
      behavior: behavior && typeof behavior.value === 'string' ? behavior.value : null,
    };
  };
}

/**
 * Some responses of a system (by seq) with their labels read again, each a new object beside the
 * one it replaces (its lists and facts shared): what labels written since a read change.
 */
export function relabeled(
  db: Db,
  system: string,
  seqs: readonly number[],
  kept: (responseId: string) => DxResponse | undefined,
  caseOf: (caseId: string) => DxCase | undefined,
): Map<string, DxResponse> {
  const labels = labelsOf(db, system, seqs);
  const out = new Map<string, DxResponse>();
  const rows = db
    .prepare('SELECT seq, id FROM responses WHERE system = ? AND seq IN (SELECT value FROM json_each(?))')
    .raw()
    .iterate(system, JSON.stringify(seqs)) as Iterable<[number, string]>;
  for (const [seq, id] of rows) {
    const was = kept(id);
    if (was) out.set(id, { ...was, ...labels(seq, caseOf(was.caseId)) });
  }
  return out;
}

/**
 * The lists of a response read as its facts: not read, so empty, and one frozen set shared by every such
 * response (three arrays apiece would be 300,000 at 100,000 responses, all kept with the read).
 */
const UNREAD_LISTS: Pick<DxResponse, 'finalContext' | 'candidates' | 'citations'> = Object.freeze({
  finalContext: Object.freeze([]) as unknown as DxChunk[],
  candidates: Object.freeze([]) as unknown as DxChunk[],
  citations: Object.freeze([]) as unknown as DxCitation[],
});

/**
 * The diagnosis input of one system. With the retrieval index in place, each response's chunk
 * lists, citations and trajectory are read as their facts (db/response-facts.ts), so no list is
 * parsed; while the index awaits a rebuild they are read and matched as stored.
 */
export function diagnosisInput(db: Db, system: string, today = new Date().toISOString().slice(0, 10)): DiagnosisInput {
  // One read transaction: the facts it keeps are written from the very rows it read (a write of another
  // connection since then makes keeping them fail with SQLITE_BUSY_SNAPSHOT, and they are computed again).
  return db.transaction(() => readDiagnosisInput(db, system, today))();
}

function readDiagnosisInput(db: Db, system: string, today: string): DiagnosisInput {
  reportRead(db, system, 'cases');
  const caseSeqs = new Set(db.prepare('SELECT DISTINCT case_seq FROM responses WHERE system = ?').pluck().all(system) as number[]);
  const caseRows = (db.prepare('SELECT seq, id, question_type, answerability, access_scope, forbidden_claims, leak, as_of FROM cases').all() as CaseRow[]).filter((c) => caseSeqs.has(c.seq));
  const claims = claimsByCase(db, caseSeqs);
  const indexed = indexedUnits(db, system, claims);
  // most cases share their scope and forbidden claims: each distinct stored text is parsed once (the lists are only read)
  const scopeOf = parsedOnce((text) => JSON.parse(text) as string[]);
  // each forbidden claim once, as the step lists them
  const forbiddenOf = parsedOnce((text) => forbiddenClaimsOnce(JSON.parse(text) as string[]));
  const caseOfSeq = new Map<number, { kase: DxCase; at: number; asOf: string | null }>();
  const cases: DxCase[] = caseRows.map((c, at) => {
    const caseClaims = claims.get(c.seq) ?? [];
    // one literal of one shape for every case (no spread: a spread-built case was slower to make and to read
    // in every figure); without the index, no units (the figures match the text themselves)
    const kase: DxCase = {
      units: indexed ? (indexed.get(c.seq) ?? []) : undefined,
      caseId: c.id,
      questionType: c.question_type,
      answerability: c.answerability,
      accessScope: scopeOf(c.access_scope),
      claims: caseClaims,
      forbidden: forbiddenOf(c.forbidden_claims),
      leak: c.leak === 1,
    };
    caseOfSeq.set(c.seq, { kase, at, asOf: c.as_of });
    return kase;
  });
  reportRead(db, system, 'labels');
  const labels = labelsOf(db, system, null);
  const documents = documentsOf(db, today);
  const total = db.prepare('SELECT count(*) FROM responses WHERE system = ?').pluck().get(system) as number;
  const counted = (responses: readonly unknown[]) => {
    if (responses.length % REPORT_EVERY === 0) reportRead(db, system, 'responses', responses.length, total);
  };
  // one object per response, made whole at once (its lists, and its facts and holds when kept)
  const labeled = (
    r: { seq: number; id: string; case_seq: number; condition: string; retrieval_called: number | null },
    lists: Pick<DxResponse, 'finalContext' | 'candidates' | 'citations'>,
    kept?: KeptFacts,
  ): DxResponse => {
    const of = caseOfSeq.get(r.case_seq);
    const l = labels(r.seq, of?.kase);
    const caseId = of?.kase.caseId ?? '';
    return {
      responseId: r.id,
      caseId,
      caseAt: of?.at,
      ref: { caseId, responseId: r.id },
      condition: asCondition(r.condition),
      retrievalCalled: r.retrieval_called === null ? null : r.retrieval_called === 1,
      stated: l.stated,
      correct: l.correct,
      correctValue: l.correctValue,
      faithfulness: l.faithfulness,
      behavior: l.behavior,
      finalContext: lists.finalContext,
      candidates: lists.candidates,
      citations: lists.citations,
      facts: kept?.facts,
      holds: kept?.holds,
    };
  };
  const responses: DxResponse[] = [];
  if (indexed) {
    const { use: stored, keep } = factsBasisHolds(db, documents);
    const missing = new Map<number, { kase: DxCase; asOf: string | null }>();
    const waiting = new Map<number, DxResponse>();
    // responses whose lists say the same keep the same text: each distinct one is decoded once and only read
    const factsOf = parsedOnce(decodeFacts);
    // responses_diagnosis_read gives them in id order without touching their rows; the facts row of each is found by its key
    const rows = db
      .prepare('SELECT r.seq, r.id, r.case_seq, r.condition, r.retrieval_called, f.facts FROM responses r LEFT JOIN response_facts f ON f.response_seq = r.seq WHERE r.system = ? ORDER BY r.id')
      .iterate(system) as Iterable<{ seq: number; id: string; case_seq: number; condition: string; retrieval_called: number | null; facts: string | null }>;
    for (const r of rows) {
      const kept = stored && r.facts !== null ? factsOf(r.facts) : undefined;
      const response = labeled(r, UNREAD_LISTS, kept);
      if (!kept) {
        const of = caseOfSeq.get(r.case_seq);
        if (of) missing.set(r.seq, of);
        waiting.set(r.seq, response);
      }
      responses.push(response);
      counted(responses);
    }
    if (missing.size > 0) reportRead(db, system, 'facts', 0, missing.size);
    for (const [seq, kept] of computeFacts(db, missing, documents, keep, (done) => reportRead(db, system, 'facts', done, missing.size))) {
      const response = waiting.get(seq)!;
      response.facts = kept.facts;
      response.holds = kept.holds;
    }
  } else {
    // each row's text is parsed as it arrives, so the file's text and its parsed form are never all in memory at once
    const rows = db
      .prepare('SELECT seq, id, case_seq, condition, retrieval_called, final_context, candidates, citations FROM responses WHERE system = ? ORDER BY id')
      .iterate(system) as Iterable<ResponseRow>;
    for (const r of rows) {
      responses.push(labeled(r, { finalContext: parseList<DxChunk>(r.final_context), candidates: parseList<DxChunk>(r.candidates), citations: parseList<DxCitation>(r.citations) }));
      counted(responses);
    }
  }
  return { system, cases, responses, documents, settings: diagnosisSettings(db) };
}

/** The lead's leak flag on a case (answered right without retrieval: it measures the model's memory). */
export function setCaseLeak(db: Db, caseId: string, leak: boolean): boolean {
  return db.prepare('UPDATE cases SET leak = ? WHERE id = ?').run(leak ? 1 : 0, caseId).changes === 1;
}
