import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  driftState, intervalState, meanBiasClustered, meanBiasClusteredDetailed, meanDecidingN, ppiLambda, ppiMean, rateDecidingN, rateVerdict,
  studentTCritical, wilson,
} from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';
import { judgeVsHumanDimension, withinTolerance } from '../../shared/agreement';
import { judgeMatches } from '../../shared/calibration/reveal';
import type { Dimension } from '../../shared/domain/dimensions';

/**
 * Reference figures: test/fixtures/calibration-reference.json, made by
 * test/reference/calibration_reference.py (numpy/scipy transcriptions of ppi_py 0.2.3
 * `ppi_mean_ci` and statsmodels' clustered OLS; see its docstring). Hand-worked cases below.
 */
const ref = JSON.parse(readFileSync(join(__dirname, '../fixtures/calibration-reference.json'), 'utf8'));

describe('Student t quantile', () => {
  it('equals scipy t.ppf(0.975, df)', () => {
    for (const [df, q] of Object.entries(ref.tq as Record<string, number>)) expectClose(studentTCritical(Number(df)), q, 1e-9);
  });
});

describe('ppiMean (PPI++ by default)', () => {
  const keys = ['estimate', 'stdError', 'ciLower', 'ciUpper', 'lambda'] as const;
  it('power-tuned λ equals ppi_py ppi_mean_ci(lam=None, alpha=0.05)', () => {
    const got = ppiMean(ref.ppi.Y, ref.ppi.Yhat, ref.ppi.Yu);
    for (const k of keys) expectClose(got[k], ref.ppi.tuned[k], 1e-9);
    expect(got.lambda).toBeGreaterThan(0);
    expect(got.lambda).toBeLessThan(1);
  });
  it('alpha 0.1 and λ = 1 (classic PPI) equal ppi_py', () => {
    const ninety = ppiMean(ref.ppi.Y, ref.ppi.Yhat, ref.ppi.Yu, { alpha: 0.1 });
    for (const k of keys) expectClose(ninety[k], ref.ppi.tuned90[k], 1e-9);
    const classic = ppiMean(ref.ppi.Y, ref.ppi.Yhat, ref.ppi.Yu, { lambda: 1 });
    for (const k of keys) expectClose(classic[k], ref.ppi.classic[k], 1e-9);
  });
  it('a judge unrelated to the humans gets a small λ and an interval no wider than the humans alone', () => {
    const got = ppiMean(ref.ppi.Y, ref.ppiNoise.Yhat, ref.ppi.Yu);
    for (const k of keys) expectClose(got[k], ref.ppiNoise.tuned[k], 1e-9);
    const Y: number[] = ref.ppi.Y;
    const m = Y.reduce((s, y) => s + y, 0) / Y.length;
    const humanOnlySe = Math.sqrt(Y.reduce((s, y) => s + (y - m) ** 2, 0) / Y.length / Y.length);
    expect(got.stdError).toBeLessThanOrEqual(humanOnlySe * 1.001);
  });
  it('λ by hand: cov/n over (1 + n/N)·pooled sample variance, clipped; constant predictions give 0', () => {
    // Y = [0, 2], Ŷ = [0, 2], Ŷu = [1, 1]: cov = 1, pooled [0,2,1,1] has s² = 2/3, (1 + 2/2) = 2 → λ = 0.75
    expectClose(ppiLambda([0, 2], [0, 2], [1, 1]), 0.75, 1e-15);
    expect(ppiLambda([0, 2], [1, 1], [1, 1])).toBe(0);
    // negatively related: clipped to 0 → the estimate is the human mean
    expect(ppiLambda([0, 2], [2, 0], [1, 1, 1, 1])).toBe(0);
    expectClose(ppiMean([0, 2], [2, 0], [1, 1, 1, 1]).estimate, 1, 1e-15);
  });
});

describe('meanBiasClustered (CR1, t with G − 1 df)', () => {
  it('equals statsmodels OLS on a constant with cov_type="cluster", use_t=True', () => {
    const got = meanBiasClustered(ref.cluster.human, ref.cluster.judge, ref.cluster.groups);
    for (const k of ['meanBias', 'stdError', 'ciLower', 'ciUpper'] as const) expectClose(got[k], ref.cluster.result[k], 1e-9);
    expect(got.df).toBe(29);
    expect(got.clusters).toBe(30);
    expect(got.n).toBe(180);
  });
  it('by hand: one pair per cluster gives the ordinary t interval with the G/(G−1) factor only', () => {
    // d = [1, 0, 1, 2], each its own cluster: Σ(d−1)² = 2, variance = 4/3 · 2/16 = 1/6 = sd²/n with ddof 1
    const got = meanBiasClustered([1, 2, 3, 4], [2, 2, 4, 6], ['a', 'b', 'c', 'd']);
    expectClose(got.stdError, Math.sqrt(1 / 6), 1e-15);
    expectClose(got.ciUpper, 1 + studentTCritical(3) * Math.sqrt(1 / 6), 1e-12);
  });
  it('one cluster: mean only, with a reason', () => {
    const got = meanBiasClusteredDetailed([0, 1], [1, 1], ['a', 'a']);
    expect(got.value.meanBias).toBe(0.5);
    expect(Number.isNaN(got.value.ciLower)).toBe(true);
    expect(got.undefinedCode).toBe('too-few-observations');
  });
});

describe('three-state verdicts', () => {
  it('0/2 over-refusals against ≤ 10% is inconclusive and needs 35', () => {
    const v = rateVerdict(0, 2, 0.1, 'atMost');
    expect(v.state).toBe('inconclusive');
    expect(v.decidingN).toBe(35);
    expect(rateDecidingN(0, 0.1)).toBe(35); // ⌊1.96²·0.09/0.01⌋ + 1 = ⌊34.57⌋ + 1
  });
  it('a 50% rate whose interval holds 90% is inconclusive, not fails; a clear one fails or meets', () => {
    expect(wilson(1, 2)[1]).toBeGreaterThan(0.9);
    expect(rateVerdict(1, 2, 0.9, 'atLeast').state).toBe('inconclusive');
    expect(rateVerdict(50, 100, 0.9, 'atLeast').state).toBe('fails');
    expect(rateVerdict(0, 100, 0.1, 'atMost').state).toBe('meets');
    expect(intervalState(0.2, 0.3, 0.1, 'atMost')).toBe('fails');
  });
  it('mean deciding n: the smallest n with t(n−1)·s/√n < |x̄ − θ|', () => {
    const n = meanDecidingN(1.2, 1, 1, 0.05)!;
    const half = (k: number) => studentTCritical(k - 1) / Math.sqrt(k);
    expect(half(n)).toBeLessThan(0.2);
    expect(half(n - 1)).toBeGreaterThanOrEqual(0.2);
    expect(n).toBe(99);
    expect(meanDecidingN(1, 1, 1)).toBeNull();
  });
  it('drift: flagged, none, possible', () => {
    expect(driftState(0.3, 0.1, 0.5, 0.1)).toBe('flagged');
    expect(driftState(0.02, -0.05, 0.08, 0.1)).toBe('none');
    expect(driftState(0.3, -0.2, 0.8, 0.1)).toBe('possible'); // 4 anchors: wide
    expect(driftState(0.05, 0.01, 0.09, 0.1)).toBe('none');
    expect(driftState(0.05, 0.01, 0.2, 0.1)).toBe('possible');
  });
});

describe('withinTolerance: one "judge agrees" for the reveal and the engine', () => {
  it('a difference equal to the tolerance on paper agrees, whatever floating point makes of it', () => {
    expect(0.9 - 0.7).toBeGreaterThan(0.2); // 0.20000000000000007
    expect(withinTolerance(0.9, 0.7, 0.2)).toBe(true);
    expect(withinTolerance(0.7, 0.9, 0.2)).toBe(true);
    expect(withinTolerance(0.91, 0.7, 0.2)).toBe(false);
    const faithfulness = { name: 'f', type: 'numeric', scope: 'response', options: [], min: 0, max: 1 } as unknown as Dimension;
    expect(judgeMatches(faithfulness, 0.9, 0.7)).toBe(true);
    const d = judgeVsHumanDimension({ dimension: faithfulness, verdicts: 2, pairs: [
      { itemKey: 1, caseId: 'a', responseId: null, reviewer: null, human: 0.7, judge: 0.9, rationale: null, slices: [], questionType: null },
      { itemKey: 2, caseId: 'b', responseId: null, reviewer: null, human: 0.7, judge: 0.95, rationale: null, slices: [], questionType: null },
    ] });
    expect(d.disagreements.items.map((i) => i.judge)).toEqual([0.95]);
  });
});
