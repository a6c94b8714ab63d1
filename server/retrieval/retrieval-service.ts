import { ApiError, type OpOutput, type OpParsedInput } from '../../shared/api/contract';
import type { MeansOut } from '../../shared/api/retrieval-ops';
import type { ContextChunk } from '../../shared/domain/schemas';
import {
  allKFigures, compareRetrieval, curveFromAllK, inRankOrder, MAX_K, reportFromAllK, retrievalReport, SUMMARY_METRICS,
  type AllKFigures, type Cutoff, type Means, type RetrievalData, type RetrievalListName,
} from '../../shared/retrieval';
import { caseQueries } from '../../db/agreement';
import type { Db } from '../../db/open';
import { loadRetrievalData } from '../../db/retrieval';
import { text as say } from '../../shared/messages/text';
import { writeStamp } from '../../db/write-stamp';

/**
 * The retrieval screen's and CLI's figures: the index read once per (system, list), and every
 * case's figures at every k computed once from it, kept until the file changes (any write through
 * this connection or a commit by another: import, merge, conflict resolution, restore; a file
 * switch opens another connection), so switching k only re-averages stored numbers.
 */

/** Worst cases sent to the screen (the CLI prints them all). */
export const CASE_ROWS = 200;

interface Cache {
  stamp: string;
  data: Map<string, RetrievalData>;
  allK: Map<string, AllKFigures>;
}
const caches = new WeakMap<Db, Cache>();


function cacheOf(db: Db): Cache {
  const stamp = writeStamp(db);
  let cache = caches.get(db);
  if (!cache || cache.stamp !== stamp) caches.set(db, (cache = { stamp, data: new Map(), allK: new Map() }));
  return cache;
}

export function retrievalData(db: Db, system: string, list: RetrievalListName): RetrievalData {
  const cache = cacheOf(db);
  const key = `${list}\u0000${system}`;
  let data = cache.data.get(key);
  if (!data) {
    data = loadRetrievalData(db, system, list);
    if (cache.data.size >= 4) cache.data.delete(cache.data.keys().next().value!);
    cache.data.set(key, data);
  }
  return data;
}

/** Every case's figures at every k, kept with the data they come from. */
function allKOf(db: Db, system: string, list: RetrievalListName): { data: RetrievalData; all: AllKFigures } {
  const data = retrievalData(db, system, list);
  const cache = cacheOf(db);
  const key = `${list}\u0000${system}`;
  let all = cache.allK.get(key);
  if (!all) {
    all = allKFigures(data, list);
    if (cache.allK.size >= 4) cache.allK.delete(cache.allK.keys().next().value!);
    cache.allK.set(key, all);
  }
  return { data, all };
}

/** A screen report at k = 1..MAX_K comes from the all-k figures; the final context as a whole is computed directly. */
function screenReport(db: Db, system: string, list: RetrievalListName, k: Cutoff) {
  if (k === 'whole' || k > MAX_K) {
    const data = retrievalData(db, system, list);
    return { data, report: retrievalReport(data, { k, list }) };
  }
  const { data, all } = allKOf(db, system, list);
  return { data, report: reportFromAllK(data, all, k, { rows: CASE_ROWS }) };
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function meansOut(means: Means): MeansOut {
  return Object.fromEntries(SUMMARY_METRICS.map((m) => [m, { ...means[m], value: means[m].value === null ? null : finite(means[m].value) }])) as MeansOut;
}

const valuesOut = (values: Record<(typeof SUMMARY_METRICS)[number], number>) =>
  Object.fromEntries(SUMMARY_METRICS.map((m) => [m, finite(values[m])])) as Record<(typeof SUMMARY_METRICS)[number], number | null>;

function refuseWholeCandidates(list: RetrievalListName, k: Cutoff): void {
  if (k === 'whole' && list !== 'context') {
    throw new ApiError('invalid-input', say('err.retrieval.whole-k'), { file: 'retrieval', line: null, field: 'k' });
  }
}

export function reportFor(db: Db, { system, list, k }: OpParsedInput<'retrieval.report'>): OpOutput<'retrieval.report'> {
  refuseWholeCandidates(list, k);
  const { data, report } = screenReport(db, system, list, k);
  const shown = report.cases.slice(0, CASE_ROWS);
  const queries = caseQueries(db, [...shown.map((c) => c.caseId), ...report.unanswerable.map((u) => u.caseId), ...report.noEvidence]);
  // the chunk counts of the unanswerable cases' responses only (a map of every response costs a k switch tens of ms)
  const wanted = new Set(report.unanswerable.flatMap((u) => u.responseIds));
  const lengthOf = new Map<string, number>();
  if (wanted.size > 0) for (const r of data.responses) if (wanted.has(r.responseId)) lengthOf.set(r.responseId, r.holds?.length ?? 0);
  return {
    system, k, list, n: report.n, excluded: report.excluded,
    mean: meansOut(report.mean),
    bySlice: report.bySlice.map((g) => ({ ...g, mean: meansOut(g.mean) })),
    byQuestionType: report.byQuestionType.map((g) => ({ ...g, mean: meansOut(g.mean) })),
    cases: shown.map((c) => ({ ...c, query: queries.get(c.caseId) ?? '', values: valuesOut(c.values) })),
    casesTotal: report.n,
    unanswerable: report.unanswerable.map((u) => ({
      ...u, query: queries.get(u.caseId) ?? '', chunks: Math.max(0, ...u.responseIds.map((id) => lengthOf.get(id) ?? 0)),
    })),
    noEvidence: report.noEvidence.map((caseId) => ({ caseId, query: queries.get(caseId) ?? '' })),
  };
}

export function curveFor(db: Db, { system, list }: OpParsedInput<'retrieval.curve'>): OpOutput<'retrieval.curve'> {
  return curveFromAllK(allKOf(db, system, list).all);
}

const describeCutoff = (list: RetrievalListName, k: Cutoff) => (k === 'whole' ? `${list} as a whole` : `${list}@${k}`);

export function compareFor(db: Db, input: OpParsedInput<'retrieval.compare'>): OpOutput<'retrieval.compare'> {
  const current = describeCutoff(input.list, input.k);
  const baseline = describeCutoff(input.baselineList, input.baselineK);
  if (input.list !== input.baselineList) return { refusal: { code: 'different-list', current, baseline }, comparison: null };
  if (input.k !== input.baselineK) return { refusal: { code: 'different-k', current, baseline }, comparison: null };
  refuseWholeCandidates(input.list, input.k);
  const options = { k: input.k, list: input.list };
  const result = compareRetrieval(retrievalData(db, input.system, input.list), retrievalData(db, input.baseline, input.list), options);
  const shown = result.regressions.slice(0, CASE_ROWS);
  const queries = caseQueries(db, shown.map((r) => r.caseId));
  return {
    refusal: null,
    comparison: {
      n: result.n,
      current: meansOut(result.current),
      baseline: meansOut(result.baseline),
      difference: meansOut(result.difference),
      bySlice: result.bySlice.map((g) => ({ group: g.group, n: g.n, current: meansOut(g.current), baseline: meansOut(g.baseline), difference: meansOut(g.difference) })),
      regressions: shown.map((r) => ({ ...r, query: queries.get(r.caseId) ?? '' })),
    },
  };
}

interface ResponseChunks {
  seq: number;
  id: string;
  final_context: string;
  candidates: string | null;
}

function rankedChunks(db: Db, responseSeq: number, list: RetrievalListName, stored: string): OpOutput<'retrieval.case'>['responses'][number]['context'] {
  const held = db.prepare('SELECT position, unit FROM retrieval_holds WHERE response_seq = ? AND list = ? ORDER BY position, unit').raw().all(responseSeq, list) as [number, number][];
  return inRankOrder(JSON.parse(stored) as ContextChunk[]).map((chunk, i) => ({
    position: i + 1, rank: chunk.rank, text: chunk.text, docId: chunk.docId ?? null, chunkId: chunk.chunkId ?? null, score: chunk.score ?? null,
    units: held.filter(([position]) => position === i + 1).map(([, unit]) => unit),
  }));
}

function requireCase(db: Db, caseId: string): { seq: number; query: string } {
  const row = db.prepare('SELECT seq, query FROM cases WHERE id = ?').get(caseId) as { seq: number; query: string } | undefined;
  if (!row) throw new ApiError('not-found', say('err.case.unknown', { id: caseId }), { file: 'retrieval', line: null, field: 'caseId' });
  return row;
}

const unitsOut = (db: Db, caseSeq: number) =>
  (db.prepare('SELECT doc_id, quote, grade, claims FROM retrieval_units WHERE case_seq = ? ORDER BY unit').all(caseSeq) as { doc_id: string; quote: string; grade: number; claims: string }[])
    .map((u) => ({ docId: u.doc_id, quote: u.quote, grade: u.grade, claims: JSON.parse(u.claims) as number[] }));

export function caseFor(db: Db, { system, caseId }: OpParsedInput<'retrieval.case'>): OpOutput<'retrieval.case'> {
  const c = requireCase(db, caseId);
  const responses = db.prepare(`SELECT seq, id, final_context, candidates FROM responses WHERE case_seq = ? AND system = ? AND condition = 'normal' ORDER BY id`).all(c.seq, system) as ResponseChunks[];
  return {
    caseId, query: c.query, units: unitsOut(db, c.seq),
    responses: responses.map((r) => ({
      responseId: r.id,
      candidates: r.candidates === null ? null : rankedChunks(db, r.seq, 'candidates', r.candidates),
      context: rankedChunks(db, r.seq, 'context', r.final_context),
    })),
  };
}

/** Units the candidates held (anywhere in the list) that the final context does not: the assembler dropped them. */
export function assemblyLossFor(db: Db, { system }: OpParsedInput<'retrieval.assemblyLoss'>): OpOutput<'retrieval.assemblyLoss'> {
  const candidates = retrievalData(db, system, 'candidates');
  const context = retrievalData(db, system, 'context');
  const contextOf = new Map(context.responses.map((r) => [r.responseId, r.holds ?? []]));
  const cases: OpOutput<'retrieval.assemblyLoss'>['cases'] = [];
  let responses = 0;
  for (const r of candidates.responses) {
    if (!r.holds) continue;
    responses += 1;
    const inContext = new Set((contextOf.get(r.responseId) ?? []).flat());
    const firstRank = new Map<number, number>();
    r.holds.forEach((held, i) => held.forEach((u) => firstRank.has(u) || firstRank.set(u, i + 1)));
    const units = candidates.cases.get(r.caseId)!.units;
    const lost = [...firstRank.entries()].filter(([u]) => !inContext.has(u)).sort((a, b) => a[1] - b[1])
      .map(([u, candidateRank]) => ({ docId: units[u].docId, quote: units[u].quote, candidateRank }));
    if (lost.length > 0) cases.push({ caseId: r.caseId, query: '', responseId: r.responseId, lost });
  }
  const queries = caseQueries(db, cases.map((c) => c.caseId));
  for (const c of cases) c.query = queries.get(c.caseId) ?? '';
  return { responses, cases };
}

/** For the Label view: which units the response's final context holds, and a suggested failure layer (never saved). */
export function responseHintFor(db: Db, { responseId }: OpParsedInput<'retrieval.responseHint'>): OpOutput<'retrieval.responseHint'> {
  const row = db.prepare('SELECT seq, case_seq, candidates IS NOT NULL AS has_candidates FROM responses WHERE id = ?').get(responseId) as { seq: number; case_seq: number; has_candidates: number } | undefined;
  if (!row) throw new ApiError('not-found', say('err.response.unknown', { id: responseId }), { file: 'retrieval', line: null, field: 'responseId' });
  const firstRanks = (list: RetrievalListName) => {
    const ranks = new Map<number, number>();
    for (const [position, unit] of db.prepare('SELECT position, unit FROM retrieval_holds WHERE response_seq = ? AND list = ? ORDER BY position').raw().all(row.seq, list) as [number, number][]) {
      if (!ranks.has(unit)) ranks.set(unit, position);
    }
    return ranks;
  };
  const inContext = firstRanks('context');
  const inCandidates = firstRanks('candidates');
  const units = unitsOut(db, row.case_seq).map((u, i) => ({ ...u, contextRank: inContext.get(i) ?? null, candidateRank: inCandidates.get(i) ?? null }));
  const missing = units.filter((u) => u.contextRank === null);
  const hasCandidates = row.has_candidates === 1;
  let suggestion: OpOutput<'retrieval.responseHint'>['suggestion'];
  if (units.length === 0) suggestion = { layer: null, reason: 'no-evidence', missing: 0 };
  else if (missing.length === 0) suggestion = { layer: null, reason: 'all-in-context', missing: 0 };
  else if (!hasCandidates) suggestion = { layer: 'retrieval', reason: 'not-in-context-no-candidates', missing: missing.length };
  else if (missing.some((u) => u.candidateRank === null)) suggestion = { layer: 'retrieval', reason: 'not-in-candidates', missing: missing.length };
  else suggestion = { layer: 'context-assembly', reason: 'dropped-by-assembly', missing: missing.length };
  return { responseId, units, hasCandidates, suggestion };
}

