import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import type { RoundDetail, RoundFigures } from '../../shared/api/calibration-ops';
import { krippendorffAlpha } from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, judgeRows, RUN2 } from '../helpers/calibration-set';

/**
 * The weekly review's population figures pool the random halves of consecutive closed rounds
 * scored by the same judge version; the changed half of a round is its own stratum. Every figure
 * is recomputed here from the file's rows (SQL) with the published formulas, to 1e-9.
 */

type Api = ReturnType<typeof api>;

/** Labels every cell: the run-2 judge value, except correctness one step off on every other item (so there is bias). */
function labelRound(db: Db, detail: RoundDetail, reviewerId: number): void {
  detail.items.forEach((item, i) => {
    const v = RUN2[item.caseId];
    const correctness = i % 2 === 0 ? (v.correctness + 1) % 3 : v.correctness;
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: correctness });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'faithfulness', value: v.faithfulness });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'responseBehavior', value: v.responseBehavior });
  });
}

async function runRound(call: Api, db: Db, reviewerId: number, week: string, seed: number): Promise<{ detail: RoundDetail; figures: RoundFigures[] }> {
  const detail = await call('rounds.start', { size: 6, seed, week });
  labelRound(db, detail, reviewerId);
  await call('rounds.reveal', { roundId: detail.round.id });
  const closed = await call('rounds.close', { roundId: detail.round.id });
  return { detail, figures: closed.figures };
}

/** (final value, verdict of `runId`) per item of the given halves of rounds, newest round first, an item once: straight from SQL. */
function pairsOf(db: Db, roundIds: number[], runId: number, kind: 'random' | 'changed'): { key: string; human: number; judge: number }[] {
  const out = new Map<string, { key: string; human: number; judge: number }>();
  for (const roundId of roundIds) {
    const rows = db
      .prepare(
        `SELECT i.case_seq || ':' || coalesce(i.response_seq, '') AS key, a.value AS human, v.value AS judge
           FROM round_items i
           JOIN adjudications a ON a.round_id = i.round_id AND a.case_seq = i.case_seq AND a.response_seq IS i.response_seq AND a.dimension = 'correctness'
           JOIN verdicts v ON v.run_id = ? AND v.case_seq = i.case_seq AND v.response_seq IS i.response_seq AND v.dimension = 'correctness'
          WHERE i.round_id = ? AND i.reason = ? ORDER BY i.position`,
      )
      .all(runId, roundId, kind) as { key: string; human: string; judge: string }[];
    for (const r of rows) if (!out.has(r.key)) out.set(r.key, { key: r.key, human: JSON.parse(r.human) as number, judge: JSON.parse(r.judge) as number });
  }
  return [...out.values()];
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** PPI++ point estimate written out from the formula: λ = clip(cov_n(Y, Ŷ) / ((1 + n/N)·s²(Ŷ ∪ Ŷu)), 0, 1). */
function ppiPlusPlus(Y: number[], Yhat: number[], Yu: number[]): { estimate: number; lambda: number } {
  const n = Y.length;
  const N = Yu.length;
  const my = mean(Y);
  const mh = mean(Yhat);
  const cov = Y.reduce((s, y, i) => s + (y - my) * (Yhat[i] - mh), 0) / n;
  const all = [...Yhat, ...Yu];
  const ma = mean(all);
  const s2 = all.reduce((s, x) => s + (x - ma) ** 2, 0) / (all.length - 1);
  const lambda = Math.min(1, Math.max(0, cov / ((1 + n / N) * s2)));
  return { estimate: lambda * mean(Yu) + mean(Y.map((y, i) => y - lambda * Yhat[i])), lambda };
}

describe('pooled random halves and the changed stratum (real file)', () => {
  const tempDir = useTempDir();

  it('pools consecutive rounds of the same judge version, keeps the changed half apart, and starts over with a new judge version', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;

    const first = await runRound(call, db, ada, '2026-W07', 1);
    const second = await runRound(call, db, ada, '2026-W08', 2);
    const r1 = first.detail.round.id;
    const r2 = second.detail.round.id;

    const fig = second.figures.find((f) => f.dimension === 'correctness')!;
    const pooled = pairsOf(db, [r2, r1], 2, 'random');
    const ownRandom = pairsOf(db, [r2], 2, 'random');
    expect(fig.random!.roundIds).toEqual([r2, r1]);
    expect(fig.random!.items).toBe(pooled.length);
    expect(pooled.length).toBeGreaterThan(ownRandom.length);
    expect(fig.random!.minItems).toBe(40);

    // agreement and bias over the pooled random items
    expectClose(fig.random!.agreement.value!, krippendorffAlpha(pooled.map((p) => [p.human, p.judge]), 'ordinal', { domain: [0, 1, 2] }));
    expectClose(fig.random!.percentAgreement.value!, pooled.filter((p) => p.human === p.judge).length / pooled.length);
    expectClose(fig.random!.bias.value!, mean(pooled.map((p) => p.judge - p.human)));
    expectClose(fig.random!.humanMean.value!, mean(pooled.map((p) => p.human)));

    // the population estimate: PPI++ with the pooled random items labeled, every other verdict of the run unlabeled
    const labeled = new Set(pooled.map((p) => p.key));
    const unlabeled = (db.prepare("SELECT case_seq || ':' || coalesce(response_seq, '') AS key, value FROM verdicts WHERE run_id = 2 AND dimension = 'correctness'").all() as { key: string; value: string }[])
      .filter((v) => !labeled.has(v.key))
      .map((v) => JSON.parse(v.value) as number);
    const ppi = ppiPlusPlus(pooled.map((p) => p.human), pooled.map((p) => p.judge), unlabeled);
    expectClose(fig.corrected.value!, ppi.estimate);
    // fewer than 40 pooled random items: no interval, and the reason says why
    expect(fig.corrected.ci95).toBeNull();
    expect(fig.corrected.ciReason).toMatch(/Too few random items yet/);

    // the changed half: this round's alone, its own stratum
    const changed = pairsOf(db, [r2], 2, 'changed');
    expect(changed.length).toBeGreaterThan(0);
    expect(fig.changed!.n).toBe(changed.length);
    expectClose(fig.changed!.bias.value!, mean(changed.map((p) => p.judge - p.human)));
    expect(changed.some((c) => labeled.has(c.key))).toBe(false);

    // the first round pooled only itself
    expect(first.figures.find((f) => f.dimension === 'correctness')!.random!.roundIds).toEqual([r1]);

    // a new judge version (prompt p5): the pool starts over with the next round
    importRows({ db } as never, 'judge', judgeRows(RUN2, { model: 'judge-x', version: '2026-02', promptVersion: 'p5' }), 'judge-p5.jsonl');
    const third = await runRound(call, db, ada, '2026-W09', 3);
    const fig3 = third.figures.find((f) => f.dimension === 'correctness')!;
    expect(fig3.random!.roundIds).toEqual([third.detail.round.id]);
    expect(fig3.random!.items).toBe(pairsOf(db, [third.detail.round.id], 3, 'random').length);
  });
});
