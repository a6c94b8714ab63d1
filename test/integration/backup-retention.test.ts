import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../shared/api/contract';
import { BACKUPS_KEPT_PER_KIND, backupDirOf } from '../../db/backups';
import { createReviewer, recordLabel } from '../../db/labels';
import { createBackend, type Backend } from '../../server/backend';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

async function call<T>(backend: Backend, name: string, input: unknown = {}): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

async function importAndWait(backend: Backend, fileName: string, text: string): Promise<ImportJob> {
  const source = { fileName, contentBase64: Buffer.from(text, 'utf8').toString('base64') };
  const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: 'cases', format: 'jsonl', source });
  for (;;) {
    const job = await call<ImportJob>(backend, 'imports.status', { jobId });
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Backup {
  path: string;
  reason: string;
}

async function started(dir: string): Promise<{ backend: Backend; file: string }> {
  const opened = await smallLabelingSet(dir);
  const ada = createReviewer(opened.db, 'Ada');
  recordLabel(opened.db, { reviewerId: ada.id, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
  opened.db.close();
  const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
  return { backend, file: opened.file };
}

describe('backups survive failed, empty and repeated imports and merges', () => {
  const tempDir = useTempDir();

  it('one good import, then more failed ones than are kept: the backup from before the good import is still there', async () => {
    const { backend } = await started(tempDir());
    try {
      const good = await importAndWait(backend, 'new.jsonl', `${JSON.stringify({ id: 'n1', query: '新问题' })}\n`);
      expect(good.state).toBe('done');
      const [beforeGood] = await call<Backup[]>(backend, 'backups.list');
      expect(beforeGood.reason).toBe('import-cases');

      for (let i = 0; i < BACKUPS_KEPT_PER_KIND + 1; i += 1) {
        // alternately a file refused while parsing and one refused while writing (its id is already in the file)
        const bad = i % 2 === 0 ? '{"id": "x", "query": \n' : `${JSON.stringify({ id: 'c1', query: '重复' })}\n`;
        const failed = await importAndWait(backend, `bad-${i}.jsonl`, bad);
        expect(failed.state).toBe('failed');
      }
      const after = await call<Backup[]>(backend, 'backups.list');
      expect(after.map((b) => b.path)).toEqual([beforeGood.path]);
    } finally {
      await backend.close();
    }
  }, 300_000); // a dozen import workers, each started under tsx

  it('merging a label pack that adds nothing writes no backup', async () => {
    const dir = tempDir();
    const { backend } = await started(dir);
    try {
      const pack = join(dir, 'pack');
      await call(backend, 'labels.exportPack', { reviewerId: 1, outDir: pack });
      for (let i = 0; i < 3; i += 1) {
        const merged = await call<{ added: number; backupPath: string | null }>(backend, 'labels.importPack', { dir: pack });
        expect(merged).toMatchObject({ added: 0, backupPath: null });
      }
      expect(await call<Backup[]>(backend, 'backups.list')).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it('a backup killed half-way leaves a .partial that is removed when the file is next opened and never listed', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    opened.db.close();
    const backups = backupDirOf(opened.file);
    mkdirSync(backups, { recursive: true });
    const leftover = join(backups, '2026-01-01T00-00-00-000Z-import-cases.sqlite.partial');
    writeFileSync(leftover, 'half a copy');
    const anHourAgo = new Date(Date.now() - 3600_000);
    utimesSync(leftover, anHourAgo, anHourAgo);
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
    try {
      expect(existsSync(leftover)).toBe(false);
      expect(await call<Backup[]>(backend, 'backups.list')).toEqual([]);
    } finally {
      await backend.close();
    }
  });
});
