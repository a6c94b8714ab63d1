import { describe, it, expect } from 'vitest';
import {
  averageRanks,
  normalCdf,
  normalQuantile,
  pearson,
  pearsonDetailed,
  regularizedBeta,
  spearman,
  spearmanDetailed,
  studentTTwoSided,
} from '../../shared/stats';
import { expectClose, expectRelative } from '../helpers/expect-close';



describe('pearson (scipy.stats.pearsonr)', () => {
  it('docstring example: r = −0.828503883588428, p = 0.021280260007523286', () => {
    const res = pearson([1, 2, 3, 4, 5, 6, 7], [10, 9, 2.5, 6, 4, 3, 2]);
    expectClose(res.statistic, -0.828503883588428, 1e-12);
    expectRelative(res.pvalue, 0.021280260007523286);
  });

  it('test_basic: [-1, 0, 1] vs [0, 0, 3] gives r = √3/2, p = 1/3', () => {
    const res = pearson([-1, 0, 1], [0, 0, 3]);
    expectClose(res.statistic, Math.sqrt(3) / 2, 1e-14);
    expectRelative(res.pvalue, 1 / 3);
  });

  it('test_basic_example (R cor.test): r = 0.6741998624632421, p = 0.325800137536; sign-symmetric', () => {
    for (const sign of [1, -1]) {
      const res = pearson([1, 2, 3, 4], [0, 1, 0.5, 1].map((v) => v * sign));
      expectClose(res.statistic, 0.6741998624632421 * sign, 1e-12);
      expectRelative(res.pvalue, 0.325800137536);
    }
  });

  it('pointbiserialr docstring: [0,0,0,1,1,1,1] vs 0..6: r = 0.8660254037844386, p = 0.011724811003954638 (mpmath)', () => {
    const x = [0, 0, 0, 1, 1, 1, 1];
    const y = [0, 1, 2, 3, 4, 5, 6];
    const res = pearson(x, y);
    expectClose(res.statistic, 0.8660254037844386, 1e-12);
    expectRelative(res.pvalue, 0.011724811003954638);
    // test_very_large_input_values: the same scaled by 1e90 must not overflow.
    const big = pearson(x.map((v) => v * 1e90), y.map((v) => v * 1e90));
    expectClose(big.statistic, 0.8660254037844386, 1e-12);
    expectRelative(big.pvalue, 0.011724811003954638);
  });

  it('very small and extremely large inputs (mpmath references in scipy tests)', () => {
    const small = pearson(
      [0.004434375, 0.004756007, 0.003911996, 0.0038005, 0.003409971],
      [2.48e-188, 7.41e-181, 4.09e-208, 2.08e-223, 2.66e-245],
    );
    expectClose(small.statistic, 0.727293054075045, 1e-12);
    expectRelative(small.pvalue, 0.1637805429533202);
    const large = pearson([2.3e200, 4.5e200, 6.7e200, 8e200], [1.2e199, 5.5e200, 3.3e201, 1.0e200]);
    expectClose(large.statistic, 0.351312332103289, 1e-12);
    expectRelative(large.pvalue, 0.648687667896711);
  });

  it('length two: r = ±1 and p = 1', () => {
    expect(pearson([1, 2], [3, 5])).toEqual({ statistic: 1, pvalue: 1 });
    expect(pearson([2, 1], [3, 5])).toEqual({ statistic: -1, pvalue: 1 });
  });

  it('exact linear relation: |r| = 1, p = 0', () => {
    const res = pearson([1, 2, 3], [5, -4, -13]);
    expectClose(res.statistic, -1, 1e-15);
    expect(res.pvalue).toBeLessThan(1e-7);
    expect(pearson([0, 1, 2, 3, 4], [0, 2, 4, 6, 8]).pvalue).toBeLessThan(1e-7);
  });

  it('constant input, n < 2, unequal lengths and NaN give NaN with a reason', () => {
    const constant = pearsonDetailed([0.667, 0.667, 0.667], [0.123, 0.456, 0.789]);
    expect(constant.value.statistic).toBeNaN();
    expect(constant.value.pvalue).toBeNaN();
    expect(constant.undefinedCode).toBe('constant-input');
    expect(pearsonDetailed([1], [2]).undefinedCode).toBe('too-few-observations');
    expect(pearsonDetailed([], []).undefinedCode).toBe('no-data');
    expect(pearsonDetailed([1, 2, 3], [4, 5]).undefinedCode).toBe('length-mismatch');
    expect(pearsonDetailed([1, Number.NaN, 3], [4, 5, 6]).undefinedCode).toBe('non-finite-input');
  });
});

describe('spearman (scipy.stats.spearmanr)', () => {
  it('vs R cor.test: [1..5] vs [5,6,7,8,7]: rho = 0.82078268166812329, p = 0.088587005313543798', () => {
    const res = spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expectClose(res.statistic, 0.8207826816681233, 1e-12);
    expectRelative(res.pvalue, 0.088587005313543798);
  });

  it('test_3cols: 0..5 vs [0,1,2,3,5,4]: rho = 0.94285714 (= 33/35), p = 0.00480466472', () => {
    const res = spearman([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 5, 4]);
    expectClose(res.statistic, 33 / 35, 1e-12);
    // scipy gives the p-value to 9 significant digits here.
    expect(Math.abs(res.pvalue - 0.00480466472)).toBeLessThan(5e-12);
    expectClose(spearman([0, 1, 2, 3, 4, 5], [0, -1, -2, -3, -4, -5]).statistic, -1, 1e-15);
  });

  it('ties get average ranks (test_tie1): equals Pearson on the ranks; rho = 0.9486832980505138', () => {
    expect(averageRanks([1, 2, 2, 3])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 3, 3, 2])).toEqual([4, 1, 4, 4, 2]);
    const x = [1, 2, 3, 4];
    const y = [1, 2, 2, 3];
    const sr = spearman(x, y);
    const pr = pearson([1, 2, 3, 4], [1, 2.5, 2.5, 4]);
    expectClose(sr.statistic, pr.statistic, 1e-14);
    expectRelative(sr.pvalue, pr.pvalue, 1e-9);
    // rho = 3/√10 by hand: ranks centred (−1.5, −.5, .5, 1.5) and (−1.5, 0, 0, 1.5).
    expectClose(sr.statistic, 3 / Math.sqrt(10), 1e-14);
    expectClose(spearman([1, 1, 2], [1, 1, 2]).statistic, 1, 1e-14);
  });

  it('p-value from the t distribution with n − 2 df, computed independently for a tied sample', () => {
    // n = 4, rho = 3/√10, df = 2: the t(2) survival function is closed form,
    // P(|T| > t) = 1 − t/√(t² + 2), t = rho·√(2/(1 − rho²)).
    const rho = 3 / Math.sqrt(10);
    const t = rho * Math.sqrt(2 / (1 - rho * rho));
    const expected = 1 - t / Math.sqrt(t * t + 2);
    expectRelative(spearman([1, 2, 3, 4], [1, 2, 2, 3]).pvalue, expected, 1e-9);
  });

  it('constant input (test_tie0) and n ≤ 1 give NaN; n = 2 gives rho but NaN p (no df)', () => {
    for (const [x, y] of [[[2, 2, 2], [2, 2, 2]], [[2, 0, 2], [2, 2, 2]], [[2, 2, 2], [2, 0, 2]]]) {
      const res = spearmanDetailed(x, y);
      expect(res.value.statistic).toBeNaN();
      expect(res.value.pvalue).toBeNaN();
      expect(res.undefinedCode).toBe('constant-input');
    }
    expect(spearmanDetailed([], []).undefinedCode).toBe('no-data');
    expect(spearmanDetailed([4], [2]).undefinedCode).toBe('too-few-observations');
    const two = spearmanDetailed([1, 2], [3, 1]);
    expectClose(two.value.statistic, -1, 1e-15);
    expect(two.value.pvalue).toBeNaN();
    expect(two.undefinedCode).toBe('no-degrees-of-freedom');
  });
});

describe('special functions', () => {
  it('normal quantile to double precision (SciPy norm.ppf / Python statistics.NormalDist, AS241)', () => {
    expectClose(normalQuantile(0.975), 1.959963984540054, 1e-13);
    expectClose(normalQuantile(0.025), -1.959963984540054, 1e-13);
    expectClose(normalQuantile(0.95), 1.6448536269514722, 1e-13);
    expectClose(normalQuantile(0.995), 2.5758293035489004, 1e-13);
    expectClose(normalQuantile(0.9), 1.2815515655446004, 1e-13);
    expectClose(normalQuantile(1e-10), -6.361340902404056, 1e-12);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
    for (const p of [1e-300, 1e-20, 0.001, 0.2, 0.4999, 0.7, 0.999999]) {
      expectRelative(normalCdf(normalQuantile(p)), p, 1e-13);
    }
  });

  it('normal CDF known values', () => {
    expectClose(normalCdf(0), 0.5, 1e-16);
    expectClose(normalCdf(1.959963984540054), 0.975, 1e-15);
    // Φ(−10) = 7.619853024160527e-24 (R pnorm(-10)).
    expectRelative(normalCdf(-10), 7.619853024160527e-24, 1e-12);
  });

  it('regularized incomplete beta: closed forms', () => {
    // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 − (1 − x)^b; I_{1/2}(a, a) = 1/2.
    expectClose(regularizedBeta(0.3, 1, 1), 0.3, 1e-15);
    expectRelative(regularizedBeta(0.3, 2.5, 1), 0.3 ** 2.5, 1e-13);
    expectRelative(regularizedBeta(0.3, 1, 4), 1 - 0.7 ** 4, 1e-13);
    expectClose(regularizedBeta(0.5, 7.5, 7.5), 0.5, 1e-14);
    // t with 1 df is Cauchy: P(|T| > t) = 1 − 2·atan(t)/π.
    expectRelative(studentTTwoSided(3, 1), 1 - (2 * Math.atan(3)) / Math.PI, 1e-12);
    // Large df approaches the normal: P(|Z| > 1.96) with df = 1e6.
    expectRelative(studentTTwoSided(1.959963984540054, 1e6), 0.05, 1e-4);
  });
});
