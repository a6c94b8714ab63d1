import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptWhileUnwritten } from '../../db/kept-reads';
import { createReviewer } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { useTempDir } from '../helpers/temp-dir';

/** A kept read is what lets the Diagnosis page's "show more" cost nothing: it must last while used, and no longer than the file is unwritten. */
describe('a read kept while nothing is written', () => {
  const tempDir = useTempDir();
  afterEach(() => vi.useRealTimers());

  it('lasts a minute after its last use, is read again after a write, and names the stamp it was read at', async () => {
    vi.useFakeTimers();
    const { db } = await openTestSetFile(join(tempDir(), 'kept.sqlite'), { create: true });
    let reads = 0;
    const ask = () => keptWhileUnwritten(db, 'slot', 'key', () => ++reads);

    const first = ask();
    // used every 40 s: each use keeps it another minute
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(40_000);
      expect(ask()).toEqual(first);
    }
    expect(reads).toBe(1);

    // unused for more than a minute: dropped
    vi.advanceTimersByTime(61_000);
    const second = ask();
    expect(reads).toBe(2);
    expect(second.stamp).toBe(first.stamp);

    // a write: read again, at a new stamp
    createReviewer(db, 'Ada');
    const third = ask();
    expect(reads).toBe(3);
    expect(third.stamp).not.toBe(second.stamp);

    // another key in the same slot is another read
    keptWhileUnwritten(db, 'slot', 'other', () => ++reads);
    expect(reads).toBe(4);
    db.close();
  });
});
