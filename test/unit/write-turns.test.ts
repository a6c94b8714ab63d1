import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WRITE_GRANTED, WriteTurns } from '../../server/imports/write-turns';

/** The worker side of the turns as the app sees it: what the app posts to it. */
function fakeWorker(): { worker: Worker; posted: unknown[] } {
  const posted: unknown[] = [];
  return { worker: { postMessage: (message: unknown) => posted.push(message) } as unknown as Worker, posted };
}

const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return done;
};

describe('write turns between the app and an import worker', () => {
  it('while an import publishes, labels go through between its batches and every other write waits until it is published', async () => {
    const turns = new WriteTurns();
    const { worker, posted } = fakeWorker();
    const served = turns.serve(worker);
    served.answer({ type: 'publishing' });
    expect(await settled(turns.writable('labels.record'))).toBe(true);
    expect(await settled(turns.writable('labeling.item'))).toBe(true);
    const round = turns.writable('rounds.start');
    const conflictSet = turns.writable('diagnosis.buildConflictSet');
    expect(await settled(round)).toBe(false);

    // a batch holds the lock: the label waits for it, then goes through while the round still waits
    served.answer({ type: 'write-requested' });
    expect(posted).toEqual([WRITE_GRANTED]);
    const label = turns.writable('labels.record');
    expect(await settled(label)).toBe(false);
    served.answer({ type: 'write-released' });
    expect(await settled(label)).toBe(true);
    expect(await settled(round)).toBe(false);

    served.answer({ type: 'published' });
    expect(await settled(round)).toBe(true);
    expect(await settled(conflictSet)).toBe(true);
  });

  it('a worker that ends (done, failed or crashed) while publishing releases the waiting writes', async () => {
    const turns = new WriteTurns();
    const served = turns.serve(fakeWorker().worker);
    served.answer({ type: 'publishing' });
    const edit = turns.writable('cases.setLeak');
    expect(await settled(edit)).toBe(false);
    served.end();
    expect(await settled(edit)).toBe(true);
  });
});
