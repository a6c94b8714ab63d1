import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';

const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));

/** Runs a command as the unprivileged user `nobody` (the folder's permissions apply to it, not to root). */
const asNobody = (args: string[]) => spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, ...args], { encoding: 'utf8', timeout: 60_000 });

// only root can run a command as another user; and `nobody` must be able to read this checkout
const canRun = process.getuid?.() === 0 && asNobody(['-e', `require('node:fs').accessSync(${JSON.stringify(BIN)})`]).status === 0;

/**
 * A test set in a folder the reader may not write (a shared read-only copy): SQLite cannot make the
 * shared-memory file it reads a WAL file through. The command says so, and that the file is sound,
 * instead of calling it damaged.
 */
describe.skipIf(!canRun)('a test set in a folder its reader cannot write', () => {
  it('is refused naming the folder, not called damaged, and nothing is written beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'touchstone-ro-'));
    chmodSync(dir, 0o755);
    const db = join(dir, 'set.sqlite');
    expect((await cli('init', '--db', db)).code).toBe(0);
    const folder = join(dir, 'shared');
    mkdirSync(folder, { mode: 0o755 });
    copyFileSync(db, join(folder, 'set.sqlite'));
    chmodSync(join(folder, 'set.sqlite'), 0o644);
    for (const command of ['stats', 'check']) {
      const run = asNobody([BIN, command, '--db', join(folder, 'set.sqlite')]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`set.sqlite cannot be read where it is`);
      expect(run.stderr).toContain(folder);
      expect(run.stderr).toContain('is not damaged');
      expect(run.stderr).not.toContain('restore a backup');
    }
    expect(readdirSync(folder)).toEqual(['set.sqlite']);
    expect(existsSync(`${join(folder, 'set.sqlite')}-shm`)).toBe(false);
  }, 120_000);
});
