import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import type { RoundDetail, RoundFigures } from '../../shared/api/calibration-ops';
import { pairFigures } from '../../shared/calibration/figures';
import { listDimensions } from '../../db/dimensions';
import { krippendorffAlpha } from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, RUN2 } from '../helpers/calibration-set';

/**
 * A closed round's figures and its trend point come from the random half only; the changed half
 * is its own stratum. Built so the changed half is biased (people score those items one step above
 * the judge) and the random half is not: the population figure must differ from one over both
 * halves. Every reference value is recomputed here from the file's rows (SQL) and the published
 * formulas.
 */

/** t(0.975) with 9 degrees of freedom (published tables). */
const T_975_DF9 = 2.262157162740991;

interface Pair {
  key: string;
  caseId: string;
  half: 'random' | 'changed';
  human: number;
  judge: number;
}

/**
 * Labels correctness: the changed half one step above the judge where it can be (biased); the
 * random half equal to the judge except one item a step above and one a step below (no bias, some
 * spread). The other dimensions as the judge says.
 */
function labelRound(db: Db, detail: RoundDetail, reviewerId: number): void {
  let above = false;
  let below = false;
  for (const item of detail.items) {
    const v = RUN2[item.caseId];
    let correctness = v.correctness;
    if (item.reason.kind === 'changed') correctness = Math.min(2, v.correctness + 1);
    else if (!above && v.correctness < 2) [correctness, above] = [v.correctness + 1, true];
    else if (!below && v.correctness > 0) [correctness, below] = [v.correctness - 1, true];
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: correctness });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'faithfulness', value: v.faithfulness });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'responseBehavior', value: v.responseBehavior });
  }
}

/** (final value, run-2 verdict) of every correctness cell of a closed round, with its half: straight from SQL. */
function pairsOf(db: Db, roundId: number): Pair[] {
  const rows = db
    .prepare(
      `SELECT i.case_seq || ':' || coalesce(i.response_seq, '') AS key, c.id AS caseId, i.reason AS half, a.value AS human, v.value AS judge
         FROM round_items i JOIN cases c ON c.seq = i.case_seq
         JOIN adjudications a ON a.round_id = i.round_id AND a.case_seq = i.case_seq AND a.response_seq IS i.response_seq AND a.dimension = 'correctness'
         JOIN verdicts v ON v.run_id = 2 AND v.case_seq = i.case_seq AND v.response_seq IS i.response_seq AND v.dimension = 'correctness'
        WHERE i.round_id = ? ORDER BY i.position`,
    )
    .all(roundId) as { key: string; caseId: string; half: 'random' | 'changed'; human: string; judge: string }[];
  return rows.map((r) => ({ ...r, human: JSON.parse(r.human) as number, judge: JSON.parse(r.judge) as number }));
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Rewrites a closed round's stored figures as an older version of the app wrote them (the triggers that keep them are lifted for this). */
function storeAsOlderVersion(db: Db, roundId: number, rewrite: (stored: Record<string, unknown>) => Record<string, unknown>): void {
  db.exec('DROP TRIGGER round_figures_no_update');
  const rows = db.prepare('SELECT dimension, figures FROM round_figures WHERE round_id = ?').all(roundId) as { dimension: string; figures: string }[];
  for (const row of rows) {
    db.prepare('UPDATE round_figures SET figures = ? WHERE round_id = ? AND dimension = ?').run(JSON.stringify(rewrite(JSON.parse(row.figures) as Record<string, unknown>)), roundId, row.dimension);
  }
  db.exec(`CREATE TRIGGER round_figures_no_update BEFORE UPDATE ON round_figures BEGIN SELECT RAISE(ABORT, 'round figures are stored once'); END;`);
}

describe('round figures by half (real file)', () => {
  const tempDir = useTempDir();

  it('the round and its trend point report the random half; the biased changed half is its own stratum; older stored rounds read the same way', async () => {
    const { db, file } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    // every eligible item: the 6 items whose judge score changed, and 10 random ones
    const started = await call('rounds.start', { size: 16, seed: 5, week: '2026-W10' });
    const roundId = started.round.id;
    expect(started.round.changedItems).toBe(6);
    labelRound(db, started, ada);
    await call('rounds.reveal', { roundId });
    const closed = await call('rounds.close', { roundId });
    const fig = closed.figures.find((f) => f.dimension === 'correctness')!;

    const pairs = pairsOf(db, roundId);
    const random = pairs.filter((p) => p.half === 'random');
    const changed = pairs.filter((p) => p.half === 'changed');
    expect([random.length, changed.length]).toEqual([10, 6]);
    const d = (ps: readonly Pair[]) => ps.map((p) => p.judge - p.human);

    // the changed half is biased (the judge scores lower than people there); the random half is not
    const mixedBias = mean(d(pairs));
    const randomBias = mean(d(random));
    const changedBias = mean(d(changed));
    expect(randomBias).toBe(0);
    expect(changedBias).toBeLessThan(-0.5);
    expect(Math.abs(mixedBias - randomBias)).toBeGreaterThan(0.2);

    // the population figures: the random half only, with its n and a clustered t interval (cases as clusters)
    expect(fig.computed).toBe('close');
    expect(fig.n).toBe(10);
    expect(fig.random.items).toBe(10);
    expect(fig.random.roundIds).toEqual([roundId]);
    expectClose(fig.bias.value!, randomBias);
    expect(fig.bias.value).not.toBeCloseTo(mixedBias, 3);
    // one pair per case: CR1 = G/(G−1)·Σ(d − d̄)²/n², t with G − 1 = 9 degrees of freedom
    const dr = d(random);
    const se = Math.sqrt((10 / 9) * dr.reduce((s, x) => s + (x - randomBias) ** 2, 0) / 10 ** 2);
    expectClose(fig.bias.ci95![0]!, randomBias - T_975_DF9 * se);
    expectClose(fig.bias.ci95![1]!, randomBias + T_975_DF9 * se);
    expectClose(fig.percentAgreement.value!, random.filter((p) => p.human === p.judge).length / 10);
    expectClose(fig.agreement.value!, krippendorffAlpha(random.map((p) => [p.human, p.judge]), 'ordinal', { domain: [0, 1, 2] }));
    expect(fig.agreement.ciMethod).toMatch(/bootstrap/);
    // ...and they are not the figures over both halves
    const mixed = pairFigures(listDimensions(db).find((x) => x.name === 'correctness')!, pairs.map((p) => ({ itemKey: p.key, caseId: p.caseId, responseId: null, human: p.human, judge: p.judge })));
    expectClose(mixed.bias.value!, mixedBias);
    expect(fig.agreement.value).not.toBeCloseTo(mixed.agreement.value!, 3);
    expect(fig.percentAgreement.value).not.toBeCloseTo(mixed.percentAgreement.value!, 3);

    // the changed half: its own stratum with its own n
    expect(fig.changed.n).toBe(6);
    expectClose(fig.changed.bias.value!, changedBias);
    expectClose(fig.changed.percentAgreement.value!, changed.filter((p) => p.human === p.judge).length / 6);

    // the trend plots the same random-half figures
    const trendOf = async () => (await call('rounds.trend', {})).dimensions.find((x) => x.dimension === 'correctness')!.points.find((p) => p.roundId === roundId)!;
    const point = await trendOf();
    expect(point.bias).toEqual(fig.bias);
    expect(point.agreement).toEqual(fig.agreement);
    expect(point.n).toBe(10);

    // the CLI prints the same: the random half, then the changed half apart, never the mixed figure
    const json = await cli('round', 'figures', '--db', file, '--json');
    expect(json.code).toBe(0);
    expect(json.json.round.id).toBe(roundId);
    expect(json.json.figures.find((f: RoundFigures) => f.dimension === 'correctness').bias).toEqual(fig.bias);
    const printed = await cli('round', 'figures', '--db', file, '--round', String(roundId));
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('population figures from the random half only');
    expect(printed.stdout).toContain(`random half, n 10 from round ${roundId}; too few random items yet (10 of 40)`);
    expect(printed.stdout).toContain(`bias (judge − human) ${fig.bias.value!.toFixed(3)} [${fig.bias.ci95![0]!.toFixed(3)}, ${fig.bias.ci95![1]!.toFixed(3)}]`);
    expect(printed.stdout).toContain(`items whose judge score moved (own stratum), n 6:`);
    expect(printed.stdout).toContain(`bias on these items ${changedBias.toFixed(3)}`);
    expect(printed.stdout).not.toContain(mixedBias.toFixed(3));

        // a round stored by the version that kept the halves but put the mixed figures on top: served with the random half's on top
    storeAsOlderVersion(db, roundId, (stored) => {
      const { computed: _computed, ...rest } = stored;
      void _computed;
      return { ...rest, n: mixed.n, agreement: mixed.agreement, percentAgreement: mixed.percentAgreement, bias: mixed.bias };
    });
    const mid = await trendOf();
    expect(mid.computed).toBe('close');
    expect(mid.n).toBe(10);
    expect(mid.bias).toEqual(fig.bias);
    expect(mid.agreement).toEqual(fig.agreement);

    // a round stored before the halves were kept at all (only the mixed figures): recomputed from its items, the same figures a close gives now
    storeAsOlderVersion(db, roundId, (stored) => {
      const { random: _r, changed: _c, ...rest } = stored;
      void _r;
      void _c;
      return rest;
    });
    const stored = JSON.parse(db.prepare("SELECT figures FROM round_figures WHERE round_id = ? AND dimension = 'correctness'").pluck().get(roundId) as string) as Partial<RoundFigures>;
    expect(stored.random).toBeUndefined();
    expect(stored.bias!.value).toBeCloseTo(mixedBias, 9);
    const old = await trendOf();
    expect(old.computed).toBe('recomputed');
    const { computed: _a, ...recomputed } = old;
    const { computed: _b, ...atClose } = { ...fig, roundId, week: point.week, closedAt: point.closedAt, break: point.break, breakReason: point.breakReason };
    void _a;
    void _b;
    expect(recomputed).toEqual(atClose);
    expect(db.prepare('SELECT figures FROM round_figures WHERE round_id = ? AND dimension = ?').pluck().get(roundId, 'correctness')).toBe(JSON.stringify(stored));
    expect((await cli('round', 'figures', '--db', file)).stdout).toContain("correctness (judge run 2: judge-x 2026-02, prompt p4) — recomputed from the round's items");

    // a round still being labeled has no figures yet
    const open = await call('rounds.start', { size: 4, seed: 6, week: '2026-W11' });
    const refused = await cli('round', 'figures', '--db', file, '--round', String(open.round.id));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Round ${open.round.id} is still being labeled: a round has figures once it is closed.`);
  });
});
