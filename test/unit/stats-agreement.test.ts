import { describe, it, expect } from 'vitest';
import {
  aggregateRaters,
  cohenKappa,
  cohenKappaDetailed,
  explainUndefined,
  fleissKappa,
  fleissKappaDetailed,
  gwetAC1,
  gwetAC1Detailed,
  krippendorffAlpha,
  krippendorffAlphaDetailed,
  percentAgreement,
  percentAgreementDetailed,
  type Label,
} from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';


function repeat<T>(value: T, times: number): T[] {
  return new Array<T>(times).fill(value);
}

/** The Python packages take coders × units; our API takes items (units) × raters. */
function transpose<T>(codersByUnits: readonly (readonly T[])[]): T[][] {
  return codersByUnits[0].map((_, unit) => codersByUnits.map((coder) => coder[unit]));
}

const N = null;

describe('percentAgreement', () => {
  it('is the share of identical labels', () => {
    expect(percentAgreement(['a', 'b', 'a', 'c'], ['a', 'b', 'b', 'c'])).toBe(0.75);
    expect(percentAgreement([1, 2], [1, 2])).toBe(1);
    // The number 1 and the string "1" are different labels.
    expect(percentAgreement([1], ['1'])).toBe(0);
  });

  it('is NaN with a reason for empty or unpaired input', () => {
    expect(percentAgreement([], [])).toBeNaN();
    const detailed = percentAgreementDetailed(['a'], ['a', 'b']);
    expect(detailed.value).toBeNaN();
    expect(detailed.undefinedCode).toBe('length-mismatch');
    expect(detailed.undefinedReason).toBe(explainUndefined('length-mismatch'));
  });
});

/**
 * Independent textbook weighted kappa (Cohen 1968), written with agreement proportions rather
 * than sklearn's confusion-matrix algebra: κ_w = 1 − Σ w_ij p_ij / Σ w_ij p_i· p_·j with
 * w_ij the disagreement weight of label positions i, j.
 */
function textbookKappa(a: readonly Label[], b: readonly Label[], labels: readonly Label[], weights?: 'linear' | 'quadratic'): number {
  const position = (label: Label) => labels.findIndex((l) => l === label);
  const pairs = a.map((x, i) => [position(x), position(b[i])] as const).filter(([i, j]) => i >= 0 && j >= 0);
  const q = labels.length;
  const w = (i: number, j: number) => (weights === 'linear' ? Math.abs(i - j) : weights === 'quadratic' ? (i - j) ** 2 : i === j ? 0 : 1);
  const pRow = new Array<number>(q).fill(0);
  const pCol = new Array<number>(q).fill(0);
  let observed = 0;
  for (const [i, j] of pairs) {
    pRow[i] += 1 / pairs.length;
    pCol[j] += 1 / pairs.length;
    observed += w(i, j) / pairs.length;
  }
  let expected = 0;
  for (let i = 0; i < q; i++) for (let j = 0; j < q; j++) expected += w(i, j) * pRow[i] * pCol[j];
  return 1 - observed / expected;
}

describe('cohenKappa (scikit-learn cohen_kappa_score)', () => {
  // sklearn/metrics/tests/test_classification.py::test_cohen_kappa. Their expected values are
  // rounded (assert_almost_equal); the exact fractions were derived by hand/exact rational
  // arithmetic from the contingency tables of Artstein & Poesio (2008).
  it('Artstein & Poesio Table 1: 0.348 (= 8/23)', () => {
    const y1 = [...repeat(0, 40), ...repeat(1, 60)];
    const y2 = [...repeat(0, 20), ...repeat(1, 20), ...repeat(0, 10), ...repeat(1, 50)];
    const kappa = cohenKappa(y1, y2);
    expect(Math.abs(kappa - 0.348)).toBeLessThan(0.0005);
    expectClose(kappa, 8 / 23);
    expect(cohenKappa(y2, y1)).toBe(kappa);
    // "Add spurious labels and ignore them."
    const y1b = [...y1, ...repeat(2, 4)];
    const y2b = [...y2, ...repeat(2, 4)];
    expect(cohenKappa(y1b, y2b, { labels: [0, 1] })).toBe(kappa);
    expectClose(cohenKappa(y1b, y1b), 1);
  });

  it('Artstein & Poesio Table 4 (multiclass): 0.8013 (= 121/151)', () => {
    const y1 = [...repeat(0, 46), ...repeat(1, 44), ...repeat(2, 10)];
    const y2 = [...repeat(0, 52), ...repeat(1, 32), ...repeat(2, 16)];
    const kappa = cohenKappa(y1, y2);
    expect(Math.abs(kappa - 0.8013)).toBeLessThan(0.00005);
    expectClose(kappa, 121 / 151);
  });

  it('weighting example: none 0.9315, linear 0.9412, quadratic 0.9541', () => {
    const y1 = [...repeat(0, 46), ...repeat(1, 44), ...repeat(2, 10)];
    const y2 = [...repeat(0, 50), ...repeat(1, 40), ...repeat(2, 10)];
    expectClose(cohenKappa(y1, y2), 68 / 73);
    expectClose(cohenKappa(y1, y2, { weights: 'linear' }), 16 / 17);
    expectClose(cohenKappa(y1, y2, { weights: 'quadratic' }), 104 / 109);
    expect(Math.abs(cohenKappa(y1, y2) - 0.9315)).toBeLessThan(0.00005);
    expect(Math.abs(cohenKappa(y1, y2, { weights: 'linear' }) - 0.9412)).toBeLessThan(0.00005);
    expect(Math.abs(cohenKappa(y1, y2, { weights: 'quadratic' }) - 0.9541)).toBeLessThan(0.00005);
  });

  it('SAS example from statsmodels test_inter_rater (table10): 0.4842 and linear-weighted 0.4701', () => {
    const table = [
      [0, 4, 1],
      [0, 8, 0],
      [0, 1, 5],
    ];
    const a: number[] = [];
    const b: number[] = [];
    table.forEach((row, i) => row.forEach((count, j) => {
      a.push(...repeat(i, count));
      b.push(...repeat(j, count));
    }));
    expect(Math.abs(cohenKappa(a, b) - 0.4842)).toBeLessThan(0.00005);
    expect(Math.abs(cohenKappa(a, b, { weights: 'linear' }) - 0.4701)).toBeLessThan(0.00005);
    expectClose(cohenKappa(a, b), 107 / 221);
    expectClose(cohenKappa(a, b, { weights: 'linear' }), 118 / 251);
  });

  it('R irr kappa2 on the anxiety data (statsmodels test_cohens_kappa_irr): weights follow label positions', () => {
    // anxiety[, 2:3]; the values are 1,2,3,4,6 (no 5), so position 4 holds the value 6 — as in
    // irr, which "drops the missing category level". Unweighted −0.006289308, "equal" (linear)
    // 0.1459075, "squared" 0.2520325 (R values, 7 significant digits).
    const rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
    const rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
    expect(Math.abs(cohenKappa(rater2, rater3) - -0.006289308)).toBeLessThan(5e-10);
    expect(Math.abs(cohenKappa(rater2, rater3, { weights: 'linear' }) - 0.1459075)).toBeLessThan(5e-8);
    expect(Math.abs(cohenKappa(rater2, rater3, { weights: 'quadratic' }) - 0.2520325)).toBeLessThan(5e-8);
    expectClose(cohenKappa(rater2, rater3), -1 / 159);
    expectClose(cohenKappa(rater2, rater3, { weights: 'linear' }), 41 / 281);
    expectClose(cohenKappa(rater2, rater3, { weights: 'quadratic' }), 31 / 123);
  });

  it('sorts default labels numerically for numbers and by code point for strings', () => {
    // Numeric sort puts 9 before 10 (a string sort would not); this matters for weights.
    const a = [10, 9, 2, 10, 9, 2, 10];
    const b = [10, 10, 2, 9, 9, 9, 2];
    expectClose(cohenKappa(a, b, { weights: 'linear' }), textbookKappa(a, b, [2, 9, 10], 'linear'));
    expect(Math.abs(cohenKappa(a, b, { weights: 'linear' }) - textbookKappa(a, b, [10, 2, 9], 'linear'))).toBeGreaterThan(1e-3);
    const s = ['b', 'c', 'a', 'b', 'c', 'a', 'Z'];
    const t = ['b', 'a', 'a', 'c', 'c', 'b', 'Z'];
    // Code-point order: 'Z' (90) < 'a' (97).
    expectClose(cohenKappa(s, t, { weights: 'quadratic' }), textbookKappa(s, t, ['Z', 'a', 'b', 'c'], 'quadratic'));
  });

  it('explicit labels fix the ordinal order, and unused labels shift the weights', () => {
    const a = ['low', 'mid', 'high', 'mid', 'low', 'high', 'mid'];
    const b = ['low', 'high', 'high', 'mid', 'mid', 'mid', 'mid'];
    const order = ['low', 'mid', 'high'];
    expectClose(cohenKappa(a, b, { weights: 'linear', labels: order }), textbookKappa(a, b, order, 'linear'));
    // An unused label changes nothing unweighted...
    expectClose(cohenKappa(a, b, { labels: ['low', 'mid', 'very high', 'high'] }), cohenKappa(a, b, { labels: order }));
    // ...but it is a position, so weighted kappa sees a wider gap between mid and high.
    const wide = ['low', 'mid', 'very high', 'high'];
    expectClose(cohenKappa(a, b, { weights: 'linear', labels: wide }), textbookKappa(a, b, wide, 'linear'));
  });

  it('all agree with two categories gives 1; one category is NaN with a reason', () => {
    expect(cohenKappa(['pass', 'fail', 'pass'], ['pass', 'fail', 'pass'])).toBe(1);
    const detailed = cohenKappaDetailed(repeat('pass', 5), repeat('pass', 5));
    expect(detailed.value).toBeNaN();
    expect(detailed.undefinedCode).toBe('single-category');
    expect(detailed.undefinedReason).toMatch(/single category/);
    // Even an unused second label does not rescue it (chance agreement is still total).
    expect(cohenKappa(repeat('pass', 5), repeat('pass', 5), { labels: ['pass', 'fail'] })).toBeNaN();
  });

  it('is NaN with a reason for empty, unpaired, or label-less input', () => {
    expect(cohenKappaDetailed([], []).undefinedCode).toBe('no-data');
    expect(cohenKappaDetailed([1, 2], [1]).undefinedCode).toBe('length-mismatch');
    // sklearn raises "At least one label specified must be in y_true".
    const absent = cohenKappaDetailed([1, 2], [1, 2], { labels: [7, 8] });
    expect(absent.value).toBeNaN();
    expect(absent.undefinedCode).toBe('labels-not-present');
  });

  it('perfect disagreement on two balanced categories is −1', () => {
    expectClose(cohenKappa(['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']), -1);
  });
});

describe("gwetAC1 (irrCAC gwet.ac1.raw)", () => {
  // Datasets from irrCAC (R package data, also in the Python port irrCAC/datasets.py);
  // expected values from irrCAC's documentation / test_gwet.py (rounded to 5 resp. 3 digits).
  // The exact fractions were computed independently with exact rational arithmetic from
  // Gwet's (2014) formulas (pa over items with ≥ 2 ratings, π_k over all rated items).
  const raw4raters: (number | null)[][] = [
    [1, 1, N, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2], [1, 2, 3, 4],
    [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [N, 5, 5, 5], [N, N, 1, 1], [N, N, 3, N],
  ];

  it('cac.raw4raters: AC1 = 0.77544 (pa 0.81818, pe 0.19032) = 31825/41041', () => {
    const ac1 = gwetAC1(raw4raters);
    expect(Math.abs(ac1 - 0.77544)).toBeLessThan(0.000005);
    expectClose(ac1, 31825 / 41041);
    // pa = 9/11, pe = 0.19032118...: check the published pa/pe through AC1 = (pa − pe)/(1 − pe).
    const pa = 9 / 11;
    const pe = (pa - ac1) / (1 - ac1);
    expect(Math.abs(pe - 0.19032)).toBeLessThan(0.000005);
  });

  it('cac.raw5obser: 0.497 (= 460831/927931)', () => {
    const observers = transpose<number | null>([
      [1, 1, 2, N, 0, 0, 1, 1, 2, 2, N, 0, 1, 3, 1],
      [1, 1, 3, 0, 0, 0, 0, N, 2, 1, 1, 0, 2, 3, 1],
      [2, 0, 3, 0, 0, 0, 2, 2, 2, 1, 0, 0, 2, 2, 1],
      [N, 1, 3, N, N, N, N, 0, N, 1, 0, 0, 2, 2, N],
      [2, N, N, 0, 0, 0, 1, N, 2, N, N, N, N, 3, 1],
    ]);
    const ac1 = gwetAC1(observers);
    expect(Math.abs(ac1 - 0.497)).toBeLessThan(0.0005);
    expectClose(ac1, 460831 / 927931);
  });

  it('cac.raw.g1g2 (letters): 0.685 (= 136141/198861)', () => {
    const g1g2 = transpose<string | null>([
      ['a', 'b', 'c', 'c', 'b', 'a', 'd', 'a', 'b', N, N, N, 'b', 'b'],
      ['a', 'b', 'c', 'c', 'b', 'b', 'd', 'a', 'b', 'e', N, N, 'b', 'a'],
      [N, 'c', 'c', 'c', 'b', 'c', 'd', 'b', 'b', 'e', 'a', 'c', 'c', 'c'],
      ['a', 'b', 'c', 'c', 'b', 'd', 'd', 'a', 'b', 'e', 'a', N, 'b', 'b'],
    ]);
    const ac1 = gwetAC1(g1g2);
    expect(Math.abs(ac1 - 0.685)).toBeLessThan(0.0005);
    expectClose(ac1, 136141 / 198861);
  });

  it('cac.raw.gender: 0.208 (= 103/495) and cac.ben.gerry: 0.661 (= 211/319)', () => {
    const gender = transpose(
      ['a a a a a b b b c a a a a a b', 'a a a a b a b c c a a a a b a', 'a b b c a a b b c a b b c a a', 'c c c c a a b b c c c c c a a'].map(
        (s) => s.split(' '),
      ),
    );
    expect(Math.abs(gwetAC1(gender) - 0.208)).toBeLessThan(0.0005);
    expectClose(gwetAC1(gender), 103 / 495);
    const benGerry = transpose<string | null>([
      ['a', 'a', 'b', 'b', 'd', 'c', 'c', 'c', 'e', 'd', 'd', 'a'],
      ['b', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'e', N, 'd', 'd'],
    ]);
    expect(Math.abs(gwetAC1(benGerry) - 0.661)).toBeLessThan(0.0005);
    expectClose(gwetAC1(benGerry), 211 / 319);
  });

  it('missing ratings: a singly-rated item counts in π_k but not in pa (worked by hand)', () => {
    // Items: [a,a], [a,b], [b,null].  pa = (1 + 0)/2 = 1/2.
    // π_a = (1 + 1/2 + 0)/3 = 1/2, π_b = 1/2; pe = (1/4 + 1/4)/(2 − 1) = 1/2 → AC1 = 0.
    expectClose(gwetAC1([['a', 'a'], ['a', 'b'], ['b', null]]), 0);
    // Dropping the singly-rated item changes π: π_a = 3/4, π_b = 1/4, pe = 3/8, AC1 = (1/2 − 3/8)/(5/8) = 1/5.
    expectClose(gwetAC1([['a', 'a'], ['a', 'b']]), 1 / 5);
    // Items nobody rated are ignored.
    expectClose(gwetAC1([['a', 'a'], [null, null], ['a', 'b'], ['b', null]]), 0);
  });

  it('unused categories enter through q (irrCAC categ.labels)', () => {
    // raw4raters with categories 1..6 (6 unused): exact 42193/53713.
    expectClose(gwetAC1(raw4raters, { categories: [1, 2, 3, 4, 5, 6] }), 42193 / 53713);
    // Ratings outside the given categories are ignored as if missing.
    expectClose(gwetAC1([['a', 'a', 'x'], ['a', 'b', 'x'], ['b', null, 'x']], { categories: ['a', 'b'] }), 0);
  });

  it('all agree: 1; a single category: irrCAC returns 1 (pe := 1e-15), not NaN', () => {
    expect(gwetAC1([['a', 'a'], ['b', 'b'], ['a', 'a']])).toBe(1);
    const single = gwetAC1Detailed([['pass', 'pass'], ['pass', 'pass', 'pass']]);
    expect(single.value).toBe(1);
    expect(single.undefinedCode).toBeNull();
  });

  it('is NaN with a reason when no item has two ratings, or there are no ratings', () => {
    const unpaired = gwetAC1Detailed([['a', null], [null, 'b']]);
    expect(unpaired.value).toBeNaN();
    expect(unpaired.undefinedCode).toBe('no-pairable-items');
    expect(gwetAC1Detailed([]).undefinedCode).toBe('no-data');
    expect(gwetAC1Detailed([[null, null]]).undefinedCode).toBe('no-data');
  });
});

/**
 * Independent textbook Krippendorff alpha (Krippendorff 2011, "Computing Krippendorff's
 * alpha-reliability"), by explicit pairs of values instead of a coincidence matrix:
 * alpha = 1 − (n − 1) Σ_u Σ_{i≠j∈u} δ²/(m_u − 1) / Σ_{i≠j over all pairable values} δ².
 */
function textbookAlpha(rows: readonly (readonly (number | null)[])[], level: 'nominal' | 'ordinal' | 'interval' | 'ratio'): number {
  const units = rows.map((row) => row.filter((v): v is number => v !== null)).filter((u) => u.length >= 2);
  const values = units.flat();
  const n = values.length;
  const frequency = new Map<number, number>();
  for (const v of values) frequency.set(v, (frequency.get(v) ?? 0) + 1);
  const delta = (a: number, b: number): number => {
    if (level === 'nominal') return a === b ? 0 : 1;
    if (level === 'interval') return (a - b) ** 2;
    if (level === 'ratio') return a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
    if (a === b) return 0;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    let between = 0;
    for (const [v, f] of frequency) if (v >= lo && v <= hi) between += f;
    return (between - (frequency.get(a)! + frequency.get(b)!) / 2) ** 2;
  };
  let within = 0;
  for (const u of units) {
    for (let i = 0; i < u.length; i++) for (let j = 0; j < u.length; j++) if (i !== j) within += delta(u[i], u[j]) / (u.length - 1);
  }
  let overall = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) overall += delta(values[i], values[j]);
  return 1 - ((n - 1) * within) / overall;
}

describe('krippendorffAlpha (krippendorff package)', () => {
  // Krippendorff (2011) example, 4 coders × 12 units with missing values; reproduced in the
  // package docstring and tests/test_krippendorff.py (ordinal 0.815, ratio 0.797) and in the
  // literature (nominal 0.743, interval 0.849). Exact values by exact rational arithmetic.
  const fourCoders = transpose<number | null>([
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
  ]);
  // Package docstring / tests: 3 coders × 15 units, nominal 0.691358, interval 0.810845.
  const threeCoders = transpose<number | null>([
    [N, N, N, N, N, 3, 4, 1, 2, 1, 1, 3, 3, N, 3],
    [1, N, 2, 1, 3, 3, 4, 3, N, N, N, N, N, N, N],
    [N, N, 2, 1, 3, 4, 4, N, 2, 1, 1, 3, 3, N, 4],
  ]);

  it('4 coders × 12 units: nominal 0.743, ordinal 0.815, interval 0.849, ratio 0.797', () => {
    const published = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 } as const;
    const exact = { nominal: 113 / 152, ordinal: 108577 / 133160, interval: 951 / 1120, ratio: 18222619 / 22852465 } as const;
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
      const alpha = krippendorffAlpha(fourCoders, level);
      expect(Math.abs(alpha - published[level]), level).toBeLessThan(0.0005);
      expectClose(alpha, exact[level]);
      expectClose(alpha, textbookAlpha(fourCoders, level), 1e-12);
    }
  });

  it('3 coders × 15 units: nominal 0.691358, interval 0.810845 (package doctest, 6 digits)', () => {
    expect(Math.abs(krippendorffAlpha(threeCoders, 'nominal') - 0.691358)).toBeLessThan(5e-7);
    expect(Math.abs(krippendorffAlpha(threeCoders, 'interval') - 0.810845)).toBeLessThan(5e-7);
    expectClose(krippendorffAlpha(threeCoders, 'nominal'), 56 / 81);
    expectClose(krippendorffAlpha(threeCoders, 'interval'), 643 / 793);
    // No published number for these two: exact fractions computed independently (see textbookAlpha).
    expectClose(krippendorffAlpha(threeCoders, 'ordinal'), 112173 / 139048);
    expectClose(krippendorffAlpha(threeCoders, 'ratio'), 90503 / 111878);
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
      expectClose(krippendorffAlpha(threeCoders, level), textbookAlpha(threeCoders, level), 1e-12);
    }
  });

  it('string labels: nominal 0.722222; ordinal with an ordered domain 0.815 (package tests)', () => {
    const strings = transpose<string | null>([
      ['pos', 'neg', 'neu', N],
      ['pos', 'neg', 'neu', 'pos'],
      ['pos', 'neg', 'pos', 'pos'],
    ]);
    expectClose(krippendorffAlpha(strings, 'nominal'), 13 / 18);
    const words = transpose<string | null>([
      ['very low', 'low', 'mid', 'mid', 'low', 'very low', 'high', 'very low', 'low', N, N, N],
      ['very low', 'low', 'mid', 'mid', 'low', 'low', 'high', 'very low', 'low', 'very high', N, 'mid'],
      [N, 'mid', 'mid', 'mid', 'low', 'mid', 'high', 'low', 'low', 'very high', 'very low', N],
      ['very low', 'low', 'mid', 'mid', 'low', 'high', 'high', 'very low', 'low', 'very high', 'very low', N],
    ]);
    const domain = ['very low', 'low', 'mid', 'high', 'very high'];
    expectClose(krippendorffAlpha(words, 'ordinal', { domain }), 108577 / 133160);
    expectClose(krippendorffAlpha(words, 'nominal'), 113 / 152);
    // Strings without an order cannot be ordinal/interval (the package raises).
    expect(krippendorffAlphaDetailed(words, 'ordinal').undefinedCode).toBe('non-numeric-labels');
    expect(krippendorffAlphaDetailed(words, 'interval').undefinedCode).toBe('non-numeric-labels');
  });

  it('dict-input docstring example (3 units): interval 0.883 (= 53/60)', () => {
    // {u1: 1, u2: 2, u3: 3}, {u1: 1, u2: 2, u3: 4}, {u2: 2, u3: 3}
    expectClose(krippendorffAlpha([[1, 1, N], [2, 2, 2], [3, 4, 3]], 'interval'), 53 / 60);
  });

  it('ratio metric with zeros; perfect agreement is 1', () => {
    expect(krippendorffAlpha(transpose([[0, 1, 2], [0, 1, 2]]), 'ratio')).toBe(1);
    const perfect = transpose([[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]);
    expect(krippendorffAlpha(perfect, 'nominal')).toBe(1);
    expect(krippendorffAlpha(perfect, 'interval')).toBe(1);
  });

  it('units with fewer than two ratings are dropped (their values do not enter n_c)', () => {
    const withSingles = [...fourCoders, [N, 5, N, N], [1, N, N, N]];
    expectClose(krippendorffAlpha(withSingles, 'ordinal'), 108577 / 133160);
    expectClose(krippendorffAlpha(withSingles, 'interval'), 951 / 1120);
  });

  it('is NaN with a reason in the cases where the package raises or divides by zero', () => {
    // "There has to be more than one value in the domain."
    const single = krippendorffAlphaDetailed(transpose([[1, 1], [1, 1]]), 'nominal');
    expect(single.value).toBeNaN();
    expect(single.undefinedCode).toBe('single-category');
    // "There has to be at least one unit with values assigned by at least two coders."
    const unpaired = krippendorffAlphaDetailed(transpose<number | null>([[1, N], [N, 2]]), 'nominal');
    expect(unpaired.value).toBeNaN();
    expect(unpaired.undefinedCode).toBe('no-pairable-items');
    // "The reliability data contains out-of-domain values."
    expect(krippendorffAlphaDetailed(transpose([[1, 2], [1, 3]]), 'nominal', { domain: [1, 2] }).undefinedCode).toBe('label-out-of-domain');
    // Only one value among pairable units (the other value is in a single-rated unit): 0/0.
    const flat = krippendorffAlphaDetailed([[1, 1], [1, 1], [2, N]], 'interval');
    expect(flat.value).toBeNaN();
    expect(flat.undefinedCode).toBe('no-expected-disagreement');
    expect(krippendorffAlphaDetailed([], 'nominal').undefinedCode).toBe('no-data');
  });
});

/** statsmodels fleiss_kappa(table, method='fleiss') written plainly on a count table. */
function fleissFromTable(table: readonly (readonly number[])[]): number {
  const m = table[0].reduce((s, v) => s + v, 0);
  const total = table.length * m;
  const p = table[0].map((_, j) => table.reduce((s, row) => s + row[j], 0) / total);
  const pBar = table.reduce((s, row) => s + (row.reduce((t, v) => t + v * v, 0) - m) / (m * (m - 1)), 0) / table.length;
  const pE = p.reduce((s, v) => s + v * v, 0);
  return (pBar - pE) / (1 - pE);
}

function rawFromTable(table: readonly (readonly number[])[]): number[][] {
  return table.map((row) => row.flatMap((count, category) => repeat(category, count)));
}

describe('fleissKappa (statsmodels fleiss_kappa, method="fleiss")', () => {
  // statsmodels/stats/tests/test_inter_rater.py: Fleiss (1971) diagnoses, 30 subjects × 6 raters;
  // R irr kappam.fleiss gives 0.4302445 (asserted to 7 decimals). Exact: 5437/12637.
  const diagnoses = [
    [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
    [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
    [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
    [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
    [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
    [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
  ];

  it('Fleiss 1971 diagnoses: 0.4302445', () => {
    const kappa = fleissKappa(diagnoses);
    expect(Math.abs(kappa - 0.4302445)).toBeLessThan(5e-8);
    expectClose(kappa, 5437 / 12637);
    // test_aggregate_raters: column sums of the count table.
    const { table, categories } = aggregateRaters(diagnoses);
    expect(categories).toEqual([1, 2, 3, 4, 5]);
    expect(categories.map((_, j) => table.reduce((s, row) => s + row[j], 0))).toEqual([26, 26, 30, 55, 43]);
    expectClose(kappa, fleissFromTable(table), 1e-12);
  });

  it('Wikipedia example (14 raters, 10 subjects, 5 categories): 0.210 (statsmodels test_fleiss_kappa)', () => {
    const table = [
      [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ];
    const kappa = fleissKappa(rawFromTable(table));
    expect(Math.abs(kappa - 0.21)).toBeLessThan(0.0005);
    expectClose(kappa, 4211 / 20059);
    expectClose(kappa, fleissFromTable(table), 1e-12);
  });

  it('labels may be strings; all agree on varied categories gives 1', () => {
    expect(fleissKappa([['a', 'a', 'a'], ['b', 'b', 'b'], ['c', 'c', 'c']])).toBe(1);
    const s = fleissKappa([['x', 'y'], ['x', 'x'], ['y', 'y']]);
    expectClose(s, fleissFromTable([[1, 1], [2, 0], [0, 2]]));
  });

  it('is NaN with a reason: one category, unequal raters per item, one rater, no items', () => {
    expect(fleissKappaDetailed([['a', 'a'], ['a', 'a']]).undefinedCode).toBe('single-category');
    expect(fleissKappa([['a', 'a'], ['a', 'a']])).toBeNaN();
    expect(fleissKappaDetailed([['a', 'b'], ['a', 'b', 'a']]).undefinedCode).toBe('unequal-raters-per-item');
    expect(fleissKappaDetailed([['a', null], ['a', 'b']]).undefinedCode).toBe('unequal-raters-per-item');
    expect(fleissKappaDetailed([['a'], ['b']]).undefinedCode).toBe('one-rater-per-item');
    expect(fleissKappaDetailed([]).undefinedCode).toBe('no-data');
  });
});
