import { basename } from 'node:path';
import type { ApiErrorBody, StorageFaultReason } from '../shared/api/contract';

/**
 * Failures of the file itself rather than of the call: the disk is full, the
 * file or its folder cannot be written, the disk fails, or another program
 * holds the write lock past the busy timeout. SQLite rolls the transaction
 * back in every one of these cases, so nothing of the call was written.
 */
export function storageFaultReason(code: unknown): StorageFaultReason | null {
  if (typeof code !== 'string') return null;
  const primary = code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1');
  switch (primary) {
    case 'SQLITE_FULL':
    case 'ENOSPC':
    case 'EDQUOT':
      return 'disk-full';
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'read-only';
    case 'SQLITE_IOERR':
    case 'SQLITE_CANTOPEN':
    case 'EIO':
      return 'io-error';
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'busy';
    default:
      return null;
  }
}

const SENTENCES: Record<StorageFaultReason, (file: string) => string> = {
  'disk-full': (file) => `The disk holding ${file} is full: nothing was written. Free some space; what you were saving is kept and written as soon as there is room.`,
  'read-only': (file) => `${file} cannot be written (the file or its folder is read-only): nothing was written. Make it writable; what you were saving is kept and written as soon as it is.`,
  'io-error': (file) => `The disk holding ${file} reported an error while writing: nothing was written. Check the disk or drive; what you were saving is kept and written again.`,
  busy: (file) => `${file} is locked by another program: nothing was written. Close the other program using it; what you were saving is kept and written again.`,
};

/** The API error for a storage failure of `file` (null when the error is not one). */
export function storageFaultBody(error: unknown, file: string | null): ApiErrorBody | null {
  const reason = storageFaultReason((error as { code?: unknown } | null)?.code);
  if (!reason) return null;
  const name = file ? basename(file) : 'the test-set file';
  return { code: 'storage-unavailable', reason, message: SENTENCES[reason](name), location: file ? { file, line: null, field: null } : null };
}
