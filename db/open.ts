import { backupDirOf, cleanPartialBackups } from './backups';
import { text as say } from '../shared/messages/text';
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { accessSync, closeSync, constants, copyFileSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { ApiError } from '../shared/api/contract';
import { backupTestSet } from './backups';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';
import { ensureRetrievalIndex } from './retrieval-index';
import { hasUnfinishedImport, rollBackUnfinishedImport } from './import-rollback';
import { hasUnfinishedMerge, rollBackUnfinishedMerge } from './merge-rollback';
import { openSqlite } from './sqlite';
import { quickCheckInWorker } from './integrity-check';

export type Db = Database.Database;


export interface OpenedTestSet {
  db: Db;
  path: string;
  testSetId: string;
  schemaVersion: number;
  /** Where the pre-migration copy went, when a migration ran on an existing file. */
  backupPath: string | null;
  /**
   * With `deferIntegrityCheck`: settles when the file's quick_check (run in a worker after opening)
   * passed, rejects with the damage it found. Absent when the check ran before opening.
   */
  integrity?: Promise<void>;
}

export const SQLITE_MAGIC = 'SQLite format 3\0';

/** The first `bytes` bytes of a file, one character each (an SQLite file starts with SQLITE_MAGIC). */
export function readHeader(path: string, bytes = 16): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Looks at an existing file without writing to it: is it SQLite, is it ours,
 * is it from a newer Touchstone? Any "no" is an error and the file is untouched.
 */
function inspectExisting(path: string, latest: number, quickCheck: boolean | 'before-migration' = true): { version: number } {
  const name = basename(path);
  if (statSync(path).size === 0) return { version: 0 };
  if (readHeader(path) !== SQLITE_MAGIC) {
    throw new ApiError('invalid-data', say('err.testset.not-sqlite', { file: name }), { file: path, line: null, field: null });
  }
  let probe: Db | null = null;
  try {
    probe = openSqlite(path, { readonly: true, fileMustExist: true });
    const version = probe.pragma('user_version', { simple: true }) as number;
    const tables = probe.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    if (version === 0 && tables.length > 0) {
      throw new ApiError('invalid-data', say('err.testset.foreign-sqlite', { file: name }), { file: path, line: null, field: null });
    }
    if (version > 0 && !tables.includes('meta')) {
      throw new ApiError('invalid-data', say('err.testset.no-tables', { file: name, version }), { file: path, line: null, field: null });
    }
    if (version > latest) {
      throw new ApiError('invalid-data', say('err.testset.newer', { file: name, version, latest }), { file: path, line: null, field: null });
    }
    const check = quickCheck === true || (quickCheck === 'before-migration' && version < latest);
    if (check) refuseDamaged(path, probe.pragma('quick_check', { simple: true }));
    return { version };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // SQLite reads a WAL file through a shared-memory file beside it, which it must be able to make
    if ((error as { code?: unknown }).code === 'SQLITE_READONLY_DIRECTORY') {
      throw new ApiError('invalid-data', say('err.testset.readonly-folder', { file: name, folder: dirname(resolve(path)) }), { file: path, line: null, field: null });
    }
    throw new ApiError('invalid-data', say('err.testset.unreadable', { file: name, reason: (error as Error).message, backups: basename(backupDirOf(path)) }), { file: path, line: null, field: null });
  } finally {
    probe?.close();
  }
}

/** Throws the file's damage unless SQLite's check answered 'ok'. */
function refuseDamaged(path: string, quickCheck: unknown): void {
  if (quickCheck !== 'ok') {
    throw new ApiError('invalid-data', say('err.testset.damaged', { file: basename(path), check: String(quickCheck) }), { file: path, line: null, field: null });
  }
}

/** A connection with the settings every Touchstone connection uses (WAL, foreign keys, durable commits). */
export function connect(path: string): Db {
  const db = openSqlite(path, { fileMustExist: true });
  configure(db);
  return db;
}

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

async function migrate(db: Db, path: string, fromVersion: number, migrations: Migration[]): Promise<string | null> {
  if (fromVersion >= migrations[migrations.length - 1].version) return null;
  let backupPath: string | null = null;
  // In the backups folder with the others, so the Restore screen lists it.
  if (fromVersion > 0) backupPath = (await backupTestSet(db, path, `before-migration-v${fromVersion}`)).path;
  db.transaction(() => {
    for (const migration of migrations) {
      if (migration.version <= fromVersion) continue;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
    const insertMeta = db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)');
    insertMeta.run('test_set_id', randomUUID());
    insertMeta.run('created_at', new Date().toISOString());
  })();
  return backupPath;
}

export function readMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/**
 * Opens a test set file. `create: true` makes a new file when none exists;
 * an existing file is inspected read-only first, then migrated forward
 * (with a backup copy written before any migration of existing data).
 * `deferIntegrityCheck`: a file that needs no migration is opened at once and its quick_check runs in a
 * worker (`integrity`; the caller holds its writes until it passed), since reading every page of a large
 * file takes seconds; a file about to be migrated is always checked first.
 */
export async function openTestSetFile(
  path: string,
  opts: { create: boolean; migrations?: Migration[]; deferIntegrityCheck?: boolean },
): Promise<OpenedTestSet> {
  const migrations = opts.migrations ?? MIGRATIONS;
  const latest = migrations[migrations.length - 1].version;
  const exists = existsSync(path);
  if (!exists && !opts.create) {
    throw new ApiError('not-found', say('err.testset.missing', { path }), { file: path, line: null, field: null });
  }
  const { version } = exists ? inspectExisting(path, latest, opts.deferIntegrityCheck ? 'before-migration' : true) : { version: 0 };
  const deferred = exists && opts.deferIntegrityCheck === true && version >= latest;
  const db = openSqlite(path);
  try {
    configure(db);
    const backupPath = await migrate(db, path, version, migrations);
    ensureRetrievalIndex(db);
    // a label-pack merge whose process was killed half-way: taken back, so the file is as before it
    if (hasUnfinishedMerge(db)) rollBackUnfinishedMerge(db);
    // an app import whose process was killed while it published its rows: taken back the same way
    if (hasUnfinishedImport(db)) rollBackUnfinishedImport(db);
    cleanPartialBackups(path);
    return {
      db,
      path,
      testSetId: readMeta(db, 'test_set_id') ?? '',
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      backupPath,
      ...(deferred ? { integrity: quickCheckInWorker(path).then((result) => refuseDamaged(path, result)) } : {}),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

export interface ReadOnlyTestSet {
  db: Db;
  schemaVersion: number;
  latestSchemaVersion: number;
}

/**
 * Whether SQLite can read the file where it is: it reads a WAL file through a shared-memory file
 * beside it, which must be there already or be made in the file's folder.
 */
export function readableInPlace(path: string): boolean {
  if (existsSync(`${path}-shm`) || !inWalMode(path)) return true;
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the file's header says it is read through a write-ahead log (header bytes 18 and 19 are 2). */
function inWalMode(path: string): boolean {
  const header = readHeader(path, 20);
  return header.charCodeAt(18) === 2 && header.charCodeAt(19) === 2;
}

/**
 * A copy of the file, with its write-ahead log, in a new temporary folder under the same name: what a
 * command that only looks reads when the file cannot be read where it is (a folder shared read-only).
 * The caller removes the folder.
 */
export function copyForReading(path: string): { folder: string; path: string } {
  const folder = mkdtempSync(join(tmpdir(), 'touchstone-read-'));
  const copy = join(folder, basename(path));
  try {
    // a copy torn by a write meanwhile (by a user who may write the folder) is found by the quick check
    // the commands that look run on opening
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    copyFileSync(path, copy);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new ApiError('invalid-data', say('err.testset.copy-failed', { file: basename(path), folder: dirname(resolve(path)), reason: (error as Error).message }), { file: path, line: null, field: null });
  }
  return { folder, path: copy };
}

/**
 * Opens an existing test set for looking only (stats, export, check): never
 * migrates, never writes. `verifyIntegrity: false` lets `check` report damage itself.
 */
export function openTestSetReadOnly(path: string, opts: { verifyIntegrity?: boolean } = {}): ReadOnlyTestSet {
  if (!existsSync(path)) throw new ApiError('not-found', say('err.testset.missing', { path }), { file: path, line: null, field: null });
  const { version } = inspectExisting(path, LATEST_SCHEMA_VERSION, opts.verifyIntegrity ?? true);
  if (version === 0) throw new ApiError('invalid-data', say('err.testset.empty', { file: basename(path) }), { file: path, line: null, field: null });
  const db = openSqlite(path, { readonly: true, fileMustExist: true });
  return { db, schemaVersion: version, latestSchemaVersion: LATEST_SCHEMA_VERSION };
}
