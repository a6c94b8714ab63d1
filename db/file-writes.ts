import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ApiError } from '../shared/api/contract';
import { LABEL_PACK_EVENTS_FILE, LABEL_PACK_MANIFEST_FILE } from '../shared/api/exchange-ops';
import { EXPORT_FILE_NAMES } from '../shared/api/interchange-ops';
import { ANCHORS_FILE, MANIFEST_FILE } from '../shared/calibration/anchor-format';
import { text } from '../shared/messages/text';

/** Files written beside a test set (label packs, anchor-set exports): their digests and how they are written. */

/** SHA-256 of bytes, or of a string's UTF-8, as 64 lowercase hex digits. */
export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A `.partial` this old was left by a killed writer (a running export or backup writes to it continuously). */
export const STALE_PARTIAL_MS = 10 * 60 * 1000;

const PARTIAL = /^(.+)\.partial(?:-wal|-shm|-journal)?$/;

/**
 * Removes the `<name>.partial` files (and their -wal / -shm) a killed writer left in `dir`, for the names
 * `ours` accepts; one younger than STALE_PARTIAL_MS may belong to a writer still running and is kept.
 */
export function removeStalePartials(dir: string, ours: (name: string) => boolean, now = Date.now()): string[] {
  if (!existsSync(dir)) return [];
  const removed: string[] = [];
  for (const entry of readdirSync(dir)) {
    const name = PARTIAL.exec(entry)?.[1];
    if (!name || !ours(name)) continue;
    const path = join(dir, entry);
    try {
      const stat = lstatSync(path);
      if (!stat.isFile() || now - stat.mtimeMs < STALE_PARTIAL_MS) continue;
      rmSync(path, { force: true });
      removed.push(path);
    } catch {
      // gone meanwhile, or not ours to remove: a leftover is harmless, never listed
    }
  }
  return removed;
}

/** The files Touchstone's exports, label packs and anchor sets write into a folder a person chose. */
const EXPORTED_NAMES = new Set([
  ...Object.values(EXPORT_FILE_NAMES).flatMap((formats) => Object.values(formats)),
  LABEL_PACK_EVENTS_FILE, LABEL_PACK_MANIFEST_FILE, ANCHORS_FILE, MANIFEST_FILE,
]);
const ANCHOR_ZIP = /-v\d+\.zip$/;

/**
 * Before an export writes into a folder: the partial files an earlier, killed export left there are removed
 * (only of names an export writes, plus `extraName`, a file name given on the command line; a person's own
 * `*.partial` files are not ours to touch).
 */
export function cleanExportPartials(dir: string, extraName?: string, now = Date.now()): string[] {
  return removeStalePartials(dir, (name) => EXPORTED_NAMES.has(name) || ANCHOR_ZIP.test(name) || name === extraName, now);
}

/**
 * Writes `name` inside `dir` all at once (a partial file renamed into place, so a reader never sees half a
 * file). A name that would land outside `dir` is refused and nothing is written.
 */
export function writeInside(dir: string, name: string, bytes: Uint8Array): string {
  const folder = resolve(dir);
  const target = resolve(folder, name);
  if (dirname(target) !== folder || basename(target) !== name) throw new ApiError('invalid-input', text('err.anchor.outside-folder', { name, dir }), { file: name, line: null, field: 'outDir' });
  cleanExportPartials(folder);
  const partial = `${target}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, target);
  return target;
}
