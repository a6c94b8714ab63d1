import { studentTCritical } from './t-interval';
import { defined, undefinedBecause, type Detailed } from './undefined';

export interface ClusteredMeanBias {
  /** mean(judge − human) over all pairs. */
  meanBias: number;
  /** CR1 cluster-robust standard error. */
  stdError: number;
  /** G − 1. */
  df: number;
  ciLower: number;
  ciUpper: number;
  /** Pairs. */
  n: number;
  /** Clusters (cases), G. */
  clusters: number;
}

/**
 * Mean bias with clusters (cases): pairs of one case — several reviewers, several responses —
 * are not independent. Equals statsmodels `OLS(d, ones).fit(cov_type='cluster',
 * cov_kwds={'groups': clusters}, use_t=True)` with d = judge − human:
 *
 *   variance = G/(G−1) · Σ_g (Σ_{i∈g} (d_i − d̄))² / n²   (CR1; statsmodels' (n−1)/(n−k) is 1 for a constant)
 *   interval = d̄ ∓ t_{G−1}(1 − α/2) · √variance
 *
 * Fewer than 2 clusters: only the mean is defined.
 */
/**
 * Σ_{i∈g} (d_i − mean) per cluster, clusters in first-seen order. Small non-negative integer
 * cluster ids (the agreement engine's case numbers) go through an array instead of a Map: the same
 * additions in the same order, so the same figures, without hashing 200,000 keys.
 */
function clusterSums(d: readonly number[], mean: number, clusters: readonly (string | number)[]): { sums: Float64Array; G: number } {
  const n = d.length;
  let max = -1;
  for (let i = 0; i < n; i++) {
    const c = clusters[i];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 4 * n + 1024) {
      max = -2;
      break;
    }
    if (c > max) max = c;
  }
  const sums = new Float64Array(n);
  let G = 0;
  if (max >= -1) {
    const slot = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < n; i++) {
      const c = clusters[i] as number;
      if (slot[c] < 0) slot[c] = G++;
      sums[slot[c]] += d[i] - mean;
    }
    return { sums, G };
  }
  const index = new Map<string | number, number>();
  for (let i = 0; i < n; i++) {
    let g = index.get(clusters[i]);
    if (g === undefined) index.set(clusters[i], (g = G++));
    sums[g] += d[i] - mean;
  }
  return { sums, G };
}

export function meanBiasClusteredDetailed(
  human: readonly number[],
  judge: readonly number[],
  clusters: readonly (string | number)[],
  opts: { alpha?: number } = {},
): Detailed<ClusteredMeanBias> {
  const nan = Number.NaN;
  const none = (meanBias: number, n: number, g: number): ClusteredMeanBias => ({ meanBias, stdError: nan, df: nan, ciLower: nan, ciUpper: nan, n, clusters: g });
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) return undefinedBecause(none(nan, 0, 0), 'invalid-argument');
  if (human.length !== judge.length || human.length !== clusters.length) return undefinedBecause(none(nan, 0, 0), 'length-mismatch');
  const n = human.length;
  if (n === 0) return undefinedBecause(none(nan, 0, 0), 'no-data');
  const d = human.map((h, i) => judge[i] - h);
  if (d.some((x) => !Number.isFinite(x))) return undefinedBecause(none(nan, n, 0), 'non-finite-input');
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const { sums, G } = clusterSums(d, mean, clusters);
  if (G < 2) return undefinedBecause(none(mean, n, G), 'too-few-observations');
  let meat = 0;
  for (let g = 0; g < G; g++) meat += sums[g] * sums[g];
  const variance = ((G / (G - 1)) * meat) / (n * n);
  const stdError = Math.sqrt(variance);
  const t = studentTCritical(G - 1, 1 - alpha);
  return defined({ meanBias: mean, stdError, df: G - 1, ciLower: mean - t * stdError, ciUpper: mean + t * stdError, n, clusters: G });
}

export function meanBiasClustered(
  human: readonly number[],
  judge: readonly number[],
  clusters: readonly (string | number)[],
  opts: { alpha?: number } = {},
): ClusteredMeanBias {
  return meanBiasClusteredDetailed(human, judge, clusters, opts).value;
}
