import Database from 'better-sqlite3';
import { basename } from 'node:path';
import { ApiError } from '../shared/api/contract';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { openSqlite } from './sqlite';
import { text as say, type LocalText } from '../shared/messages/text';

/**
 * Restoring a backup over the open test set. The backup is checked first
 * (readable, intact, a Touchstone file of the same test set, not from a newer
 * version); a refusal changes nothing.
 */


export interface VerifiedBackup {
  path: string;
  schemaVersion: number;
}

const refuse = (path: string, why: LocalText) =>
  new ApiError('invalid-data', say('err.backup.unrestorable', { file: basename(path), why }), { file: path, line: null, field: null });

export function verifyBackup(path: string, testSetId: string): VerifiedBackup {
  let db: Database.Database | null = null;
  try {
    db = openSqlite(path, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw refuse(path, say('err.backup.why.damaged', { check: String(check) }));
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").pluck().get() === 1;
    if (schemaVersion === 0 || !hasMeta) throw refuse(path, say('err.backup.why.foreign'));
    if (schemaVersion > LATEST_SCHEMA_VERSION) throw refuse(path, say('err.backup.why.newer', { version: schemaVersion }));
    const id = db.prepare("SELECT value FROM meta WHERE key = 'test_set_id'").pluck().get() as string | undefined;
    if (id !== testSetId) throw refuse(path, say('err.backup.why.other-test-set', { id: id ?? '—', open: testSetId }));
    return { path, schemaVersion };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse(path, say('err.backup.why.unreadable', { reason: (error as Error).message }));
  } finally {
    db?.close();
  }
}

/**
 * Writes the backup's content into the live file with SQLite's backup API,
 * from the backup into the file the app holds open. Why this and not a file
 * swap: the copy is one write transaction through the live file's WAL, so a
 * crash leaves the old or the new content, never a mix, and no stale -wal /
 * -shm can be replayed onto a swapped-in file. All pages are copied in one
 * step (after the empty first one); the caller keeps the app's own writes
 * waiting meanwhile and reopens the file afterwards (a connection that held
 * the old schema must not be reused).
 */
export async function copyBackupInto(backup: VerifiedBackup, livePath: string): Promise<void> {
  const source = openSqlite(backup.path, { readonly: true, fileMustExist: true });
  try {
    await source.backup(livePath, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}
