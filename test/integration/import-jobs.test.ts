import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../shared/api/contract';
import { createBackend, type Backend } from '../../server/backend';
import { useTempDir } from '../helpers/temp-dir';

const FIXTURES = fileURLToPath(new URL('../fixtures/external/', import.meta.url));

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

async function importAndWait(backend: Backend, kind: string, fileName: string, bytes: Uint8Array): Promise<ImportJob> {
  const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind, format: 'auto', source: { fileName, contentBase64: Buffer.from(bytes).toString('base64') } });
  for (;;) {
    const job = await call<ImportJob>(backend, 'imports.status', { jobId });
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('imports from the app (worker thread, one transaction)', () => {
  const tempDir = useTempDir();

  it('first launch opens the demo test set built from the bundled sample', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const current = await call<{ name: string; isDemo: boolean }>(backend, 'testSets.current', {});
    expect(current).toMatchObject({ name: 'demo.touchstone.sqlite', isDemo: true });
    const stats = await call<Record<string, number>>(backend, 'testSets.stats', {});
    expect(stats.cases).toBeGreaterThanOrEqual(40);
    expect(stats.judgeRuns).toBe(2);
    await backend.close();
  });

  it('imports a real DeepEval export and reports what was added', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const before = await call<Record<string, number>>(backend, 'testSets.stats', {});
    const job = await importAndWait(backend, 'cases', 'deepeval_goldens.csv', readFileSync(join(FIXTURES, 'deepeval_goldens.csv')));
    expect(job).toMatchObject({ state: 'done', format: 'deepeval', added: { cases: 15 }, error: null });
    const after = await call<Record<string, number>>(backend, 'testSets.stats', {});
    expect(after.cases).toBe(before.cases + 15);
    await backend.close();
  });

  it('a file that is not UTF-8 fails with its line and leaves the test set unchanged', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const before = await call<Record<string, number>>(backend, 'testSets.stats', {});
    const good = Buffer.from(`${JSON.stringify({ id: 'gbk-1', query: 'ok' })}\n`, 'utf8');
    const gbk = Buffer.concat([good, Buffer.from('{"id": "gbk-2", "query": "', 'utf8'), Buffer.from([0xcd, 0xcb, 0xbf, 0xee]), Buffer.from('"}\n', 'utf8')]);
    const job = await importAndWait(backend, 'cases', 'gbk-cases.jsonl', gbk);
    expect(job.state).toBe('failed');
    expect(job.error).toMatchObject({ code: 'invalid-data', location: { file: 'gbk-cases.jsonl', line: 2 } });
    expect(job.error?.message).toMatch(/UTF-8/);
    expect(job.error?.message).toMatch(/Nothing was imported/);
    expect(await call(backend, 'testSets.stats', {})).toEqual(before);
    await backend.close();
  });

  it('a response for an unknown case aborts the whole file, even after good lines', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const before = await call<Record<string, number>>(backend, 'testSets.stats', {});
    const lines = [
      { id: 'r-new-1', caseId: 'refund-annual-day20', system: 's@1', answer: 'a' },
      { id: 'r-new-2', caseId: 'no-such-case', system: 's@1', answer: 'a' },
    ].map((r) => JSON.stringify(r)).join('\n');
    const job = await importAndWait(backend, 'responses', 'responses.jsonl', Buffer.from(lines));
    expect(job.error).toMatchObject({ location: { line: 2, field: 'caseId' } });
    expect(await call(backend, 'testSets.stats', {})).toEqual(before);
    await backend.close();
  });
});

describe('labeling while an import is writing', () => {
  const tempDir = useTempDir();

  it('a label given while a large import writes is saved at once, before the import ends, and the import still lands whole', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const reviewer = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Lin' });
    const lines: string[] = [];
    for (let i = 0; i < 30_000; i += 1) lines.push(JSON.stringify({ id: `bulk-${i}`, query: `第 ${i} 个问题：退款多久到账？`, referenceAnswer: '一般 1 个工作日。', slices: ['long-tail'] }));
    const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: 'cases', source: { fileName: 'bulk.jsonl', contentBase64: Buffer.from(lines.join('\n')).toString('base64') } });
    // wait until the worker is writing, then label
    for (;;) {
      const job = await call<ImportJob>(backend, 'imports.status', { jobId });
      if (job.phase === 'writing' || job.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const saved = await backend.dispatch('labels.record', { reviewerId: reviewer.id, caseId: 'refund-annual-day20', responseId: null, dimension: 'answerability', value: 'answerable' });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    // the import writes into a staged copy: the label did not wait for its 30,000 cases, none of which is visible yet
    expect((await call<ImportJob>(backend, 'imports.status', { jobId })).state).toBe('running');
    expect((await call<{ cases: number }>(backend, 'testSets.stats', {})).cases).toBeLessThan(30_000);
    let job: ImportJob;
    do {
      await new Promise((r) => setTimeout(r, 20));
      job = await call<ImportJob>(backend, 'imports.status', { jobId });
    } while (job.state === 'running');
    expect(job).toMatchObject({ state: 'done', added: { cases: 30_000 } });
    const listed = await call<{ rows: { id: string }[] }>(backend, 'cases.list', { filters: { search: '第 29999 个问题' }, offset: 0, limit: 10 });
    expect(listed.rows.map((r) => r.id)).toEqual(['bulk-29999']);
    const history = await call<{ value: unknown; reviewer: string }[]>(backend, 'labels.history', { caseId: 'refund-annual-day20' });
    // the demo's own reviewers labeled this case too
    expect(history.filter((e) => e.reviewer === 'Lin')).toEqual([expect.objectContaining({ value: 'answerable', reviewer: 'Lin' })]);
    await backend.close();
  });
});
