import { normalQuantile } from './special';
import { studentTCritical } from './t-interval';
import { wilson } from './wilson';

/**
 * Verdicts against a threshold that respect n: three states, never two.
 *
 * - meets: the whole 95% interval is on the right side of the threshold;
 * - fails: the whole interval is on the wrong side;
 * - inconclusive: the interval straddles it, with the n that would decide it if the figure
 *   stayed as it is (null when it sits exactly on the threshold: no n decides it).
 */
export type ThresholdState = 'meets' | 'fails' | 'inconclusive';

/** Which side of the threshold is right: 'atMost' (a rate of failures ≤ t), 'atLeast' (≥ t). */
export type ThresholdSide = 'atMost' | 'atLeast';

export interface ThresholdVerdict {
  state: ThresholdState;
  /** Only for inconclusive: the n that would decide it. */
  decidingN: number | null;
}

/** meets / fails / inconclusive from an interval. */
export function intervalState(lower: number, upper: number, threshold: number, side: ThresholdSide): ThresholdState {
  if (side === 'atMost') return upper <= threshold ? 'meets' : lower > threshold ? 'fails' : 'inconclusive';
  return lower >= threshold ? 'meets' : upper < threshold ? 'fails' : 'inconclusive';
}

/**
 * The n at which a rate p̂ would decide against t if it stayed as it is: the inversion of the
 * Wilson interval at the threshold, n = ⌊z²·t(1−t)/(p̂−t)²⌋ + 1 (0/2 against 10%: 35).
 */
export function rateDecidingN(rate: number, threshold: number, alpha = 0.05): number | null {
  if (!Number.isFinite(rate) || rate === threshold) return null;
  const z = normalQuantile(1 - alpha / 2);
  return Math.floor((z * z * threshold * (1 - threshold)) / ((rate - threshold) * (rate - threshold))) + 1;
}

/** A rate (successes / n, Wilson 95%) against a threshold. */
export function rateVerdict(successes: number, n: number, threshold: number, side: ThresholdSide): ThresholdVerdict & { interval: [number, number] } {
  const interval = wilson(successes, n);
  if (n === 0) return { state: 'inconclusive', decidingN: null, interval };
  const state = intervalState(interval[0], interval[1], threshold, side);
  return { state, decidingN: state === 'inconclusive' ? rateDecidingN(successes / n, threshold) : null, interval };
}

/**
 * The smallest n (cases) with t(n−1)·s/√n < |x̄ − θ|: a mean x̄ with standard deviation s (of the
 * case-level values) would then have its 95% t interval clear of θ. null when x̄ = θ or s is not
 * finite. Searched upward, as t(n−1)/√n falls with n.
 */
export function meanDecidingN(mean: number, sd: number, theta: number, alpha = 0.05): number | null {
  const gap = Math.abs(mean - theta);
  if (!(gap > 0) || !Number.isFinite(sd)) return null;
  if (sd === 0) return 2;
  // t(n−1) ≥ z: start where even z would not decide, then walk up
  const z = normalQuantile(1 - alpha / 2);
  let n = Math.max(2, Math.floor(((z * sd) / gap) ** 2));
  while (studentTCritical(n - 1, 1 - alpha) * (sd / Math.sqrt(n)) >= gap) n += 1;
  return n;
}

/** Drift of a paired change: flagged, possible, or none (see shared/agreement/README.md). */
export type DriftState = 'flagged' | 'possible' | 'none';

/**
 * flagged: the 95% interval of the change excludes 0 and the point change is past the tolerance;
 * none: the whole interval lies inside ±tolerance; possible: otherwise (too few items to tell).
 * `tolerance` is a magnitude (either direction counts).
 */
export function driftState(change: number, lower: number, upper: number, tolerance: number): DriftState {
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return 'possible';
  const excludesZero = lower > 0 || upper < 0;
  if (excludesZero && Math.abs(change) > tolerance) return 'flagged';
  if (lower >= -tolerance && upper <= tolerance) return 'none';
  return 'possible';
}
