import { describe, expect, it } from 'vitest';
import { driftDecidingN, meanShiftChange } from '../../shared/calibration/drift';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { meanBiasClustered } from '../../shared/stats';

/**
 * "Possible drift" says how many cases would decide it: the smallest n with
 * t(n−1)·s/√n < |x̄ − θ| (θ = 0 for a change past the tolerance, the nearer ±tolerance for one
 * inside it; s = the clustered standard error × √cases). Expected n from scipy.stats.t.ppf:
 *   gap 0.05, s 0.08 → 13; gap 0.15, s 0.3·√6 → 95; gap 0.07, s 0.1 → 11.
 */
describe('the deciding n of a possible drift', () => {
  it('matches the published t search, on the side that would decide it', () => {
    expect(driftDecidingN(0.05, 0.04, 4, 0.1)).toBe(13); // inside the tolerance: decided against +0.1
    expect(driftDecidingN(0.15, 0.3, 6, 0.1)).toBe(95); // past it: decided against 0
    expect(driftDecidingN(-0.03, 0.05, 4, 0.1)).toBe(11); // a move down: decided against −0.1
    expect(driftDecidingN(0.1, 0.05, 4, 0.1)).toBeNull(); // exactly on the tolerance: no n decides it
    expect(driftDecidingN(0.05, Number.NaN, 1, 0.1)).toBeNull(); // one case: no spread to go on
  });

  it('4 anchors: possible drift, with the cases that would decide it (never fewer than an interval needs)', () => {
    const correctness = DEFAULT_DIMENSIONS.find((d) => d.name === 'correctness')!;
    const before = [1, 2, 1, 0];
    const now = [2, 2, 1, 1];
    const pairs = before.map((b, i) => ({ caseId: `c${i}`, itemKey: `i${i}`, human: null, before: b, now: now[i] }));
    const shift = meanShiftChange(correctness, pairs, 0.1)!;
    expect(shift.state).toBe('possible');
    const r = meanBiasClustered(before, now, pairs.map((p) => p.caseId));
    expect(shift.change.value).toBe(0.5);
    const expected = driftDecidingN(r.meanBias, r.stdError, r.clusters, 0.1 * 2);
    expect(expected).not.toBeNull();
    expect(shift.decidingN).toBe(Math.max(expected!, 5));
    // a decided change carries no deciding n
    const many = Array.from({ length: 40 }, (_, i) => ({ caseId: `c${i}`, itemKey: `i${i}`, human: null, before: 1, now: 1 }));
    const none = meanShiftChange(correctness, many, 0.1)!;
    expect(none.state).toBe('none');
    expect(none.decidingN).toBeNull();
  });
});
