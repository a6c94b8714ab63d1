import { normalQuantile } from './special';
import { studentTCritical } from './t-interval';

/**
 * A rate over units that come in clusters (claims of a case): the ratio estimator R = Σy_g / Σx_g
 * over the G clusters, with the CR1 cluster-robust (linearised) variance
 *
 *   V = G/(G−1) · Σ_g (y_g − R·x_g)² / (Σ_g x_g)²
 *
 * (the with-replacement linearisation of a one-stage cluster sample, as R survey's `svyratio`
 * computes it with the cases as ids), turned into an interval that stays inside [0, 1]: the Wilson score
 * interval at the effective sample size n_eff = R(1−R)/V (n over the design effect; at most Σx,
 * never more information than the units), with the t quantile on G − 1 degrees of freedom.
 * Where V says nothing about the spread (R = 0 or 1, so every residual is 0) each case counts as
 * one observation (n_eff = G): the cautious choice when all units of a case may move together.
 * A single cluster gives n_eff = 1 and the normal quantile. x_g = 0 clusters add nothing.
 */
export interface ClusterRatio {
  rate: number;
  low: number;
  high: number;
  clusters: number;
  effectiveN: number;
  /** The CR1 standard error of R. */
  se: number;
}

/** Wilson score interval of a share p out of a (possibly fractional) n, with critical value z, clipped to [0, 1]. */
export function wilsonScore(p: number, n: number, z: number): [number, number] {
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** y[g] of x[g] units of cluster g were counted; null when no cluster has a unit. */
export function clusterRatio(y: ArrayLike<number>, x: ArrayLike<number>): ClusterRatio | null {
  let sumY = 0;
  let sumX = 0;
  let clusters = 0;
  for (let g = 0; g < x.length; g++) {
    if (x[g] <= 0) continue;
    sumY += y[g];
    sumX += x[g];
    clusters += 1;
  }
  if (clusters === 0) return null;
  const rate = sumY / sumX;
  if (clusters === 1) {
    const [low, high] = wilsonScore(rate, 1, normalQuantile(0.975));
    return { rate, low, high, clusters, effectiveN: 1, se: Number.NaN };
  }
  let squares = 0;
  for (let g = 0; g < x.length; g++) {
    if (x[g] <= 0) continue;
    const residual = y[g] - rate * x[g];
    squares += residual * residual;
  }
  const variance = (clusters / (clusters - 1)) * squares / (sumX * sumX);
  const spread = rate * (1 - rate);
  const effectiveN = spread === 0 ? clusters : variance === 0 ? sumX : Math.min(sumX, spread / variance);
  const [low, high] = wilsonScore(rate, effectiveN, studentTCritical(clusters - 1));
  return { rate, low, high, clusters, effectiveN, se: Math.sqrt(variance) };
}
