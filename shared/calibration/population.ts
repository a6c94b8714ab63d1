import type { ReasonCode } from '../messages/reasons.en';
import type { Figure } from '../api/agreement-ops';
import { boundedFigure, figureWithInterval } from '../agreement/figures';
import { ppiMeanDetailed } from '../stats';

/**
 * A round's population estimate (what the judge's scores say about every eligible item), from the
 * random half only: those items are a simple random sample of the eligible ones, so their human
 * values estimate the population mean, and PPI++ adds the judge's scores on the rest. The
 * most-changed half is not a random sample and never enters here (it is reported as its own
 * stratum). Random halves of consecutive rounds scored by the same judge version may be pooled.
 *
 * The interval is shown from MIN_POOLED_RANDOM items on; below that the point estimates stand,
 * with "too few random items yet" and the count.
 */
export const MIN_POOLED_RANDOM = 40;
export const FEW_RANDOM_REASON: ReasonCode = 'few-random';

export interface PopulationInput {
  /** Random-half items with a human value (adjudicated, else the mean of the reviewers' round labels) and the judge's score. */
  random: readonly { itemKey: string; human: number; judge: number }[];
  /** The judge's score on every eligible item (the population), keyed by item. */
  judgeOnEligible: ReadonlyMap<string, number>;
  /** The scale, for keeping intervals on it. */
  scale: [number, number];
}

export interface PopulationEstimate {
  /** Pooled random items with a human value, and eligible items without one. */
  labeled: number;
  unlabeled: number;
  humanMean: Figure;
  corrected: Figure;
  lambda: number | null;
}

export function populationEstimate(input: PopulationInput): PopulationEstimate {
  const labeledKeys = new Set(input.random.map((r) => r.itemKey));
  const Y = input.random.map((r) => r.human);
  const Yhat = input.random.map((r) => r.judge);
  const unlabeled = [...input.judgeOnEligible].filter(([key]) => !labeledKeys.has(key)).map(([, v]) => v);
  const n = Y.length;
  const [lo, hi] = input.scale;
  const mean = n ? Y.reduce((s, y) => s + y, 0) / n : Number.NaN;
  const ppi = n && unlabeled.length ? ppiMeanDetailed(Y, Yhat, unlabeled) : null;
  const estimate = ppi ? ppi.value.estimate : mean;
  const few = n < MIN_POOLED_RANDOM;
  const humanMean = figureWithInterval(mean, n ? null : FEW_RANDOM_REASON, [Number.NaN, Number.NaN], null, FEW_RANDOM_REASON);
  let corrected: Figure;
  if (!ppi) corrected = figureWithInterval(estimate, n ? null : FEW_RANDOM_REASON, [Number.NaN, Number.NaN], null, FEW_RANDOM_REASON);
  else if (few) corrected = figureWithInterval(estimate, ppi.undefinedCode, [Number.NaN, Number.NaN], 'normal', FEW_RANDOM_REASON);
  else corrected = boundedFigure(estimate, ppi.undefinedCode, [ppi.value.ciLower, ppi.value.ciUpper], 'normal', ppi.undefinedCode, lo, hi);
  return { labeled: n, unlabeled: unlabeled.length, humanMean, corrected, lambda: ppi && Number.isFinite(ppi.value.lambda) ? ppi.value.lambda : null };
}
