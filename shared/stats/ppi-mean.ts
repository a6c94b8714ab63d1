import { normalQuantile } from './special';
import { defined, undefinedBecause, type Detailed } from './undefined';

export interface PpiMeanResult {
  estimate: number;
  ciLower: number;
  ciUpper: number;
  stdError: number;
}

/**
 * Prediction-powered inference for a mean, as ppi_py `ppi_mean_pointestimate` /
 * `ppi_mean_ci` with `lam=1` (classic PPI, no power tuning), two-sided:
 *
 *   estimate = mean(Ŷ_unlabeled) + mean(Y − Ŷ)
 *   stdError = √( var(Ŷ_unlabeled)/N + var(Y − Ŷ)/n )   (population variances, ddof = 0)
 *   interval = estimate ∓ Φ⁻¹(1 − α/2) · stdError
 *
 * Y: gold (human) labels of the labelled items, Yhat: the model's predictions on those same
 * items, YhatUnlabeled: its predictions on the unlabelled items. α defaults to 0.05 here
 * (ppi_py's default is 0.1).
 */
export function ppiMeanDetailed(
  Y: readonly number[],
  Yhat: readonly number[],
  YhatUnlabeled: readonly number[],
  opts: { alpha?: number } = {},
): Detailed<PpiMeanResult> {
  const nan = Number.NaN;
  const none: PpiMeanResult = { estimate: nan, ciLower: nan, ciUpper: nan, stdError: nan };
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) return undefinedBecause(none, 'invalid-argument');
  if (Y.length !== Yhat.length) return undefinedBecause(none, 'length-mismatch');
  const n = Y.length;
  const N = YhatUnlabeled.length;
  if (n === 0 || N === 0) return undefinedBecause(none, 'no-data');
  const all = [...Y, ...Yhat, ...YhatUnlabeled];
  if (all.some((v) => !Number.isFinite(v))) return undefinedBecause(none, 'non-finite-input');

  const rectifier = Y.map((y, i) => y - Yhat[i]);
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const populationVariance = (v: readonly number[]) => {
    const m = mean(v);
    return v.reduce((s, x) => s + (x - m) * (x - m), 0) / v.length;
  };
  const estimate = mean(YhatUnlabeled) + mean(rectifier);
  const stdError = Math.sqrt(populationVariance(YhatUnlabeled) / N + populationVariance(rectifier) / n);
  const z = normalQuantile(1 - alpha / 2);
  return defined({ estimate, ciLower: estimate - z * stdError, ciUpper: estimate + z * stdError, stdError });
}

export function ppiMean(
  Y: readonly number[],
  Yhat: readonly number[],
  YhatUnlabeled: readonly number[],
  opts: { alpha?: number } = {},
): PpiMeanResult {
  return ppiMeanDetailed(Y, Yhat, YhatUnlabeled, opts).value;
}
