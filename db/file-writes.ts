import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ApiError } from '../shared/api/contract';
import { text } from '../shared/messages/text';

/** Files written beside a test set (label packs, anchor-set exports): their digests and how they are written. */

/** SHA-256 of bytes, or of a string's UTF-8, as 64 lowercase hex digits. */
export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes `name` inside `dir` all at once (a partial file renamed into place, so a reader never sees half a
 * file). A name that would land outside `dir` is refused and nothing is written.
 */
export function writeInside(dir: string, name: string, bytes: Uint8Array): string {
  const folder = resolve(dir);
  const target = resolve(folder, name);
  if (dirname(target) !== folder || basename(target) !== name) throw new ApiError('invalid-input', text('err.anchor.outside-folder', { name, dir }), { file: name, line: null, field: 'outDir' });
  const partial = `${target}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, target);
  return target;
}
