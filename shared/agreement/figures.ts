import type { Coefficient, CoefficientKey, Figure } from '../api/agreement-ops';
import type { Detailed } from '../stats';
import { reasonSentence, type ReasonCode } from '../messages/reasons.en';
import { percentileSorted } from '../stats/bootstrap';
import { wilsonDetailed } from '../stats/wilson';

/** NaN (and ±∞) inside → null on the wire, always with a reason next to it. */
export function num(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** A figure with no interval; an undefined one carries its reason code and, for the CLI, its English sentence. */
export function pointFigure(value: number, reason: ReasonCode | null): Figure {
  const defined = Number.isFinite(value);
  const code = defined ? null : reason ?? 'no-data';
  return { value: defined ? value : null, reason: code && reasonSentence(code), reasonCode: code, ci95: null, ciMethod: null, ciReason: null, ciReasonCode: null };
}

export function fromDetailed(detailed: Detailed<number>): Figure {
  return pointFigure(detailed.value, detailed.undefinedCode);
}

/** A figure with an interval; an undefined interval carries its own reason. */
export function figureWithInterval(
  value: number,
  reason: ReasonCode | null,
  interval: [number, number],
  method: Figure['ciMethod'],
  intervalReason: ReasonCode | null,
): Figure {
  const base = pointFigure(value, reason);
  const defined = Number.isFinite(interval[0]) && Number.isFinite(interval[1]);
  const ciCode = defined ? null : intervalReason ?? base.reasonCode ?? 'no-valid-resamples';
  return {
    ...base,
    ci95: defined ? [interval[0], interval[1]] : null,
    ciMethod: defined ? method : null,
    ciReason: ciCode && reasonSentence(ciCode),
    ciReasonCode: ciCode,
  };
}

/** Below these, a mean's interval is undefined (the point estimate is still shown). */
export const MIN_INTERVAL_N = 10;
export const MIN_INTERVAL_CLUSTERS = 5;
export const SMALL_N_INTERVAL_REASON: ReasonCode = 'small-n-interval';

/** An interval cut to its scale [lo, hi]; `bounded` when a side was cut. */
export function withinScale(interval: [number, number], lo: number, hi: number): { interval: [number, number]; bounded: boolean } {
  const a = Math.max(lo, interval[0]);
  const b = Math.min(hi, interval[1]);
  return { interval: [a, b], bounded: a !== interval[0] || b !== interval[1] };
}

/** A figure whose interval is kept inside [lo, hi], saying so when it had to be cut. */
export function boundedFigure(value: number, reason: ReasonCode | null, interval: [number, number], method: Figure['ciMethod'], intervalReason: ReasonCode | null, lo: number, hi: number): Figure {
  const fig = figureWithInterval(value, reason, interval, method, intervalReason);
  if (fig.ci95 === null) return fig;
  const cut = withinScale(interval, lo, hi);
  return { ...fig, ci95: cut.interval, ciBounded: cut.bounded };
}

/** A proportion with its Wilson 95% interval (SPEC: every rate). */
export function rateFigure(successes: number, n: number): Figure {
  if (n === 0) return figureWithInterval(Number.NaN, 'no-data', [Number.NaN, Number.NaN], 'wilson', null);
  const interval = wilsonDetailed(successes, n);
  return figureWithInterval(successes / n, null, interval.value, 'wilson', interval.undefinedCode);
}

export function coefficient(key: CoefficientKey, figure: Figure): Coefficient {
  return { key, ...figure };
}

/**
 * The percentile interval of bootstrap replicates as `bootstrapCI` computes it: NaN replicates
 * are skipped, then the 2.5th and 97.5th percentiles with linear interpolation.
 */
export function percentileInterval(replicates: Float64Array, alpha = 0.05): [number, number] {
  const values: number[] = [];
  for (let i = 0; i < replicates.length; i++) if (!Number.isNaN(replicates[i])) values.push(replicates[i]);
  if (values.length === 0) return [Number.NaN, Number.NaN];
  values.sort((a, b) => a - b);
  return [percentileSorted(values, (100 * alpha) / 2), percentileSorted(values, 100 * (1 - alpha / 2))];
}
