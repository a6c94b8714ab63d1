import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueueSpec } from '../../shared/api/labeling-ops';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { callOver, useWindowOverBackend } from '../helpers/window-over-backend';

/**
 * The Label screen's store moving between cases as J and K drive it, over a real backend on a real
 * file (five cases c1..c5), with the queue's neighbours answering late as a busy server does: keys
 * pressed faster than the neighbours come must still each move one case, in queue order.
 */

const tempDir = useTempDir();
const openWindow = useWindowOverBackend();

const UNLABELED: QueueSpec = { source: 'unlabeled' };
const LISTED: QueueSpec = { source: 'cases', caseIds: ['c1', 'c2', 'c3', 'c4', 'c5'], docId: null };

async function labelingOverFile() {
  const dir = tempDir();
  const set = await smallLabelingSet(dir);
  set.db.close();
  const backend = await openWindow(set.file, join(dir, 'data'));
  const call = callOver(backend);
  const { testSetId } = await call<{ testSetId: string }>('testSets.current', {});
  const reviewer = await call<{ id: number }>('reviewers.create', { name: 'Wang Min' });
  localStorage.setItem(`touchstone.reviewer.${testSetId}`, String(reviewer.id));
  // the queue's neighbours answer late, as from a busy server; every other call as the file answers it
  const bridge = window.touchstone!;
  const answer = bridge.invoke;
  bridge.invoke = async (name, input) => {
    if (name === 'queue.navigate') await new Promise((resolve) => setTimeout(resolve, 30));
    return answer(name, input);
  };
  const { useReviewerStore } = await import('../../renderer/features/reviewers/reviewerStore');
  const { useLabelingStore } = await import('../../renderer/features/labeling/labelingStore');
  await useReviewerStore.getState().init(testSetId);
  return { call, reviewerId: reviewer.id, labeling: useLabelingStore };
}

describe('J and K pressed faster than the queue answers', () => {
  it('four J pressed before any neighbour is known land on the fourth case ahead, and show it', async () => {
    const { labeling } = await labelingOverFile();
    await labeling.getState().openQueue(UNLABELED);
    expect(labeling.getState().caseId).toBe('c1');

    await Promise.all([1, 2, 3, 4].map(() => labeling.getState().nextCase('next')));
    expect(labeling.getState()).toMatchObject({ caseId: 'c5', loading: false, loadError: null });
    expect(labeling.getState().item?.detail.case.id).toBe('c5');
  });

  it('four K from a resumed case, with no trail behind it, land on the queue’s first case; J and K mixed count one case each', async () => {
    const { call, reviewerId, labeling } = await labelingOverFile();
    // the reviewer stopped on c5 last time: the queue opens there, nothing behind it read yet
    await call('labeling.item', { reviewerId, caseId: 'c5', queue: UNLABELED, step: 0 });
    await labeling.getState().openQueue(UNLABELED);
    expect(labeling.getState().caseId).toBe('c5');

    await Promise.all([1, 2, 3, 4].map(() => labeling.getState().previousCase()));
    expect(labeling.getState().caseId).toBe('c1');
    expect(labeling.getState().item?.detail.case.id).toBe('c1');

    const { nextCase, previousCase } = labeling.getState();
    await Promise.all([nextCase('next'), nextCase('next'), previousCase(), nextCase('next'), nextCase('next')]);
    expect(labeling.getState().caseId).toBe('c4');
    expect(labeling.getState().item?.detail.case.id).toBe('c4');
  });

  it('J pressed in one queue moves nothing in the queue opened next', async () => {
    const { labeling } = await labelingOverFile();
    await labeling.getState().openQueue(UNLABELED);
    const old = [1, 2, 3].map(() => labeling.getState().nextCase('next'));
    await labeling.getState().openQueue(LISTED);
    expect(labeling.getState().caseId).toBe('c1');
    // one J in the new queue is one case, whatever was still waiting in the old one
    await labeling.getState().nextCase('next');
    await Promise.all(old);
    expect(labeling.getState().caseId).toBe('c2');
    expect(labeling.getState().queue).toEqual(LISTED);
  });

  it('two quick answers in a sweep save on the case shown and move one case, not two', async () => {
    const { labeling } = await labelingOverFile();
    const { useSweep } = await import('../../renderer/features/labeling/sweepStore');
    await labeling.getState().loadDimensions();
    await labeling.getState().openQueue(LISTED);
    expect(labeling.getState().caseId).toBe('c1');
    const step = labeling.getState().item!.steps[labeling.getState().stepIndex];
    expect(step.dimension).toBe('answerability');
    useSweep.getState().start('answerability');
    const yes = labeling.getState().dimensions.find((d) => d.name === 'answerability')!.options[0].value;
    labeling.getState().choose(yes);
    labeling.getState().choose(yes);
    await expect.poll(() => labeling.getState().caseId).toBe('c2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(labeling.getState().caseId).toBe('c2');
    // both answers went to c1, the case on screen when they were given; c2 waits for its own
    const saved = Object.values(labeling.getState().saves).map((save) => save.value);
    expect(Object.keys(labeling.getState().saves).map((key) => key.split('\u0001')[0])).toEqual(['c1']);
    expect(saved).toEqual([yes]);
    useSweep.getState().leave();
  });
});
