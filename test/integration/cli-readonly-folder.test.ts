import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';

const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));

/** Runs a command as the unprivileged user `nobody` (the folder's permissions apply to it, not to root), with its own temporary folder. */
const asNobody = (args: string[], tmp = tmpdir()) =>
  spawnSync('runuser', ['-u', 'nobody', '--', 'env', `TMPDIR=${tmp}`, process.execPath, ...args], { encoding: 'utf8', timeout: 60_000 });

// only root can run a command as another user; and `nobody` must be able to read this checkout
const canRun = process.getuid?.() === 0 && asNobody(['-e', `require('node:fs').accessSync(${JSON.stringify(BIN)})`]).status === 0;

/**
 * A test set in a folder the reader may not write (a shared read-only copy): SQLite cannot make the
 * shared-memory file it reads a WAL file through. A command that only looks reads a temporary copy
 * and says so; one that writes is refused as the app refuses a read-only file, not calling it damaged. Nothing is
 * written beside the file, and the copy is gone when the command ends.
 */
describe.skipIf(!canRun)('a test set in a folder its reader cannot write', () => {
  it('is read through a temporary copy by the commands that look, and refused by those that write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'touchstone-ro-'));
    chmodSync(dir, 0o755);
    const db = join(dir, 'set.sqlite');
    expect((await cli('init', '--db', db)).code).toBe(0);
    const folder = join(dir, 'shared');
    mkdirSync(folder, { mode: 0o755 });
    copyFileSync(db, join(folder, 'set.sqlite'));
    chmodSync(join(folder, 'set.sqlite'), 0o644);
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp, { mode: 0o777 });
    chmodSync(tmp, 0o777);
    for (const command of ['stats', 'check']) {
      const run = asNobody([BIN, command, '--db', join(folder, 'set.sqlite')], tmp);
      expect(run.stderr).not.toContain('cannot be read where it is');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(command === 'stats' ? 'cases' : 'integrity: ok');
      expect(run.stderr).toContain(`${folder} cannot be written by this user, so set.sqlite was read through a temporary copy, since removed`);
      expect(readdirSync(tmp).filter((name) => name.startsWith('touchstone-read-'))).toEqual([]);
    }
    // a copy that cannot be made (its log unreadable to this user) is said, and leaves nothing behind
    writeFileSync(join(folder, 'set.sqlite-wal'), '');
    chmodSync(join(folder, 'set.sqlite-wal'), 0o600);
    const failed = asNobody([BIN, 'stats', '--db', join(folder, 'set.sqlite')], tmp);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('so set.sqlite would be read through a temporary copy, and the copy failed');
    expect(readdirSync(tmp).filter((name) => name.startsWith('touchstone-read-'))).toEqual([]);
    rmSync(join(folder, 'set.sqlite-wal'));
    const init = asNobody([BIN, 'init', '--db', join(folder, 'set.sqlite')], tmp);
    expect(init.status).toBe(1);
    expect(init.stderr).toContain(`${join(folder, 'set.sqlite')} cannot be written (it or its folder is read-only): nothing was written`);
    expect(init.stderr).not.toContain('EACCES');
    expect(init.stderr).not.toContain('restore a backup');
    expect(readdirSync(folder)).toEqual(['set.sqlite']);
    expect(existsSync(`${join(folder, 'set.sqlite')}-shm`)).toBe(false);
  }, 120_000);
});
