/**
 * Numeric agreement of people (h) and judge (j) on a weighted set of pairs: each pair counts
 * `weight` times (a bootstrap resample draws an item several times or not at all). With all
 * weights 1 the results are those of shared/stats on the pairs (tests check it):
 * Pearson r (SciPy), Spearman ρ with average ranks for ties (SciPy), MAE, percent agreement
 * (exact equality), and Krippendorff's alpha, interval level, each pair a unit of two values:
 * alpha = 1 − (n − 1)·Σ 2(h − j)² / (2n·SS), n = 2N values, SS their sum of squared deviations.
 *
 * NaN where the reference gives NaN: no pairs, fewer than 2 for the correlations, a constant
 * side for the correlations, all values equal for alpha.
 */

export interface NumericPairs {
  h: Float64Array;
  j: Float64Array;
  /** Which resampling type (item group) a pair belongs to; its weight is that type's. */
  typeOfPair: Int32Array;
  /** Distinct values, ascending, and each pair's position among them. */
  hValues: Float64Array;
  hId: Int32Array;
  jValues: Float64Array;
  jId: Int32Array;
  /** Position of each pair's h and j among the union of both sides' distinct values. */
  hUnion: Int32Array;
  jUnion: Int32Array;
  unionSize: number;
}

export interface NumericFigures {
  percentAgreement: number;
  pearson: number;
  spearman: number;
  mae: number;
  krippendorffInterval: number;
}

/** Up to this many distinct values, they are found with a Map and only they are sorted. */
const FEW_DISTINCT = 4096;

/**
 * The distinct values, ascending, and each value's position among them. Scores usually take a
 * few values (0, 0.1, …, 1): those are collected and sorted alone, and each position looked up;
 * otherwise every value is sorted and positions found by binary search. Both give the same answer.
 */
function distinct(values: Float64Array): { sorted: Float64Array; ids: Int32Array } {
  const index = new Map<number, number>();
  const seen: number[] = [];
  for (let i = 0; i < values.length && seen.length <= FEW_DISTINCT; i++) {
    if (!index.has(values[i])) {
      index.set(values[i], 0);
      seen.push(values[i]);
    }
  }
  if (seen.length > FEW_DISTINCT) return distinctBySort(values);
  const sorted = Float64Array.from(seen).sort();
  for (let k = 0; k < sorted.length; k++) index.set(sorted[k], k);
  const ids = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) ids[i] = index.get(values[i])!;
  return { sorted, ids };
}

function distinctBySort(values: Float64Array): { sorted: Float64Array; ids: Int32Array } {
  const all = Float64Array.from(values).sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[count++] = all[i];
  const sorted = all.slice(0, count);
  const ids = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    ids[i] = lo;
  }
  return { sorted, ids };
}

export function prepareNumericPairs(h: readonly number[], j: readonly number[], typeOfPair: Int32Array): NumericPairs {
  const H = Float64Array.from(h);
  const J = Float64Array.from(j);
  const hd = distinct(H);
  const jd = distinct(J);
  const both = new Float64Array(H.length + J.length);
  both.set(H);
  both.set(J, H.length);
  const ud = distinct(both);
  return {
    h: H,
    j: J,
    typeOfPair,
    hValues: hd.sorted,
    hId: hd.ids,
    jValues: jd.sorted,
    jId: jd.ids,
    hUnion: ud.ids.subarray(0, H.length),
    jUnion: ud.ids.subarray(H.length),
    unionSize: ud.sorted.length,
  };
}

/** Average ranks (1-based) of the distinct values given each value's total weight. */
function ranksOfDistinct(totals: Float64Array): Float64Array {
  const ranks = new Float64Array(totals.length);
  let before = 0;
  for (let d = 0; d < totals.length; d++) {
    ranks[d] = before + (totals[d] + 1) / 2;
    before += totals[d];
  }
  return ranks;
}

function weightedCorrelation(x: (i: number) => number, y: (i: number) => number, w: (i: number) => number, count: number, total: number): number {
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    const wi = w(i);
    if (wi === 0) continue;
    sx += wi * x(i);
    sy += wi * y(i);
  }
  const mx = sx / total;
  const my = sy / total;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < count; i++) {
    const wi = w(i);
    if (wi === 0) continue;
    const dx = x(i) - mx;
    const dy = y(i) - my;
    sxx += wi * dx * dx;
    syy += wi * dy * dy;
    sxy += wi * dx * dy;
  }
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/** The figures for one set of type weights (`typeWeights[t]` = times type t was drawn). */
export function numericFigures(pairs: NumericPairs, typeWeights: Float64Array): NumericFigures {
  const count = pairs.h.length;
  const weightOf = (i: number) => typeWeights[pairs.typeOfPair[i]];
  let total = 0;
  let same = 0;
  let absolute = 0;
  let squared = 0;
  const hTotals = new Float64Array(pairs.hValues.length);
  const jTotals = new Float64Array(pairs.jValues.length);
  const unionSeen = new Uint8Array(pairs.unionSize);
  let unionDistinct = 0;
  for (let i = 0; i < count; i++) {
    const w = weightOf(i);
    if (w === 0) continue;
    const d = pairs.j[i] - pairs.h[i];
    total += w;
    if (d === 0) same += w;
    absolute += w * Math.abs(d);
    squared += w * d * d;
    hTotals[pairs.hId[i]] += w;
    jTotals[pairs.jId[i]] += w;
    const uh = pairs.hUnion[i];
    const uj = pairs.jUnion[i];
    if (!unionSeen[uh]) {
      unionSeen[uh] = 1;
      unionDistinct += 1;
    }
    if (!unionSeen[uj]) {
      unionSeen[uj] = 1;
      unionDistinct += 1;
    }
  }
  const nan = Number.NaN;
  if (total === 0) return { percentAgreement: nan, pearson: nan, spearman: nan, mae: nan, krippendorffInterval: nan };

  const used = (totals: Float64Array) => totals.reduce((s, v) => s + (v > 0 ? 1 : 0), 0);
  const correlationDefined = total >= 2 && used(hTotals) >= 2 && used(jTotals) >= 2;
  let pearson = nan;
  let spearman = nan;
  if (correlationDefined) {
    pearson = weightedCorrelation((i) => pairs.h[i], (i) => pairs.j[i], weightOf, count, total);
    const hRanks = ranksOfDistinct(hTotals);
    const jRanks = ranksOfDistinct(jTotals);
    spearman = weightedCorrelation((i) => hRanks[pairs.hId[i]], (i) => jRanks[pairs.jId[i]], weightOf, count, total);
  }

  let alpha = nan;
  if (unionDistinct >= 2) {
    const n = 2 * total;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const w = weightOf(i);
      if (w !== 0) sum += w * (pairs.h[i] + pairs.j[i]);
    }
    const mean = sum / n;
    let ss = 0;
    for (let i = 0; i < count; i++) {
      const w = weightOf(i);
      if (w === 0) continue;
      const a = pairs.h[i] - mean;
      const b = pairs.j[i] - mean;
      ss += w * (a * a + b * b);
    }
    const observed = 2 * squared;
    const expected = (2 * n * ss) / (n - 1);
    alpha = expected === 0 ? nan : 1 - observed / expected;
  }
  return { percentAgreement: same / total, pearson, spearman, mae: absolute / total, krippendorffInterval: alpha };
}
