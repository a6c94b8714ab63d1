import { reasonSentence, type ReasonCode } from '../messages/reasons.en';
import type { BiasCorrectedDimension, Figure } from '../api/agreement-ops';
import type { Dimension } from '../domain/dimensions';
import { meanBiasClusteredDetailed, ppiMeanDetailed } from '../stats';
import { boundedFigure, figureWithInterval, MIN_INTERVAL_N, pointFigure, rateFigure, SMALL_N_INTERVAL_REASON } from './figures';
import { fitValue, optionValues } from './judge-vs-human';
import { labelIndex } from '../stats/labels';

/**
 * SPEC workflow 6, the bias-corrected estimate, for numeric and binary dimensions (and
 * ordinal ones whose options are numbers, e.g. correctness 0–2):
 *
 * - the judge's raw mean / pass rate over all its verdicts in the run (binary: the first
 *   option passes; Wilson interval; numeric: t interval, mean ± t(N−1)·sd/√N);
 * - on the items that also have a human value (Y: the person's value; with several
 *   reviewers, the mean of theirs) and the judge's value there (Ŷ): both means and the
 *   judge's bias, mean(Ŷ − Y), with its t interval (one value per item);
 * - the prediction-powered estimate (PPI++, shared/stats `ppiMean` with λ power-tuned):
 *   λ·mean(Ŷ on the unlabeled items) + mean(Y − λŶ on the labeled ones), with its z interval as
 *   ppi_py gives it. λ near 0: the judge adds little and the estimate is the people's mean.
 *
 * Every interval stays on the dimension's scale (cut there, saying so); below MIN_INTERVAL_N
 * labeled values a mean has no interval, only its point estimate.
 */

export interface BiasCorrectedInput {
  dimension: Dimension;
  /** The run's latest verdict per item. */
  verdicts: readonly { itemKey: string | number; value: unknown }[];
  /** Human values per item from the chosen reference (one per reviewer). */
  human: ReadonlyMap<string | number, readonly unknown[]>;
}

export const ALL_LABELED_REASON: ReasonCode = 'all-labeled';
export const NO_LABELED_REASON: ReasonCode = 'no-labeled';

export function biasCorrectionApplies(dimension: Dimension): boolean {
  return (
    dimension.type === 'numeric' ||
    dimension.type === 'binary' ||
    (dimension.type === 'ordinal' && dimension.options.every((o) => typeof o.value === 'number'))
  );
}

/** The number a value stands for: binary pass = 1, fail = 0; numeric and numeric-ordinal their value. */
export function numericValue(dimension: Dimension, value: unknown, index = labelIndex(optionValues(dimension))): number | null {
  const fitted = fitValue(dimension, value, index);
  if (!fitted) return null;
  if (dimension.type === 'binary') return fitted.position === 0 ? 1 : 0;
  return typeof fitted.label === 'number' ? fitted.label : null;
}

/** The dimension's scale [lo, hi] (binary 0–1; numeric its min–max; ordinal its option values). */
function scaleOf(dimension: Dimension): [number, number] {
  if (dimension.type === 'binary') return [0, 1];
  if (dimension.type === 'numeric') return [dimension.min ?? Number.NEGATIVE_INFINITY, dimension.max ?? Number.POSITIVE_INFINITY];
  const values = dimension.options.map((o) => o.value).filter((v): v is number => typeof v === 'number');
  return values.length ? [Math.min(...values), Math.max(...values)] : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
}

/**
 * Mean of judge − human (or of values against zeros) with the t interval: one value per item,
 * each its own cluster, for which the CR1 variance is exactly s²/n. Kept inside [lo, hi].
 */
function tMeanFigure(human: readonly number[], judge: readonly number[], lo: number, hi: number): Figure {
  const detailed = meanBiasClusteredDetailed(human, judge, human.map((_, i) => i));
  const r = detailed.value;
  if (human.length > 0 && human.length < MIN_INTERVAL_N) return figureWithInterval(r.meanBias, null, [Number.NaN, Number.NaN], 't', SMALL_N_INTERVAL_REASON);
  return boundedFigure(r.meanBias, detailed.undefinedCode, [r.ciLower, r.ciUpper], 't', detailed.undefinedCode, lo, hi);
}

const isBinaryValued = (values: readonly number[]) => values.every((v) => v === 0 || v === 1);
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

function levelFigure(dimension: Dimension, values: readonly number[]): Figure {
  if (dimension.type === 'binary' && isBinaryValued(values)) return rateFigure(sum(values), values.length);
  const [lo, hi] = scaleOf(dimension);
  return tMeanFigure(values.map(() => 0), values, lo, hi);
}

export function biasCorrectedDimension(input: BiasCorrectedInput): BiasCorrectedDimension {
  const { dimension } = input;
  const index = labelIndex(optionValues(dimension));
  const Y: number[] = [];
  const Yhat: number[] = [];
  const YhatUnlabeled: number[] = [];
  const all: number[] = [];
  for (const verdict of input.verdicts) {
    const judged = numericValue(dimension, verdict.value, index);
    if (judged === null) continue;
    all.push(judged);
    const humans = (input.human.get(verdict.itemKey) ?? []).map((v) => numericValue(dimension, v, index)).filter((v): v is number => v !== null);
    if (humans.length > 0) {
      Y.push(sum(humans) / humans.length);
      Yhat.push(judged);
    } else {
      YhatUnlabeled.push(judged);
    }
  }

  const [lo, hi] = scaleOf(dimension);
  let corrected: Figure;
  let lambda: number | null = null;
  let reason: ReasonCode | null = null;
  if (Y.length === 0) {
    reason = NO_LABELED_REASON;
    corrected = pointFigure(Number.NaN, NO_LABELED_REASON);
  } else if (YhatUnlabeled.length === 0) {
    reason = ALL_LABELED_REASON;
    corrected = pointFigure(Number.NaN, ALL_LABELED_REASON);
  } else {
    const ppi = ppiMeanDetailed(Y, Yhat, YhatUnlabeled);
    lambda = Number.isFinite(ppi.value.lambda) ? ppi.value.lambda : null;
    corrected =
      Y.length < MIN_INTERVAL_N
        ? figureWithInterval(ppi.value.estimate, ppi.undefinedCode, [Number.NaN, Number.NaN], 'normal', SMALL_N_INTERVAL_REASON)
        : boundedFigure(ppi.value.estimate, ppi.undefinedCode, [ppi.value.ciLower, ppi.value.ciUpper], 'normal', ppi.undefinedCode, lo, hi);
  }

  return {
    dimension: dimension.name,
    type: dimension.type,
    positive: dimension.type === 'binary' ? dimension.options[0].value : null,
    verdicts: all.length,
    labeled: Y.length,
    unlabeled: YhatUnlabeled.length,
    judgeRaw: levelFigure(dimension, all),
    judgeOnLabeled: pointFigure(Yhat.length ? sum(Yhat) / Yhat.length : Number.NaN, NO_LABELED_REASON),
    humanOnLabeled: Y.length ? levelFigure(dimension, Y) : pointFigure(Number.NaN, NO_LABELED_REASON),
    bias: tMeanFigure(Y, Yhat, -(hi - lo), hi - lo),
    corrected,
    lambda,
    reason: reason && reasonSentence(reason),
    reasonCode: reason,
  };
}
