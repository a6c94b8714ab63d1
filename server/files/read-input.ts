import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ApiError } from '../../shared/api/contract';
import { text as say, type LocalText } from '../../shared/messages/text';

/**
 * Reading a file the user named (an import, an anchor zip, a label pack):
 * only a regular file, and never more than a stated number of bytes. A device
 * (`/dev/zero`), a FIFO or a socket would otherwise be read without end.
 */

const MiB = 1024 * 1024;

/** The largest file each kind of input may be. */
export const INPUT_BYTE_BUDGETS = {
  /** a test-set import (cases, documents, responses, judge verdicts) */
  import: 512 * MiB,
  /** an anchor set export (its zip, or one of its files in a folder) */
  anchors: 64 * MiB,
  /** a label pack file */
  labelPack: 256 * MiB,
} as const;

export type InputKind = keyof typeof INPUT_BYTE_BUDGETS;

const mib = (bytes: number) => `${(bytes / MiB).toLocaleString('en', { maximumFractionDigits: 1 })} MiB`;

function kindOf(mode: number): LocalText {
  const type = mode & constants.S_IFMT;
  if (type === constants.S_IFDIR) return say('err.file-kind.folder');
  if (type === constants.S_IFCHR || type === constants.S_IFBLK) return say('err.file-kind.device');
  if (type === constants.S_IFIFO) return say('err.file-kind.pipe');
  if (type === constants.S_IFSOCK) return say('err.file-kind.socket');
  return say('err.file-kind.other');
}

/** Opens without waiting for a writer (a FIFO would otherwise block the open itself). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export function readInputFile(path: string, kind: InputKind, field: string | null = null): Buffer {
  const budget = INPUT_BYTE_BUDGETS[kind];
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ApiError('not-found', say('err.file.unreadable', { file: path, reason: code === 'ENOENT' ? say('err.file.no-such-file') : (error as Error).message }), { file: path, line: null, field });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ApiError('invalid-input', say('err.file.not-regular', { path, kind: kindOf(stat.mode) }), { file: path, line: null, field });
    }
    const tooLarge = () =>
      new ApiError('invalid-input', say('err.file.too-large', { path, size: mib(budget) }), { file: path, line: null, field });
    if (stat.size > budget) throw tooLarge();
    // the size can change while reading: read until end of file, refusing past the budget
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(stat.size - total, 64 * 1024), budget + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > budget) throw tooLarge();
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}
