import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Db } from './open';
import { openSqlite } from './sqlite';
import { removeStalePartials } from './file-writes';

/**
 * Automatic backups of a test set file, taken with SQLite's online backup API
 * (a consistent copy even while the app holds the file open) into
 * `<dir of file>/<file name>.backups/<ISO stamp>-<reason>.sqlite`. They are
 * pruned per kind, so the copies taken every few minutes never push out the
 * one taken before an import, a merge, a migration or a restore.
 */

/** The newest interval backups kept, counted among themselves only. */
export const INTERVAL_BACKUPS_KEPT = 12;
/**
 * The newest kept of every other kind: manual, before an import (any kind), a
 * label-pack merge, a migration (any version), a restore. Only an import or a
 * merge that changes the file writes one (a refused, failed or empty one
 * writes none, or discards the one it wrote), so the backup from before each
 * of the last 10 successful imports, 10 merges and 10 restores is always kept.
 */
export const BACKUPS_KEPT_PER_KIND = 10;

export interface BackupInfo {
  path: string;
  reason: string;
  createdAt: string;
  size: number;
}


/** 2026-11-29T21:01:26.123Z ⇄ 2026-11-29T21-01-26-123Z (file-name safe, sorts by time). */
const stampOf = (iso: string) => iso.replace(/[:.]/g, '-');
const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d+))?-([a-z0-9-]+)\.sqlite$/;

export function backupDirOf(filePath: string): string {
  const file = resolve(filePath);
  return join(dirname(file), `${basename(file)}.backups`);
}

/** A reason becomes part of a file name: lower-case letters, digits and dashes only. */
function safeReason(reason: string): string {
  const cleaned = reason.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return cleaned || 'backup';
}

/** `seq` orders backups taken within the same millisecond (the second one is named `<stamp>-2-<reason>`). */
function parseName(name: string): { createdAt: string; reason: string; seq: number } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return { createdAt: `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`, reason: m[7], seq: m[6] ? Number(m[6]) : 1 };
}

/** The backups of a test set file, newest first. */
export function listBackups(filePath: string): BackupInfo[] {
  const dir = backupDirOf(filePath);
  if (!existsSync(dir)) return [];
  const rows: (BackupInfo & { seq: number })[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (!stat.isFile()) continue;
    rows.push({ path, reason: parsed.reason, createdAt: parsed.createdAt, size: stat.size, seq: parsed.seq });
  }
  rows.sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : b.seq - a.seq));
  return rows.map(({ seq: _seq, ...info }) => info);
}

/**
 * Removes what a killed backup left in the backup folder (`*.partial` and its
 * -wal / -shm). Run when a file is opened; a partial still being written by
 * another process is younger than STALE_PARTIAL_MS and kept.
 */
export function cleanPartialBackups(filePath: string, now = Date.now()): string[] {
  return removeStalePartials(backupDirOf(filePath), () => true, now);
}

/** Removes a backup that turned out not to be needed (the change it preceded rolled back). */
export function discardBackup(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
}

/** The kind a reason is pruned with: `import-cases` and `import-responses` are both imports, every `before-migration-vN` a migration. */
function backupKind(reason: string): string {
  if (reason.startsWith('import-')) return 'import';
  if (reason.startsWith('before-migration-')) return 'before-migration';
  return reason;
}

/** Keeps the newest of each kind; `keep` (a backup about to be restored) is never removed and not counted. */
function prune(filePath: string, keep: string | null): void {
  const seen = new Map<string, number>();
  for (const backup of listBackups(filePath)) {
    if (keep !== null && resolve(backup.path) === resolve(keep)) continue;
    const kind = backupKind(backup.reason);
    const count = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, count);
    if (count > (kind === 'interval' ? INTERVAL_BACKUPS_KEPT : BACKUPS_KEPT_PER_KIND)) rmSync(backup.path, { force: true });
  }
}

export interface BackupOptions {
  now?: () => Date;
  /** A backup that must survive this one's pruning (the one a restore is about to read). */
  keep?: string | null;
  /**
   * Copy every page in one step (one read snapshot). SQLite restarts a stepped
   * backup whenever another connection writes the file, so a copy taken while
   * the app keeps saving labels must not be stepped.
   */
  oneStep?: boolean;
}

/** Copies the open test set (through its own connection) before a change such as an import. */
export async function backupTestSet(db: Db, filePath: string, reason: string, { now = () => new Date(), keep = null, oneStep = false }: BackupOptions = {}): Promise<BackupInfo> {
  const dir = backupDirOf(filePath);
  mkdirSync(dir, { recursive: true });
  const stamp = stampOf(now().toISOString());
  const label = safeReason(reason);
  // another backup of the same millisecond (whatever its reason) gets the next number, so the list keeps their order
  const sameStamp = readdirSync(dir).filter((name) => name.startsWith(`${stamp}-`)).map((name) => parseName(name.replace(/\.partial$/, '')));
  const seq = sameStamp.length === 0 ? 1 : Math.max(...sameStamp.map((p) => p?.seq ?? 1)) + 1;
  const target = join(dir, seq === 1 ? `${stamp}-${label}.sqlite` : `${stamp}-${seq}-${label}.sqlite`);
  const partial = `${target}.partial`;
  try {
    await db.backup(partial, oneStep ? { progress: () => 0x7fffffff } : undefined);
    // The copy carries the source's WAL flag; a plain rollback-journal file can be read (and verified) without leaving -wal / -shm beside it.
    const copy = openSqlite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    renameSync(partial, target);
  } catch (error) {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
    throw error;
  }
  prune(filePath, keep);
  const parsed = parseName(basename(target))!;
  return { path: target, reason: parsed.reason, createdAt: parsed.createdAt, size: statSync(target).size };
}
