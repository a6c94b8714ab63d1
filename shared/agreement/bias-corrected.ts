import type { BiasCorrectedDimension, Figure } from '../api/agreement-ops';
import type { Dimension } from '../domain/dimensions';
import { meanBiasDetailed, ppiMeanDetailed } from '../stats';
import { figureWithInterval, pointFigure, rateFigure } from './figures';
import { fitValue, optionValues } from './judge-vs-human';
import { labelIndex } from '../stats/labels';

/**
 * SPEC workflow 6, the bias-corrected estimate, for numeric and binary dimensions (and
 * ordinal ones whose options are numbers, e.g. correctness 0–2):
 *
 * - the judge's raw mean / pass rate over all its verdicts in the run (binary: the first
 *   option passes; Wilson interval; numeric: normal interval, mean ± 1.96·sd/√N);
 * - on the items that also have a human value (Y: the person's value; with several
 *   reviewers, the mean of theirs) and the judge's value there (Ŷ): both means and the
 *   judge's bias, mean(Ŷ − Y), with its normal interval;
 * - the prediction-powered estimate (ppi_py classic PPI, shared/stats `ppiMean`):
 *   mean(Ŷ on the unlabeled items) + mean(Y − Ŷ on the labeled ones), with its 95% interval.
 */

export interface BiasCorrectedInput {
  dimension: Dimension;
  /** The run's latest verdict per item. */
  verdicts: readonly { itemKey: string | number; value: unknown }[];
  /** Human values per item from the chosen reference (one per reviewer). */
  human: ReadonlyMap<string | number, readonly unknown[]>;
}

export const ALL_LABELED_REASON =
  'Every item the judge scored also has a human value, so there is nothing left to correct: the human mean on them is the estimate.';
export const NO_LABELED_REASON = 'No item the judge scored has a human value from the chosen reference yet, so the bias cannot be measured.';

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

function meanFigure(values: readonly number[]): Figure {
  // mean ± z·sd/√n: meanBias of the values against zeros is exactly that interval
  const detailed = meanBiasDetailed(values.map(() => 0), values);
  return figureWithInterval(detailed.value.meanBias, detailed.undefinedReason, detailed.value.ci95, 'normal', detailed.undefinedReason);
}

const isBinaryValued = (values: readonly number[]) => values.every((v) => v === 0 || v === 1);
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

function levelFigure(dimension: Dimension, values: readonly number[]): Figure {
  return dimension.type === 'binary' && isBinaryValued(values) ? rateFigure(sum(values), values.length) : meanFigure(values);
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

  const bias = meanBiasDetailed(Y, Yhat);
  let corrected: Figure;
  let reason: string | null = null;
  if (Y.length === 0) {
    reason = NO_LABELED_REASON;
    corrected = pointFigure(Number.NaN, NO_LABELED_REASON);
  } else if (YhatUnlabeled.length === 0) {
    reason = ALL_LABELED_REASON;
    corrected = pointFigure(Number.NaN, ALL_LABELED_REASON);
  } else {
    const ppi = ppiMeanDetailed(Y, Yhat, YhatUnlabeled);
    corrected = figureWithInterval(ppi.value.estimate, ppi.undefinedReason, [ppi.value.ciLower, ppi.value.ciUpper], 'normal', ppi.undefinedReason);
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
    bias: figureWithInterval(bias.value.meanBias, bias.undefinedReason, bias.value.ci95, 'normal', bias.undefinedReason),
    corrected,
    reason,
  };
}
