import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { calibrationSet, RUN2 } from '../helpers/calibration-set';
import { useTempDir } from '../helpers/temp-dir';
import { callOver, useWindowOverBackend } from '../helpers/window-over-backend';

/**
 * The weekly review's two stores (the round page and the reveal & adjudicate page) driven the way
 * the window drives them, in Node, over a real backend on a real SQLite file: start a round, label it
 * blind as two reviewers, reveal, adjudicate by keys, close. What the stores hold is checked against
 * what the file says after each step.
 */

const tempDir = useTempDir();
const openWindow = useWindowOverBackend();

async function reviewFile() {
  const dir = tempDir();
  const set = await calibrationSet(dir);
  set.db.close();
  const backend = await openWindow(set.file, join(dir, 'data'));
  const call = callOver(backend);
  const { testSetId } = await call<{ testSetId: string }>('testSets.current', {});
  const { useRoundStore } = await import('../../renderer/features/calibration/roundStore');
  const { useAdjudicationStore, cellKey } = await import('../../renderer/features/calibration/adjudicationStore');
  const { useReviewerStore } = await import('../../renderer/features/reviewers/reviewerStore');
  return { call, testSetId, rounds: useRoundStore, adjudication: useAdjudicationStore, reviewers: useReviewerStore, cellKey };
}

/** Every judged cell of the round labeled by a reviewer: the run-2 judge's value, except `override` where it returns one. */
async function labelAll(
  call: <T>(name: string, input: unknown) => Promise<T>,
  roundId: number,
  reviewerId: number,
  override: (caseId: string, dimension: string) => string | number | undefined = () => undefined,
) {
  const detail = await call<{ items: { caseId: string; responseId: string | null }[]; dimensions: { dimension: string }[] }>('rounds.get', { roundId });
  for (const item of detail.items) {
    for (const { dimension } of detail.dimensions) {
      const judged = RUN2[item.caseId][dimension as keyof (typeof RUN2)[string]];
      await call('labels.record', { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension, value: override(item.caseId, dimension) ?? judged });
    }
  }
  return detail;
}

describe('the weekly review stores over a real file', () => {
  it('start → blind labels → reveal → adjudicate by keys → close, each step as the file has it', async () => {
    const { call, testSetId, rounds, adjudication, reviewers, cellKey } = await reviewFile();
    await rounds.getState().init(testSetId);
    expect(rounds.getState().rounds).toEqual([]);

    // the start form refuses what is not a whole number, then starts the round it was given
    rounds.getState().setSize('six');
    await rounds.getState().start(true);
    expect(rounds.getState().detail).toBeNull();
    rounds.getState().setSize('4');
    rounds.getState().setSeed('11');
    await rounds.getState().start(true);
    const started = rounds.getState().detail!;
    expect(started.round.status).toBe('labeling');
    expect(started.items).toHaveLength(4);
    expect(rounds.getState()).toMatchObject({ selectedId: started.round.id, section: 'items', seedText: '' });
    expect(rounds.getState().rounds!.map((r) => r.id)).toEqual([started.round.id]);
    const roundId = started.round.id;

    // two reviewers label blind; on one item's correctness they disagree
    const ada = await call<{ id: number; name: string }>('reviewers.create', { name: 'Ada' });
    const bo = await call<{ id: number; name: string }>('reviewers.create', { name: 'Bo' });
    const detail = await labelAll(call, roundId, ada.id);
    const split = detail.items[0].caseId;
    await labelAll(call, roundId, bo.id, (caseId, dimension) => (caseId === split && dimension === 'correctness' ? (RUN2[caseId].correctness + 1) % 3 : undefined));
    await rounds.getState().refreshCounts();
    expect(rounds.getState().detail!.labelingDone).toBe(true);

    // reveal: the page moves to adjudication
    reviewers.setState({ testSetId, current: ada });
    await rounds.getState().reveal(false);
    expect(rounds.getState()).toMatchObject({ section: 'adjudicate', actionError: null });
    expect(rounds.getState().detail!.round.status).toBe('revealed');

    // the adjudication page opens on the reviewers' disagreement
    await adjudication.getState().load(roundId);
    const first = adjudication.getState().items[adjudication.getState().itemIndex].cells[adjudication.getState().rowIndex];
    expect(first).toMatchObject({ caseId: split, dimension: 'correctness', disagreement: 'humans', consensus: null });
    // Enter accepts a consensus, and there is none: the page says so and writes nothing
    adjudication.getState().accept();
    expect(adjudication.getState().hint).toBe('no-consensus');
    // on the 0–2 scale the keys are the values: key 2 decides 2, written, and the round's counts follow
    adjudication.getState().chooseKey('2');
    await vi.waitFor(() => expect(adjudication.getState().saves).toEqual({}));
    const view = await call<{ cells: { caseId: string; dimension: string; responseId: string | null; adjudication: { value: unknown; deciderReviewerId?: number } | null }[] }>('rounds.revealView', { roundId });
    const written = view.cells.find((c) => cellKey(c) === cellKey(first))!;
    expect(written.adjudication?.value).toBe(2);
    const held = adjudication.getState().view!.cells.find((c) => cellKey(c) === cellKey(first))!;
    expect(held.adjudication?.value).toBe(2);
    await vi.waitFor(() => expect(rounds.getState().detail!.cells.toAdjudicate).toBe(0));

    // the cursor moved on to a cell still without a decision (the judge disagreeing with both, or an agreeing one)
    const next = adjudication.getState().items[adjudication.getState().itemIndex].cells[adjudication.getState().rowIndex];
    expect(cellKey(next)).not.toBe(cellKey(first));
    expect(next.adjudication).toBeNull();

    // a key the scale does not have changes nothing
    adjudication.getState().chooseKey('9');
    expect(adjudication.getState().hint).toBe('no-key');

    // close: the figures are the file's, per dimension, and the page shows them
    await rounds.getState().close();
    expect(rounds.getState().actionError).toBeNull();
    expect(rounds.getState().section).toBe('figures');
    expect(rounds.getState().detail!.round.status).toBe('closed');
    const trend = await call<{ dimensions: { dimension: string; points: { roundId: number; n: number }[] }[] }>('rounds.trend', {});
    const stored = trend.dimensions.flatMap((d) => d.points.filter((p) => p.roundId === roundId).map((p) => [d.dimension, p.n]));
    expect(rounds.getState().figures!.map((f) => [f.dimension, f.n]).sort()).toEqual(stored.sort());
    expect(rounds.getState().rounds!.find((r) => r.id === roundId)!.status).toBe('closed');

    // a closed round takes no more decisions
    await adjudication.getState().load(roundId);
    adjudication.getState().chooseKey('2');
    expect(adjudication.getState().hint).toBe('not-open');
  });

  it('reveal before labeling is done is refused with the reason and the page stays on the items', async () => {
    const { call, testSetId, rounds } = await reviewFile();
    await rounds.getState().init(testSetId);
    rounds.getState().setSize('3');
    await rounds.getState().start(true);
    const roundId = rounds.getState().selectedId!;
    await rounds.getState().reveal(false);
    expect(rounds.getState().actionError?.code).toBe('conflict');
    expect(rounds.getState().section).toBe('items');
    expect((await call<{ round: { status: string } }>('rounds.get', { roundId })).round.status).toBe('labeling');
    // the early reveal is the person's explicit choice, and is recorded as early
    rounds.getState().askRevealEarly(true);
    await rounds.getState().reveal(true);
    expect(rounds.getState().confirmEarly).toBe(false);
    expect((await call<{ round: { status: string; revealedEarly: boolean } }>('rounds.get', { roundId })).round).toMatchObject({ status: 'revealed', revealedEarly: true });
  });

  it('a round is selected from the list after a test-set switch, never the previous file\'s', async () => {
    const { call, testSetId, rounds } = await reviewFile();
    await rounds.getState().init(testSetId);
    rounds.getState().setSize('2');
    await rounds.getState().start(true);
    expect(rounds.getState().selectedId).not.toBeNull();
    const other = await call<{ testSetId: string }>('testSets.create', { path: join(tempDir(), 'other.touchstone.sqlite') });
    await rounds.getState().init(other.testSetId);
    expect(rounds.getState()).toMatchObject({ testSetId: other.testSetId, rounds: [], selectedId: null, detail: null });
  });
});
