import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import type { RoundDetail } from '../../shared/api/calibration-ops';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, RUN2 } from '../helpers/calibration-set';

const DIMENSIONS = ['correctness', 'faithfulness', 'responseBehavior'] as const;

function labelAll(db: Db, detail: RoundDetail, reviewerId: number, shift = 0): void {
  for (const item of detail.items) {
    const v = RUN2[item.caseId];
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: (v.correctness + shift) % 3 });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'faithfulness', value: v.faithfulness });
    recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: 'responseBehavior', value: v.responseBehavior });
  }
}

describe('blind calibration rounds, enforced by the server', () => {
  const tempDir = useTempDir();

  it('labels from before the start are not round labels; no verdict reaches the window until the reveal; later changes never replace the blind label', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    // Ada labels every response before any round exists (she may have seen the judge then).
    const everything = { items: Object.keys(RUN2).map((caseId) => ({ caseId, responseId: `r-${caseId}` })) } as unknown as RoundDetail;
    labelAll(db, everything, ada);

    const started = await call('rounds.start', { size: 6, seed: 7, week: '2026-W07' });
    const roundId = started.round.id;
    expect(started.reviewers).toEqual([]);
    expect(started.labelingDone).toBe(false);
    expect(started.cells.labeled).toBe(0);

    const queue = { source: 'round' as const, roundId };
    const opened = await call('queue.open', { reviewerId: ada, queue });
    expect(opened.done).toBe(0);
    const first = started.items[0];
    const before = await call('labeling.item', { reviewerId: ada, caseId: first.caseId, queue, step: 0 });
    // the round queue shows none of her earlier labels and no verdict
    const roundSteps = before.steps.filter((s) => DIMENSIONS.includes(s.dimension as (typeof DIMENSIONS)[number]));
    expect(roundSteps.length).toBe(3);
    expect(roundSteps.map((s) => s.current)).toEqual([null, null, null]);
    expect(before.verdicts).toEqual([]);

    // a label saved inside the round still reveals nothing, in the round queue or any other
    recordLabel(db, { reviewerId: ada, caseId: first.caseId, responseId: first.responseId, dimension: 'correctness', value: 1 });
    const afterSave = await call('labeling.item', { reviewerId: ada, caseId: first.caseId, queue, step: 0 });
    expect(afterSave.verdicts).toEqual([]);
    expect(JSON.stringify(afterSave)).not.toContain('correctness of');
    const elsewhere = await call('labeling.item', { reviewerId: ada, caseId: first.caseId, queue: { source: 'unlabeled' }, step: 0 });
    expect(elsewhere.verdicts).toEqual([]);
    await expect(call('rounds.revealView', { roundId })).rejects.toThrow(/still being labeled blind/);

    // her label inside the round counts; the earlier ones do not
    const partial = await call('rounds.get', { roundId });
    expect(partial.cells.labeled).toBe(1);
    expect(partial.reviewers.map((r) => [r.name, r.done])).toEqual([['Ada', 1]]);

    // a round with labels cannot be deleted
    await expect(call('rounds.delete', { roundId })).rejects.toThrow(/already has labels/);

    // early reveal, recorded with who and when
    const revealed = await call('rounds.reveal', { roundId, early: true, reviewerId: ada });
    expect(revealed.round.revealedEarly).toBe(true);
    expect(revealed.round.revealedBy).toEqual({ reviewerId: ada, name: 'Ada' });
    expect(revealed.round.revealedAt).not.toBeNull();

    // after the reveal the verdict reaches the window for the step she labeled
    const afterReveal = await call('labeling.item', { reviewerId: ada, caseId: first.caseId, queue, step: 0 });
    expect(afterReveal.verdicts.map((v) => v.dimension)).toEqual(['correctness', 'correctness']);

    // a change after the reveal is its own event and never replaces the blind label
    recordLabel(db, { reviewerId: ada, caseId: first.caseId, responseId: first.responseId, dimension: 'correctness', value: 2 });
    const view = await call('rounds.revealView', { roundId });
    const cell = view.cells.find((c) => c.caseId === first.caseId && c.dimension === 'correctness')!;
    expect(cell.labels.map((l) => l.value)).toEqual([1]);
    const events = db.prepare("SELECT count(*) FROM label_events e JOIN cases c ON c.seq = e.case_seq WHERE c.id = ? AND e.dimension = 'correctness'").pluck().get(first.caseId);
    expect(events).toBe(3);
  });

  it('a second round in the same ISO week needs a confirmation; a round with no labels can be deleted', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const first = await call('rounds.start', { size: 4, seed: 1, week: '2026-W07' });
    await expect(call('rounds.start', { size: 4, seed: 2, week: '2026-W07' })).rejects.toThrow(/already has round 1.*confirmation/);
    expect((await call('rounds.list', {})).length).toBe(1);
    const second = await call('rounds.start', { size: 4, seed: 2, week: '2026-W07', sameWeek: true });
    expect(second.round.id).toBe(2);
    expect(await call('rounds.delete', { roundId: second.round.id })).toEqual({ deleted: 2 });
    expect((await call('rounds.list', {})).map((r) => r.id)).toEqual([first.round.id]);
    await expect(call('rounds.get', { roundId: 2 })).rejects.toThrow(/no calibration round 2/);
  });
});
