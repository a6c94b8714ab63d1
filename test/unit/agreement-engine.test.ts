import { describe, expect, it } from 'vitest';
import {
  ALL_LABELED_REASON, biasCorrectedDimension, binomial, bootstrapReplicates, humanVsHumanDimension, judgeVsHumanDimension, multinomial,
  NO_DOUBLE_LABELS_REASON, NO_LABELED_REASON, NO_PAIRS_REASON, percentileInterval, uniformFrom, validPairs, type AgreementPair, SMALL_N_INTERVAL_REASON,
} from '../../shared/agreement';
import { reasonSentence } from '../../shared/messages/reasons.en';
import { gwetAc1FromCounts, kappaFromCounts, krippendorffFromCounts, percentAgreementFromCounts } from '../../shared/agreement/confusion-stats';
import { numericFigures, prepareNumericPairs } from '../../shared/agreement/numeric-stats';
import type { Coefficient, DimensionAgreement } from '../../shared/api/agreement-ops';
import { DEFAULT_DIMENSIONS, type Dimension } from '../../shared/domain/dimensions';
import {
  bootstrapCI, cohenKappa, explainUndefined, fleissKappa, gwetAC1, krippendorffAlpha, meanBias, meanBiasClustered, mulberry32, pearson, ppiMean, spearman, wilson,
  type Label,
} from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';

const dim = (name: string): Dimension => DEFAULT_DIMENSIONS.find((d) => d.name === name)!;
const CORRECTNESS = dim('correctness');
const BEHAVIOR = dim('responseBehavior');
const REFUSAL = dim('refusalCorrect');
const FAITHFULNESS = dim('faithfulness');
const FAILURE = dim('failureLayer');

function pairs(human: readonly unknown[], judge: readonly unknown[], extra: (i: number) => Partial<AgreementPair> = () => ({})): AgreementPair[] {
  return human.map((h, i) => ({
    itemKey: `item-${i}`,
    caseId: `case-${String(i).padStart(3, '0')}`,
    responseId: `r-${i}`,
    reviewer: 'ana',
    human: h,
    judge: judge[i],
    rationale: `because ${i}`,
    slices: [],
    questionType: null,
    ...extra(i),
  }));
}

/** Deterministic pseudo-random data. */
function random(seed: number) {
  const next = mulberry32(seed);
  return {
    int: (n: number) => next() % n,
    pick: <T,>(values: readonly T[]) => values[next() % values.length],
    unit: () => next() / 2 ** 32,
  };
}

/** Judge mostly agrees, sometimes one step off. */
function ordinalData(n: number, seed: number): { h: number[]; j: number[] } {
  const r = random(seed);
  const h: number[] = [];
  const j: number[] = [];
  for (let i = 0; i < n; i++) {
    const value = r.pick([0, 1, 2, 2, 2]);
    h.push(value);
    const roll = r.int(10);
    j.push(roll < 7 ? value : roll < 9 ? Math.min(2, value + 1) : Math.max(0, value - 1));
  }
  return { h, j };
}

const coefficientOf = (d: DimensionAgreement | { coefficients: Coefficient[] }, key: Coefficient['key']) => d.coefficients.find((c) => c.key === key)!;

describe('binomial and multinomial sampling', () => {
  it.each([
    [10, 0.3],
    [1000, 0.02],
    [1000, 0.3],
    [200000, 0.45],
    [50, 0.9],
    [120000, 0.97],
  ])('Binomial(%i, %f) has the right mean and variance', (n, p) => {
    const uniform = uniformFrom(mulberry32(n + Math.round(p * 1000)));
    const draws = 20000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < draws; i++) {
      const x = binomial(uniform, n, p);
      expect(Number.isInteger(x) && x >= 0 && x <= n).toBe(true);
      sum += x;
      squares += x * x;
    }
    const mean = sum / draws;
    const variance = squares / draws - mean * mean;
    const expectedVariance = n * p * (1 - p);
    expect(Math.abs(mean - n * p)).toBeLessThan(5 * Math.sqrt(expectedVariance / draws));
    expect(variance / expectedVariance).toBeGreaterThan(0.92);
    expect(variance / expectedVariance).toBeLessThan(1.08);
  });

  it('edge probabilities and empty trials', () => {
    const uniform = uniformFrom(mulberry32(1));
    expect(binomial(uniform, 0, 0.5)).toBe(0);
    expect(binomial(uniform, 10, 0)).toBe(0);
    expect(binomial(uniform, 10, 1)).toBe(10);
  });

  it('multinomial counts add up to n, leave empty cells empty and follow the shares', () => {
    const uniform = uniformFrom(mulberry32(3));
    const weights = [5, 0, 15, 80];
    const out = new Float64Array(4);
    const totals = [0, 0, 0, 0];
    for (let i = 0; i < 2000; i++) {
      multinomial(uniform, 1000, weights, out);
      expect(out.reduce((s, v) => s + v, 0)).toBe(1000);
      expect(out[1]).toBe(0);
      out.forEach((v, k) => (totals[k] += v));
    }
    expectClose(totals[0] / 2e6, 0.05, 0.002);
    expectClose(totals[2] / 2e6, 0.15, 0.002);
    expectClose(totals[3] / 2e6, 0.8, 0.002);
  });
});

describe('statistics from a confusion matrix equal shared/stats on the pairs behind it', () => {
  const cases: [string, Label[], Label[], Label[]][] = [
    ['ordinal with ties', ...(Object.values(ordinalData(60, 11)) as [number[], number[]]), [0, 1, 2]],
    ['one category only', [2, 2, 2], [2, 2, 2], [0, 1, 2]],
    ['an unused option', ['a', 'c', 'a', 'c', 'a'], ['a', 'c', 'c', 'c', 'a'], ['a', 'b', 'c', 'd']],
    ['people use one value, judge two', ['x', 'x', 'x', 'x'], ['x', 'y', 'x', 'x'], ['x', 'y']],
  ];
  it.each(cases)('%s', (_, h, j, labels) => {
    const q = labels.length;
    const counts = new Float64Array(q * q);
    h.forEach((v, i) => (counts[labels.indexOf(v) * q + labels.indexOf(j[i])] += 1));
    const rows = h.map((v, i) => [v, j[i]]);
    const same = (a: number, b: number) => (Number.isNaN(b) ? expect(a).toBeNaN() : expectClose(a, b, 1e-12));
    same(percentAgreementFromCounts(counts, q), h.filter((v, i) => v === j[i]).length / h.length);
    same(kappaFromCounts(counts, q, 'none'), cohenKappa(h, j));
    same(kappaFromCounts(counts, q, 'linear'), cohenKappa(h, j, { weights: 'linear', labels }));
    same(kappaFromCounts(counts, q, 'quadratic'), cohenKappa(h, j, { weights: 'quadratic', labels }));
    same(gwetAc1FromCounts(counts, q), gwetAC1(rows));
    same(krippendorffFromCounts(counts, q, 'ordinal'), krippendorffAlpha(rows, 'ordinal', { domain: labels }));
    same(krippendorffFromCounts(counts, q, 'nominal'), krippendorffAlpha(rows, 'nominal', { domain: labels }));
  });

  it('numeric figures with unit weights equal SciPy-matching correlations, MAE and Krippendorff interval', () => {
    const r = random(5);
    const h = Array.from({ length: 40 }, () => r.pick([0, 0.25, 0.5, 0.5, 0.75, 1]));
    const j = h.map((v) => Math.min(1, Math.max(0, v + r.pick([-0.25, 0, 0, 0.1, 0.25]))));
    const prepared = prepareNumericPairs(h, j, Int32Array.from(h.map((_, i) => i)));
    const figures = numericFigures(prepared, new Float64Array(h.length).fill(1));
    expectClose(figures.pearson, pearson(h, j).statistic, 1e-12);
    expectClose(figures.spearman, spearman(h, j).statistic, 1e-12);
    expectClose(figures.mae, h.reduce((s, v, i) => s + Math.abs(j[i] - v), 0) / h.length, 1e-12);
    expectClose(figures.krippendorffInterval, krippendorffAlpha(h.map((v, i) => [v, j[i]]), 'interval'), 1e-12);
  });
});

describe('bootstrap intervals', () => {
  const resamples = 400;
  const seed = 99;

  it('index resampling gives exactly the intervals of shared/stats bootstrapCI (ordinal)', () => {
    const { h, j } = ordinalData(80, 21);
    const valid = validPairs(CORRECTNESS, pairs(h, j)).valid;
    const { replicates, method } = bootstrapReplicates(CORRECTNESS, valid, { resamples, seed });
    expect(method).toBe('index');
    const labels = [0, 1, 2];
    const sub = (idx: number[]) => ({ h: idx.map((i) => h[i]), j: idx.map((i) => j[i]) });
    const references: [Coefficient['key'], (idx: number[]) => number][] = [
      ['kappaLinear', (idx) => cohenKappa(sub(idx).h, sub(idx).j, { weights: 'linear', labels })],
      ['kappaQuadratic', (idx) => cohenKappa(sub(idx).h, sub(idx).j, { weights: 'quadratic', labels })],
      ['krippendorffOrdinal', (idx) => krippendorffAlpha(idx.map((i) => [h[i], j[i]]), 'ordinal', { domain: labels })],
    ];
    for (const [key, statistic] of references) {
      const expected = bootstrapCI(statistic, h.length, { resamples, seed });
      const actual = percentileInterval(replicates.get(key)!);
      expectClose(actual[0], expected[0], 1e-12);
      expectClose(actual[1], expected[1], 1e-12);
    }
  });

  it('index resampling gives exactly the intervals of bootstrapCI (categorical kappa and AC1)', () => {
    const r = random(8);
    const values = ['answered', 'refused', 'corrected-premise', 'asked-clarification'];
    const h = Array.from({ length: 50 }, () => r.pick(values.slice(0, 3)));
    const j = h.map((v) => (r.int(5) === 0 ? r.pick(values) : v));
    const valid = validPairs(BEHAVIOR, pairs(h, j)).valid;
    const { replicates } = bootstrapReplicates(BEHAVIOR, valid, { resamples, seed });
    const kappa = bootstrapCI((idx) => cohenKappa(idx.map((i) => h[i]), idx.map((i) => j[i])), h.length, { resamples, seed });
    const ac1 = bootstrapCI((idx) => gwetAC1(idx.map((i) => [h[i], j[i]])), h.length, { resamples, seed });
    const k = percentileInterval(replicates.get('cohenKappa')!);
    const a = percentileInterval(replicates.get('gwetAC1')!);
    expectClose(k[0], kappa[0], 1e-12);
    expectClose(k[1], kappa[1], 1e-12);
    expectClose(a[0], ac1[0], 1e-12);
    expectClose(a[1], ac1[1], 1e-12);
  });

  it('index resampling gives exactly the intervals of bootstrapCI (numeric)', () => {
    const r = random(17);
    const h = Array.from({ length: 45 }, () => r.pick([0, 0.3, 0.5, 0.7, 0.9, 1]));
    const j = h.map((v) => Math.min(1, Math.max(0, Math.round((v + r.pick([-0.2, 0, 0, 0.1, 0.3])) * 10) / 10)));
    const valid = validPairs(FAITHFULNESS, pairs(h, j)).valid;
    const { replicates } = bootstrapReplicates(FAITHFULNESS, valid, { resamples, seed });
    const sub = (idx: number[]) => ({ h: idx.map((i) => h[i]), j: idx.map((i) => j[i]) });
    const references: [Coefficient['key'], (idx: number[]) => number][] = [
      ['pearson', (idx) => pearson(sub(idx).h, sub(idx).j).statistic],
      ['spearman', (idx) => spearman(sub(idx).h, sub(idx).j).statistic],
      ['mae', (idx) => idx.reduce((s, i) => s + Math.abs(j[i] - h[i]), 0) / idx.length],
      ['krippendorffInterval', (idx) => krippendorffAlpha(idx.map((i) => [h[i], j[i]]), 'interval')],
    ];
    for (const [key, statistic] of references) {
      const expected = bootstrapCI(statistic, h.length, { resamples, seed });
      const actual = percentileInterval(replicates.get(key)!);
      expectClose(actual[0], expected[0], 1e-10);
      expectClose(actual[1], expected[1], 1e-10);
    }
  });

  it('with several reviewers per case, cases are resampled whole (bootstrapCI over cases)', () => {
    const r = random(23);
    const items: { h: number; j: number }[][] = [];
    for (let i = 0; i < 40; i++) {
      const judge = r.pick([0, 1, 2, 2]);
      items.push(Array.from({ length: 1 + r.int(3) }, () => ({ h: r.int(4) === 0 ? r.pick([0, 1, 2]) : judge, j: judge })));
    }
    const all = items.flatMap((list, item) => list.map((p, k) => ({ ...p, item, reviewer: `rev-${k}` })));
    const input = all.map((p, i) => ({ ...pairs([p.h], [p.j])[0], itemKey: `item-${p.item}`, reviewer: p.reviewer, caseId: `c${p.item}` }));
    const { replicates } = bootstrapReplicates(CORRECTNESS, validPairs(CORRECTNESS, input).valid, { resamples, seed });
    const expected = bootstrapCI(
      (idx) => {
        const chosen = idx.flatMap((i) => items[i]);
        return cohenKappa(chosen.map((p) => p.h), chosen.map((p) => p.j), { weights: 'quadratic', labels: [0, 1, 2] });
      },
      items.length,
      { resamples, seed },
    );
    const actual = percentileInterval(replicates.get('kappaQuadratic')!);
    expectClose(actual[0], expected[0], 1e-12);
    expectClose(actual[1], expected[1], 1e-12);
  });

  it('multinomial resampling (large sets) gives the same intervals up to Monte Carlo error', () => {
    const { h, j } = ordinalData(8000, 31);
    const valid = validPairs(CORRECTNESS, pairs(h, j)).valid;
    const index = bootstrapReplicates(CORRECTNESS, valid, { resamples: 2000, seed, method: 'index' });
    const fast = bootstrapReplicates(CORRECTNESS, valid, { resamples: 2000, seed, method: 'multinomial' });
    expect(fast.method).toBe('multinomial');
    for (const key of ['kappaLinear', 'kappaQuadratic', 'krippendorffOrdinal'] as const) {
      const a = percentileInterval(index.replicates.get(key)!);
      const b = percentileInterval(fast.replicates.get(key)!);
      expect(Math.abs(a[0] - b[0])).toBeLessThan(0.006);
      expect(Math.abs(a[1] - b[1])).toBeLessThan(0.006);
      // and the width is the analytic one's order: both cover the point estimate
      expect(b[0]).toBeLessThan(b[1]);
    }
  });

  it('is deterministic', () => {
    const { h, j } = ordinalData(30, 4);
    const one = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 30, pairs: pairs(h, j) });
    const two = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 30, pairs: pairs(h, j) });
    expect(two).toEqual(one);
  });
});

describe('judge vs human for one dimension', () => {
  it('categorical: figures equal shared/stats, with the confusion matrix and row shares', () => {
    const h = ['answered', 'answered', 'refused', 'refused', 'answered', 'asked-clarification'];
    const j = ['answered', 'refused', 'refused', 'answered', 'answered', 'asked-clarification'];
    const d = judgeVsHumanDimension({ dimension: BEHAVIOR, verdicts: 6, pairs: pairs(h, j) });
    expect(d.n).toBe(6);
    expectClose(coefficientOf(d, 'percentAgreement').value!, 4 / 6, 1e-15);
    expect(coefficientOf(d, 'percentAgreement').ci95).toEqual(wilson(4, 6));
    expectClose(coefficientOf(d, 'cohenKappa').value!, cohenKappa(h, j), 1e-15);
    expectClose(coefficientOf(d, 'gwetAC1').value!, gwetAC1(h.map((v, i) => [v, j[i]])), 1e-15);
    expect(d.confusion!.labels).toEqual(['answered', 'refused', 'corrected-premise', 'asked-clarification']);
    expect(d.confusion!.counts[0]).toEqual([2, 1, 0, 0]);
    expect(d.confusion!.rowShares[0][0]).toBeCloseTo(2 / 3, 12);
    expect(d.confusion!.rowShares[2]).toEqual([null, null, null, null]);
    // over- and under-calling: the judge said "refused" once where people did not, and missed it once
    const refused = d.bias!.categories.find((c) => c.label === 'refused')!;
    expect(refused).toMatchObject({ humanCount: 2, judgeCount: 2, overCalls: 1, underCalls: 1 });
    expectClose(refused.overRate.value!, 1 / 4, 1e-15);
    expectClose(refused.underRate.value!, 1 / 2, 1e-15);
    expect(d.disagreements.total).toBe(2);
    expect(d.disagreements.items[0]).toMatchObject({ caseId: 'case-001', human: 'answered', judge: 'refused', rationale: 'because 1' });
  });

  it('one category only: kappa is undefined (null with the reason), never 0', () => {
    const d = judgeVsHumanDimension({ dimension: BEHAVIOR, verdicts: 5, pairs: pairs(Array(5).fill('answered'), Array(5).fill('answered')) });
    const kappa = coefficientOf(d, 'cohenKappa');
    expect(kappa.value).toBeNull();
    expect(kappa.reason).toBe(explainUndefined('single-category'));
    expect(kappa.ci95).toBeNull();
    expect(kappa.ciReason).toBe(explainUndefined('single-category'));
    expect(coefficientOf(d, 'percentAgreement').value).toBe(1);
    // irrCAC's convention for a single category: AC1 = 1
    expect(coefficientOf(d, 'gwetAC1').value).toBe(1);
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it('no pairs: n = 0 with a reason, every coefficient undefined', () => {
    const d = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 12, pairs: [] });
    expect(d).toMatchObject({ n: 0, verdicts: 12, reasonCode: NO_PAIRS_REASON, reason: reasonSentence(NO_PAIRS_REASON), bias: null });
    for (const c of d.coefficients) {
      expect(c.value).toBeNull();
      expect(c.reason).toBeTruthy();
    }
  });

  it('warns about small n, and about the prevalence paradox when kappa is low but agreement high', () => {
    const h = [...Array(46).fill('answered'), 'answered', 'answered', 'refused', 'refused'];
    const j = [...Array(46).fill('answered'), 'refused', 'refused', 'answered', 'answered'];
    const d = judgeVsHumanDimension({ dimension: BEHAVIOR, verdicts: 50, pairs: pairs(h, j) });
    expect(d.warnings.map((w) => w.code)).toEqual(['kappa-paradox']);
    const paradox = d.warnings[0].params;
    expectClose(Number(paradox.agreement), 0.92, 1e-12);
    expectClose(Number(paradox.kappa), cohenKappa(h, j), 1e-12);
    expect(paradox.label).toBe('answered');
    expect(Number(paradox.ac1)).toBeGreaterThan(0.9);

    const small = judgeVsHumanDimension({ dimension: BEHAVIOR, verdicts: 10, pairs: pairs(h.slice(0, 10), j.slice(0, 10)) });
    expect(small.warnings).toContainEqual({ code: 'small-n', params: { n: 10, min: 30 } });
  });

  it('leaves out values that do not fit the dimension and says how many', () => {
    const d = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 4, pairs: pairs([0, 1, 'maybe', 2], [0, 3, 1, 2]) });
    expect(d.n).toBe(2);
    expect(d.warnings).toContainEqual({ code: 'excluded-values', params: { count: 2 } });
  });

  it('ordinal: weighted kappas on the option order, Krippendorff ordinal, mean bias on the scale, disagreements by distance', () => {
    const { h, j } = ordinalData(40, 9);
    const d = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 40, pairs: pairs(h, j) });
    expectClose(coefficientOf(d, 'kappaLinear').value!, cohenKappa(h, j, { weights: 'linear', labels: [0, 1, 2] }), 1e-15);
    expectClose(coefficientOf(d, 'kappaQuadratic').value!, cohenKappa(h, j, { weights: 'quadratic', labels: [0, 1, 2] }), 1e-15);
    expectClose(coefficientOf(d, 'krippendorffOrdinal').value!, krippendorffAlpha(h.map((v, i) => [v, j[i]]), 'ordinal', { domain: [0, 1, 2] }), 1e-15);
    const mb = meanBias(h, j);
    // one pair per case: the clustered interval is the t interval with G/(G−1) = 40/39 on the variance
    const clustered = meanBiasClustered(h, j, h.map((_, i) => i));
    expect(d.bias!.mean).toMatchObject({ scale: 'value' });
    expectClose(d.bias!.headline.value!, mb.meanBias, 1e-15);
    expect(d.bias!.headline.ci95).toEqual([clustered.ciLower, clustered.ciUpper]);
    expect(d.bias!.mean!.difference.ciMethod).toBe('cluster-t');
    expect(d.bias!.headline.direction).toBe(mb.meanBias > 0 ? 'lenient' : 'strict');
    const distances = d.disagreements.items.map((item) => item.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));
    expect(d.disagreements.total).toBe(h.filter((v, i) => v !== j[i]).length);
  });

  it('binary: pass-rate difference (first option passes) with its interval and both Wilson rates', () => {
    const h = ['correct', 'correct', 'incorrect', 'incorrect', 'correct', 'incorrect', 'incorrect', 'correct'];
    const j = ['correct', 'correct', 'correct', 'incorrect', 'correct', 'correct', 'incorrect', 'correct'];
    const d = judgeVsHumanDimension({ dimension: REFUSAL, verdicts: 8, pairs: pairs(h, j) });
    const toPass = (v: string[]) => v.map((x) => (x === 'correct' ? 1 : 0));
    const mb = meanBias(toPass(h), toPass(j));
    expect(d.bias!.headline).toMatchObject({ kind: 'rate', label: 'correct', direction: 'lenient', n: 8 });
    expectClose(d.bias!.headline.value!, 2 / 8, 1e-15);
    // 8 pairs: fewer than 10, so the difference has no interval (its reason says why); the rates keep Wilson
    expect(mb.n).toBe(8);
    expect(d.bias!.rate!.difference.ci95).toBeNull();
    expect(d.bias!.rate!.difference.ciReasonCode).toBe(SMALL_N_INTERVAL_REASON);
    expect(d.bias!.rate!.judgeRate.ci95).toEqual(wilson(6, 8));
    expect(d.bias!.rate!.humanRate.ci95).toEqual(wilson(4, 8));
  });

  it('numeric: correlations, MAE, Krippendorff interval, merged scatter points and a tolerance for disagreements', () => {
    const h = [1, 1, 0.5, 0.8, 0.2, 1, 0.6, 0.9];
    const j = [1, 1, 0.9, 0.8, 0.2, 0.7, 0.6, 1];
    const d = judgeVsHumanDimension({ dimension: FAITHFULNESS, verdicts: 8, pairs: pairs(h, j) });
    expectClose(coefficientOf(d, 'pearson').value!, pearson(h, j).statistic, 1e-12);
    expectClose(coefficientOf(d, 'spearman').value!, spearman(h, j).statistic, 1e-12);
    expectClose(coefficientOf(d, 'mae').value!, h.reduce((s, v, i) => s + Math.abs(j[i] - v), 0) / 8, 1e-15);
    expectClose(coefficientOf(d, 'krippendorffInterval').value!, krippendorffAlpha(h.map((v, i) => [v, j[i]]), 'interval'), 1e-12);
    expect(d.scatter!.points).toContainEqual({ human: 1, judge: 1, count: 2 });
    expect(d.scatter).toMatchObject({ min: 0, max: 1, binned: false });
    // only differences above 0.2 on the 0–1 scale
    expect(d.disagreements.items.map((i) => [i.human, i.judge])).toEqual([
      [0.5, 0.9],
      [1, 0.7],
    ]);
    expect(d.disagreements.tolerance).toBeCloseTo(0.2, 12);
    expect(d.confusion).toBeNull();
  });

  it('breaks down per slice and per question type, worst agreement first, each with its n', () => {
    const h = [2, 2, 2, 1, 0, 2, 1, 1];
    const j = [2, 2, 2, 2, 2, 2, 1, 2];
    const slices = [['table'], ['table'], ['negation'], ['negation'], ['negation'], [], ['table', 'negation'], []];
    const types = ['fact', 'fact', 'how-to', 'how-to', 'how-to', null, 'fact', 'fact'];
    const d = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 8, pairs: pairs(h, j, (i) => ({ slices: slices[i], questionType: types[i] })) });
    expect(d.breakdown.primaryKey).toBe('kappaQuadratic');
    expect(d.breakdown.slices.map((g) => [g.key, g.n])).toEqual([
      ['negation', 4],
      [null, 2],
      ['table', 3],
    ]);
    expect(d.breakdown.slices[0].percentAgreement.value).toBeCloseTo(0.5, 12);
    expect(d.breakdown.slices[0].percentAgreement.ci95).toEqual(wilson(2, 4));
    expect(d.breakdown.questionTypes.map((g) => g.key)).toEqual(['how-to', 'fact', null]);
    expectClose(d.breakdown.questionTypes[0].bias!, (0 + 1 + 2) / 3, 1e-15);
  });

  it('failure layer: how often the judge blames generation where people blamed retrieval or data', () => {
    const h = ['retrieval', 'retrieval', 'data', 'generation', 'data', 'none'];
    const j = ['generation', 'retrieval', 'generation', 'generation', 'data', 'generation'];
    const d = judgeVsHumanDimension({ dimension: FAILURE, verdicts: 6, pairs: pairs(h, j) });
    expect(d.failureLayer).toMatchObject({ peopleBlamedRetrievalOrData: 4, judgeSaidGeneration: 2 });
    expect(d.failureLayer!.rate.ci95).toEqual(wilson(2, 4));
    expect(judgeVsHumanDimension({ dimension: BEHAVIOR, verdicts: 0, pairs: [] }).failureLayer).toBeNull();
  });

  it('all reviewers: every (item, reviewer) label is a pair, and the warning says pairs outnumber items', () => {
    const input = [
      ...pairs([2, 1], [2, 2]),
      ...pairs([2, 2], [2, 2]).map((p) => ({ ...p, reviewer: 'bo' })),
    ];
    const d = judgeVsHumanDimension({ dimension: CORRECTNESS, verdicts: 2, pairs: input });
    expect(d).toMatchObject({ n: 4, items: 2, reviewers: 2 });
    expect(d.warnings).toContainEqual({ code: 'clustered-pairs', params: { n: 4, items: 2 } });
  });
});

describe('scale and undefined numeric figures', () => {
  it('shared/stats takes 200,000 rating rows (no argument-spreading stack overflow)', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [i % 3, (i + (i % 7 === 0 ? 1 : 0)) % 3]);
    expect(Number.isFinite(gwetAC1(rows))).toBe(true);
    expect(Number.isFinite(krippendorffAlpha(rows, 'ordinal'))).toBe(true);
    expect(Number.isFinite(fleissKappa(rows))).toBe(true);
  });

  it('a constant side makes the correlations undefined with SciPy’s reason; one pair is too few', () => {
    const constant = judgeVsHumanDimension({ dimension: FAITHFULNESS, verdicts: 4, pairs: pairs([1, 1, 1, 1], [0.5, 1, 0.8, 1]) });
    expect(coefficientOf(constant, 'pearson')).toMatchObject({ value: null, reason: explainUndefined('constant-input'), ci95: null });
    expect(coefficientOf(constant, 'spearman').value).toBeNull();
    expect(coefficientOf(constant, 'mae').value).toBeCloseTo(0.175, 12);
    expect(pearson([1, 1, 1, 1], [0.5, 1, 0.8, 1]).statistic).toBeNaN();
    const one = judgeVsHumanDimension({ dimension: FAITHFULNESS, verdicts: 1, pairs: pairs([0.5], [0.7]) });
    expect(coefficientOf(one, 'pearson')).toMatchObject({ value: null, reason: explainUndefined('too-few-observations') });
    // the krippendorff package gives 0 for a single unit of two different values; so do we
    expect(coefficientOf(one, 'krippendorffInterval').value).toBe(krippendorffAlpha([[0.5, 0.7]], 'interval'));
    const same = judgeVsHumanDimension({ dimension: FAITHFULNESS, verdicts: 3, pairs: pairs([1, 1, 1], [1, 1, 1]) });
    expect(coefficientOf(same, 'krippendorffInterval')).toMatchObject({ value: null, reason: explainUndefined('no-expected-disagreement') });
    expect(krippendorffAlpha([[1, 1], [1, 1], [1, 1]], 'interval')).toBeNaN();
  });

  it('two numeric pairs: r is exactly ±1 as in SciPy', () => {
    const d = judgeVsHumanDimension({ dimension: FAITHFULNESS, verdicts: 2, pairs: pairs([0.2, 0.9], [0.3, 0.7]) });
    expect(coefficientOf(d, 'pearson').value).toBe(pearson([0.2, 0.9], [0.3, 0.7]).statistic);
    expect(coefficientOf(d, 'spearman').value).toBe(1);
  });
});

describe('human vs human', () => {
  const item = (i: number, labels: Record<string, unknown>) => ({
    itemKey: `i${i}`,
    caseId: `case-${i}`,
    responseId: null,
    labels: Object.entries(labels).map(([reviewer, value]) => ({ reviewer, value })),
  });

  it('two reviewers: Cohen, Krippendorff, and the items where they differ', () => {
    const a = ['answered', 'refused', 'answered', 'answered', 'refused', 'answered'];
    const b = ['answered', 'refused', 'refused', 'answered', 'refused', 'answered'];
    const items = [...a.map((v, i) => item(i, { ana: v, bo: b[i] })), item(99, { ana: 'answered' })];
    const d = humanVsHumanDimension({ dimension: BEHAVIOR, items });
    expect(d).toMatchObject({ method: 'cohen', items: 6, raters: ['ana', 'bo'], completeItems: 6 });
    expectClose(coefficientOf(d, 'cohenKappa').value!, cohenKappa(a, b), 1e-15);
    expectClose(coefficientOf(d, 'krippendorffNominal').value!, krippendorffAlpha(a.map((v, i) => [v, b[i]]), 'nominal'), 1e-15);
    expect(d.disagreements.items).toEqual([{ caseId: 'case-2', responseId: null, query: null, labels: [{ reviewer: 'ana', value: 'answered' }, { reviewer: 'bo', value: 'refused' }] }]);
  });

  it('three reviewers with a missing label: Fleiss on complete items, Krippendorff on all', () => {
    const rows: (number | null)[][] = [
      [2, 2, 2],
      [1, 2, 1],
      [0, 0, null],
      [2, 1, 2],
      [1, 1, 1],
      [null, 2, 2],
    ];
    const items = rows.map((row, i) => item(i, Object.fromEntries(row.flatMap((v, k) => (v === null ? [] : [[['ana', 'bo', 'cy'][k], v]])))));
    const d = humanVsHumanDimension({ dimension: CORRECTNESS, items });
    expect(d).toMatchObject({ method: 'fleiss', items: 6, completeItems: 4, raters: ['ana', 'bo', 'cy'] });
    expectClose(coefficientOf(d, 'fleissKappa').value!, fleissKappa(rows.filter((r) => !r.includes(null)) as number[][]), 1e-15);
    expectClose(coefficientOf(d, 'krippendorffOrdinal').value!, krippendorffAlpha(rows, 'ordinal', { domain: [0, 1, 2] }), 1e-15);
    expect(d.disagreements.total).toBe(2);
  });

  it('intervals equal bootstrapCI with the generic functions (two and three reviewers, missing labels, numeric)', () => {
    const r = random(41);
    const raters = ['ana', 'bo', 'cy'];
    const opts = { resamples: 300, seed: 5 };
    // three reviewers on an ordinal scale, some labels missing
    const rows: (number | null)[][] = Array.from({ length: 40 }, () => {
      const base = r.pick([0, 1, 2, 2]);
      return raters.map((_, k) => (k === 2 && r.int(4) === 0 ? null : r.int(5) === 0 ? r.pick([0, 1, 2]) : base));
    });
    const toItems = (m: (Label | null)[][]) =>
      m.map((row, i) => item(i, Object.fromEntries(row.flatMap((v, k) => (v === null ? [] : [[raters[k], v]])))));
    const three = humanVsHumanDimension({ dimension: CORRECTNESS, items: toItems(rows), options: opts });
    const complete = rows.filter((row) => !row.includes(null)) as number[][];
    const fleissCi = bootstrapCI((idx) => fleissKappa(idx.map((i) => complete[i])), complete.length, opts);
    const alphaCi = bootstrapCI((idx) => krippendorffAlpha(idx.map((i) => rows[i]), 'ordinal', { domain: [0, 1, 2] }), rows.length, opts);
    const f = coefficientOf(three, 'fleissKappa').ci95!;
    const a = coefficientOf(three, 'krippendorffOrdinal').ci95!;
    expectClose(f[0]!, fleissCi[0], 1e-12);
    expectClose(f[1]!, fleissCi[1], 1e-12);
    expectClose(a[0]!, alphaCi[0], 1e-12);
    expectClose(a[1]!, alphaCi[1], 1e-12);

    // two reviewers, categorical
    const values = ['answered', 'refused', 'asked-clarification'];
    const pairsOf = Array.from({ length: 35 }, () => {
      const v = r.pick(values);
      return [v, r.int(4) === 0 ? r.pick(values) : v];
    });
    const two = humanVsHumanDimension({ dimension: BEHAVIOR, items: pairsOf.map((p, i) => item(i, { ana: p[0], bo: p[1] })), options: opts });
    const kappaCi = bootstrapCI((idx) => cohenKappa(idx.map((i) => pairsOf[i][0]), idx.map((i) => pairsOf[i][1])), pairsOf.length, opts);
    const nominalCi = bootstrapCI((idx) => krippendorffAlpha(idx.map((i) => pairsOf[i]), 'nominal'), pairsOf.length, opts);
    expectClose(coefficientOf(two, 'cohenKappa').ci95![0]!, kappaCi[0], 1e-12);
    expectClose(coefficientOf(two, 'cohenKappa').ci95![1]!, kappaCi[1], 1e-12);
    expectClose(coefficientOf(two, 'krippendorffNominal').ci95![0]!, nominalCi[0], 1e-12);
    expectClose(coefficientOf(two, 'krippendorffNominal').ci95![1]!, nominalCi[1], 1e-12);

    // three reviewers, numeric (interval alpha with missing scores)
    const scores: (number | null)[][] = Array.from({ length: 30 }, () => {
      const base = r.pick([0, 0.3, 0.5, 0.8, 1]);
      return raters.map((_, k) => (k === 1 && r.int(3) === 0 ? null : Math.min(1, Math.max(0, base + r.pick([-0.2, 0, 0, 0.1])))));
    });
    const numeric = humanVsHumanDimension({ dimension: FAITHFULNESS, items: toItems(scores), options: opts });
    const intervalCi = bootstrapCI((idx) => krippendorffAlpha(idx.map((i) => scores[i]), 'interval'), scores.length, opts);
    expectClose(coefficientOf(numeric, 'krippendorffInterval').value!, krippendorffAlpha(scores, 'interval'), 1e-12);
    expectClose(coefficientOf(numeric, 'krippendorffInterval').ci95![0]!, intervalCi[0], 1e-10);
    expectClose(coefficientOf(numeric, 'krippendorffInterval').ci95![1]!, intervalCi[1], 1e-10);
  });

  it('nothing double-labeled: a reason, no figures', () => {
    const d = humanVsHumanDimension({ dimension: BEHAVIOR, items: [item(1, { ana: 'answered' })] });
    expect(d).toMatchObject({ method: null, items: 0, reasonCode: NO_DOUBLE_LABELS_REASON, coefficients: [] });
  });
});

describe('bias-corrected estimate', () => {
  it('numeric: raw judge mean, bias on labeled items and the PPI estimate equal shared/stats', () => {
    const judge = [0.9, 1, 0.8, 0.7, 1, 0.6, 0.9, 1, 0.5, 0.8];
    const human = new Map<string, unknown[]>([
      ['i0', [0.8]],
      ['i1', [1]],
      ['i2', [0.5, 0.7]],
      ['i3', [0.7]],
    ]);
    const d = biasCorrectedDimension({ dimension: FAITHFULNESS, verdicts: judge.map((value, i) => ({ itemKey: `i${i}`, value })), human });
    const Y = [0.8, 1, 0.6, 0.7];
    const Yhat = judge.slice(0, 4);
    const rest = judge.slice(4);
    const ppi = ppiMean(Y, Yhat, rest);
    expect(d).toMatchObject({ labeled: 4, unlabeled: 6, verdicts: 10, reason: null });
    expectClose(d.corrected.value!, ppi.estimate, 1e-15);
    expectClose(d.lambda!, ppi.lambda, 1e-15);
    // 4 labeled items: below 10, the estimate stands without an interval, and says why
    expect(d.corrected.ci95).toBeNull();
    expect(d.corrected).toMatchObject({ ciReasonCode: SMALL_N_INTERVAL_REASON, ciReason: reasonSentence(SMALL_N_INTERVAL_REASON) });
    expectClose(d.judgeRaw.value!, judge.reduce((s, v) => s + v, 0) / 10, 1e-15);
    expectClose(d.bias.value!, meanBias(Y, Yhat).meanBias, 1e-15);
  });

  it('PPI++ with enough labels: the interval equals ppiMean, and stays on the 0–1 scale (cut, and said so)', () => {
    const judge = Array.from({ length: 60 }, (_, i) => (i % 5 === 0 ? 0.2 : 1));
    const human = new Map<string, unknown[]>(judge.slice(0, 12).map((v, i) => [`i${i}`, [v === 1 ? 1 : 0.1]]));
    const d = biasCorrectedDimension({ dimension: FAITHFULNESS, verdicts: judge.map((value, i) => ({ itemKey: `i${i}`, value })), human });
    const Y = judge.slice(0, 12).map((v) => (v === 1 ? 1 : 0.1));
    const ppi = ppiMean(Y, judge.slice(0, 12), judge.slice(12));
    expectClose(d.corrected.value!, ppi.estimate, 1e-15);
    expectClose(d.corrected.ci95![0]!, ppi.ciLower, 1e-15);
    expect(ppi.lambda).toBeGreaterThan(0.5);
    expect(d.corrected.ci95![1]!).toBeLessThanOrEqual(1);
    // nine 1s and one 0.1: mean 0.91 ± t(9)·0.0900 reaches 1.114, cut at 1 and marked
    const edge = biasCorrectedDimension({ dimension: FAITHFULNESS, verdicts: [1, 1, 1, 1, 1, 1, 1, 1, 1, 0.1].map((value, i) => ({ itemKey: `e${i}`, value })), human: new Map() });
    expect(edge.judgeRaw.ci95![1]).toBe(1);
    expect(edge.judgeRaw.ciBounded).toBe(true);
    expect(edge.judgeRaw.ciMethod).toBe('t');
  });

  it('binary: the raw pass rate has a Wilson interval; fully labeled and unlabeled runs say why there is no estimate', () => {
    const verdicts = ['correct', 'incorrect', 'correct', 'correct'].map((value, i) => ({ itemKey: `i${i}`, value }));
    const none = biasCorrectedDimension({ dimension: REFUSAL, verdicts, human: new Map() });
    expect(none.judgeRaw.ci95).toEqual(wilson(3, 4));
    expect(none).toMatchObject({ positive: 'correct', reasonCode: NO_LABELED_REASON, corrected: { value: null, reasonCode: NO_LABELED_REASON, reason: reasonSentence(NO_LABELED_REASON) } });
    const all = biasCorrectedDimension({ dimension: REFUSAL, verdicts, human: new Map(verdicts.map((v) => [v.itemKey, ['correct']])) });
    expect(all).toMatchObject({ labeled: 4, unlabeled: 0, reasonCode: ALL_LABELED_REASON });
    expect(all.bias.value).toBeCloseTo(-0.25, 12);
  });
});
