import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Db } from './open';

/**
 * Automatic backups of a test set file, taken with SQLite's online backup API
 * (a consistent copy even while the app holds the file open) into
 * `<dir of file>/<file name>.backups/<ISO stamp>-<reason>.sqlite`. Only the
 * newest BACKUPS_KEPT are kept.
 */

export const BACKUPS_KEPT = 20;

export interface BackupInfo {
  path: string;
  reason: string;
  createdAt: string;
  size: number;
}

const nativeBinding = process.env.TOUCHSTONE_SQLITE_BINDING || undefined;

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

function parseName(name: string): { createdAt: string; reason: string } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return { createdAt: `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`, reason: m[7] };
}

/** The backups of a test set file, newest first. */
export function listBackups(filePath: string): BackupInfo[] {
  const dir = backupDirOf(filePath);
  if (!existsSync(dir)) return [];
  const rows: BackupInfo[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (!stat.isFile()) continue;
    rows.push({ path, reason: parsed.reason, createdAt: parsed.createdAt, size: stat.size });
  }
  return rows.sort((a, b) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0));
}

function prune(filePath: string): void {
  for (const old of listBackups(filePath).slice(BACKUPS_KEPT)) rmSync(old.path, { force: true });
}

/** Copies the open test set (through its own connection) before a change such as an import. */
export async function backupTestSet(db: Db, filePath: string, reason: string, now: () => Date = () => new Date()): Promise<BackupInfo> {
  const dir = backupDirOf(filePath);
  mkdirSync(dir, { recursive: true });
  const stamp = stampOf(now().toISOString());
  const label = safeReason(reason);
  let target = join(dir, `${stamp}-${label}.sqlite`);
  for (let n = 2; existsSync(target) || existsSync(`${target}.partial`); n += 1) target = join(dir, `${stamp}-${n}-${label}.sqlite`);
  const partial = `${target}.partial`;
  try {
    await db.backup(partial);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  prune(filePath);
  const parsed = parseName(basename(target))!;
  return { path: target, reason: parsed.reason, createdAt: parsed.createdAt, size: statSync(target).size };
}

/** The same, for a file the caller has no connection to (an import job about to run in a worker). */
export async function backupTestSetFile(filePath: string, reason: string): Promise<BackupInfo> {
  const db = new Database(filePath, { readonly: true, fileMustExist: true, nativeBinding });
  try {
    return await backupTestSet(db, filePath, reason);
  } finally {
    db.close();
  }
}
