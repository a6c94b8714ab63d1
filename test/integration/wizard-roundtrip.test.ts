import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../shared/api/contract';
import { createBackend, type Backend } from '../../server/backend';
import { revealedRound } from '../helpers/calibration-set';
import { useTempDir } from '../helpers/temp-dir';

/**
 * Every export goes back in through the import wizard (the operations the window calls: inspect,
 * then start with what was detected): its kind is recognised from its own fields, and the test set
 * it lands in exports the same bytes again.
 */

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

interface Detected { kind: string | null; format: string | null }

/** The wizard's steps for one file: what it holds, then the import of that kind, to its end. */
async function throughWizard(backend: Backend, path: string): Promise<{ detected: Detected; job: ImportJob }> {
  const source = { fileName: path.split('/').pop()!, contentBase64: readFileSync(path).toString('base64') };
  const detected = await call<Detected>(backend, 'imports.inspect', { source });
  expect(detected.kind, path).not.toBeNull();
  const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: detected.kind, format: detected.format, source });
  for (;;) {
    const job = await call<ImportJob>(backend, 'imports.status', { jobId });
    if (job.state !== 'running') return { detected, job };
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function exportTo(backend: Backend, dir: string, what: string, format: string, runId: number | null = null): Promise<string> {
  const out = await call<{ files: { path: string }[] }>(backend, 'exports.write', { what, format, runId, outDir: dir });
  return out.files[0].path;
}

describe('every export goes back in through the import wizard', () => {
  const tempDir = useTempDir();

  it('the demo\'s documents, cases, responses, both judge runs and labels, into a fresh test set: each detected as its kind, the same bytes out again', async () => {
    const dataDir = tempDir();
    const backend = await createBackend({ dataDir, mode: 'browser', version: 'test' });
    try {
      const out = join(dataDir, 'out');
      const back = join(dataDir, 'back');
      mkdirSync(back);
      const byId = (runs: { id: number }[]) => [...runs].sort((a, b) => a.id - b.id);
      // in the order they were made, so the fresh test set makes them in that order too
      const runs = byId(await call<{ id: number }[]>(backend, 'judgeRuns.list', {}));
      expect(runs.length).toBeGreaterThanOrEqual(2);
      const files: [string, string, number | null, string][] = [
        ['documents', 'jsonl', null, 'documents'],
        ['cases', 'jsonl', null, 'cases'],
        ['responses', 'csv', null, 'responses'],
        ...runs.map((r) => ['verdicts', 'jsonl', r.id, 'judge'] as [string, string, number, string]),
        ['labels', 'csv', null, 'labels'],
      ];
      const exported: { path: string; bytes: Buffer }[] = [];
      for (const [what, format, runId] of files) {
        const dir = join(out, `${what}-${runId ?? ''}`);
        const path = await exportTo(backend, dir, what, format, runId);
        exported.push({ path, bytes: readFileSync(path) });
      }
      const labelEvents = readFileSync(exported.at(-1)!.path, 'utf8').trim().split('\r\n').length - 1;
      expect(labelEvents).toBeGreaterThan(0);

      await call(backend, 'testSets.create', { path: join(dataDir, 'fresh.sqlite') });
      for (const [i, [, format, , kind]] of files.entries()) {
        const { detected, job } = await throughWizard(backend, exported[i].path);
        expect(detected).toMatchObject({ kind, format });
        expect(job.error, exported[i].path).toBeNull();
        expect(job.state).toBe('done');
      }
      const labelsJob = (await throughWizard(backend, exported.at(-1)!.path)).job;
      // the same labels file again: nothing added, every event counted as already here
      expect(labelsJob.appended).toEqual({ rows: labelEvents, added: 0, alreadyPresent: labelEvents, reviewersCreated: [], statedMismatches: [] });

      const freshRuns = byId(await call<{ id: number }[]>(backend, 'judgeRuns.list', {}));
      for (const [i, [what, format, runId]] of files.entries()) {
        const dir = join(back, `${what}-${runId ?? ''}`);
        const again = await exportTo(backend, dir, what, format, runId === null ? null : freshRuns[runs.findIndex((r) => r.id === runId)].id);
        expect(readFileSync(again).equals(exported[i].bytes), `${what} ${format} ${runId ?? ''}`).toBe(true);
      }
    } finally {
      await backend.close();
    }
  }, 240_000); // the demo built, then seven import workers, each started under tsx

  it('cases as a Ragas dataset and as DeepEval goldens are detected as those formats and bring every case back', async () => {
    const dataDir = tempDir();
    const backend = await createBackend({ dataDir, mode: 'browser', version: 'test' });
    try {
      const cases = (await call<{ rows: { id: string }[] }>(backend, 'cases.list', { filters: { search: '' }, offset: 0, limit: 1000 })).rows.length;
      for (const format of ['ragas', 'deepeval']) {
        const path = await exportTo(backend, join(dataDir, `out-${format}`), 'cases', format);
        await call(backend, 'testSets.create', { path: join(dataDir, `${format}.sqlite`) });
        const { detected, job } = await throughWizard(backend, path);
        expect(detected).toMatchObject({ kind: 'cases', format });
        expect(job.state, JSON.stringify(job.error)).toBe('done');
        expect(job.added?.cases).toBe(cases);
        expect(job.report?.unused).toEqual([]);
      }
    } finally {
      await backend.close();
    }
  }, 240_000);

  it('labels as JSON Lines and adjudications (JSON Lines and CSV) into a copy that lacks them: detected by their fields, appended, the same bytes out again', async () => {
    const dir = tempDir();
    const { db, file, call: call2, reviewers: [ada], round, copy } = await revealedRound(dir, [[2, 1], [1, 1]]);
    const [first] = round.items;
    await call2('rounds.adjudicate', { roundId: round.round.id, caseId: first.caseId, responseId: first.responseId, dimension: 'correctness', value: 1, note: 'a, "quoted"', deciderReviewerId: ada });
    await call2('rounds.close', { roundId: round.round.id });
    db.close();

    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: file });
    try {
      const exports: Record<string, { path: string; bytes: Buffer }> = {};
      for (const [what, format] of [['adjudications', 'jsonl'], ['adjudications', 'csv'], ['labels', 'jsonl']]) {
        const path = await exportTo(backend, join(dir, `out-${what}-${format}`), what, format);
        exports[`${what}.${format}`] = { path, bytes: readFileSync(path) };
      }
      const decisions = exports['adjudications.jsonl'].bytes.toString('utf8').trim().split('\n').length;
      for (const format of ['jsonl', 'csv']) {
        const target = join(dir, `copy-${format}.sqlite`);
        copyFileSync(copy, target);
        await call(backend, 'testSets.open', { path: target });
        const { detected, job } = await throughWizard(backend, exports[`adjudications.${format}`].path);
        expect(detected).toMatchObject({ kind: 'adjudications', format });
        expect(job).toMatchObject({ state: 'done', kind: 'adjudications', appended: { rows: decisions, added: decisions, alreadyPresent: 0, reviewersCreated: [], statedMismatches: [] } });
        const again = await exportTo(backend, join(dir, `again-${format}`), 'adjudications', format);
        expect(readFileSync(again).equals(exports[`adjudications.${format}`].bytes)).toBe(true);
        const repeat = await throughWizard(backend, exports[`adjudications.${format}`].path);
        expect(repeat.job.appended).toEqual({ rows: decisions, added: 0, alreadyPresent: decisions, reviewersCreated: [], statedMismatches: [] });
      }
      // labels as JSON Lines into the copy: the events it holds are already there, counted as such
      const labels = await throughWizard(backend, exports['labels.jsonl'].path);
      expect(labels.detected).toMatchObject({ kind: 'labels', format: 'jsonl' });
      expect(labels.job.appended).toMatchObject({ added: 0, alreadyPresent: 4 });

      // a bad line is refused through the wizard as from the CLI: file, line, field, nothing written
      const bad = join(dir, 'bad.jsonl');
      const rows = exports['adjudications.jsonl'].bytes.toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
      writeFileSync(bad, rows.map((r, i) => JSON.stringify(i === 0 ? { ...r, dimension: 'faithfulnes' } : r)).join('\n'));
      const target = join(dir, 'copy-bad.sqlite');
      copyFileSync(copy, target);
      await call(backend, 'testSets.open', { path: target });
      const refused = (await throughWizard(backend, bad)).job;
      expect(refused.state).toBe('failed');
      expect(refused.error?.location).toEqual({ file: 'bad.jsonl', line: 1, field: 'dimension' });
      expect((await call<Record<string, number>>(backend, 'testSets.stats', {})).adjudications ?? 0).toBe(0);
    } finally {
      await backend.close();
    }
  });
});
