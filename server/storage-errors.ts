import { basename } from 'node:path';
import type { ApiErrorBody, StorageFaultReason } from '../shared/api/contract';

/**
 * Failures of a file itself rather than of the call: the disk is full, the
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

/** A label the app keeps and sends again (the label outbox): the message says so. */
const KEPT_SENTENCES: Record<StorageFaultReason, (file: string) => string> = {
  'disk-full': (file) => `The disk holding ${file} is full: nothing was written. Free some space; what you were saving is kept and written as soon as there is room.`,
  'read-only': (file) => `${file} cannot be written (the file or its folder is read-only): nothing was written. Make it writable; what you were saving is kept and written as soon as it is.`,
  'io-error': (file) => `The disk holding ${file} reported an error while writing: nothing was written. Check the disk or drive; what you were saving is kept and written again.`,
  busy: (file) => `${file} is locked by another program: nothing was written. Close the other program using it; what you were saving is kept and written again.`,
};

/** Anything else (an export, a backup, a setting): nothing retries it, so the message says what to do before trying again. */
const PLAIN_SENTENCES: Record<StorageFaultReason, (file: string) => string> = {
  'disk-full': (file) => `The disk holding ${file} is full: nothing was written to ${file}. Free some space or choose another folder, then try again.`,
  'read-only': (file) => `${file} cannot be written (it or its folder is read-only): nothing was written to ${file}. Make it writable or choose another folder, then try again.`,
  'io-error': (file) => `The disk holding ${file} reported an error while writing: nothing was written to ${file}. Check the disk or choose another folder, then try again.`,
  busy: (file) => `${file} is locked by another program: nothing was written to ${file}. Close the other program using it, then try again.`,
};

/** Operations that only read the files they are given: a permission error there is about reading. */
const READING_OPERATIONS = new Set(['labels.importPack', 'anchors.import', 'imports.start', 'testSets.open']);
const READ_SYSCALLS = new Set(['read', 'scandir', 'opendir', 'stat', 'lstat', 'access']);

const unreadable = (file: string) => `${file} cannot be read (permission denied): nothing was changed. Make it readable or choose another file, then try again.`;

/** The one operation whose failed write the app keeps and sends again. */
const RETRIED_OPERATION = 'labels.record';

/**
 * The file a failure is about: a Node fs error names its own path (an export
 * folder, a backup being written); a SQLite error is about the open test set.
 * A temporary `.partial` file is named as the file it was to become, a test set's `.lock` as that test set.
 */
function faultFile(error: unknown, testSetFile: string | null): { path: string | null; isTestSet: boolean } {
  const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
  if (typeof path === 'string' && path) return { path: path.replace(/\.(?:partial|lock)$/, ''), isTestSet: false };
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return { path: testSetFile, isTestSet: true };
  return { path: null, isTestSet: false };
}

/** The API error for a storage failure during `operation` (null when the error is not one). */
export function storageFaultBody(error: unknown, testSetFile: string | null, operation = ''): ApiErrorBody | null {
  const reason = storageFaultReason((error as { code?: unknown } | null)?.code);
  if (!reason) return null;
  const file = faultFile(error, testSetFile);
  const name = file.isTestSet ? (file.path ? basename(file.path) : 'the test-set file') : (file.path ?? 'the file');
  const sentences = file.isTestSet && operation === RETRIED_OPERATION ? KEPT_SENTENCES : PLAIN_SENTENCES;
  const syscall = (error as { syscall?: unknown }).syscall;
  const reading = !file.isTestSet && reason === 'read-only' && (READ_SYSCALLS.has(String(syscall)) || (syscall === 'open' && READING_OPERATIONS.has(operation)));
  return { code: 'storage-unavailable', reason, message: reading ? unreadable(name) : sentences[reason](name), location: file.path ? { file: file.path, line: null, field: null } : null };
}
