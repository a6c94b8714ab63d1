import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { onReadProgress } from '../../db/read-progress';
import { createDispatcher } from '../../server/dispatch';
import { createDiagnosisHandlers } from '../../server/diagnosis/handlers';
import { reportPage } from '../../server/diagnosis/page-figures';
import { stopDiagnosisWorker } from '../../server/diagnosis/page-jobs';
import type { Handlers } from '../../shared/api/contract';
import { READ_STEPS, type ReadProgress } from '../../shared/diagnosis/read-steps';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The Diagnosis page waiting on a read of the file shows how far it has come: which step, and for the
 * responses read and worked out, how many of how many; nothing once the page is answered.
 */
describe('how far a Diagnosis read has come', () => {
  const tempDir = useTempDir();

  async function file(responses: number) {
    const input = syntheticDiagnosis(responses);
    const { db } = await openTestSetFile(join(tempDir(), 'progress.sqlite'), { create: true });
    writeDiagnosisFile(db, input);
    return { db, input };
  }

  it('tells each step in order, counting the responses read and worked out, and that it ended', async () => {
    const { db, input } = await file(4_500);
    const told: (ReadProgress | null)[] = [];
    onReadProgress(db, (progress) => told.push(progress));
    reportPage(db, input.system);

    const total = input.responses.length;
    // a first read: every step, the facts worked out as none are kept yet
    expect(told.at(-1)).toBeNull();
    const steps = told.slice(0, -1).map((p) => p!.step);
    expect([...new Set(steps)]).toEqual(['cases', 'labels', 'responses', 'facts', 'layers', 'figures']);
    expect(steps.every((step, i) => i === 0 || READ_STEPS.indexOf(step) >= READ_STEPS.indexOf(steps[i - 1]))).toBe(true);
    expect(told.filter((p) => p?.step === 'responses').map((p) => [p!.done, p!.total])).toEqual([[2_000, total], [4_000, total]]);
    expect(told.filter((p) => p?.step === 'facts').map((p) => [p!.done, p!.total])).toEqual([[0, total], [2_000, total], [4_000, total]]);
    expect(told.every((p) => p === null || p.system === input.system)).toBe(true);

    // after a label the kept read takes it in: only the figures are computed again
    told.length = 0;
    const r = input.responses[0];
    recordLabel(db, { reviewerId: createReviewer(db, 'Ada').id, caseId: r.caseId, responseId: r.responseId, dimension: 'correctness', value: 2 });
    reportPage(db, input.system);
    expect(told.map((p) => p?.step ?? null)).toEqual(['figures', null]);
    db.close();
  });

  it('is asked by the page while its worker reads, and is nothing once the page is answered', async () => {
    const { db, input } = await file(4_500);
    const dispatch = createDispatcher(createDiagnosisHandlers(() => db) as Handlers);
    const seen: unknown[] = [];
    let answered = false;
    const page = dispatch('diagnosis.report', { system: input.system }).then((answer) => {
      answered = true;
      return answer;
    });
    const others: unknown[] = [];
    while (!answered) {
      const now = await dispatch('diagnosis.progress', { system: input.system });
      if (now.ok && now.value !== null) seen.push(now.value);
      // another system's page is not shown this read's progress
      const other = await dispatch('diagnosis.progress', { system: 'other@1' });
      if (!other.ok || other.value !== null) others.push(other);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(others).toEqual([]);
    expect((await page).ok).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (const progress of seen) expect(progress).toMatchObject({ system: input.system, step: expect.stringMatching(new RegExp(`^(${READ_STEPS.join('|')})$`)) });
    expect(await dispatch('diagnosis.progress', { system: input.system })).toMatchObject({ ok: true, value: null });
    await stopDiagnosisWorker(db);
    db.close();
  }, 60_000);
});
