import { describe, it, expect } from 'vitest';
import {
  bootstrapCI,
  bootstrapCIDetailed,
  meanBias,
  meanBiasDetailed,
  mulberry32,
  percentile,
  ppiMean,
  ppiMeanDetailed,
  wilson,
  wilsonDetailed,
  Z_95,
} from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';


describe('meanBias', () => {
  it('mean, sample SD (ddof 1), standard error and normal 95% interval (worked by hand)', () => {
    // d = judge − human = [1, 0, 1, 2]: mean 1, Σ(d − 1)² = 2, sd = √(2/3), se = sd/2.
    const res = meanBias([1, 2, 3, 4], [2, 2, 4, 6]);
    const sd = Math.sqrt(2 / 3);
    expect(res.n).toBe(4);
    expectClose(res.meanBias, 1, 1e-15);
    expectClose(res.sd, sd, 1e-15);
    expectClose(res.stdError, sd / 2, 1e-15);
    expectClose(res.ci95[0], 1 - 1.959963984540054 * (sd / 2), 1e-15);
    expectClose(res.ci95[1], 1 + 1.959963984540054 * (sd / 2), 1e-15);
    expect(Z_95).toBe(1.959963984540054);
  });

  it('a judge that scores lower has a negative bias; no spread gives a zero-width interval', () => {
    const res = meanBias([3, 3, 3], [2, 2, 2]);
    expect(res.meanBias).toBe(-1);
    expect(res.sd).toBe(0);
    expect(res.ci95).toEqual([-1, -1]);
  });

  it('n = 1 defines only the mean; n = 0 or unequal lengths define nothing', () => {
    const one = meanBiasDetailed([1], [3]);
    expect(one.value.meanBias).toBe(2);
    expect(one.value.sd).toBeNaN();
    expect(one.value.ci95[0]).toBeNaN();
    expect(one.undefinedCode).toBe('too-few-observations');
    const none = meanBiasDetailed([], []);
    expect(none.value.meanBias).toBeNaN();
    expect(none.undefinedCode).toBe('no-data');
    expect(meanBiasDetailed([1, 2], [1]).undefinedCode).toBe('length-mismatch');
  });
});

describe('ppiMean (ppi_py classic PPI, lam = 1)', () => {
  // No published ppi_py number for a small fixed sample exists, so the expected values are
  // computed here from ppi_py's formulas written out plainly (exact fractions by hand):
  // Y − Ŷ = [0,0,0,1,0,0,−1,0], mean 0, population variance 2/8 = 1/4;
  // Ŷ_unlabeled: 8 ones of 12, mean 2/3, population variance (2/3)(1/3) = 2/9.
  // estimate = 2/3; variance = (2/9)/12 + (1/4)/8 = 43/864.
  const Y = [1, 0, 1, 1, 0, 1, 0, 1];
  const Yhat = [1, 0, 1, 0, 0, 1, 1, 1];
  const YhatUnlabeled = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1];

  it('point estimate, standard error and 95% z interval', () => {
    const res = ppiMean(Y, Yhat, YhatUnlabeled, { lambda: 1 });
    const se = Math.sqrt(43 / 864);
    expectClose(res.estimate, 2 / 3, 1e-15);
    expectClose(res.stdError, se, 1e-15);
    expectClose(res.ciLower, 2 / 3 - 1.959963984540054 * se, 1e-12);
    expectClose(res.ciUpper, 2 / 3 + 1.959963984540054 * se, 1e-12);
  });

  it('alpha sets the z quantile (alpha = 0.1: z = 1.6448536269514722, ppi_py default)', () => {
    const res = ppiMean(Y, Yhat, YhatUnlabeled, { alpha: 0.1, lambda: 1 });
    const se = Math.sqrt(43 / 864);
    expectClose(res.ciLower, 2 / 3 - 1.6448536269514722 * se, 1e-12);
    expectClose(res.ciUpper, 2 / 3 + 1.6448536269514722 * se, 1e-12);
  });

  it('a perfect predictor reduces to the mean of the predictions on unlabelled data', () => {
    const y = [0.2, 0.9, 0.4];
    const unlabeled = [0.1, 0.5, 0.9, 0.3];
    const res = ppiMean(y, y, unlabeled, { lambda: 1 });
    const m = (0.1 + 0.5 + 0.9 + 0.3) / 4;
    const v = unlabeled.reduce((s, x) => s + (x - m) ** 2, 0) / 4;
    expectClose(res.estimate, m, 1e-15);
    expectClose(res.stdError, Math.sqrt(v / 4), 1e-15);
  });

  it('NaN with a reason for empty or mismatched input and a bad alpha', () => {
    expect(ppiMeanDetailed([], [], [1]).undefinedCode).toBe('no-data');
    expect(ppiMeanDetailed([1], [1], []).undefinedCode).toBe('no-data');
    expect(ppiMeanDetailed([1, 0], [1], [1]).undefinedCode).toBe('length-mismatch');
    const bad = ppiMeanDetailed(Y, Yhat, YhatUnlabeled, { alpha: 0 });
    expect(bad.value.estimate).toBeNaN();
    expect(bad.undefinedCode).toBe('invalid-argument');
  });
});

describe('wilson (statsmodels proportion_confint method="wilson")', () => {
  // statsmodels/stats/tests/results/results_proportion.py, from R binom.confint(method = "wilson").
  it('matches R binom.confint to 1e-9 where R printed full precision', () => {
    const cases: [number, number, number, number][] = [
      [18, 20, 0.6989663547715128, 0.972133518786232],
      [4, 20, 0.0806576625797981, 0.4160174322518935],
      [4, 200, 0.00780442641634947, 0.05028708690582643],
      [190, 200, 0.910421851861224, 0.972617354399236],
    ];
    for (const [x, n, lo, hi] of cases) {
      const [lower, upper] = wilson(x, n);
      expectClose(lower, lo);
      expectClose(upper, hi);
    }
  });

  it('matches the shorter-printed R values, including 0 and n successes', () => {
    const cases: [number, number, number, number][] = [
      [1, 30, 5.90859e-3, 0.16670391],
      [29, 30, 0.8332961, 0.9940914],
      [0, 30, 0, 0.11351339],
      [30, 30, 0.8864866, 1],
    ];
    for (const [x, n, lo, hi] of cases) {
      const [lower, upper] = wilson(x, n);
      expectClose(lower, lo, 5e-8);
      expectClose(upper, hi, 5e-8);
    }
    expect(wilson(0, 30)[0]).toBe(0);
    expect(wilson(30, 30)[1]).toBe(1);
  });

  it('n = 0 gives [NaN, NaN] with a reason; so do impossible counts', () => {
    const empty = wilsonDetailed(0, 0);
    expect(empty.value[0]).toBeNaN();
    expect(empty.value[1]).toBeNaN();
    expect(empty.undefinedCode).toBe('no-data');
    expect(wilsonDetailed(5, 3).undefinedCode).toBe('invalid-argument');
    expect(wilsonDetailed(-1, 3).undefinedCode).toBe('invalid-argument');
  });

  it('alpha = 0.1 uses z = 1.6448536269514722 (formula written out here)', () => {
    const z = 1.6448536269514722;
    const x = 7;
    const n = 25;
    const p = x / n;
    const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
    const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
    const [lower, upper] = wilson(x, n, { alpha: 0.1 });
    expectClose(lower, centre - half, 1e-12);
    expectClose(upper, centre + half, 1e-12);
  });
});

describe('percentile (NumPy default linear interpolation)', () => {
  it('matches the NumPy documentation examples', () => {
    // np.percentile([[10, 7, 4], [3, 2, 1]], 50) == 3.5
    expect(percentile([10, 7, 4, 3, 2, 1], 50)).toBe(3.5);
    // np.percentile(a, 50, axis=0) == [6.5, 4.5, 2.5]
    expect(percentile([10, 3], 50)).toBe(6.5);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('bootstrapCI (percentile bootstrap, mulberry32)', () => {
  const data = Array.from({ length: 50 }, (_, i) => ((i * 37) % 50) / 10);
  const mean = (idx: number[]) => idx.reduce((s, i) => s + data[i], 0) / idx.length;

  it('is deterministic for a seed and changes with the seed', () => {
    const a = bootstrapCI(mean, data.length, { resamples: 500, seed: 42 });
    const b = bootstrapCI(mean, data.length, { resamples: 500, seed: 42 });
    const c = bootstrapCI(mean, data.length, { resamples: 500, seed: 43 });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('equals the percentile interval of the resampled statistics, drawn here independently', () => {
    // Re-implement the documented procedure: for each resample draw n uniform indices from the
    // seeded mulberry32 stream (rejection sampling on uint32), keep non-NaN statistics, take the
    // 2.5th and 97.5th percentiles with linear interpolation.
    const n = data.length;
    const next = mulberry32(7);
    const values: number[] = [];
    for (let b = 0; b < 300; b++) {
      const idx: number[] = [];
      while (idx.length < n) {
        const u = next();
        if (u < 2 ** 32 - (2 ** 32 % n)) idx.push(u % n);
      }
      values.push(mean(idx));
    }
    values.sort((x, y) => x - y);
    const at = (q: number) => {
      const h = (values.length - 1) * q;
      const lo = Math.floor(h);
      return values[lo] + (h - lo) * (values[Math.min(lo + 1, values.length - 1)] - values[lo]);
    };
    const [lower, upper] = bootstrapCI(mean, n, { resamples: 300, seed: 7 });
    expectClose(lower, at(0.025), 1e-12);
    expectClose(upper, at(0.975), 1e-12);
  });

  it('is close to the normal-theory interval for the mean of a large sample', () => {
    const m = data.reduce((s, v) => s + v, 0) / data.length;
    const sd = Math.sqrt(data.reduce((s, v) => s + (v - m) ** 2, 0) / data.length);
    const [lower, upper] = bootstrapCI(mean, data.length, { resamples: 4000, seed: 1 });
    const half = (1.96 * sd) / Math.sqrt(data.length);
    expect(Math.abs(lower - (m - half))).toBeLessThan(0.1);
    expect(Math.abs(upper - (m + half))).toBeLessThan(0.1);
  });

  it('skips resamples whose statistic is NaN', () => {
    // Undefined whenever index 0 is drawn; the interval is built from the rest.
    const picky = (idx: number[]) => (idx.includes(0) ? Number.NaN : mean(idx));
    const [lower, upper] = bootstrapCI(picky, 3, { resamples: 200, seed: 3 });
    expect(Number.isFinite(lower) && Number.isFinite(upper)).toBe(true);
    const always = bootstrapCIDetailed(() => Number.NaN, 3, { resamples: 20, seed: 3 });
    expect(always.value[0]).toBeNaN();
    expect(always.undefinedCode).toBe('no-valid-resamples');
  });

  it('degenerate and invalid inputs', () => {
    expect(bootstrapCI(() => 0.5, 10, { resamples: 50, seed: 9 })).toEqual([0.5, 0.5]);
    expect(bootstrapCI((idx) => data[idx[0]], 1, { resamples: 50, seed: 9 })).toEqual([data[0], data[0]]);
    expect(bootstrapCIDetailed(mean, 0, { resamples: 50, seed: 9 }).undefinedCode).toBe('no-data');
    expect(bootstrapCIDetailed(mean, 5, { resamples: 0, seed: 9 }).undefinedCode).toBe('invalid-argument');
    expect(bootstrapCIDetailed(mean, 5, { resamples: 10, seed: 9, alpha: 1 }).undefinedCode).toBe('invalid-argument');
    // alpha = 0.5 gives the interquartile range of the bootstrap distribution.
    const [q1, q3] = bootstrapCI(mean, data.length, { resamples: 200, seed: 5, alpha: 0.5 });
    const [l95, u95] = bootstrapCI(mean, data.length, { resamples: 200, seed: 5 });
    expect(l95 <= q1 && q1 <= q3 && q3 <= u95).toBe(true);
  });
});
