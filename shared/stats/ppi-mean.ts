import { normalQuantile } from './special';
import { defined, undefinedBecause, type Detailed } from './undefined';

export interface PpiMeanResult {
  estimate: number;
  ciLower: number;
  ciUpper: number;
  stdError: number;
  /** The weight given to the judge: 0 = the human mean alone, 1 = classic PPI. */
  lambda: number;
}

export interface PpiMeanOptions {
  /** 1 − confidence; default 0.05 (ppi_py's own default is 0.1). */
  alpha?: number;
  /** Omitted: power-tuned (PPI++). 1: classic PPI. */
  lambda?: number;
}

const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const populationVariance = (v: readonly number[]) => {
  const m = mean(v);
  return v.reduce((s, x) => s + (x - m) * (x - m), 0) / v.length;
};

/**
 * The power-tuned λ of PPI++ for a mean (ppi_py `_calc_lhat_glm` with an identity Hessian and
 * clip=True): λ = clip( cov(Y, Ŷ) / ((1 + n/N) · s²(Ŷ ∪ Ŷu)), 0, 1 ), cov dividing by n, s² the
 * sample variance (divisor n + N − 1) of the labeled and unlabeled predictions pooled. Zero
 * variance in the predictions: 0 (the judge carries no information).
 */
export function ppiLambda(Y: readonly number[], Yhat: readonly number[], YhatUnlabeled: readonly number[]): number {
  const n = Y.length;
  const N = YhatUnlabeled.length;
  const my = mean(Y);
  const mh = mean(Yhat);
  let cov = 0;
  for (let i = 0; i < n; i++) cov += (Y[i] - my) * (Yhat[i] - mh);
  cov /= n;
  const pooled = [...Yhat, ...YhatUnlabeled];
  const mp = mean(pooled);
  const variance = pooled.reduce((s, x) => s + (x - mp) * (x - mp), 0) / (pooled.length - 1);
  if (!(variance > 0)) return 0;
  return Math.min(1, Math.max(0, cov / ((1 + n / N) * variance)));
}

/**
 * Prediction-powered inference for a mean, as ppi_py 0.2.3 `ppi_mean_pointestimate` /
 * `ppi_mean_ci`, two-sided:
 *
 *   estimate = λ·mean(Ŷ_unlabeled) + mean(Y − λŶ)
 *   stdError = √( λ²·var(Ŷ_unlabeled)/N + var(Y − λŶ)/n )   (both variances dividing by their count)
 *   interval = estimate ∓ Φ⁻¹(1 − α/2) · stdError            (z, as ppi_py does)
 *
 * λ omitted: power-tuned (`lam=None`, see ppiLambda); λ = 1: classic PPI. Y: gold (human) values
 * of the labelled items, Yhat: the judge on those items, YhatUnlabeled: the judge on the rest.
 * The reference itself: no minimum n here (the figures apply theirs).
 */
export function ppiMeanDetailed(
  Y: readonly number[],
  Yhat: readonly number[],
  YhatUnlabeled: readonly number[],
  opts: PpiMeanOptions = {},
): Detailed<PpiMeanResult> {
  const nan = Number.NaN;
  const none: PpiMeanResult = { estimate: nan, ciLower: nan, ciUpper: nan, stdError: nan, lambda: nan };
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) return undefinedBecause(none, 'invalid-argument');
  if (opts.lambda !== undefined && !(opts.lambda >= 0 && opts.lambda <= 1)) return undefinedBecause(none, 'invalid-argument');
  if (Y.length !== Yhat.length) return undefinedBecause(none, 'length-mismatch');
  const n = Y.length;
  const N = YhatUnlabeled.length;
  if (n === 0 || N === 0) return undefinedBecause(none, 'no-data');
  if ([...Y, ...Yhat, ...YhatUnlabeled].some((v) => !Number.isFinite(v))) return undefinedBecause(none, 'non-finite-input');

  const lambda = opts.lambda ?? ppiLambda(Y, Yhat, YhatUnlabeled);
  const rectifier = Y.map((y, i) => y - lambda * Yhat[i]);
  const imputed = YhatUnlabeled.map((y) => lambda * y);
  const estimate = mean(imputed) + mean(rectifier);
  const stdError = Math.sqrt(populationVariance(imputed) / N + populationVariance(rectifier) / n);
  const z = normalQuantile(1 - alpha / 2);
  return defined({ estimate, ciLower: estimate - z * stdError, ciUpper: estimate + z * stdError, stdError, lambda });
}

export function ppiMean(
  Y: readonly number[],
  Yhat: readonly number[],
  YhatUnlabeled: readonly number[],
  opts: PpiMeanOptions = {},
): PpiMeanResult {
  return ppiMeanDetailed(Y, Yhat, YhatUnlabeled, opts).value;
}
