import { studentTCritical } from '../stats/t-interval';
import {
  MAX_K, SUMMARY_METRICS, byText, isUnanswerable, meanFigure,
  type CaseRow, type MeanFigure, type CaseValues, type CurvePoint, type GroupMeans, type Means, type RetrievalData, type RetrievalListName, type RetrievalReport, type StoredUnit,
} from './report';

/**
 * Every case's figures at every k = 1..MAX_K, computed in one pass over each list, so that a
 * report at another k only re-averages stored numbers. The per-response figures are the ones
 * metricsFromHolds gives at each k (same operations in the same order), and the per-case values,
 * their worst-first order and the means over it are summed in retrievalReport's order: the figures
 * are identical (a unit test holds them equal at every k). Only typed arrays are touched per k.
 */

const METRICS = SUMMARY_METRICS.length;

export interface AllKFigures {
  list: RetrievalListName;
  maxK: number;
  /** Cases in the means (answerable, with units, with the list), in first-response order. */
  caseIds: string[];
  responseIds: string[][];
  units: Int32Array;
  /** k-major: values[((k − 1) · cases + c) · METRICS + m], m in SUMMARY_METRICS order. */
  values: Float64Array;
  /** unitsFound[(k − 1) · cases + c]: the fewest units any of the case's responses found. */
  unitsFound: Int32Array;
  /** Each case's place in code-point order of case ids (worst-first ties). */
  idOrder: Int32Array;
  /** Each case's slices and question type as indices into sliceNames / typeNames. */
  sliceOf: number[][];
  typeOf: Int32Array;
  sliceNames: string[];
  typeNames: string[];
  unanswerable: RetrievalReport['unanswerable'];
  noEvidence: string[];
  noList: number;
}

/** One response's figures at k = 1..maxK into out[(k − 1) · (METRICS + 1) + m], slot METRICS = unitsFound. */
function responseAllK(units: readonly StoredUnit[], holds: readonly (readonly number[])[], maxK: number, out: Float64Array): void {
  const n = units.length;
  const grades = units.map((u) => u.grade).sort((a, b) => b - a);
  const claimsWithEvidence = new Set<number | string>();
  for (const unit of units) for (const claim of unit.claims) claimsWithEvidence.add(claim);
  const claimsFound = new Set<number | string>();
  const found = new Uint8Array(n);
  let unitsFound = 0;
  let relevant = 0;
  let firstRank = 0;
  let dcg = 0;
  let idcg = 0;
  for (let k = 1; k <= maxK; k++) {
    if (k <= n) idcg += grades[k - 1] / Math.log2(k + 1);
    const held = k <= holds.length ? holds[k - 1] : [];
    if (held.length > 0) {
      relevant += 1;
      if (firstRank === 0) firstRank = k;
      let gain = 0;
      for (const u of held) if (!found[u] && units[u].grade > gain) gain = units[u].grade;
      for (const u of held) {
        if (found[u]) continue;
        found[u] = 1;
        unitsFound += 1;
        for (const claim of units[u].claims) claimsFound.add(claim);
      }
      if (gain > 0) dcg += gain / Math.log2(k + 1);
    }
    const recall = unitsFound / n;
    const at = (k - 1) * (METRICS + 1);
    out[at] = recall;
    out[at + 1] = recall > 0 ? 1 : 0;
    out[at + 2] = relevant / k;
    out[at + 3] = firstRank === 0 ? 0 : 1 / firstRank;
    out[at + 4] = idcg === 0 ? Number.NaN : dcg / idcg;
    out[at + 5] = unitsFound === n ? 1 : 0;
    out[at + 6] = claimsFound.size / claimsWithEvidence.size;
    out[at + 7] = unitsFound;
  }
}

export function allKFigures(data: RetrievalData, list: RetrievalListName, maxK = MAX_K): AllKFigures {
  const byCase = new Map<string, { responseIds: string[]; holds: (readonly (readonly number[])[])[] }>();
  let noList = 0;
  for (const response of data.responses) {
    if (!data.cases.has(response.caseId)) continue;
    if (response.holds === null) {
      noList += 1;
      continue;
    }
    let entry = byCase.get(response.caseId);
    if (!entry) byCase.set(response.caseId, (entry = { responseIds: [], holds: [] }));
    entry.responseIds.push(response.responseId);
    entry.holds.push(response.holds);
  }
  const unanswerable: RetrievalReport['unanswerable'] = [];
  const noEvidence: string[] = [];
  const measured: [string, { responseIds: string[]; holds: (readonly (readonly number[])[])[] }][] = [];
  for (const [caseId, entry] of byCase) {
    const info = data.cases.get(caseId)!;
    if (isUnanswerable(info)) unanswerable.push({ caseId, responseIds: entry.responseIds });
    else if (info.units.length === 0) noEvidence.push(caseId);
    else measured.push([caseId, entry]);
  }
  const cases = measured.length;
  const values = new Float64Array(maxK * cases * METRICS);
  const unitsFound = new Int32Array(maxK * cases);
  const units = new Int32Array(cases);
  const stride = METRICS + 1;
  const one = new Float64Array(maxK * stride);
  const sums = new Float64Array(maxK * METRICS);
  const counts = new Int32Array(maxK * METRICS);
  measured.forEach(([caseId, entry], c) => {
    const caseUnits = data.cases.get(caseId)!.units;
    units[c] = caseUnits.length;
    sums.fill(0);
    counts.fill(0);
    // The fewest found over the case's responses: start from the most a response can find.
    for (let k = 0; k < maxK; k++) unitsFound[k * cases + c] = caseUnits.length;
    for (const holds of entry.holds) {
      responseAllK(caseUnits, holds, maxK, one);
      for (let k = 0; k < maxK; k++) {
        for (let m = 0; m < METRICS; m++) {
          const v = one[k * stride + m];
          if (!Number.isFinite(v)) continue;
          sums[k * METRICS + m] += v;
          counts[k * METRICS + m] += 1;
        }
        const f = one[k * stride + METRICS];
        if (f < unitsFound[k * cases + c]) unitsFound[k * cases + c] = f;
      }
    }
    for (let k = 0; k < maxK; k++) {
      for (let m = 0; m < METRICS; m++) {
        const i = k * METRICS + m;
        values[(k * cases + c) * METRICS + m] = counts[i] === 0 ? Number.NaN : sums[i] / counts[i];
      }
    }
  });
  const caseIds = measured.map(([caseId]) => caseId);
  const idOrder = new Int32Array(cases);
  caseIds.map((id, c) => ({ id, c })).sort((a, b) => byText(a.id, b.id)).forEach(({ c }, place) => (idOrder[c] = place));
  const sliceNames: string[] = [];
  const typeNames: string[] = [];
  const indexIn = (names: string[], name: string) => {
    const i = names.indexOf(name);
    return i === -1 ? names.push(name) - 1 : i;
  };
  const sliceOf = caseIds.map((id) => data.cases.get(id)!.slices.map((slice) => indexIn(sliceNames, slice)));
  const typeOf = Int32Array.from(caseIds, (id) => {
    const type = data.cases.get(id)!.questionType;
    return type ? indexIn(typeNames, type) : -1;
  });
  return {
    list, maxK, caseIds, responseIds: measured.map(([, e]) => e.responseIds),
    units, values, unitsFound, idOrder, sliceOf, typeOf, sliceNames, typeNames, unanswerable, noEvidence, noList,
  };
}

const RECALL = SUMMARY_METRICS.indexOf('recall');
const NDCG = SUMMARY_METRICS.indexOf('ndcg');
const PRECISION = SUMMARY_METRICS.indexOf('precision');

const orders = new WeakMap<AllKFigures, (Int32Array | undefined)[]>();

/**
 * The cases at cutoff k in retrievalReport's worst-first order (lowest recall, then lowest nDCG,
 * undefined below 0, then case id), sorted once per k and kept with the figures: a switch back to
 * a k already shown sorts nothing.
 */
function worstFirst(all: AllKFigures, k: number, values: Float64Array): Int32Array {
  let kept = orders.get(all);
  if (!kept) orders.set(all, (kept = []));
  const known = kept[k - 1];
  if (known) return known;
  const cases = all.caseIds.length;
  const recall = new Float64Array(cases);
  const ndcg = new Float64Array(cases);
  for (let c = 0; c < cases; c++) {
    const r = values[c * METRICS + RECALL];
    const g = values[c * METRICS + NDCG];
    recall[c] = Number.isFinite(r) ? r : -1;
    ndcg[c] = Number.isFinite(g) ? g : -1;
  }
  const idOrder = all.idOrder;
  const order = Int32Array.from({ length: cases }, (_, c) => c).sort((a, b) => recall[a] - recall[b] || ndcg[a] - ndcg[b] || idOrder[a] - idOrder[b]);
  kept[k - 1] = order;
  return order;
}

/**
 * meanFigure over the first n entries of a column, with the same operations in the same order as
 * tInterval (so the figures are identical), without an iterator.
 */
function columnMean(column: Float64Array, n: number): MeanFigure {
  let count = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = column[i];
    if (!Number.isFinite(v)) continue;
    count += 1;
    sum += v;
  }
  if (count === 0) return meanFigure([]);
  const mean = sum / count;
  if (count < 2) return { value: mean, n: count, ci95: null, reason: 'one-case' };
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const v = column[i];
    if (Number.isFinite(v)) squares += (v - mean) ** 2;
  }
  const half = studentTCritical(count - 1, 0.95) * Math.sqrt(squares / (count - 1) / count);
  return { value: mean, n: count, ci95: [Math.max(0, mean - half), Math.min(1, mean + half)], reason: null };
}

/**
 * The report at cutoff k (1..maxK) from the stored figures: what retrievalReport gives, without
 * per-response figures and with only the `rows` worst case rows (n counts them all).
 */
export function reportFromAllK(data: RetrievalData, all: AllKFigures, k: number, { rows = Infinity }: { rows?: number } = {}): Omit<RetrievalReport, 'responses'> {
  if (!Number.isInteger(k) || k < 1 || k > all.maxK) throw new RangeError(`k must be a whole number from 1 to ${all.maxK}, got ${k}`);
  const cases = all.caseIds.length;
  const values = all.values.subarray((k - 1) * cases * METRICS, k * cases * METRICS);
  const order = worstFirst(all, k, values);
  let column = new Float64Array(cases);
  const meansOf = (members: ArrayLike<number>): Means => {
    const means = {} as Means;
    // a case listing a slice twice is in its group twice: a group may outnumber the cases
    if (members.length > column.length) column = new Float64Array(members.length);
    SUMMARY_METRICS.forEach((metric, m) => {
      for (let i = 0; i < members.length; i++) column[i] = values[members[i] * METRICS + m];
      means[metric] = columnMean(column, members.length);
    });
    return means;
  };
  const groupMeans = (names: string[], groupsOf: (c: number) => readonly number[]): GroupMeans[] => {
    const members: number[][] = names.map(() => []);
    for (const c of order) for (const g of groupsOf(c)) members[g].push(c);
    return names.map((group, g) => ({ group, n: members[g].length, mean: meansOf(members[g]) }))
      .filter((g) => g.n > 0).sort((a, b) => b.n - a.n || byText(a.group, b.group));
  };
  const shown: CaseRow[] = [];
  for (const c of order.subarray(0, Math.min(rows, cases))) {
    const caseValues = {} as CaseValues;
    SUMMARY_METRICS.forEach((metric, m) => (caseValues[metric] = values[c * METRICS + m]));
    shown.push({ caseId: all.caseIds[c], responseIds: all.responseIds[c], values: caseValues, units: all.units[c], unitsFound: all.unitsFound[(k - 1) * cases + c] });
  }
  return {
    k, list: all.list, n: cases,
    excluded: { noEvidence: all.noEvidence.length, unanswerable: all.unanswerable.length, noList: all.noList },
    mean: meansOf(order),
    bySlice: groupMeans(all.sliceNames, (c) => all.sliceOf[c]),
    byQuestionType: groupMeans(all.typeNames, (c) => (all.typeOf[c] === -1 ? [] : [all.typeOf[c]])),
    cases: shown,
    unanswerable: all.unanswerable,
    noEvidence: all.noEvidence,
  };
}

/** Mean Recall / Precision / nDCG (per case first) at every k = 1..maxK: the report's means at each k. */
export function curveFromAllK(all: AllKFigures): CurvePoint[] {
  const cases = all.caseIds.length;
  const column = new Float64Array(cases);
  const meanAt = (k: number, m: number) => {
    for (let c = 0; c < cases; c++) column[c] = all.values[((k - 1) * cases + c) * METRICS + m];
    return columnMean(column, cases).value;
  };
  return Array.from({ length: all.maxK }, (_, i) => ({
    k: i + 1, recall: meanAt(i + 1, RECALL), precision: meanAt(i + 1, PRECISION), ndcg: meanAt(i + 1, NDCG), n: cases,
  }));
}

export const retrievalCurve = (data: RetrievalData, list: RetrievalListName, maxK = MAX_K): CurvePoint[] => curveFromAllK(allKFigures(data, list, maxK));
