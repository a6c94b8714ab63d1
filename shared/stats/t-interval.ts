import { studentTTwoSided } from './special';

const quantiles = new Map<number, number>();

/**
 * The two-sided Student t critical value: t with P(|T| ≥ t) = 1 − level for `df`
 * degrees of freedom (t.ppf((1 + level) / 2, df) in SciPy), found by bisection on
 * the exact tail probability to double precision.
 */
export function studentTCritical(df: number, level = 0.95): number {
  if (!(df > 0) || !(level > 0 && level < 1)) return Number.NaN;
  const key = df * 1000 + level;
  const cached = quantiles.get(key);
  if (cached !== undefined) return cached;
  const alpha = 1 - level;
  let lo = 0;
  let hi = 1;
  while (studentTTwoSided(hi, df) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSided(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  quantiles.set(key, t);
  return t;
}

export interface TInterval {
  mean: number;
  n: number;
  /** [low, high]; null when n < 2 (no spread to estimate). */
  ci: [number, number] | null;
}

/**
 * Mean of the finite values with the t interval mean ± t(n−1) · s / √n, s the
 * sample standard deviation (n − 1). `bounds` clamps the interval to the
 * scale of the values (a share never goes below 0 or above 1).
 */
export function tInterval(values: Iterable<number>, level = 0.95, bounds: [number, number] = [-Infinity, Infinity]): TInterval {
  let n = 0;
  let sum = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    n += 1;
    sum += v;
  }
  if (n === 0) return { mean: Number.NaN, n: 0, ci: null };
  const mean = sum / n;
  if (n < 2) return { mean, n, ci: null };
  let squares = 0;
  for (const v of values) if (Number.isFinite(v)) squares += (v - mean) ** 2;
  const half = studentTCritical(n - 1, level) * Math.sqrt(squares / (n - 1) / n);
  return { mean, n, ci: [Math.max(bounds[0], mean - half), Math.min(bounds[1], mean + half)] };
}
