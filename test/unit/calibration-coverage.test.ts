import { describe, expect, it } from 'vitest';
import { bootstrapReplicates, percentileInterval, validPairs, type AgreementPair } from '../../shared/agreement';
import { pooledRandomPairs, type CellPair } from '../../shared/calibration/figures';
import { populationEstimate } from '../../shared/calibration/population';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { meanBiasClustered, mulberry32 } from '../../shared/stats';

/**
 * Coverage of the 95% intervals in seeded simulations (400 repetitions each): simulated labels
 * with 3 reviewers per case and 2 responses per case, a judge with a known bias. Each interval
 * must cover the truth between 92% and 98% of the time. The figures are printed.
 */
const REPS = 400;
const CASES = 200;
const REVIEWERS = 3;
const RESPONSES = 2;

function rng(seed: number) {
  const next = mulberry32(seed);
  const uniform = () => (next() + 0.5) / 2 ** 32;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

const REFUSAL = DEFAULT_DIMENSIONS.find((d) => d.type === 'binary')!;

describe('coverage of the 95% intervals (seeded simulation)', () => {
  it('mean bias (cluster-robust t by case), agreement rate (case bootstrap) and the pooled population estimate (PPI++) cover 92–98%', () => {
    const r = rng(20260101);
    const TRUE_BIAS = 0.15;
    let biasCovered = 0;
    let rateCovered = 0;
    let popCovered = 0;

    // mean bias: score = case effect + response effect; reviewers add noise; the judge adds a bias, its own case-level error and noise
    for (let rep = 0; rep < REPS; rep++) {
      const human: number[] = [];
      const judge: number[] = [];
      const clusters: number[] = [];
      for (let c = 0; c < CASES; c++) {
        const caseEffect = r.normal();
        const judgeCaseError = 0.4 * r.normal();
        for (let k = 0; k < RESPONSES; k++) {
          const truth = caseEffect + 0.5 * r.normal();
          const j = truth + TRUE_BIAS + judgeCaseError + 0.2 * r.normal();
          for (let v = 0; v < REVIEWERS; v++) {
            human.push(truth + 0.3 * r.normal());
            judge.push(j);
            clusters.push(c);
          }
        }
      }
      const m = meanBiasClustered(human, judge, clusters);
      if (m.ciLower <= TRUE_BIAS && TRUE_BIAS <= m.ciUpper) biasCovered += 1;
    }

    // agreement rate: per case a chance p that the judge matches a reviewer (0.6, 0.8 or 1.0; mean 0.8)
    const TRUE_RATE = 0.8;
    const [pass, fail] = REFUSAL.options.map((o) => o.value);
    for (let rep = 0; rep < REPS; rep++) {
      const pairs: AgreementPair[] = [];
      for (let c = 0; c < CASES; c++) {
        const p = [0.6, 0.8, 1.0][Math.floor(r.uniform() * 3)];
        for (let k = 0; k < RESPONSES; k++) {
          const truth = r.uniform() < 0.5 ? pass : fail;
          for (let v = 0; v < REVIEWERS; v++) {
            const agrees = r.uniform() < p;
            pairs.push({
              itemKey: `${c}:${k}`, caseId: `c${c}`, responseId: `r${k}`, reviewer: `v${v}`, human: truth, judge: agrees ? truth : truth === pass ? fail : pass,
              rationale: null, slices: [], questionType: null,
            });
          }
        }
      }
      const valid = validPairs(REFUSAL, pairs).valid;
      const { replicates } = bootstrapReplicates(REFUSAL, valid, { resamples: 1000, seed: rep + 1 }, ['percentAgreement']);
      const [lo, hi] = percentileInterval(replicates.get('percentAgreement')!);
      if (lo <= TRUE_RATE && TRUE_RATE <= hi) rateCovered += 1;
    }

    // population: 1,000 eligible items on a 0–2 scale, 60 random ones labeled (mean of 3 reviewers), the judge on all
    const ELIGIBLE = 1000;
    const RANDOM = 60;
    for (let rep = 0; rep < REPS; rep++) {
      const truth: number[] = [];
      const judge = new Map<string, number>();
      for (let i = 0; i < ELIGIBLE; i++) {
        const t = Math.min(2, Math.max(0, Math.round(1.2 + 0.8 * r.normal())));
        truth.push(t);
        judge.set(`i${i}`, Math.min(2, Math.max(0, Math.round(t + 0.3 + 0.6 * r.normal()))));
      }
      const order = Array.from({ length: ELIGIBLE }, (_, i) => i);
      for (let i = 0; i < RANDOM; i++) {
        const j = i + Math.floor(r.uniform() * (ELIGIBLE - i));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const random = order.slice(0, RANDOM).map((i) => {
        const reviews = Array.from({ length: REVIEWERS }, () => (r.uniform() < 0.85 ? truth[i] : Math.min(2, Math.max(0, truth[i] + (r.uniform() < 0.5 ? -1 : 1)))));
        return { itemKey: `i${i}`, human: reviews.reduce((s, x) => s + x, 0) / REVIEWERS, judge: judge.get(`i${i}`)! };
      });
      // the target: the reviewers' expected value over every eligible item (a reviewer slips one step, up or down, 15% of the
      // time; a slip past the scale's edge stays on it)
      const expectedHuman = truth.reduce((s, t) => s + t + 0.075 * ((t > 0 ? -1 : 0) + (t < 2 ? 1 : 0)), 0) / ELIGIBLE;
      const est = populationEstimate({ random, judgeOnEligible: judge, scale: [0, 2] });
      const [lo, hi] = est.corrected.ci95 as [number, number];
      if (lo <= expectedHuman && expectedHuman <= hi) popCovered += 1;
    }

    const share = (k: number) => k / REPS;
    console.log(
      `coverage over ${REPS} repetitions: mean bias ${(100 * share(biasCovered)).toFixed(1)}% (200 cases × 2 responses × 3 reviewers), ` +
        `agreement rate ${(100 * share(rateCovered)).toFixed(1)}% (200 cases, case bootstrap ×1000), ` +
        `population estimate ${(100 * share(popCovered)).toFixed(1)}% (60 random of 1,000 eligible, PPI++)`,
    );
    for (const k of [biasCovered, rateCovered, popCovered]) {
      expect(share(k)).toBeGreaterThanOrEqual(0.92);
      expect(share(k)).toBeLessThanOrEqual(0.98);
    }
  });

  it('pooling the random halves of three rounds (20 random items each) covers 92–98%; mixing in the changed halves does not', () => {
    const r = rng(20260202);
    const ELIGIBLE = 1000;
    const ROUNDS = 3;
    const HALF = 20;
    let pooledCovered = 0;
    let mixedCovered = 0;
    let pooledItems = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const truth: number[] = [];
      const judge = new Map<string, number>();
      for (let i = 0; i < ELIGIBLE; i++) {
        const t = Math.min(2, Math.max(0, Math.round(1.2 + 0.8 * r.normal())));
        truth.push(t);
        judge.set(`i${i}`, Math.min(2, Math.max(0, Math.round(t + 0.3 + 0.6 * r.normal()))));
      }
      const label = (i: number) => {
        const reviews = Array.from({ length: REVIEWERS }, () => (r.uniform() < 0.85 ? truth[i] : Math.min(2, Math.max(0, truth[i] + (r.uniform() < 0.5 ? -1 : 1)))));
        return reviews.reduce((s, x) => s + x, 0) / REVIEWERS;
      };
      // the changed half: the items where the judge sits furthest above the people (picked because of the judge, not at random)
      const byJudgeGap = Array.from({ length: ELIGIBLE }, (_, i) => i).sort((a, b) => judge.get(`i${b}`)! - truth[b] - (judge.get(`i${a}`)! - truth[a]) || a - b);
      const rounds: { roundId: number; pairs: CellPair[] }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // each round draws its random half uniformly from every eligible item (a later round may draw an item again)
        const order = Array.from({ length: ELIGIBLE }, (_, i) => i);
        for (let i = 0; i < HALF; i++) {
          const j = i + Math.floor(r.uniform() * (ELIGIBLE - i));
          [order[i], order[j]] = [order[j], order[i]];
        }
        const pair = (i: number, random: boolean): CellPair => ({ itemKey: `i${i}`, caseId: `c${i}`, responseId: null, human: label(i), judge: judge.get(`i${i}`)!, random });
        const changed = byJudgeGap.slice(round * HALF, (round + 1) * HALF).map((i) => pair(i, false));
        rounds.unshift({ roundId: round + 1, pairs: [...changed, ...order.slice(0, HALF).map((i) => pair(i, true))] });
      }
      const expectedHuman = truth.reduce((s, t) => s + t + 0.075 * ((t > 0 ? -1 : 0) + (t < 2 ? 1 : 0)), 0) / ELIGIBLE;
      const [latest, ...earlier] = rounds;
      const pooled = pooledRandomPairs(latest.pairs, earlier);
      expect(pooled.roundIds).toEqual([2, 1]);
      pooledItems += pooled.pairs.length;
      const asItems = (pairs: readonly CellPair[]) => pairs.map((p) => ({ itemKey: p.itemKey, human: p.human as number, judge: p.judge as number }));
      const est = populationEstimate({ random: asItems(pooled.pairs), judgeOnEligible: judge, scale: [0, 2] });
      const [lo, hi] = est.corrected.ci95 as [number, number];
      if (lo <= expectedHuman && expectedHuman <= hi) pooledCovered += 1;
      // the same estimator fed every labeled item of the three rounds, changed halves included
      const all = new Map<string, CellPair>();
      for (const round of rounds) for (const p of round.pairs) if (!all.has(p.itemKey)) all.set(p.itemKey, p);
      const mixed = populationEstimate({ random: asItems([...all.values()]), judgeOnEligible: judge, scale: [0, 2] });
      const [mlo, mhi] = mixed.corrected.ci95 as [number, number];
      if (mlo <= expectedHuman && expectedHuman <= mhi) mixedCovered += 1;
    }
    const share = (k: number) => k / REPS;
    console.log(
      `pooled coverage over ${REPS} repetitions: ${(100 * share(pooledCovered)).toFixed(1)}% (3 rounds × 20 random of 1,000 eligible, ` +
        `${(pooledItems / REPS).toFixed(1)} pooled items on average); with the changed halves mixed in ${(100 * share(mixedCovered)).toFixed(1)}%`,
    );
    expect(share(pooledCovered)).toBeGreaterThanOrEqual(0.92);
    expect(share(pooledCovered)).toBeLessThanOrEqual(0.98);
    expect(share(mixedCovered)).toBeLessThan(0.9);
  });
});
