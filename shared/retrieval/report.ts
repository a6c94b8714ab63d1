import { tInterval } from '../stats/t-interval';
import { firstRankOf, metricsFromHolds, unitsFoundAt, type RetrievalFigures } from './metrics';

/**
 * Means of a system's retrieval figures, per case first then across cases,
 * with t intervals over the per-case values; per slice and per question type;
 * the worst cases first; paired comparison of two versions at the same k.
 */

export type RetrievalListName = 'candidates' | 'context';
/** A cutoff: 1–20 chunks, or the final context as a whole (k = its own length). */
export type Cutoff = number | 'whole';

export const MAX_K = 20;
export const SUMMARY_METRICS = ['recall', 'hit', 'precision', 'reciprocalRank', 'ndcg', 'allFound', 'claimRecall'] as const;
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];
export type CaseValues = Record<SummaryMetric, number>;

export interface StoredUnit {
  docId: string;
  quote: string;
  grade: number;
  claims: (number | string)[];
}

export interface CaseRetrieval {
  caseId: string;
  slices: string[];
  questionType: string | null;
  answerability: string | null;
  units: StoredUnit[];
}

export interface ResponseRetrieval {
  caseId: string;
  responseId: string;
  /** For each chunk of the list in rank order, the units it holds; null when the response has no such list. */
  holds: number[][] | null;
}

/** One system's normal responses and the cases they answer. */
export interface RetrievalData {
  cases: Map<string, CaseRetrieval>;
  responses: ResponseRetrieval[];
}

export interface MeanFigure {
  value: number | null;
  n: number;
  ci95: [number, number] | null;
  /** Why value or interval is missing: no case to average, or one case (no spread). */
  reason: 'no-cases' | 'one-case' | null;
}

export type Means = Record<SummaryMetric, MeanFigure>;

export interface ResponseFigures {
  caseId: string;
  responseId: string;
  /** The cutoff used: k, or the length of the final context as a whole. */
  k: number;
  figures: RetrievalFigures;
}

export interface CaseRow {
  caseId: string;
  responseIds: string[];
  values: CaseValues;
  units: number;
  unitsFound: number;
}

export interface GroupMeans {
  group: string;
  n: number;
  mean: Means;
}

export interface RetrievalReport {
  k: Cutoff;
  list: RetrievalListName;
  /** Cases in the means. */
  n: number;
  excluded: { noEvidence: number; unanswerable: number; noList: number };
  mean: Means;
  bySlice: GroupMeans[];
  byQuestionType: GroupMeans[];
  /** Worst first: lowest recall, then lowest nDCG, then case id. */
  cases: CaseRow[];
  responses: ResponseFigures[];
  /** What was retrieved for questions the knowledge base cannot answer: case ids with their responses. */
  unanswerable: { caseId: string; responseIds: string[] }[];
  /** Cases (answerable) whose claims have no evidence: every figure undefined. */
  noEvidence: string[];
}

const asValue = (figures: RetrievalFigures, metric: SummaryMetric): number =>
  metric === 'allFound' ? (figures.allFound === null ? Number.NaN : Number(figures.allFound)) : figures[metric];

/** The cutoff of one list: k, or the list's own length for the final context as a whole. */
export const cutoffFor = (k: Cutoff, holds: readonly unknown[]): number => (k === 'whole' ? holds.length : k);

export function meanFigure(values: Iterable<number>, bounds: [number, number] = [0, 1]): MeanFigure {
  const t = tInterval(values, 0.95, bounds);
  if (t.n === 0) return { value: null, n: 0, ci95: null, reason: 'no-cases' };
  return { value: t.mean, n: t.n, ci95: t.ci, reason: t.ci ? null : 'one-case' };
}

function meansOf(rows: readonly CaseRow[], bounds: [number, number] = [0, 1]): Means {
  const means = {} as Means;
  for (const metric of SUMMARY_METRICS) means[metric] = meanFigure(rows.map((r) => r.values[metric]), bounds);
  return means;
}

function groupMeans(rows: readonly CaseRow[], groupsOf: (caseId: string) => readonly string[], bounds: [number, number] = [0, 1]): GroupMeans[] {
  const byGroup = new Map<string, CaseRow[]>();
  for (const row of rows) {
    for (const group of groupsOf(row.caseId)) {
      let list = byGroup.get(group);
      if (!list) byGroup.set(group, (list = []));
      list.push(row);
    }
  }
  return [...byGroup.entries()]
    .map(([group, list]) => ({ group, n: list.length, mean: meansOf(list, bounds) }))
    .sort((a, b) => b.n - a.n || byText(a.group, b.group));
}

/** Per-case values: the mean over the case's responses of each defined figure. */
function caseValues(figures: readonly RetrievalFigures[]): CaseValues {
  const values = {} as CaseValues;
  for (const metric of SUMMARY_METRICS) {
    let sum = 0;
    let n = 0;
    for (const f of figures) {
      const v = asValue(f, metric);
      if (Number.isFinite(v)) {
        sum += v;
        n += 1;
      }
    }
    values[metric] = n === 0 ? Number.NaN : sum / n;
  }
  return values;
}

export const isUnanswerable = (c: CaseRetrieval) => c.answerability === 'unanswerable';

/** Figures of every response, grouped by case, for one list at one cutoff. */
function responseFigures(data: RetrievalData, k: Cutoff): { responses: ResponseFigures[]; noList: number } {
  const responses: ResponseFigures[] = [];
  let noList = 0;
  for (const response of data.responses) {
    const caseInfo = data.cases.get(response.caseId);
    if (!caseInfo) continue;
    if (response.holds === null) {
      noList += 1;
      continue;
    }
    const cut = cutoffFor(k, response.holds);
    responses.push({ caseId: response.caseId, responseId: response.responseId, k: cut, figures: metricsFromHolds(caseInfo.units, response.holds, cut) });
  }
  return { responses, noList };
}

export function retrievalReport(data: RetrievalData, { k, list }: { k: Cutoff; list: RetrievalListName }): RetrievalReport {
  if (k === 'whole' && list !== 'context') throw new RangeError('"the final context as a whole" applies to the final context only');
  const { responses, noList } = responseFigures(data, k);
  const byCase = new Map<string, ResponseFigures[]>();
  for (const r of responses) {
    let rows = byCase.get(r.caseId);
    if (!rows) byCase.set(r.caseId, (rows = []));
    rows.push(r);
  }
  const rows: CaseRow[] = [];
  const unanswerable: RetrievalReport['unanswerable'] = [];
  const noEvidence: string[] = [];
  for (const [caseId, caseResponses] of byCase) {
    const info = data.cases.get(caseId)!;
    const responseIds = caseResponses.map((r) => r.responseId);
    if (isUnanswerable(info)) unanswerable.push({ caseId, responseIds });
    else if (info.units.length === 0) noEvidence.push(caseId);
    else {
      const figures = caseResponses.map((r) => r.figures);
      rows.push({
        caseId, responseIds, values: caseValues(figures), units: info.units.length,
        unitsFound: Math.min(...figures.map((f) => f.unitsFound)),
      });
    }
  }
  rows.sort(worstFirst);
  const slicesOf = (caseId: string) => data.cases.get(caseId)?.slices ?? [];
  const typeOf = (caseId: string) => {
    const type = data.cases.get(caseId)?.questionType;
    return type ? [type] : [];
  };
  return {
    k, list, n: rows.length,
    excluded: { noEvidence: noEvidence.length, unanswerable: unanswerable.length, noList },
    mean: meansOf(rows),
    bySlice: groupMeans(rows, slicesOf),
    byQuestionType: groupMeans(rows, typeOf),
    cases: rows,
    responses,
    unanswerable,
    noEvidence,
  };
}

/** Code-point order: stable across machines and far cheaper than localeCompare over many ties. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const orNegative = (v: number) => (Number.isFinite(v) ? v : -1);

function worstFirst(a: CaseRow, b: CaseRow): number {
  return orNegative(a.values.recall) - orNegative(b.values.recall)
    || orNegative(a.values.ndcg) - orNegative(b.values.ndcg)
    || byText(a.caseId, b.caseId);
}

// ---- the curve over k = 1..20 ---------------------------------------------------------------

export interface CurvePoint {
  k: number;
  recall: number | null;
  precision: number | null;
  ndcg: number | null;
  n: number;
}

// ---- two versions at the same k -------------------------------------------------------------

export interface LostUnit {
  docId: string;
  quote: string;
  /** Best (lowest) rank at which the baseline's list held it; null if not in that list at all. */
  rankBefore: number | null;
  rankAfter: number | null;
}

export interface Regression {
  caseId: string;
  responseId: string;
  baselineResponseId: string;
  recallBefore: number;
  recallAfter: number;
  lost: LostUnit[];
}

export interface RetrievalComparison {
  k: Cutoff;
  list: RetrievalListName;
  /** Cases both versions answered, with units. */
  n: number;
  current: Means;
  baseline: Means;
  /** current − baseline per case, mean with t interval (bounded to [−1, 1]). */
  difference: Means;
  bySlice: { group: string; n: number; current: Means; baseline: Means; difference: Means }[];
  /** Cases whose Recall dropped, largest drop first, with the units lost and their ranks before and after. */
  regressions: Regression[];
}

function bestRank(responses: readonly ResponseRetrieval[], u: number): number | null {
  let best: number | null = null;
  for (const r of responses) {
    const rank = r.holds ? firstRankOf(r.holds, u) : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

function foundByAny(responses: readonly ResponseRetrieval[], k: Cutoff): Set<number> {
  const found = new Set<number>();
  for (const r of responses) if (r.holds) for (const u of unitsFoundAt(r.holds, cutoffFor(k, r.holds))) found.add(u);
  return found;
}

const responsesByCase = (data: RetrievalData) => {
  const map = new Map<string, ResponseRetrieval[]>();
  for (const r of data.responses) {
    if (!r.holds) continue;
    let list = map.get(r.caseId);
    if (!list) map.set(r.caseId, (list = []));
    list.push(r);
  }
  return map;
};

/**
 * Paired comparison over the cases both versions answered. Cases are the same
 * test-set cases, so each has the same units in both; the caller loads both
 * versions from one file.
 */
export function compareRetrieval(current: RetrievalData, baseline: RetrievalData, options: { k: Cutoff; list: RetrievalListName }): RetrievalComparison {
  const now = retrievalReport(current, options);
  const before = retrievalReport(baseline, options);
  const beforeRows = new Map(before.cases.map((row) => [row.caseId, row]));
  const pairs = now.cases.filter((row) => beforeRows.has(row.caseId)).map((row) => ({ now: row, before: beforeRows.get(row.caseId)! }));
  const diffRow = (p: (typeof pairs)[number]): CaseRow => {
    const values = {} as CaseValues;
    for (const metric of SUMMARY_METRICS) values[metric] = p.now.values[metric] - p.before.values[metric];
    return { ...p.now, values };
  };
  const sides = (list: typeof pairs) => ({
    current: meansOf(list.map((p) => p.now)),
    baseline: meansOf(list.map((p) => p.before)),
    difference: meansOf(list.map(diffRow), [-1, 1]),
  });
  const bySliceMap = new Map<string, typeof pairs>();
  for (const p of pairs) {
    for (const slice of current.cases.get(p.now.caseId)?.slices ?? []) {
      let list = bySliceMap.get(slice);
      if (!list) bySliceMap.set(slice, (list = []));
      list.push(p);
    }
  }
  const nowByCase = responsesByCase(current);
  const beforeByCase = responsesByCase(baseline);
  const regressions: Regression[] = [];
  for (const p of pairs) {
    if (!(p.now.values.recall < p.before.values.recall)) continue;
    const units = current.cases.get(p.now.caseId)!.units;
    const nowResponses = nowByCase.get(p.now.caseId) ?? [];
    const beforeResponses = beforeByCase.get(p.now.caseId) ?? [];
    const foundNow = foundByAny(nowResponses, options.k);
    const lost = [...foundByAny(beforeResponses, options.k)].filter((u) => !foundNow.has(u)).sort((a, b) => a - b).map((u) => ({
      docId: units[u].docId, quote: units[u].quote, rankBefore: bestRank(beforeResponses, u), rankAfter: bestRank(nowResponses, u),
    }));
    regressions.push({
      caseId: p.now.caseId, responseId: p.now.responseIds[0], baselineResponseId: p.before.responseIds[0],
      recallBefore: p.before.values.recall, recallAfter: p.now.values.recall, lost,
    });
  }
  regressions.sort((a, b) => (b.recallBefore - b.recallAfter) - (a.recallBefore - a.recallAfter) || byText(a.caseId, b.caseId));
  return {
    k: options.k, list: options.list, n: pairs.length, ...sides(pairs),
    bySlice: [...bySliceMap.entries()].map(([group, list]) => ({ group, n: list.length, ...sides(list) }))
      .sort((a, b) => b.n - a.n || byText(a.group, b.group)),
    regressions,
  };
}
