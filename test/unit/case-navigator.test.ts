import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CaseNavigator, type Direction, type NavigatorReads } from '../../renderer/features/labeling/caseNavigator';
import { createBackend } from '../../server/backend';
import type { Envelope } from '../../shared/api/contract';
import type { LabelingItem, QueueSpec } from '../../shared/api/labeling-ops';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

const tempDir = useTempDir();
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

const QUEUE: QueueSpec = { source: 'unlabeled' };

/** Waits (up to 5 s) for reads the navigator started without awaiting them. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The navigator over a real backend and file (five cases c1..c5): its reads go through the same
 * operations the window uses, counted, and each can be held back to play out a slow answer.
 */
async function navigatorOverFile(limits?: { maxCached: number; prefetchDepth: number }) {
  const dir = tempDir();
  const set = await smallLabelingSet(dir);
  set.db.close();
  const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'desktop', version: 'test', initialTestSet: set.file });
  closers.push(() => backend.close());
  const call = async <T,>(name: string, input: unknown): Promise<T> => {
    const answer = (await backend.dispatch(name, input)) as Envelope<T>;
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };
  const reviewerId = (await call<{ id: number }>('reviewers.create', { name: 'Wang Min' })).id;
  const itemReads: string[] = [];
  const neighbourReads: string[] = [];
  let gate: Promise<void> | null = null;
  const reads: NavigatorReads = {
    item: async (caseId) => {
      itemReads.push(caseId);
      const held = gate;
      const item = await call<LabelingItem>('labeling.item', { reviewerId, caseId, queue: null, step: 0 });
      await held;
      return item;
    },
    neighbour: async (caseId, direction: Direction) => {
      neighbourReads.push(`${caseId}:${direction}`);
      return (await call<{ caseId: string | null }>('queue.navigate', { reviewerId, queue: QUEUE, fromCaseId: caseId, direction })).caseId;
    },
  };
  const navigator = new CaseNavigator(reads, limits);
  const hold = () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      gate = null;
      release();
    };
  };
  const label = (caseId: string) => call('labels.record', { reviewerId, caseId, responseId: null, dimension: 'answerability', value: 'unanswerable' });
  return { navigator, itemReads, neighbourReads, hold, label };
}

describe('the case navigator (cache, neighbours, read-ahead, back / forward)', () => {
  it('reads a case once: a second ask waits for the read in flight, a third comes from the cache', async () => {
    const { navigator, itemReads } = await navigatorOverFile();
    const [first, second] = await Promise.all([navigator.loadItem('c2'), navigator.loadItem('c2')]);
    expect(first?.detail.case.id).toBe('c2');
    expect(second).toBe(first);
    expect(navigator.cached('c2')).toBe(first);
    expect(await navigator.loadItem('c2')).toBe(first);
    expect(itemReads).toEqual(['c2']);
  });

  it('keeps the queue order of neighbours, asking the file once per case and direction', async () => {
    const { navigator, neighbourReads } = await navigatorOverFile();
    expect(await navigator.loadNeighbour('c1', 'next')).toBe('c2');
    expect(await navigator.loadNeighbour('c3', 'previous')).toBe('c2');
    expect(await navigator.loadNeighbour('c5', 'next')).toBeNull();
    expect(navigator.knownNeighbour('c1', 'next')).toBe('c2');
    expect(navigator.knownNeighbour('c1', 'previous')).toBeUndefined();
    await navigator.loadNeighbour('c1', 'next');
    expect(neighbourReads).toEqual(['c1:next', 'c3:previous', 'c5:next']);
  });

  it('reads ahead as many cases as its depth, along the queue in the direction of travel', async () => {
    const { navigator, itemReads } = await navigatorOverFile({ maxCached: 24, prefetchDepth: 3 });
    await navigator.readAhead('c1');
    await until(() => navigator.cached('c4') !== undefined);
    expect(itemReads).toEqual(['c2', 'c3', 'c4']);
    navigator.travel = 'previous';
    await navigator.readAhead('c2');
    await until(() => navigator.cached('c1') !== undefined);
    expect(itemReads).toEqual(['c2', 'c3', 'c4', 'c1']);
  });

  it('drops the least recently kept item past its limit', async () => {
    const { navigator } = await navigatorOverFile({ maxCached: 2, prefetchDepth: 1 });
    await navigator.loadItem('c1');
    await navigator.loadItem('c2');
    navigator.remember('c1', navigator.cached('c1') as LabelingItem);
    await navigator.loadItem('c3');
    expect(['c1', 'c2', 'c3'].map((id) => navigator.cached(id) !== undefined)).toEqual([true, false, true]);
  });

  it('does not keep a read that was in flight when its case changed, nor anything read after close', async () => {
    const { navigator, hold } = await navigatorOverFile();
    const release = hold();
    const stale = navigator.loadItem('c3');
    navigator.forgetCase('c3');
    release();
    expect(await stale).toBeNull();
    expect(navigator.cached('c3')).toBeUndefined();

    const again = hold();
    const late = navigator.loadItem('c4');
    navigator.close();
    again();
    expect(await late).toBeNull();
    expect(navigator.cached('c4')).toBeUndefined();
    expect(await navigator.loadItem('c5')).toBeNull();
  });

  it('asks again for the next unfinished case once a label may have finished one, and keeps the plain neighbours', async () => {
    const { navigator, neighbourReads, label } = await navigatorOverFile();
    expect(await navigator.loadNeighbour('c1', 'nextUnfinished')).toBe('c2');
    await navigator.loadNeighbour('c1', 'next');
    await label('c2');
    navigator.forgetUnfinished('c1');
    expect(navigator.knownNeighbour('c1', 'next')).toBe('c2');
    await navigator.loadNeighbour('c1', 'nextUnfinished');
    expect(neighbourReads.filter((read) => read === 'c1:nextUnfinished')).toHaveLength(2);
  });

  it('retraces the session like a browser: K returns to the case left, J comes forward again; a new way forward drops the old one', () => {
    const navigator = new CaseNavigator({ item: () => Promise.reject(new Error('unused')), neighbour: () => Promise.reject(new Error('unused')) });
    expect(navigator.backOnTrail('c1')).toBeUndefined();
    navigator.leftForward('c1'); // c1 → c2 (from the queue)
    navigator.leftForward('c2'); // c2 → c3
    expect(navigator.backOnTrail('c3')).toBe('c2');
    expect(navigator.backOnTrail('c2')).toBe('c1');
    expect(navigator.forwardOnTrail('c1')).toBe('c2');
    navigator.leftForward('c2'); // from c2 the queue leads elsewhere: the way to c3 is forgotten
    expect(navigator.forwardOnTrail('c4')).toBeUndefined();
    expect(navigator.backOnTrail('c4')).toBe('c2');
  });
});
