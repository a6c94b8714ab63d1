import { normalQuantile } from './special';
import { defined, undefinedBecause, type Detailed } from './undefined';

/**
 * Wilson score interval for a binomial proportion, without continuity correction (statsmodels
 * `proportion_confint(method='wilson')`, R `binom.confint(method='wilson')`):
 *
 *   (2x + z² ∓ z·√(z² + 4x(n − x)/n)) / (2(n + z²)),  z = Φ⁻¹(1 − α/2), α = 0.05 by default,
 *
 * clipped to [0, 1] against rounding. n = 0 gives [NaN, NaN]; so do x outside [0, n] or α ∉ (0, 1).
 */
export function wilsonDetailed(successes: number, n: number, opts: { alpha?: number } = {}): Detailed<[number, number]> {
  const nan: [number, number] = [Number.NaN, Number.NaN];
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) return undefinedBecause(nan, 'invalid-argument');
  if (n === 0) return undefinedBecause(nan, 'no-data');
  if (!(n > 0) || !Number.isFinite(n) || !(successes >= 0 && successes <= n)) return undefinedBecause(nan, 'invalid-argument');
  const z = normalQuantile(1 - alpha / 2);
  const z2 = z * z;
  const spread = z * Math.sqrt(z2 + (4 * successes * (n - successes)) / n);
  const denominator = 2 * (n + z2);
  const lower = (2 * successes + z2 - spread) / denominator;
  const upper = (2 * successes + z2 + spread) / denominator;
  return defined([Math.max(0, lower), Math.min(1, upper)]);
}

export function wilson(successes: number, n: number, opts: { alpha?: number } = {}): [number, number] {
  return wilsonDetailed(successes, n, opts).value;
}
