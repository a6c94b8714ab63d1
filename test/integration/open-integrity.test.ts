import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestSetFile } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The app opens a test set at once and checks its integrity (SQLite's quick_check, every page) in a
 * worker meanwhile, so a large file shows its first list without waiting for the check. Writes wait
 * for the check: a damaged file is never written, and the next call is told it is damaged.
 */

interface Envelope {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

const dispatch = async (backend: Backend, name: string, input: unknown = {}) => (await backend.dispatch(name, input)) as Envelope;

/** A real test set (WAL, as the app leaves its files); with `damaged`, table pages past the schema overwritten. */
async function testSet(dir: string, damaged: boolean): Promise<string> {
  const file = join(dir, damaged ? 'damaged.sqlite' : 'healthy.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  importRows(opened, 'cases', Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, query: `问题 ${i} ${'内容'.repeat(40)}` })));
  opened.db.pragma('wal_checkpoint(TRUNCATE)');
  opened.db.close();
  if (damaged) {
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 6, 0x5a), 0, 4096 * 6, 4096 * 8);
    closeSync(fd);
  }
  return file;
}

describe('opening a test set checks it in the background', () => {
  const tempDir = useTempDir();

  it('a damaged file: writes wait for the check and are refused, nothing is written, the next call says it is damaged', async () => {
    const dir = tempDir();
    const file = await testSet(dir, true);
    const before = readFileSync(file);
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: file });
    try {
      // the write is sent at once; it waits for the check, which finds the damage
      const write = await dispatch(backend, 'reviewers.create', { name: 'Ada' });
      expect(write.ok).toBe(false);
      expect(write.error!.message).toMatch(/damaged\.sqlite is damaged \(SQLite quick_check/);
      await backend.session.checked();
      expect(() => backend.session.require()).toThrow(/damaged\.sqlite is damaged \(SQLite quick_check/);
      expect(backend.session.info()).toBeNull();
      const read = await dispatch(backend, 'cases.list', { filters: {}, offset: 0, limit: 10 });
      expect(read.ok).toBe(false);
      expect(read.error!.message).toMatch(/damaged\.sqlite is damaged \(SQLite quick_check/);
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);
      // another file opens and works as usual
      const healthy = await testSet(dir, false);
      expect((await dispatch(backend, 'testSets.open', { path: healthy })).ok).toBe(true);
      expect((await dispatch(backend, 'reviewers.create', { name: 'Ada' })).ok).toBe(true);
    } finally {
      await backend.close();
    }
  });

  it('a healthy file: served before the check ends, written once it passed', async () => {
    const dir = tempDir();
    const file = await testSet(dir, false);
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: file });
    try {
      const list = await dispatch(backend, 'cases.list', { filters: {}, offset: 0, limit: 10 });
      expect((list.value as { rows: unknown[] }).rows).toHaveLength(10);
      expect((await dispatch(backend, 'reviewers.create', { name: 'Ada' })).ok).toBe(true);
      await backend.session.checked();
      expect(backend.session.info()?.path).toBe(file);
    } finally {
      await backend.close();
    }
  });
});
