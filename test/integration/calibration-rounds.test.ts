import { judgeVsHumanReport } from '../../server/agreement/agreement-handlers';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import { cohenKappa, krippendorffAlpha, meanBias, percentAgreement, ppiMean } from '../../shared/stats';
import type { RoundDetail } from '../../shared/api/calibration-ops';
import { expectClose } from '../helpers/expect-close';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, CHANGED_ORDER, judgeRows, RUN2, type JudgeValues } from '../helpers/calibration-set';

const DIMENSIONS = ['correctness', 'faithfulness', 'responseBehavior'] as const;

/** Labels every cell of a round for a reviewer: the run-2 judge values, except where `differ` says otherwise. */
function labelRound(db: Db, detail: RoundDetail, reviewerId: number, differ: Record<string, Partial<JudgeValues>> = {}): void {
  for (const item of detail.items) {
    const values = { ...RUN2[item.caseId], ...(differ[item.caseId] ?? {}) };
    for (const dimension of DIMENSIONS) recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension, value: values[dimension] });
  }
}

interface Pair {
  key?: string;
  human: number | string;
  judge: number | string;
}

/** Final values of a closed round and the run's verdicts, straight from SQL. */
function rawPairs(db: Db, roundId: number, runId: number, dimension: string): { pairs: Pair[]; unlabeledJudge: (number | string)[] } {
  const finals = db
    .prepare(
      `SELECT a.case_seq, a.response_seq, a.value FROM adjudications a
        WHERE a.round_id = ? AND a.dimension = ? AND a.id = (SELECT max(b.id) FROM adjudications b WHERE b.round_id = a.round_id
          AND b.case_seq = a.case_seq AND b.response_seq IS a.response_seq AND b.dimension = a.dimension)`,
    )
    .all(roundId, dimension) as { case_seq: number; response_seq: number | null; value: string }[];
  const verdicts = new Map(
    (db.prepare('SELECT case_seq, response_seq, value FROM verdicts WHERE run_id = ? AND dimension = ?').all(runId, dimension) as { case_seq: number; response_seq: number; value: string }[]).map(
      (v) => [`${v.case_seq}:${v.response_seq}`, JSON.parse(v.value) as number | string],
    ),
  );
  const pairs: Pair[] = [];
  const labeled = new Set<string>();
  for (const f of finals) {
    const key = `${f.case_seq}:${f.response_seq}`;
    labeled.add(key);
    if (verdicts.has(key)) pairs.push({ key, human: JSON.parse(f.value) as number | string, judge: verdicts.get(key)! });
  }
  return { pairs, unlabeledJudge: [...verdicts].filter(([k]) => !labeled.has(k)).map(([, v]) => v) };
}

describe('calibration rounds on a real file', () => {
  const tempDir = useTempDir();

  it('start → blind labeling through the round queue → reveal → adjudicate → close, figures checked independently', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;

    const started = await call('rounds.start', { size: 10, seed: 42, week: '2026-W07' });
    expect(started.round).toMatchObject({ week: '2026-W07', seed: 42, size: 10, items: 10, changedItems: 5, status: 'labeling' });
    expect(started.items.slice(0, 5).map((i) => i.caseId)).toEqual(CHANGED_ORDER.slice(0, 5));
    expect(started.items[0].reason).toMatchObject({ kind: 'changed', dimension: 'correctness', fromRunId: 1, toRunId: 2, fromValue: 2, toValue: 0, delta: -2, magnitude: 1 });
    expect(started.items.slice(5).every((i) => i.reason.kind === 'random')).toBe(true);
    expect(started.dimensions.map((d) => [d.dimension, d.judge?.runId])).toEqual([['responseBehavior', 2], ['correctness', 2], ['faithfulness', 2]]);
    expect(started.round.notes.map((n) => n.text).join(' ')).toMatch(/between runs 1 → 2/);
    expect(started.round.notes[0]).toMatchObject({ code: 'changes-measured', values: { fromRunId: 1, toRunId: 2 } });
    const roundId = started.round.id;

    // the labeling queue walks the round's cases in pick order
    const queue = { source: 'round', roundId } as const;
    expect(await call('queue.open', { reviewerId: ada, queue })).toMatchObject({ total: 10, done: 0, resumeCaseId: 'k03' });
    expect((await call('queue.navigate', { reviewerId: ada, queue, fromCaseId: 'k03', direction: 'next' })).caseId).toBe('k12');
    expect((await call('queue.navigate', { reviewerId: ada, queue, fromCaseId: 'k12', direction: 'previous' })).caseId).toBe('k03');
    const item = await call('labeling.item', { reviewerId: ada, caseId: 'k07', queue });
    expect(item.position).toMatchObject({ index: 2, total: 10 });
    expect(item.verdicts).toEqual([]); // blind until labeled

    // nothing revealed while labeling
    await expect(call('rounds.revealView', { roundId })).rejects.toThrow(/reveal it first/);
    labelRound(db, started, ada);
    const partly = await call('rounds.get', { roundId });
    expect(partly.reviewers).toEqual([{ reviewerId: ada, name: 'Ada', done: 30, total: 30, itemsDone: 10, items: 10 }]);
    expect(partly.labelingDone).toBe(true);

    // Bo disagrees on two cells; then half-labels nothing more → done
    labelRound(db, started, bo, { k03: { correctness: 1 }, k07: { responseBehavior: 'refused' } });
    // after labeling, a label of Bo made after the reveal will not count
    const revealed = await call('rounds.reveal', { roundId });
    expect(revealed.round).toMatchObject({ status: 'revealed', revealedEarly: false });
    recordLabel(db, { reviewerId: bo, caseId: 'k05', responseId: 'r-k05', dimension: 'faithfulness', value: 0 });

    const view = await call('rounds.revealView', { roundId });
    expect(view.cells.slice(0, 2).map((c) => [c.caseId, c.dimension, c.disagreement])).toEqual([
      ['k03', 'correctness', 'humans'],
      ['k07', 'responseBehavior', 'humans'],
    ]);
    const k05 = view.cells.find((c) => c.caseId === 'k05' && c.dimension === 'faithfulness')!;
    expect(k05.labels.map((l) => l.value)).toEqual([RUN2.k05.faithfulness, RUN2.k05.faithfulness]);
    expect(k05.judge).toMatchObject({ value: RUN2.k05.faithfulness, runId: 2, rationale: 'faithfulness of k05' });
    expect(k05).toMatchObject({ humansAgree: true, judgeAgrees: true, disagreement: 'none', consensus: RUN2.k05.faithfulness });

    await expect(call('rounds.close', { roundId })).rejects.toThrow(/2 disagreements without an adjudication/);
    const lead = createReviewer(db, 'Lead').id;
    const decided = await call('rounds.adjudicate', { roundId, caseId: 'k03', responseId: 'r-k03', dimension: 'correctness', value: 1, note: 'partly right', deciderReviewerId: lead });
    expect(decided.adjudication).toMatchObject({ value: 1, note: 'partly right', source: 'lead', decider: 'Lead' });
    expect(decided.adjudication.fromEventIds).toHaveLength(2);
    await expect(call('rounds.adjudicate', { roundId, caseId: 'k03', responseId: 'r-k03', dimension: 'correctness', value: 7, deciderReviewerId: lead })).rejects.toThrow(/does not fit/);
    await call('rounds.adjudicate', { roundId, caseId: 'k07', responseId: 'r-k07', dimension: 'responseBehavior', value: 'refused', deciderReviewerId: lead });

    const closed = await call('rounds.close', { roundId });
    expect(closed.round.status).toBe('closed');
    expect(closed.figures.map((f) => f.dimension)).toEqual(['responseBehavior', 'correctness', 'faithfulness']);
    // a closed round never changes
    expect(() => db.prepare("UPDATE rounds SET status = 'labeling' WHERE id = ?").run(roundId)).toThrow(/closed round/);
    expect(() => db.prepare('DELETE FROM adjudications').run()).toThrow(/append-only/);
    await expect(call('rounds.adjudicate', { roundId, caseId: 'k03', responseId: 'r-k03', dimension: 'correctness', value: 2, deciderReviewerId: lead })).rejects.toThrow(/closed/);

    // the adjudicated values become the "adjudicated" human reference of the judge-vs-human view
    const adjudicatedView = judgeVsHumanReport(db, { runId: 2, dimension: 'correctness', reference: { kind: 'adjudicated' } });
    expect(adjudicatedView.reason).toBeNull();
    const adjudicatedPairs = adjudicatedView.dimensions[0];
    expect(adjudicatedPairs.n).toBe(10);
    const k03 = db.prepare(
      "SELECT a.value FROM adjudications a JOIN cases c ON c.seq = a.case_seq WHERE c.id = 'k03' AND a.dimension = 'correctness' ORDER BY a.id DESC LIMIT 1",
    ).pluck().get() as string;
    expect(JSON.parse(k03)).toBe(1);

    // figures against raw SQL + shared/stats: the top-level (population) figures over the random half only,
    // the changed half its own stratum
    const correctness = closed.figures.find((f) => f.dimension === 'correctness')!;
    const c = rawPairs(db, roundId, 2, 'correctness');
    expect(c.pairs).toHaveLength(10);
    const randomKeys = new Set(db.prepare("SELECT case_seq || ':' || response_seq FROM round_items WHERE round_id = ? AND reason = 'random'").pluck().all(roundId) as string[]);
    const random = c.pairs.filter((p) => randomKeys.has(p.key!));
    const changedPairs = c.pairs.filter((p) => !randomKeys.has(p.key!));
    expect(random.length).toBe(5);
    expect(correctness.n).toBe(5);
    expect(correctness.computed).toBe('close');
    const h = random.map((p) => p.human as number);
    const j = random.map((p) => p.judge as number);
    expect(correctness.agreementKey).toBe('krippendorffOrdinal');
    expectClose(correctness.agreement.value!, krippendorffAlpha(random.map((p) => [p.human, p.judge]), 'ordinal', { domain: [0, 1, 2] }));
    expectClose(correctness.percentAgreement.value!, percentAgreement(h, j));
    expectClose(correctness.bias.value!, meanBias(h, j).meanBias);
    expect(correctness.random.agreement).toEqual(correctness.agreement);
    expect(correctness.changed.n).toBe(5);
    expectClose(correctness.changed.bias.value!, meanBias(changedPairs.map((p) => p.human as number), changedPairs.map((p) => p.judge as number)).meanBias);
    // the population estimate: PPI++ on the random half only (the changed half was picked because of the judge);
    // every other verdict is unlabeled; 5 random items < 40: the estimate without an interval
    const rest = [...changedPairs.map((p) => p.judge as number), ...(c.unlabeledJudge as number[])];
    const ppi = ppiMean(random.map((p) => p.human as number), random.map((p) => p.judge as number), rest);
    expectClose(correctness.corrected.value!, ppi.estimate);
    expect(correctness.corrected.ci95).toBeNull();
    expect(correctness.corrected.ciReason).toMatch(/Too few random items yet/);
    expectClose(correctness.judgeRaw.value!, [...c.pairs.map((p) => p.judge as number), ...(c.unlabeledJudge as number[])].reduce((s, v) => s + v, 0) / 16);
    expect(correctness.agreement.ci95).not.toBeNull();

    const faithfulness = closed.figures.find((f) => f.dimension === 'faithfulness')!;
    const f = rawPairs(db, roundId, 2, 'faithfulness').pairs.filter((p) => randomKeys.has(p.key!));
    expect(faithfulness.agreementKey).toBe('krippendorffInterval');
    expectClose(faithfulness.agreement.value ?? Number.NaN, krippendorffAlpha(f.map((p) => [p.human, p.judge]), 'interval'));

    const behavior = closed.figures.find((f) => f.dimension === 'responseBehavior')!;
    const b = rawPairs(db, roundId, 2, 'responseBehavior').pairs.filter((p) => randomKeys.has(p.key!));
    expect(behavior.agreementKey).toBe('cohenKappa');
    expectClose(behavior.agreement.value!, cohenKappa(b.map((p) => p.human), b.map((p) => p.judge)));
    expect(behavior.bias.value).toBeNull();
    expect(behavior.bias.reason).toMatch(/categorical/i);
    expect(behavior.corrected.value).toBeNull();

    // unanimous cells were recorded as such, with the labels they came from
    const sources = db.prepare('SELECT source, count(*) AS n FROM adjudications WHERE round_id = ? GROUP BY source ORDER BY source').all(roundId);
    expect(sources).toEqual([{ source: 'lead', n: 2 }, { source: 'unanimous', n: 28 }]);
  });

  it('reveal waits for everyone unless early (recorded); the trend breaks where the judge changed', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const first = await call('rounds.start', { size: 6, seed: 1, week: '2026-W07' });
    labelRound(db, first, ada);
    recordLabel(db, { reviewerId: bo, caseId: first.items[0].caseId, responseId: first.items[0].responseId, dimension: 'correctness', value: RUN2[first.items[0].caseId].correctness });
    await expect(call('rounds.reveal', { roundId: first.round.id })).rejects.toThrow(/not finished: 18 of 18 cells have a label \(Ada 18\/18, Bo 1\/18\)/);
    expect((await call('rounds.reveal', { roundId: first.round.id, early: true })).round).toMatchObject({ status: 'revealed', revealedEarly: true });
    await call('rounds.close', { roundId: first.round.id });

    // a new prompt version: the next round's figures start a new line
    importRows({ db } as never, 'judge', judgeRows(RUN2, { model: 'judge-x', version: '2026-02', promptVersion: 'p5' }), 'judge-p5.jsonl');
    const second = await call('rounds.start', { size: 6, seed: 1, week: '2026-W08' });
    // no comparable runs: all random, drawn from every eligible item (last week's included: a uniform sample)
    expect(second.items.every((i) => i.reason.kind === 'random')).toBe(true);
    expect(second.round.notes.map((n) => n.text).join(' ')).toMatch(/Fewer than two comparable judge runs/);
    expect(second.round.notes.map((n) => n.text).join(' ')).toMatch(/6 items of the previous round were kept out of the changed half/);
    expect(second.round.notes).toContainEqual({ code: 'previous-excluded', values: { excluded: 6 }, text: '6 items of the previous round were kept out of the changed half.' });
    labelRound(db, second, ada);
    await call('rounds.reveal', { roundId: second.round.id });
    await call('rounds.close', { roundId: second.round.id });

    const trend = await call('rounds.trend', {});
    const correctness = trend.dimensions.find((d) => d.dimension === 'correctness')!;
    expect(correctness.points.map((p) => [p.week, p.roundId, p.break])).toEqual([['2026-W07', first.round.id, false], ['2026-W08', second.round.id, true]]);
    expect(correctness.points[1].breakReason).toBe('prompt version p4 → p5');
    expect(correctness.points[1].judge).toMatchObject({ runId: 3, promptVersion: 'p5' });
    expect((await call('rounds.list', {})).map((r) => r.id)).toEqual([second.round.id, first.round.id]);
  });

  it('short data: no judge run at all, and fewer eligible items than asked for', async () => {
    const { db } = await calibrationSet(tempDir(), { runs: 0 });
    const call = api(db);
    const round = await call('rounds.start', { size: 40, seed: 3 });
    expect(round.round.items).toBe(16);
    expect(round.round.changedItems).toBe(0);
    expect(round.round.notes.map((n) => n.text).join(' ')).toMatch(/No judge run scores any dimension/);
    expect(round.round.notes.map((n) => n.text).join(' ')).toMatch(/Fewer than two comparable judge runs/);
    expect(round.round.notes.map((n) => n.text).join(' ')).toMatch(/Only 16 items are eligible: the round has 16 items, not 40/);
    expect(round.round.notes.map((n) => [n.code, n.values])).toEqual([
      ['no-judge-run', {}],
      ['no-comparable-runs', {}],
      ['few-eligible', { eligible: 16, picked: 16, size: 40 }],
    ]);
    expect(round.round.week).toMatch(/^\d{4}-W\d{2}$/);
    // every non-structured response dimension is reviewed when no judge scores any
    expect(round.dimensions.map((d) => d.dimension)).toEqual(['responseBehavior', 'refusalCorrect', 'correctness', 'faithfulness', 'failureLayer']);
    expect(round.dimensions.every((d) => d.judge === null)).toBe(true);
  });

  it('a round stored before notes had codes still reads, its English sentences shown as they were', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const started = await call('rounds.start', { size: 6, seed: 4, week: '2026-W07' });
    const old = ['Judge changes measured between runs 1 → 2 on correctness.', '2 items of the previous round were excluded.'];
    db.prepare('UPDATE rounds SET notes = ? WHERE id = ?').run(JSON.stringify(old), started.round.id);
    const read = await call('rounds.get', { roundId: started.round.id });
    expect(read.round.notes).toEqual(old.map((text) => ({ code: 'text', values: {}, text })));
    expect(read.items).toEqual(started.items);
    expect((await call('rounds.list', {}))[0].notes.map((n) => n.text)).toEqual(old);
  });
});
