import { reasonSentence, type ReasonCode } from '../messages/reasons.en';
import type {
  AgreementWarning, Bias, BiasHeadline, BreakdownGroup, Coefficient, CoefficientKey, Confusion, DimensionAgreement, Disagreement, Figure, Scatter,
} from '../api/agreement-ops';
import type { Dimension } from '../domain/dimensions';
import { explainUndefined, meanBiasClusteredDetailed, type Detailed, type Label, type UndefinedCode } from '../stats';
import { labelIndex, labelKey } from '../stats/labels';
import { gwetAc1FromCounts, kappaFromCounts, krippendorffFromCounts, matrixTotal, percentAgreementFromCounts } from './confusion-stats';
import { withinTolerance } from './tolerance';
import { boundedFigure, coefficient, figureWithInterval, MIN_INTERVAL_CLUSTERS, MIN_INTERVAL_N, SMALL_N_INTERVAL_REASON, fromDetailed, num, percentileInterval, pointFigure, rateFigure } from './figures';
import { numericFigures, prepareNumericPairs } from './numeric-stats';
import {
  BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, forEachResample, type ItemTypes, type ResamplingMethod,
} from './resample';

/**
 * Judge vs human for one dimension: everything the "Judge vs human" screen and
 * `touchstone agreement` show, assembled from (human, judge) pairs. Pure: no SQL, no I/O.
 *
 * Semantics (documented in shared/agreement/README.md):
 * - a pair is one verdict (the run's latest on the item) against one person's current label;
 *   with the "all reviewers" reference every (item, reviewer) label is its own pair, and the
 *   bootstrap resamples items (all of an item's pairs together) so that an item labeled by
 *   three people is not taken for three independent observations;
 * - pairs whose value is not one of the dimension's options (or not a number, for numeric
 *   dimensions) are left out and counted in a warning;
 * - point estimates come from shared/stats (the functions checked against scikit-learn,
 *   irrCAC, krippendorff, SciPy); the coefficients' 95% intervals are percentile bootstrap
 *   intervals (2,000 resamples, fixed seed); percent agreement and other rates use Wilson.
 */

export const MIN_RELIABLE_N = 30;
export const DISAGREEMENT_LIMIT = 200;
/** Numeric pairs further apart than this share of the scale count as disagreements. */
export const NUMERIC_TOLERANCE_SHARE = 0.2;
export const KAPPA_PARADOX = { minAgreement: 0.8, maxKappa: 0.4 } as const;
export const FAILURE_LAYER = { dimension: 'failureLayer', peopleBlamed: ['retrieval', 'data'], judgeBlamed: 'generation' } as const;

export interface AgreementPair {
  /** Identity of the item (case + response). */
  itemKey: string | number;
  /** The cluster: pairs of one case (its responses, its reviewers) are resampled together. '' = unknown: the item is its own cluster. */
  caseId: string;
  responseId: string | null;
  reviewer: string | null;
  human: unknown;
  judge: unknown;
  rationale: string | null;
  /** Per-claim dimensions ("claims this answer states"): the claim id the pair is about. */
  claim?: string;
  slices: readonly string[];
  questionType: string | null;
}

export interface AgreementOptions {
  resamples?: number;
  seed?: number;
  method?: ResamplingMethod;
  disagreementLimit?: number;
  /** Cases of a round still labeled blind: their judge verdicts and rationales stay out of the disagreement list. */
  blindCases?: ReadonlySet<string>;
}

export interface JudgeVsHumanInput {
  dimension: Dimension;
  /** False when the test set has no definition of this dimension. */
  defined?: boolean;
  /** Verdicts of the run on this dimension (latest per item) and how many older duplicates were ignored. */
  verdicts: number;
  duplicateVerdicts?: number;
  pairs: readonly AgreementPair[];
  options?: AgreementOptions;
}

interface ValidPair {
  source: AgreementPair;
  human: Label;
  judge: Label;
  /** Option positions (discrete dimensions; −1 for numeric). */
  hi: number;
  ji: number;
  /** The pair's cluster number (pairs of one case share it), in first-seen order. */
  item: number;
}

export type DiscreteType = 'categorical' | 'binary' | 'ordinal';

export const isDiscrete = (type: Dimension['type']): type is DiscreteType => type === 'categorical' || type === 'binary' || type === 'ordinal';

export function optionValues(dimension: Dimension): Label[] {
  return dimension.options.map((o) => o.value);
}

/** The numbers an ordinal scale stands for: the option values when all are numbers, else positions. */
export function ordinalScale(dimension: Dimension): { scale: 'value' | 'position'; values: number[] } {
  const values = optionValues(dimension);
  if (values.every((v) => typeof v === 'number')) return { scale: 'value', values: values as number[] };
  return { scale: 'position', values: values.map((_, i) => i) };
}

/**
 * A value as the statistics see it, or null when it does not fit the dimension: discrete
 * dimensions take one of their options (position = its place in the option order), numeric
 * ones a finite number (position −1).
 */
export function fitValue(dimension: Dimension, value: unknown, index = labelIndex(optionValues(dimension))): { label: Label; position: number } | null {
  if (dimension.type === 'numeric') return typeof value === 'number' && Number.isFinite(value) ? { label: value, position: -1 } : null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const position = index.get(labelKey(value));
  return position === undefined ? null : { label: value, position };
}

/** Option position of a value (−1 for a fitting numeric value, −2 when it does not fit). */
function positionOf(numeric: boolean, value: unknown, index: Map<string, number>): number {
  if (numeric) return typeof value === 'number' && Number.isFinite(value) ? -1 : -2;
  if (typeof value !== 'string' && typeof value !== 'number') return -2;
  return index.get(labelKey(value)) ?? -2;
}

/** Keeps pairs whose two values fit the dimension; returns the rest's count. */
export function validPairs(dimension: Dimension, pairs: readonly AgreementPair[]): { valid: ValidPair[]; excluded: number; items: number } {
  const valid: ValidPair[] = [];
  let excluded = 0;
  const index = labelIndex(optionValues(dimension));
  const numeric = dimension.type === 'numeric';
  // a discrete dimension has a few distinct values: their positions, looked up once each (Map keys
  // are told apart as labelKey tells labels apart: 1 and '1' differ, 0 and −0 do not)
  const positions = new Map<unknown, number>();
  const position = (value: unknown): number => {
    if (numeric || (typeof value !== 'string' && typeof value !== 'number')) return positionOf(numeric, value, index);
    let found = positions.get(value);
    if (found === undefined) {
      found = positionOf(numeric, value, index);
      if (positions.size < 10_000) positions.set(value, found);
    }
    return found;
  };
  const itemOf = itemNumbering(pairs);
  for (const pair of pairs) {
    const hi = position(pair.human);
    const ji = position(pair.judge);
    if (hi === -2 || ji === -2) {
      excluded += 1;
      continue;
    }
    valid.push({ source: pair, human: pair.human as Label, judge: pair.judge as Label, hi, ji, item: itemOf.number(clusterKey(pair)) });
  }
  return { valid, excluded, items: itemOf.count() };
}

/** Clusters are cases: every bootstrap resamples whole cases, every clustered interval groups by case. */
const clusterKey = (pair: AgreementPair): string | number => (pair.caseId !== '' ? pair.caseId : pair.itemKey);

/**
 * Numbers clusters 0, 1, 2… in the order their keys are first asked for. Integer keys in a compact
 * range go through an array, others through a Map; both number a key the same way.
 */
function itemNumbering(pairs: readonly AgreementPair[]): { number: (key: string | number) => number; count: () => number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let integers = true;
  for (const pair of pairs) {
    const key = clusterKey(pair);
    if (typeof key !== 'number' || !Number.isSafeInteger(key)) {
      integers = false;
      break;
    }
    if (key < lo) lo = key;
    if (key > hi) hi = key;
  }
  let count = 0;
  if (integers && pairs.length > 0 && hi - lo < 4 * pairs.length + 1024) {
    const slots = new Int32Array(hi - lo + 1).fill(-1);
    return {
      number: (key) => {
        const at = (key as number) - lo;
        if (slots[at] < 0) slots[at] = count++;
        return slots[at];
      },
      count: () => count,
    };
  }
  const items = new Map<string | number, number>();
  return {
    number: (key) => {
      let item = items.get(key);
      if (item === undefined) {
        item = items.size;
        items.set(key, item);
      }
      return item;
    },
    count: () => items.size,
  };
}

/** Which coefficients a dimension type calls for, percent agreement first. */
export function coefficientKeys(type: Dimension['type']): CoefficientKey[] {
  switch (type) {
    case 'categorical':
    case 'binary':
      return ['percentAgreement', 'cohenKappa', 'gwetAC1'];
    case 'ordinal':
      return ['percentAgreement', 'kappaLinear', 'kappaQuadratic', 'krippendorffOrdinal'];
    case 'numeric':
      return ['percentAgreement', 'pearson', 'spearman', 'mae', 'krippendorffInterval'];
    default:
      return [];
  }
}

/** The coefficient the per-slice tables show. */
export function primaryKey(type: Dimension['type']): CoefficientKey {
  return type === 'ordinal' ? 'kappaQuadratic' : type === 'numeric' ? 'mae' : 'cohenKappa';
}


const noData = (): Detailed<number> => ({ value: Number.NaN, undefinedCode: 'no-data', undefinedReason: explainUndefined('no-data') });

export function agreeingPairs(pairs: readonly ValidPair[]): number {
  let agree = 0;
  for (const p of pairs) if (p.hi >= 0 ? p.hi === p.ji : p.human === p.judge) agree += 1;
  return agree;
}

function maeDetailed(h: readonly number[], j: readonly number[]): Detailed<number> {
  if (h.length === 0) return noData();
  let sum = 0;
  for (let i = 0; i < h.length; i++) sum += Math.abs(j[i] - h[i]);
  return { value: sum / h.length, undefinedCode: null, undefinedReason: null };
}

/** The confusion matrix of discrete pairs (rows: people, columns: judge, option order), flat. */
export function confusionCounts(pairs: readonly ValidPair[], q: number): Float64Array {
  const counts = new Float64Array(q * q);
  for (const p of pairs) counts[p.hi * q + p.ji] += 1;
  return counts;
}

const detailed = (value: number): Detailed<number> => ({ value, undefinedCode: null, undefinedReason: null });
const because = (code: UndefinedCode): Detailed<number> => ({ value: Number.NaN, undefinedCode: code, undefinedReason: explainUndefined(code) });

/**
 * One discrete coefficient from the confusion matrix, undefined exactly where (and for the
 * reason) shared/stats gives NaN on the pairs behind the matrix; tests check both agree.
 */
export function discreteCoefficient(key: CoefficientKey, counts: Float64Array, q: number): Detailed<number> {
  if (matrixTotal(counts) === 0) return because('no-data');
  let value: number;
  switch (key) {
    case 'percentAgreement':
      return detailed(percentAgreementFromCounts(counts, q));
    case 'cohenKappa':
      value = kappaFromCounts(counts, q, 'none');
      return Number.isNaN(value) ? because('single-category') : detailed(value);
    case 'kappaLinear':
      value = kappaFromCounts(counts, q, 'linear');
      return Number.isNaN(value) ? because('single-category') : detailed(value);
    case 'kappaQuadratic':
      value = kappaFromCounts(counts, q, 'quadratic');
      return Number.isNaN(value) ? because('single-category') : detailed(value);
    case 'gwetAC1':
      return detailed(gwetAc1FromCounts(counts, q));
    case 'krippendorffOrdinal':
    case 'krippendorffNominal':
      if (q <= 1) return because('single-category');
      value = krippendorffFromCounts(counts, q, key === 'krippendorffOrdinal' ? 'ordinal' : 'nominal');
      return Number.isNaN(value) ? because('no-expected-disagreement') : detailed(value);
    default:
      return because('invalid-argument');
  }
}

/**
 * Point estimates, by the reference formulas evaluated on sufficient statistics so that
 * 200,000 pairs stay fast: discrete dimensions on the confusion matrix (scikit-learn kappa,
 * irrCAC AC1, krippendorff ordinal), numeric ones on (weighted) sums and average ranks
 * (SciPy Pearson and Spearman, MAE, krippendorff interval). Tests check every one equals
 * shared/stats on the same pairs to 1e-12, undefined cases and reasons included.
 */
export function pointEstimates(dimension: Dimension, pairs: readonly ValidPair[]): Map<CoefficientKey, Detailed<number>> {
  const out = new Map<CoefficientKey, Detailed<number>>();
  const keys = coefficientKeys(dimension.type);
  if (isDiscrete(dimension.type)) {
    const q = dimension.options.length;
    const counts = confusionCounts(pairs, q);
    for (const key of keys) out.set(key, discreteCoefficient(key, counts, q));
    return out;
  }
  if (pairs.length === 0) {
    for (const key of keys) out.set(key, because('no-data'));
    return out;
  }
  const h = pairs.map((p) => p.human as number);
  const j = pairs.map((p) => p.judge as number);
  const prepared = prepareNumericPairs(h, j, new Int32Array(h.length));
  const unit = numericFigures(prepared, Float64Array.of(1));
  // the conditions under which SciPy (and shared/stats pearson/spearman) give NaN
  const correlationProblem: UndefinedCode | null = pairs.length < 2 ? 'too-few-observations' : prepared.hValues.length < 2 || prepared.jValues.length < 2 ? 'constant-input' : null;
  const correlation = (value: number) => (correlationProblem ? because(correlationProblem) : detailed(value));
  out.set('percentAgreement', detailed(unit.percentAgreement));
  // SciPy: with two points r is exactly ±1
  out.set('pearson', correlation(pairs.length === 2 ? Math.round(unit.pearson) : unit.pearson));
  out.set('spearman', correlation(unit.spearman));
  out.set('mae', detailed(unit.mae));
  out.set('krippendorffInterval', Number.isNaN(unit.krippendorffInterval) ? because('no-expected-disagreement') : detailed(unit.krippendorffInterval));
  return out;
}

/** Items (clusters of pairs): each pair's item number and the pairs of each item. */
function itemsOf(pairs: readonly ValidPair[]): { itemOfPair: Int32Array; items: number; single: boolean } {
  const itemOfPair = new Int32Array(pairs.length);
  let items = 0;
  for (let i = 0; i < pairs.length; i++) {
    itemOfPair[i] = pairs[i].item;
    if (pairs[i].item >= items) items = pairs[i].item + 1;
  }
  return {
    itemOfPair,
    items,
    single: items === pairs.length,
  };
}

/** Pair indexes ordered by item, stable within an item (a counting sort); item k's pairs are order[start[k]..start[k+1]). */
function pairsByItem(itemOfPair: Int32Array, items: number): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(items + 1);
  for (let i = 0; i < itemOfPair.length; i++) start[itemOfPair[i] + 1] += 1;
  for (let k = 0; k < items; k++) start[k + 1] += start[k];
  const fill = start.slice(0, items);
  const order = new Int32Array(itemOfPair.length);
  for (let i = 0; i < itemOfPair.length; i++) order[fill[itemOfPair[i]]++] = i;
  return { start, order };
}

/**
 * Items grouped into types by the multiset of their pairs' codes (a code per distinct pair
 * content), as groupItems does with a signature string, but keyed by numbers for items of one or
 * two pairs (nearly all): 200,000 pairs then build no strings. Types, their order and their
 * representatives are those groupItems gives, so the replicates do not change. `pairsOf(item)`
 * lists an item's pairs in their original order.
 */
function groupItemsByCodes(
  itemOfPair: Int32Array,
  items: number,
  codeOfPair: Int32Array,
  codeCount: number,
): ItemTypes & { representative: number[]; pairsOf: (item: number) => Int32Array } {
  const { start, order } = pairsByItem(itemOfPair, items);
  const index = new Map<number | string, number>();
  const typeOfItem = new Int32Array(items);
  const counts: number[] = [];
  const representative: number[] = [];
  for (let item = 0; item < items; item++) {
    const from = start[item];
    const size = start[item + 1] - from;
    let key: number | string;
    if (size === 1) key = codeOfPair[order[from]];
    else if (size === 2) {
      const a = codeOfPair[order[from]];
      const b = codeOfPair[order[from + 1]];
      key = codeCount + (a < b ? a * codeCount + b : b * codeCount + a);
    } else {
      const codes: number[] = [];
      for (let k = from; k < from + size; k++) codes.push(codeOfPair[order[k]]);
      key = codes.sort((x, y) => x - y).join(',');
    }
    let type = index.get(key);
    if (type === undefined) {
      type = counts.length;
      index.set(key, type);
      counts.push(0);
      representative.push(item);
    }
    counts[type] += 1;
    typeOfItem[item] = type;
  }
  return { typeOfItem, typeCounts: Float64Array.from(counts), representative, pairsOf: (item) => order.subarray(start[item], start[item + 1]) };
}

/**
 * Bootstrap replicates of every coefficient but percent agreement (which has a Wilson interval).
 * Discrete dimensions: one confusion-matrix count per resample. Numeric: weighted sums.
 */
export function bootstrapReplicates(
  dimension: Dimension,
  pairs: readonly ValidPair[],
  options: { resamples: number; seed: number; method?: ResamplingMethod },
  /** Which coefficients (default: the dimension type's, but percent agreement). */
  only?: readonly CoefficientKey[],
): { replicates: Map<CoefficientKey, Float64Array>; method: ResamplingMethod | null } {
  const replicates = new Map<CoefficientKey, Float64Array>();
  const keys = only ?? coefficientKeys(dimension.type).filter((k) => k !== 'percentAgreement');
  for (const key of keys) replicates.set(key, new Float64Array(options.resamples).fill(Number.NaN));
  if (pairs.length === 0) return { replicates, method: null };
  const structure = itemsOf(pairs);

  if (isDiscrete(dimension.type)) {
    const q = dimension.options.length;
    let types: ItemTypes;
    let typeCodes: number[][];
    if (structure.single) {
      // one pair per item: the item's type is its cell of the confusion matrix
      const typeOfItem = new Int32Array(structure.items);
      const typeCounts = new Float64Array(q * q);
      for (let i = 0; i < pairs.length; i++) {
        const code = pairs[i].hi * q + pairs[i].ji;
        typeOfItem[structure.itemOfPair[i]] = code;
        typeCounts[code] += 1;
      }
      types = { typeOfItem, typeCounts };
      typeCodes = Array.from({ length: q * q }, (_, code) => [code]);
    } else {
      const codeOfPair = new Int32Array(pairs.length);
      for (let i = 0; i < pairs.length; i++) codeOfPair[i] = pairs[i].hi * q + pairs[i].ji;
      const grouped = groupItemsByCodes(structure.itemOfPair, structure.items, codeOfPair, q * q);
      types = grouped;
      typeCodes = grouped.representative.map((item) => Array.from(grouped.pairsOf(item), (i) => codeOfPair[i]).sort((a, b) => a - b));
    }
    const counts = new Float64Array(q * q);
    const series = [...replicates].map(([key, values]) => ({ key, values }));
    let b = 0;
    const method = forEachResample(types, options, (weights) => {
      counts.fill(0);
      for (let t = 0; t < weights.length; t++) {
        const w = weights[t];
        if (w === 0) continue;
        for (const code of typeCodes[t]) counts[code] += w;
      }
      for (const { key, values } of series) values[b] = discreteCoefficient(key, counts, q).value;
      b += 1;
    });
    return { replicates, method };
  }

  // numeric: one entry per pair of each type's representative item
  const h: number[] = [];
  const j: number[] = [];
  const typeOfPair: number[] = [];
  let types: ItemTypes;
  if (structure.single) {
    // one pair per item: items with the same (human, judge) values are one type
    const byHuman = new Map<number, Map<number, number>>();
    const typeOfItem = new Int32Array(structure.items);
    const typeCounts: number[] = [];
    for (let i = 0; i < pairs.length; i++) {
      const hv = pairs[i].human as number;
      const jv = pairs[i].judge as number;
      let byJudge = byHuman.get(hv);
      if (!byJudge) byHuman.set(hv, (byJudge = new Map()));
      let type = byJudge.get(jv);
      if (type === undefined) {
        type = typeCounts.length;
        byJudge.set(jv, type);
        typeCounts.push(0);
        h.push(hv);
        j.push(jv);
        typeOfPair.push(type);
      }
      typeCounts[type] += 1;
      typeOfItem[structure.itemOfPair[i]] = type;
    }
    types = { typeOfItem, typeCounts: Float64Array.from(typeCounts) };
  } else {
    // a code per distinct (human, judge) content
    const byHuman = new Map<number, Map<number, number>>();
    const codeOfPair = new Int32Array(pairs.length);
    let codeCount = 0;
    for (let i = 0; i < pairs.length; i++) {
      const hv = pairs[i].human as number;
      let byJudge = byHuman.get(hv);
      if (!byJudge) byHuman.set(hv, (byJudge = new Map()));
      let code = byJudge.get(pairs[i].judge as number);
      if (code === undefined) byJudge.set(pairs[i].judge as number, (code = codeCount++));
      codeOfPair[i] = code;
    }
    const grouped = groupItemsByCodes(structure.itemOfPair, structure.items, codeOfPair, codeCount);
    grouped.representative.forEach((item, type) => {
      for (const i of grouped.pairsOf(item)) {
        h.push(pairs[i].human as number);
        j.push(pairs[i].judge as number);
        typeOfPair.push(type);
      }
    });
    types = grouped;
  }
  const prepared = prepareNumericPairs(h, j, Int32Array.from(typeOfPair));
  let b = 0;
  const method = forEachResample(types, options, (weights) => {
    const figures = numericFigures(prepared, weights);
    for (const [key, values] of replicates) {
      values[b] =
        key === 'pearson' ? figures.pearson
        : key === 'spearman' ? figures.spearman
        : key === 'mae' ? figures.mae
        : key === 'krippendorffInterval' ? figures.krippendorffInterval
        : key === 'percentAgreement' ? figures.percentAgreement
        : Number.NaN;
    }
    b += 1;
  });
  return { replicates, method };
}

function confusionOf(dimension: Dimension, pairs: readonly ValidPair[]): Confusion {
  const labels = optionValues(dimension);
  const q = labels.length;
  const counts = Array.from({ length: q }, () => new Array<number>(q).fill(0));
  for (const p of pairs) counts[p.hi][p.ji] += 1;
  const rowTotals = counts.map((row) => row.reduce((s, v) => s + v, 0));
  const columnTotals = labels.map((_, c) => counts.reduce((s, row) => s + row[c], 0));
  return {
    labels,
    counts,
    rowTotals,
    columnTotals,
    rowShares: counts.map((row, r) => row.map((v) => (rowTotals[r] > 0 ? v / rowTotals[r] : null))),
  };
}

const SCATTER_MAX_POINTS = 2500;
const SCATTER_GRID = 50;

function scatterOf(dimension: Dimension, pairs: readonly ValidPair[]): Scatter {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const p of pairs) {
    lo = Math.min(lo, p.human as number, p.judge as number);
    hi = Math.max(hi, p.human as number, p.judge as number);
  }
  const min = dimension.min ?? (pairs.length ? lo : Number.NaN);
  const max = dimension.max ?? (pairs.length ? hi : Number.NaN);
  type Point = { human: number; judge: number; count: number };
  const merge = (place: (v: number) => number) => {
    const byHuman = new Map<number, Map<number, Point>>();
    const points: Point[] = [];
    for (const p of pairs) {
      const h = place(p.human as number);
      const j = place(p.judge as number);
      let byJudge = byHuman.get(h);
      if (!byJudge) byHuman.set(h, (byJudge = new Map()));
      const point = byJudge.get(j);
      if (point) point.count += 1;
      else {
        const created = { human: h, judge: j, count: 1 };
        byJudge.set(j, created);
        points.push(created);
      }
    }
    return points.sort((a, b) => a.human - b.human || a.judge - b.judge);
  };
  let points = merge((v) => v);
  let binned = false;
  if (points.length > SCATTER_MAX_POINTS && max > min) {
    const step = (max - min) / SCATTER_GRID;
    const centre = (v: number) => min + (Math.min(SCATTER_GRID - 1, Math.max(0, Math.floor((v - min) / step))) + 0.5) * step;
    points = merge(centre);
    binned = true;
  }
  return { min: num(min), max: num(max), binned, points };
}

function direction(value: number): BiasHeadline['direction'] {
  if (!Number.isFinite(value)) return null;
  return value > 0 ? 'lenient' : value < 0 ? 'strict' : 'none';
}

/** The 95% interval lies entirely on one side of 0. */
function clearOf(ci: [number | null, number | null] | null): boolean {
  if (ci === null || ci[0] === null || ci[1] === null) return false;
  return ci[0] > 0 || ci[1] < 0;
}

/**
 * Mean of judge − human with its cluster-robust 95% t interval, clusters = cases (shared/stats
 * meanBiasClustered): several reviewers and responses of one case are not independent pairs.
 * Below MIN_INTERVAL_N pairs or MIN_INTERVAL_CLUSTERS cases only the mean; the interval stays
 * inside ±range (a difference of two values on the scale).
 */
function meanDifferenceFigure(h: number[], j: number[], pairs: readonly ValidPair[], range: number): { figure: Figure } {
  const detailed = meanBiasClusteredDetailed(h, j, pairs.map((p) => p.item));
  const r = detailed.value;
  if (h.length > 0 && (h.length < MIN_INTERVAL_N || r.clusters < MIN_INTERVAL_CLUSTERS)) {
    return { figure: figureWithInterval(r.meanBias, null, [Number.NaN, Number.NaN], 'cluster-t', SMALL_N_INTERVAL_REASON) };
  }
  return { figure: boundedFigure(r.meanBias, detailed.undefinedCode, [r.ciLower, r.ciUpper], 'cluster-t', detailed.undefinedCode, -range, range) };
}

/** max − min of a numeric dimension, else of the values seen (∞ when neither says). */
function numericRange(dimension: Dimension, h: readonly number[], j: readonly number[]): number {
  if (dimension.min != null && dimension.max != null && dimension.max > dimension.min) return dimension.max - dimension.min;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of [...h, ...j]) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi > lo ? hi - lo : Number.POSITIVE_INFINITY;
}

function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function biasOf(dimension: Dimension, pairs: readonly ValidPair[]): Bias {
  const n = pairs.length;
  const categories: Bias['categories'] = [];
  let meanPart: Bias['mean'] = null;
  let ratePart: Bias['rate'] = null;
  let headline: BiasHeadline;

  if (isDiscrete(dimension.type)) {
    const confusion = confusionOf(dimension, pairs);
    confusion.labels.forEach((label, c) => {
      const agree = confusion.counts[c][c];
      const humanCount = confusion.rowTotals[c];
      const judgeCount = confusion.columnTotals[c];
      const overCalls = judgeCount - agree;
      const underCalls = humanCount - agree;
      categories.push({
        label,
        humanCount,
        judgeCount,
        overCalls,
        overRate: rateFigure(overCalls, n - humanCount),
        underCalls,
        underRate: rateFigure(underCalls, humanCount),
        netShare: n > 0 ? (judgeCount - humanCount) / n : null,
      });
    });
  }

  if (dimension.type === 'numeric' || dimension.type === 'ordinal') {
    const { scale, values } = dimension.type === 'ordinal' ? ordinalScale(dimension) : { scale: 'value' as const, values: [] };
    const toNumber = (p: ValidPair, side: 'h' | 'j') =>
      dimension.type === 'ordinal' ? values[side === 'h' ? p.hi : p.ji] : ((side === 'h' ? p.human : p.judge) as number);
    const h = pairs.map((p) => toNumber(p, 'h'));
    const j = pairs.map((p) => toNumber(p, 'j'));
    const range = dimension.type === 'ordinal' ? Math.max(...values) - Math.min(...values) : numericRange(dimension, h, j);
    const { figure } = meanDifferenceFigure(h, j, pairs, range);
    meanPart = { scale, humanMean: num(mean(h)), judgeMean: num(mean(j)), difference: figure };
    headline = {
      kind: 'mean', value: figure.value, ci95: figure.ci95, direction: direction(figure.value ?? Number.NaN), clear: clearOf(figure.ci95),
      label: null, judge: num(mean(j)), human: num(mean(h)), n, reason: figure.reason, reasonCode: figure.reasonCode,
    };
  } else if (dimension.type === 'binary') {
    const positive = dimension.options[0].value;
    const h = pairs.map((p) => (p.hi === 0 ? 1 : 0));
    const j = pairs.map((p) => (p.ji === 0 ? 1 : 0));
    const hPass = h.reduce<number>((s, v) => s + v, 0);
    const jPass = j.reduce<number>((s, v) => s + v, 0);
    const { figure } = meanDifferenceFigure(h, j, pairs, 1);
    ratePart = { positive, humanRate: rateFigure(hPass, n), judgeRate: rateFigure(jPass, n), difference: figure };
    headline = {
      kind: 'rate', value: figure.value, ci95: figure.ci95, direction: direction(figure.value ?? Number.NaN), clear: clearOf(figure.ci95),
      label: positive, judge: n ? jPass / n : null, human: n ? hPass / n : null, n, reason: figure.reason, reasonCode: figure.reasonCode,
    };
  } else {
    // categorical: the value whose use differs most between judge and people
    let worst = -1;
    categories.forEach((c, i) => {
      if (worst < 0 || Math.abs(c.netShare ?? 0) > Math.abs(categories[worst].netShare ?? 0)) worst = i;
    });
    if (worst >= 0 && n > 0) {
      const c = categories[worst];
      const h = pairs.map((p) => (p.hi === worst ? 1 : 0));
      const j = pairs.map((p) => (p.ji === worst ? 1 : 0));
      const { figure } = meanDifferenceFigure(h, j, pairs, 1);
      headline = {
        kind: 'category', value: figure.value, ci95: figure.ci95, direction: null, clear: clearOf(figure.ci95),
        label: c.label, judge: c.judgeCount / n, human: c.humanCount / n, n, reason: figure.reason, reasonCode: figure.reasonCode,
      };
    } else {
      headline = {
        kind: 'category', value: null, ci95: null, direction: null, clear: false, label: null, judge: null, human: null, n,
        reason: explainUndefined('no-data'),
        reasonCode: 'no-data',
      };
    }
  }
  return { headline, mean: meanPart, rate: ratePart, categories };
}

/**
 * Per slice or per question type, in one pass: n, items, percent agreement (Wilson), the
 * primary coefficient (point estimate) and the bias, worst agreement first.
 */

function breakdownOf(dimension: Dimension, pairs: readonly ValidPair[], by: 'slice' | 'questionType', single: boolean): BreakdownGroup[] {
  const discrete = isDiscrete(dimension.type);
  const q = dimension.options.length;
  const scale = dimension.type === 'ordinal' ? ordinalScale(dimension).values : [];
  interface Group {
    key: string | null;
    n: number;
    agree: number;
    /** Distinct items, counted in a pass in item order (the last item counted); only when some item has several pairs (else items = n). */
    items: number;
    lastItem: number;
    counts: Float64Array | null;
    absolute: number;
    difference: number;
  }
  const groups = new Map<string | null, Group>();
  const add = (key: string | null, p: ValidPair) => {
    let g = groups.get(key);
    if (!g) {
      g = { key, n: 0, agree: 0, items: 0, lastItem: -1, counts: discrete ? new Float64Array(q * q) : null, absolute: 0, difference: 0 };
      groups.set(key, g);
    }
    g.n += 1;
    if (g.counts) {
      g.counts[p.hi * q + p.ji] += 1;
      if (p.hi === p.ji) g.agree += 1;
      if (dimension.type === 'ordinal') g.difference += scale[p.ji] - scale[p.hi];
      else if (dimension.type === 'binary') g.difference += (p.ji === 0 ? 1 : 0) - (p.hi === 0 ? 1 : 0);
    } else {
      const d = (p.judge as number) - (p.human as number);
      if (d === 0) g.agree += 1;
      g.absolute += Math.abs(d);
      g.difference += d;
    }
  };
  const forKeys = (pair: ValidPair, visit: (key: string | null, p: ValidPair) => void) => {
    if (by === 'questionType') visit(pair.source.questionType, pair);
    else if (pair.source.slices.length === 0) visit(null, pair);
    else {
      const slices = pair.source.slices;
      for (let k = 0; k < slices.length; k++) if (slices.indexOf(slices[k]) === k) visit(slices[k], pair);
    }
  };
  for (const pair of pairs) forKeys(pair, add);
  if (!single) {
    // distinct items per group: the pairs visited item by item, so an item is new to a group when it differs from the last one counted
    const countItem = (key: string | null, p: ValidPair) => {
      const g = groups.get(key)!;
      if (g.lastItem !== p.item) {
        g.lastItem = p.item;
        g.items += 1;
      }
    };
    const { itemOfPair, items } = itemsOf(pairs);
    for (const i of pairsByItem(itemOfPair, items).order) forKeys(pairs[i], countItem);
  }
  const key = primaryKey(dimension.type);
  const rows: BreakdownGroup[] = [...groups.values()].map((g) => ({
    key: g.key,
    n: g.n,
    items: single ? g.n : g.items,
    percentAgreement: rateFigure(g.agree, g.n),
    primary: g.counts ? fromDetailed(discreteCoefficient(key, g.counts, q)) : pointFigure(g.absolute / g.n, null),
    bias: dimension.type === 'categorical' ? null : num(g.difference / g.n),
  }));
  const numeric = dimension.type === 'numeric';
  // worst first: lowest agreement (discrete) or largest MAE (numeric); then larger groups, then by name
  const badness = (g: BreakdownGroup) => (numeric ? g.primary.value : g.percentAgreement.value === null ? null : -g.percentAgreement.value);
  const name = (g: BreakdownGroup) => g.key ?? '\uffff';
  return rows.sort((a, b) => {
    const ba = badness(a);
    const bb = badness(b);
    if (ba !== bb) {
      if (ba === null) return 1;
      if (bb === null) return -1;
      return bb - ba;
    }
    return b.n - a.n || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
  });
}

function toleranceOf(dimension: Dimension, pairs: readonly ValidPair[]): number {
  if (dimension.type !== 'numeric') return Number.NaN;
  let lo = dimension.min ?? Number.POSITIVE_INFINITY;
  let hi = dimension.max ?? Number.NEGATIVE_INFINITY;
  if (dimension.min == null || dimension.max == null) {
    for (const p of pairs) {
      lo = Math.min(lo, p.human as number, p.judge as number);
      hi = Math.max(hi, p.human as number, p.judge as number);
    }
  }
  return hi > lo ? NUMERIC_TOLERANCE_SHARE * (hi - lo) : 0;
}

function disagreementsOf(dimension: Dimension, pairs: readonly ValidPair[], limit: number, blindCases?: ReadonlySet<string>): DimensionAgreement['disagreements'] {
  const tolerance = toleranceOf(dimension, pairs);
  let blind = 0;
  // the disagreeing pairs (their place in `pairs`) and distances; rows only for those listed
  const at: number[] = [];
  const distances: (number | null)[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i];
    let distance: number | null = null;
    if (dimension.type === 'numeric') {
      if (withinTolerance(p.judge as number, p.human as number, tolerance)) continue;
      distance = Math.abs((p.judge as number) - (p.human as number));
    } else {
      if (p.hi === p.ji) continue;
      if (dimension.type === 'ordinal') distance = Math.abs(p.ji - p.hi);
    }
    // a blind round's reviewer must not meet the judge here before the reveal
    if (blindCases?.has(p.source.caseId)) {
      blind += 1;
      continue;
    }
    at.push(i);
    distances.push(distance);
  }
  // largest distance first, then by case, response and reviewer, then in pair order (a stable sort's order)
  const compare = (x: string | null, y: string | null) => ((x ?? '') < (y ?? '') ? -1 : (x ?? '') > (y ?? '') ? 1 : 0);
  const before = (a: number, b: number) => {
    const pa = pairs[at[a]].source;
    const pb = pairs[at[b]].source;
    return (
      (distances[b] ?? 1) - (distances[a] ?? 1) || compare(pa.caseId, pb.caseId) || compare(pa.responseId, pb.responseId) || compare(pa.reviewer, pb.reviewer) ||
      a - b
    );
  };
  return {
    total: at.length,
    blind,
    tolerance: num(tolerance),
    items: firstInOrder(at.length, limit, before).map((k): Disagreement => {
      const p = pairs[at[k]];
      return {
        caseId: p.source.caseId,
        responseId: p.source.responseId,
        query: null,
        reviewer: p.source.reviewer,
        human: p.human,
        judge: p.judge,
        distance: distances[k],
        rationale: p.source.rationale,
        ...(p.source.claim !== undefined ? { claim: p.source.claim } : {}),
      };
    }),
  };
}

/**
 * The first `limit` of 0..n−1 in the (strict, total) order `before`, in that order: a heap of the
 * first so far, the last of them on top, so that most candidates take one comparison and only the
 * few listed get sorted (60,000 disagreements, 200 shown).
 */
function firstInOrder(n: number, limit: number, before: (a: number, b: number) => number): number[] {
  const k = Math.max(0, Math.min(limit, n));
  const heap: number[] = [];
  const sink = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let last = i;
      if (left < heap.length && before(heap[left], heap[last]) > 0) last = left;
      if (right < heap.length && before(heap[right], heap[last]) > 0) last = right;
      if (last === i) return;
      [heap[i], heap[last]] = [heap[last], heap[i]];
      i = last;
    }
  };
  for (let i = 0; i < n && k > 0; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0; ) {
        const parent = (c - 1) >> 1;
        if (before(heap[c], heap[parent]) <= 0) break;
        [heap[c], heap[parent]] = [heap[parent], heap[c]];
        c = parent;
      }
    } else if (before(i, heap[0]) < 0) {
      heap[0] = i;
      sink(0);
    }
  }
  return heap.sort(before);
}

function failureLayerOf(dimension: Dimension, pairs: readonly ValidPair[]): DimensionAgreement['failureLayer'] {
  if (dimension.name !== FAILURE_LAYER.dimension || !isDiscrete(dimension.type)) return null;
  const blamed = new Set<string>(FAILURE_LAYER.peopleBlamed.map((v) => labelKey(v)));
  const generation = labelKey(FAILURE_LAYER.judgeBlamed);
  let people = 0;
  let judge = 0;
  for (const p of pairs) {
    if (!blamed.has(labelKey(p.human))) continue;
    people += 1;
    if (labelKey(p.judge) === generation) judge += 1;
  }
  return { peopleBlamedRetrievalOrData: people, judgeSaidGeneration: judge, rate: rateFigure(judge, people) };
}

function warningsOf(
  input: JudgeVsHumanInput,
  pairs: readonly ValidPair[],
  excluded: number,
  coefficients: readonly Coefficient[],
  items: number,
): AgreementWarning[] {
  const warnings: AgreementWarning[] = [];
  const n = pairs.length;
  if (input.defined === false) warnings.push({ code: 'no-definition', params: { dimension: input.dimension.name } });
  if (n > 0 && n < MIN_RELIABLE_N) warnings.push({ code: 'small-n', params: { n, min: MIN_RELIABLE_N } });
  if (excluded > 0) warnings.push({ code: 'excluded-values', params: { count: excluded } });
  if ((input.duplicateVerdicts ?? 0) > 0) warnings.push({ code: 'duplicate-verdicts', params: { count: input.duplicateVerdicts ?? 0 } });
  if (items > 0 && n > items) warnings.push({ code: 'clustered-pairs', params: { n, items } });
  const agreement = coefficients.find((c) => c.key === 'percentAgreement')?.value ?? null;
  const kappa = coefficients.find((c) => c.key === primaryKey(input.dimension.type) && c.key !== 'mae')?.value ?? null;
  if (isDiscrete(input.dimension.type) && agreement !== null && kappa !== null && agreement >= KAPPA_PARADOX.minAgreement && kappa < KAPPA_PARADOX.maxKappa) {
    // the most used value, over both raters: a prevalence this lopsided pulls chance agreement up
    const counts = new Map<string, { label: Label; count: number }>();
    for (const p of pairs) {
      for (const v of [p.human, p.judge]) {
        const entry = counts.get(labelKey(v)) ?? { label: v, count: 0 };
        entry.count += 1;
        counts.set(labelKey(v), entry);
      }
    }
    const top = [...counts.values()].sort((a, b) => b.count - a.count)[0];
    const ac1 = coefficients.find((c) => c.key === 'gwetAC1')?.value ?? null;
    warnings.push({
      code: 'kappa-paradox',
      params: {
        agreement,
        kappa,
        label: String(top.label),
        share: top.count / (2 * n),
        ...(ac1 !== null ? { ac1 } : {}),
      },
    });
  }
  return warnings;
}

/** Judge vs human for one dimension. */
export function judgeVsHumanDimension(input: JudgeVsHumanInput): DimensionAgreement {
  const { dimension } = input;
  const resamples = input.options?.resamples ?? BOOTSTRAP_RESAMPLES;
  const seed = input.options?.seed ?? BOOTSTRAP_SEED;
  const { valid, excluded, items } = validPairs(dimension, input.pairs);
  const n = valid.length;
  const reviewerSet = new Set<string | null>();
  let lastReviewer: string | null | undefined;
  for (const p of valid) {
    if (p.source.reviewer === lastReviewer) continue;
    lastReviewer = p.source.reviewer;
    reviewerSet.add(lastReviewer);
  }
  const reviewers = reviewerSet.size;
  const discrete = isDiscrete(dimension.type);

  const points = pointEstimates(dimension, valid);
  // One pair per case: percent agreement is a plain rate (Wilson). Several pairs per case are not
  // independent, so it joins the case bootstrap like every other coefficient.
  const clustered = items < n;
  const keys = coefficientKeys(dimension.type).filter((k) => clustered || k !== 'percentAgreement');
  const { replicates, method } = bootstrapReplicates(dimension, valid, { resamples, seed, method: input.options?.method }, keys);
  const coefficients: Coefficient[] = coefficientKeys(dimension.type).map((key) => {
    const point = points.get(key)!;
    if (key === 'percentAgreement' && !clustered) return coefficient(key, rateFigure(agreeingPairs(valid), n));
    const values = replicates.get(key)!;
    const interval = n ? percentileInterval(values) : ([Number.NaN, Number.NaN] as [number, number]);
    const intervalReason: ReasonCode | null = Number.isNaN(point.value) ? point.undefinedCode : 'no-valid-resamples';
    return coefficient(key, figureWithInterval(point.value, point.undefinedCode, interval, 'bootstrap', intervalReason));
  });

  return {
    dimension: dimension.name,
    type: dimension.type,
    defined: input.defined ?? true,
    labels: discrete ? optionValues(dimension) : [],
    min: dimension.type === 'numeric' ? num(dimension.min ?? Number.NaN) : null,
    max: dimension.type === 'numeric' ? num(dimension.max ?? Number.NaN) : null,
    verdicts: input.verdicts,
    n,
    items,
    reviewers,
    reason: n === 0 ? reasonSentence(NO_PAIRS_REASON) : null,
    reasonCode: n === 0 ? NO_PAIRS_REASON : null,
    coefficients,
    resampling: { method, resamples, seed },
    confusion: discrete ? confusionOf(dimension, valid) : null,
    scatter: dimension.type === 'numeric' ? scatterOf(dimension, valid) : null,
    bias: n > 0 ? biasOf(dimension, valid) : null,
    breakdown: {
      primaryKey: primaryKey(dimension.type),
      order: dimension.type === 'numeric' ? 'mae-descending' : 'agreement-ascending',
      slices: breakdownOf(dimension, valid, 'slice', items === n),
      questionTypes: breakdownOf(dimension, valid, 'questionType', items === n),
    },
    disagreements: disagreementsOf(dimension, valid, input.options?.disagreementLimit ?? DISAGREEMENT_LIMIT, input.options?.blindCases),
    failureLayer: failureLayerOf(dimension, valid),
    warnings: warningsOf(input, valid, excluded, coefficients, items),
  };
}

export const NO_PAIRS_REASON: ReasonCode = 'no-pairs';

/** The adjudicated reference before any calibration round has been closed. */
export const ADJUDICATED_REASON: ReasonCode = 'adjudicated';
