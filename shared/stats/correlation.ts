import { regularizedBeta } from './special';
import { defined, undefinedBecause, type Detailed, type UndefinedCode } from './undefined';

export interface CorrelationResult {
  statistic: number;
  pvalue: number;
}

const NAN_RESULT: CorrelationResult = { statistic: Number.NaN, pvalue: Number.NaN };

function invalid(x: readonly number[], y: readonly number[], minLength: number): UndefinedCode | null {
  if (x.length !== y.length) return 'length-mismatch';
  if (x.length === 0) return 'no-data';
  if (x.length < minLength) return 'too-few-observations';
  if (x.some((v) => !Number.isFinite(v)) || y.some((v) => !Number.isFinite(v))) return 'non-finite-input';
  const constant = (v: readonly number[]) => v.every((value) => value === v[0]);
  if (constant(x) || constant(y)) return 'constant-input';
  return null;
}

/**
 * r as SciPy computes it: centre, scale each centred vector by its largest magnitude before
 * taking its norm (no overflow/underflow), dot the unit vectors, clip to [−1, 1].
 */
function correlation(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mean = (v: readonly number[]) => v.reduce((s, value) => s + value, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  const xm = x.map((v) => v - mx);
  const ym = y.map((v) => v - my);
  const unit = (v: number[]) => {
    const max = v.reduce((m, value) => Math.max(m, Math.abs(value)), 0);
    const scaled = v.map((value) => value / max);
    const norm = max * Math.sqrt(scaled.reduce((s, value) => s + value * value, 0));
    return v.map((value) => value / norm);
  };
  const ux = unit(xm);
  const uy = unit(ym);
  let r = 0;
  for (let i = 0; i < n; i++) r += ux[i] * uy[i];
  return Math.max(-1, Math.min(1, r));
}

/**
 * Pearson's r and its two-sided p-value, as `scipy.stats.pearsonr`.
 * p = 2·P(R ≥ |r|) for R ~ Beta(n/2 − 1, n/2 − 1) on [−1, 1], i.e. 2·I_{(1−|r|)/2}(n/2−1, n/2−1)
 * (equivalently the t test with n − 2 df). For n = 2, r = ±1 and p = 1, as SciPy.
 * Undefined (NaN) for n < 2 (SciPy raises), unequal lengths, non-finite or constant input.
 */
export function pearsonDetailed(x: readonly number[], y: readonly number[]): Detailed<CorrelationResult> {
  const problem = invalid(x, y, 2);
  if (problem) return undefinedBecause({ ...NAN_RESULT }, problem);
  const n = x.length;
  let r = correlation(x, y);
  if (n === 2) {
    r = Math.round(r);
    return defined({ statistic: r, pvalue: 1 });
  }
  const a = n / 2 - 1;
  const pvalue = Math.min(1, 2 * regularizedBeta((1 - Math.abs(r)) / 2, a, a));
  return defined({ statistic: r, pvalue });
}

export function pearson(x: readonly number[], y: readonly number[]): CorrelationResult {
  return pearsonDetailed(x, y).value;
}

/** Ranks 1..n with ties given their average rank (`scipy.stats.rankdata`, method='average'). */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((i, j) => values[i] - values[j]);
  const ranks = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]] === values[order[start]]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rho and its two-sided p-value, as `scipy.stats.spearmanr`: Pearson's r of the
 * average ranks; p from Student's t with n − 2 df, t = ρ·√((n−2)/((1+ρ)(1−ρ))), which is
 * p = I_{1−ρ²}((n−2)/2, 1/2).
 * Undefined (NaN) for n < 2, unequal lengths, non-finite or constant input. For n = 2 rho is
 * ±1 but the p-value is NaN (no degrees of freedom), as in SciPy.
 */
export function spearmanDetailed(x: readonly number[], y: readonly number[]): Detailed<CorrelationResult> {
  const problem = invalid(x, y, 2);
  if (problem) return undefinedBecause({ ...NAN_RESULT }, problem);
  const n = x.length;
  const rho = correlation(averageRanks(x), averageRanks(y));
  const dof = n - 2;
  if (dof === 0) return undefinedBecause({ statistic: rho, pvalue: Number.NaN }, 'no-degrees-of-freedom');
  const oneMinusRhoSquared = Math.max(0, (1 - rho) * (1 + rho));
  const pvalue = regularizedBeta(oneMinusRhoSquared, dof / 2, 0.5);
  return defined({ statistic: rho, pvalue });
}

export function spearman(x: readonly number[], y: readonly number[]): CorrelationResult {
  return spearmanDetailed(x, y).value;
}
