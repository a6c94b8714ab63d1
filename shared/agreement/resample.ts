import { mulberry32, randomIndex } from '../stats/bootstrap';

/**
 * Bootstrap resampling over *items* (clusters of pairs), shared by every interval on the
 * agreement screens.
 *
 * Items with identical content are grouped into types, so a resample is fully described by
 * how many times each type was drawn (a weight per type); the statistics are then computed
 * from those weights (a confusion-matrix count per resample for categorical data, weighted
 * sums for numeric data) instead of re-running generic code on arrays of labels.
 *
 * Two ways of drawing the weights, both the ordinary nonparametric bootstrap (n items drawn
 * uniformly with replacement), seeded and deterministic:
 *
 * - `index` (up to EXACT_RESAMPLING_MAX_ITEMS items): n uniform draws per resample from the
 *   same stream as `bootstrapCI` in shared/stats (mulberry32 seeded with `seed`, unbiased
 *   integer draws). The resampled index lists are exactly those `bootstrapCI(statistic, n,
 *   { resamples, seed })` passes to its statistic, so the intervals equal the stats module's.
 * - `multinomial` (more items): the counts of a resample follow Multinomial(n, type shares);
 *   they are drawn directly as a chain of conditional binomials (BTPE, Kachitvichyanukul &
 *   Schmeiser 1988, with inversion for small means). Same distribution, a different random
 *   stream, and the cost no longer grows with n: 2,000 resamples of 200,000 items take
 *   milliseconds instead of 400 million draws.
 */

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20260101;
export const EXACT_RESAMPLING_MAX_ITEMS = 5000;

export type ResamplingMethod = 'index' | 'multinomial';

export interface ResampleOptions {
  resamples: number;
  seed: number;
  /** Default: `index` up to EXACT_RESAMPLING_MAX_ITEMS items, `multinomial` beyond. */
  method?: ResamplingMethod;
}

/** Uniform double in [0, 1) with 53 random bits, from two uint32 draws. */
export function uniformFrom(next: () => number): () => number {
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}

/** Binomial(n, p) by inversion of the CDF; for n·p ≤ 30, p ≤ 0.5. */
function binomialInversion(uniform: () => number, n: number, p: number): number {
  const q = 1 - p;
  const qn = Math.exp(n * Math.log(q));
  const np = n * p;
  const bound = Math.min(n, np + 10 * Math.sqrt(np * q + 1));
  let x = 0;
  let px = qn;
  let u = uniform();
  while (u > px) {
    x += 1;
    if (x > bound) {
      x = 0;
      px = qn;
      u = uniform();
    } else {
      u -= px;
      px = ((n - x + 1) * p * px) / (x * q);
    }
  }
  return x;
}

const stirlingTail = (x: number): number => {
  const x2 = x * x;
  return (13680 - (462 - (132 - (99 - 140 / x2) / x2) / x2) / x2) / x / 166320;
};

/** Binomial(n, p) by BTPE (triangle, parallelogram, exponential tails; squeeze and Stirling bounds); p ≤ 0.5, n·p > 30. */
function binomialBtpe(uniform: () => number, n: number, p: number): number {
  const r = p;
  const q = 1 - r;
  const fm = n * r + r;
  const m = Math.floor(fm);
  const p1 = Math.floor(2.195 * Math.sqrt(n * r * q) - 4.6 * q) + 0.5;
  const xm = m + 0.5;
  const xl = xm - p1;
  const xr = xm + p1;
  const c = 0.134 + 20.5 / (15.3 + m);
  let a = (fm - xl) / (fm - xl * r);
  const laml = a * (1 + a / 2);
  a = (xr - fm) / (xr * q);
  const lamr = a * (1 + a / 2);
  const p2 = p1 * (1 + 2 * c);
  const p3 = p2 + c / laml;
  const p4 = p3 + c / lamr;
  const nrq = n * r * q;

  for (;;) {
    const u = uniform() * p4;
    let v = uniform();
    let y: number;
    if (u <= p1) return Math.floor(xm - p1 * v + u);
    if (u <= p2) {
      const x = xl + (u - p1) / c;
      v = v * c + 1 - Math.abs(m - x + 0.5) / p1;
      if (v > 1) continue;
      y = Math.floor(x);
    } else if (u <= p3) {
      y = Math.floor(xl + Math.log(v) / laml);
      if (y < 0 || v === 0) continue;
      v = v * (u - p2) * laml;
    } else {
      y = Math.floor(xr - Math.log(v) / lamr);
      if (y > n || v === 0) continue;
      v = v * (u - p3) * lamr;
    }

    const k = Math.abs(y - m);
    if (!(k > 20 && k < nrq / 2 - 1)) {
      // f(y)/f(m) by the recurrence of the binomial probabilities
      const s = r / q;
      const sn = s * (n + 1);
      let f = 1;
      if (m < y) for (let i = m + 1; i <= y; i++) f *= sn / i - s;
      else if (m > y) for (let i = y + 1; i <= m; i++) f /= sn / i - s;
      if (v > f) continue;
      return y;
    }

    const rho = (k / nrq) * ((k * (k / 3 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const t = (-k * k) / (2 * nrq);
    const logV = Math.log(v);
    if (logV < t - rho) return y;
    if (logV > t + rho) continue;

    const x1 = y + 1;
    const f1 = m + 1;
    const z = n + 1 - m;
    const w = n - y + 1;
    const bound =
      xm * Math.log(f1 / x1) + (n - m + 0.5) * Math.log(z / w) + (y - m) * Math.log((w * r) / (x1 * q)) +
      stirlingTail(f1) + stirlingTail(z) + stirlingTail(x1) + stirlingTail(w);
    if (logV > bound) continue;
    return y;
  }
}

/** A Binomial(n, p) variate (n a non-negative integer, 0 ≤ p ≤ 1). */
export function binomial(uniform: () => number, n: number, p: number): number {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p <= 0.5) return p * n <= 30 ? binomialInversion(uniform, n, p) : binomialBtpe(uniform, n, p);
  const q = 1 - p;
  return n - (q * n <= 30 ? binomialInversion(uniform, n, q) : binomialBtpe(uniform, n, q));
}

/**
 * Multinomial(n, counts / Σcounts) into `out`, as a chain of conditional binomials:
 * out[j] ~ Binomial(n − Σ_{i<j} out[i], counts[j] / Σ_{i≥j} counts[i]).
 */
export function multinomial(uniform: () => number, n: number, counts: ArrayLike<number>, out: Float64Array): void {
  let remaining = n;
  let remainingWeight = 0;
  for (let j = 0; j < counts.length; j++) remainingWeight += counts[j];
  const last = counts.length - 1;
  for (let j = 0; j < last; j++) {
    if (remaining === 0 || counts[j] === 0) {
      out[j] = 0;
    } else if (counts[j] >= remainingWeight) {
      out[j] = remaining;
    } else {
      out[j] = binomial(uniform, remaining, counts[j] / remainingWeight);
    }
    remaining -= out[j];
    remainingWeight -= counts[j];
  }
  if (last >= 0) out[last] = remaining;
}

/** Items grouped into types: `typeOfItem[i]` is item i's type, `typeCounts[t]` how many items have type t. */
export interface ItemTypes {
  typeOfItem: Int32Array;
  typeCounts: Float64Array;
}

/** Groups items by a signature string (items with equal signatures are interchangeable). */
export function groupItems(signatures: readonly string[]): ItemTypes & { representative: number[] } {
  const index = new Map<string, number>();
  const typeOfItem = new Int32Array(signatures.length);
  const counts: number[] = [];
  const representative: number[] = [];
  signatures.forEach((signature, item) => {
    let type = index.get(signature);
    if (type === undefined) {
      type = counts.length;
      index.set(signature, type);
      counts.push(0);
      representative.push(item);
    }
    counts[type] += 1;
    typeOfItem[item] = type;
  });
  return { typeOfItem, typeCounts: Float64Array.from(counts), representative };
}

/**
 * Calls `visit(weights)` once per resample with how many times each type was drawn
 * (the array is reused between calls). Returns the method used.
 */
export function forEachResample(types: ItemTypes, options: ResampleOptions, visit: (weights: Float64Array) => void): ResamplingMethod {
  const nItems = types.typeOfItem.length;
  const method = options.method ?? (nItems <= EXACT_RESAMPLING_MAX_ITEMS ? 'index' : 'multinomial');
  if (nItems === 0) return method;
  const weights = new Float64Array(types.typeCounts.length);
  const next = mulberry32(options.seed);
  if (method === 'index') {
    const { typeOfItem } = types;
    for (let b = 0; b < options.resamples; b++) {
      weights.fill(0);
      for (let i = 0; i < nItems; i++) weights[typeOfItem[randomIndex(next, nItems)]] += 1;
      visit(weights);
    }
  } else {
    const uniform = uniformFrom(next);
    for (let b = 0; b < options.resamples; b++) {
      multinomial(uniform, nItems, types.typeCounts, weights);
      visit(weights);
    }
  }
  return method;
}
