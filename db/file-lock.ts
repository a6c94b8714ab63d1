import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, resolve } from 'node:path';
import { ApiError } from '../shared/api/contract';
import { text as say } from '../shared/messages/text';

/**
 * One writer per test set: `<file>.lock` beside it names who writes it (the
 * desktop app, browser mode or a CLI command). A second writer is refused
 * with that name; readers (stats, export, check) never take the lock. A lock
 * whose process is gone (a crash, a SIGKILL) is taken over.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** who holds it, in words: "Touchstone (browser mode)", "touchstone import" */
  app: string;
  since: string;
}

export const lockPathOf = (filePath: string) => `${resolve(filePath)}.lock`;

function readHolder(lockPath: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return null;
    return { pid: holder.pid, host: holder.host, app: String(holder.app ?? 'another program'), since: String(holder.since ?? '') };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder that still writes: on this machine its process must be running; on another (a shared folder) it is taken at its word. */
const stillHeld = (holder: LockHolder) => holder.host !== hostname() || alive(holder.pid);

// How many locks this process holds on each lock file: the file names the process, not one lock, so
// it goes with the last (a file closed while it is opened again holds the new opening's lock too).
const heldHere = new Map<string, number>();

export class FileLock {
  private released = false;
  constructor(readonly lockPath: string) {
    heldHere.set(lockPath, (heldHere.get(lockPath) ?? 0) + 1);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    const left = (heldHere.get(this.lockPath) ?? 1) - 1;
    if (left > 0) {
      heldHere.set(this.lockPath, left);
      return;
    }
    heldHere.delete(this.lockPath);
    const holder = readHolder(this.lockPath);
    if (holder && holder.pid === process.pid && holder.host === hostname()) rmSync(this.lockPath, { force: true });
  }
}

/**
 * Takes the write lock of a test set for `app`, or refuses naming who holds
 * it. The same process may take it again (one app opening the file on two
 * connections is one writer); the lock file goes when the last of its locks is released.
 */
export function acquireWriteLock(filePath: string, app: string): FileLock {
  const lockPath = lockPathOf(filePath);
  const me: LockHolder = { pid: process.pid, host: hostname(), app, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(me)}\n`);
      } finally {
        closeSync(fd);
      }
      return new FileLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder && holder.pid === process.pid && holder.host === hostname()) return new FileLock(lockPath);
    if (holder && stillHeld(holder)) {
      throw new ApiError(
        'conflict',
        say('err.lock.held', { file: basename(filePath), app: holder.app, pid: holder.pid, host: holder.host, since: holder.since }),
        { file: resolve(filePath), line: null, field: null },
      );
    }
    // left by a process that is gone (or unreadable): taken over
    rmSync(lockPath, { force: true });
  }
  throw new ApiError('conflict', say('err.lock.failed', { file: basename(filePath), lock: lockPath }), { file: resolve(filePath), line: null, field: null });
}
