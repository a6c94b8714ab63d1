import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestSetFile } from '../../db/open';
import { cli } from '../helpers/cli';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

/** A real test set whose table pages (not the header or schema page) are overwritten. */
async function corruptTestSet(dir: string): Promise<string> {
  const file = join(dir, 'damaged.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  importRows(opened, 'cases', Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, query: `问题 ${i} ${'内容'.repeat(40)}` })));
  opened.db.pragma('journal_mode = DELETE');
  opened.db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096 * 6, 0x5a), 0, 4096 * 6, 4096 * 4);
  closeSync(fd);
  return file;
}

describe('messages about bad test-set files', () => {
  const tempDir = useTempDir();

  it('check on a corrupt file says it is damaged and to restore a backup, never to migrate it', async () => {
    const file = await corruptTestSet(tempDir());
    const run = await cli('check', '--db', file);
    expect(run.code).not.toBe(0);
    const [first] = run.stdout.split('\n');
    expect(first).toMatch(/^damaged: damaged\.sqlite is corrupt\. Do not write to it; restore a backup/);
    expect(run.stdout).not.toMatch(/needs migration|touchstone init/);
  });

  it('start:web with a file that is not a test set, or from a newer Touchstone, prints one sentence and exits 1', async () => {
    const dir = tempDir();
    const notSqlite = join(dir, 'notes.sqlite');
    writeFileSync(notSqlite, 'just some text, not SQLite');
    const newer = join(dir, 'newer.sqlite');
    const opened = await openTestSetFile(newer, { create: true });
    opened.db.pragma('user_version = 999');
    opened.db.close();
    const cases: [string, RegExp][] = [
      [notSqlite, /^Touchstone cannot start: notes\.sqlite is not a Touchstone test set: it is not an SQLite database file\.$/],
      [newer, /^Touchstone cannot start: newer\.sqlite was written by a newer Touchstone \(schema version 999;[^\n]*\.$/],
    ];
    for (const [file, says] of cases) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/start-web.ts', '--port', '0', '--data-dir', join(dir, 'data'), '--db', file], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toMatch(says);
      expect(run.stdout).toBe('');
    }
  });
});
