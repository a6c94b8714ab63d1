import { basename } from 'node:path';
import type { ApiErrorBody, StorageFaultReason } from '../shared/api/contract';
import { renderText, text } from '../shared/messages/text';
import { IMPORT_PUBLISHING } from '../db/migrations/019-import-publishing';

/**
 * Failures of a file itself rather than of the call: the disk is full, the
 * file or its folder cannot be written, the disk fails, or another program
 * holds the write lock past the busy timeout; or the call points at a case or
 * response of an import still being published (a few seconds). SQLite rolls the
 * transaction back in every one of these cases, so nothing of the call was written.
 */
export function storageFaultReason(code: unknown, message?: unknown): StorageFaultReason | null {
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_CONSTRAINT_TRIGGER' && message === IMPORT_PUBLISHING) return 'importing';
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

/**
 * The sentences are `err.storage.kept.<reason>` (a label the app keeps and sends again: the label outbox) and
 * `err.storage.plain.<reason>` (anything else, an export, a backup, a setting: nothing retries it, so the
 * message says what to do before trying again).
 */
/** Operations that only read the files they are given: a permission error there is about reading. */
const READING_OPERATIONS = new Set(['labels.importPack', 'anchors.import', 'imports.start', 'testSets.open']);
const READ_SYSCALLS = new Set(['read', 'scandir', 'opendir', 'stat', 'lstat', 'access']);


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

/** The reason of a thrown error that is a storage failure, else null. */
function faultReasonOf(error: unknown): StorageFaultReason | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return storageFaultReason(code, message);
}

/** Whether a thrown error is a storage failure (nothing of the write happened), rather than a fault of the call. */
export const isStorageFault = (error: unknown): boolean => faultReasonOf(error) !== null;

/** The API error for a storage failure during `operation` (null when the error is not one). */
export function storageFaultBody(error: unknown, testSetFile: string | null, operation = ''): ApiErrorBody | null {
  const reason = faultReasonOf(error);
  if (!reason) return null;
  const file = faultFile(error, testSetFile);
  const name = file.isTestSet ? (file.path ? basename(file.path) : 'the test-set file') : (file.path ?? 'the file');
  const kept = file.isTestSet && operation === RETRIED_OPERATION;
  const syscall = (error as { syscall?: unknown }).syscall;
  const reading = !file.isTestSet && reason === 'read-only' && (READ_SYSCALLS.has(String(syscall)) || (syscall === 'open' && READING_OPERATIONS.has(operation)));
  const sentence = text(reading ? 'err.storage.unreadable' : `err.storage.${kept ? 'kept' : 'plain'}.${reason}`, { file: name });
  return { code: 'storage-unavailable', reason, message: renderText('en', sentence), text: sentence, location: file.path ? { file: file.path, line: null, field: null } : null };
}
