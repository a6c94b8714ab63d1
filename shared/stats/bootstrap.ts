import { defined, undefinedBecause, type Detailed } from './undefined';

/**
 * mulberry32: a small, fast 32-bit PRNG. Same seed → same stream, on every platform.
 * The seed is taken modulo 2³² (ToUint32). Returns uint32 values.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Uniform integer in [0, n) from a uint32 source, without modulo bias (rejection sampling). */
export function randomIndex(next: () => number, n: number): number {
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const value = next();
    if (value < limit) return value % n;
  }
}

/**
 * q-th percentile (0 ≤ q ≤ 100) of already sorted values with linear interpolation, NumPy's
 * default `np.percentile(method='linear')`: h = (n − 1)·q/100, v[⌊h⌋] + (h − ⌊h⌋)(v[⌊h⌋+1] − v[⌊h⌋]).
 */
export function percentileSorted(sorted: readonly number[], q: number): number {
  const n = sorted.length;
  if (n === 0 || !(q >= 0 && q <= 100)) return Number.NaN;
  const h = ((n - 1) * q) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const fraction = h - lo;
  return fraction === 0 ? sorted[lo] : sorted[lo] + fraction * (sorted[hi] - sorted[lo]);
}

/** `np.percentile(values, q)` (linear interpolation); NaN for an empty list. */
export function percentile(values: readonly number[], q: number): number {
  return percentileSorted([...values].sort((a, b) => a - b), q);
}

export interface BootstrapOptions {
  /** Number of resamples (a positive integer). */
  resamples: number;
  /** PRNG seed (mulberry32); the same seed gives the same interval. */
  seed: number;
  /** 1 − confidence level; default 0.05 (a 95% interval). */
  alpha?: number;
}

/**
 * Percentile bootstrap interval. Each resample draws n indices from 0..n−1 uniformly with
 * replacement (mulberry32 seeded with `seed`, unbiased integer draws) and evaluates
 * `statistic(indices)`; resamples where it returns NaN are skipped. The interval is the
 * (100·α/2)-th and (100·(1 − α/2))-th percentiles of the remaining values, with NumPy's
 * default linear interpolation between order statistics.
 *
 * [NaN, NaN] when n < 1, resamples < 1, α ∉ (0, 1), or every resample gave NaN.
 */
export function bootstrapCIDetailed(
  statistic: (idx: number[]) => number,
  n: number,
  opts: BootstrapOptions,
): Detailed<[number, number]> {
  const nan: [number, number] = [Number.NaN, Number.NaN];
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) return undefinedBecause(nan, 'invalid-argument');
  if (!Number.isInteger(opts.resamples) || opts.resamples < 1) return undefinedBecause(nan, 'invalid-argument');
  if (!Number.isInteger(n) || n < 0) return undefinedBecause(nan, 'invalid-argument');
  if (n === 0) return undefinedBecause(nan, 'no-data');

  const next = mulberry32(opts.seed);
  const values: number[] = [];
  const idx = new Array<number>(n);
  for (let b = 0; b < opts.resamples; b++) {
    for (let i = 0; i < n; i++) idx[i] = randomIndex(next, n);
    const value = statistic(idx.slice());
    if (!Number.isNaN(value)) values.push(value);
  }
  if (values.length === 0) return undefinedBecause(nan, 'no-valid-resamples');
  values.sort((a, b) => a - b);
  return defined([percentileSorted(values, (100 * alpha) / 2), percentileSorted(values, 100 * (1 - alpha / 2))]);
}

export function bootstrapCI(statistic: (idx: number[]) => number, n: number, opts: BootstrapOptions): [number, number] {
  return bootstrapCIDetailed(statistic, n, opts).value;
}
