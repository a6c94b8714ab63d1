import { defined, undefinedBecause, type Detailed } from './undefined';

/** Two-sided 95% standard normal quantile, `scipy.stats.norm.ppf(0.975)`. */
export const Z_95 = 1.959963984540054;

export interface MeanBiasResult {
  /** mean(judge − human): positive when the judge scores higher. */
  meanBias: number;
  /** Sample standard deviation of the differences (ddof = 1). */
  sd: number;
  /** sd / √n. */
  stdError: number;
  n: number;
  /** meanBias ± 1.959963984540054 · stdError (normal interval). */
  ci95: [number, number];
}

/**
 * Mean bias of judge scores against human scores (Bland–Altman style): differences
 * d_i = judge_i − human_i, their mean, sample SD, standard error and a normal 95% interval.
 * With n = 1 only `meanBias` is defined; with n = 0 or unequal lengths nothing is.
 */
export function meanBiasDetailed(human: readonly number[], judge: readonly number[]): Detailed<MeanBiasResult> {
  const nan = Number.NaN;
  if (human.length !== judge.length) {
    return undefinedBecause({ meanBias: nan, sd: nan, stdError: nan, n: 0, ci95: [nan, nan] }, 'length-mismatch');
  }
  const n = human.length;
  if (n === 0) return undefinedBecause({ meanBias: nan, sd: nan, stdError: nan, n, ci95: [nan, nan] }, 'no-data');
  const diffs = human.map((h, i) => judge[i] - h);
  if (diffs.some((d) => !Number.isFinite(d))) {
    return undefinedBecause({ meanBias: nan, sd: nan, stdError: nan, n, ci95: [nan, nan] }, 'non-finite-input');
  }
  const mean = diffs.reduce((s, d) => s + d, 0) / n;
  if (n < 2) return undefinedBecause({ meanBias: mean, sd: nan, stdError: nan, n, ci95: [nan, nan] }, 'too-few-observations');
  const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - mean) * (d - mean), 0) / (n - 1));
  const stdError = sd / Math.sqrt(n);
  return defined({ meanBias: mean, sd, stdError, n, ci95: [mean - Z_95 * stdError, mean + Z_95 * stdError] });
}

export function meanBias(human: readonly number[], judge: readonly number[]): MeanBiasResult {
  return meanBiasDetailed(human, judge).value;
}
