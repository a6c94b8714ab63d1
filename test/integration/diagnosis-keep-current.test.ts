import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCaseLeak } from '../../db/diagnosis';
import { diagnosisGeneration, diagnosisInputs, heldRead } from '../../db/diagnosis-inputs';
import { createReviewer, recordLabel } from '../../db/labels';
import { connect, openTestSetFile } from '../../db/open';
import { keepPageCurrent } from '../../server/diagnosis/keep-current';
import { storedHalf } from '../../server/diagnosis/page-figures';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

const LOOK = 3_000;
const GAP = 30_000;

/**
 * When the Diagnosis worker reads a kept page again (server/diagnosis/keep-current.ts): after a write
 * that makes the next page read the file whole, once a look finds writes paused, at most once per gap;
 * never for labels alone. On the clock alone (fake timers), with the app writing on its own connection.
 */
describe('keeping a kept Diagnosis page current', () => {
  const tempDir = useTempDir();
  // connections closed whether the test passed or not
  const closers: (() => void)[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const close of closers.splice(0)) close();
  });

  async function kept() {
    const input = syntheticDiagnosis(60);
    const path = join(tempDir(), 'keep.sqlite');
    const { db: app } = await openTestSetFile(path, { create: true });
    writeDiagnosisFile(app, input);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    // the worker's connection, holding a read as after the page was asked
    const worker = connect(path);
    diagnosisInputs(worker, input.system, new Date().toISOString().slice(0, 10));
    const stop = keepPageCurrent(worker, LOOK, GAP);
    const current = () => heldRead(worker)!.generation === diagnosisGeneration(worker);
    const stored = () => storedHalf(app, input.system, 'report') !== null;
    closers.push(() => {
      stop();
      worker.close();
      app.close();
    });
    return { input, app, current, stored, caseIds: [...new Set(input.responses.map((r) => r.caseId))] };
  }

  it('reads again once a look finds writes paused, and not sooner than the gap after its last read', async () => {
    const { app, current, stored, caseIds } = await kept();
    // a lead edits cases, one every look: the read waits while the commits keep coming
    for (let i = 0; i < 4; i++) {
      expect(setCaseLeak(app, caseIds[i], true)).toBe(true);
      vi.advanceTimersByTime(LOOK);
      expect(current()).toBe(false);
    }
    // the next look finds no commit since the last (one look to see the file behind, one to see it quiet)
    vi.advanceTimersByTime(LOOK);
    expect(current()).toBe(true);
    expect(stored()).toBe(true);

    // another edit soon after: read again only once the gap since the last read has passed
    expect(setCaseLeak(app, caseIds[5], true)).toBe(true);
    vi.advanceTimersByTime(GAP - 2 * LOOK);
    expect(current()).toBe(false);
    expect(stored()).toBe(false);
    vi.advanceTimersByTime(2 * LOOK);
    expect(current()).toBe(true);
    expect(stored()).toBe(true);
  });

  it('reads nothing for labels alone (the page takes them in when asked)', async () => {
    const { input, app, current, stored } = await kept();
    const reviewer = createReviewer(app, 'Li Hua').id;
    for (const r of input.responses.slice(0, 5)) {
      recordLabel(app, { reviewerId: reviewer, caseId: r.caseId, responseId: r.responseId, dimension: 'correctness', value: 1 });
      vi.advanceTimersByTime(LOOK);
    }
    vi.advanceTimersByTime(2 * GAP);
    expect(current()).toBe(true);
    // no read stored a page for the file as it now is
    expect(stored()).toBe(false);
  });
});
