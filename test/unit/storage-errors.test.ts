import { describe, expect, it } from 'vitest';
import { storageFaultBody, storageFaultReason } from '../../server/storage-errors';

describe('storage failures, from the error code SQLite (or the OS) gives', () => {
  it.each([
    ['SQLITE_FULL', 'disk-full'],
    ['ENOSPC', 'disk-full'],
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_READONLY_DIRECTORY', 'read-only'],
    ['EROFS', 'read-only'],
    ['SQLITE_IOERR', 'io-error'],
    ['SQLITE_IOERR_WRITE', 'io-error'],
    ['SQLITE_IOERR_FSYNC', 'io-error'],
    ['SQLITE_CANTOPEN', 'io-error'],
    ['SQLITE_CANTOPEN_ISDIR', 'io-error'],
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'busy'],
    ['SQLITE_LOCKED', 'busy'],
  ])('%s is %s', (code, reason) => {
    expect(storageFaultReason(code)).toBe(reason);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_CORRUPT', 'SQLITE_MISMATCH', 'ENOENT', undefined, 42, null])('%s is not a storage failure', (code) => {
    expect(storageFaultReason(code)).toBeNull();
  });

  it('the API error names the file in plain words and says nothing was written', () => {
    const body = storageFaultBody({ code: 'SQLITE_FULL', message: 'database or disk is full' }, '/data/sets/合同审核.sqlite');
    expect(body).toEqual({
      code: 'storage-unavailable',
      reason: 'disk-full',
      message: 'The disk holding 合同审核.sqlite is full: nothing was written. Free some space; what you were saving is kept and written as soon as there is room.',
      location: { file: '/data/sets/合同审核.sqlite', line: null, field: null },
    });
    expect(storageFaultBody(new Error('boom'), '/x.sqlite')).toBeNull();
    expect(storageFaultBody({ code: 'SQLITE_IOERR_WRITE' }, null)?.message).toContain('The disk holding the test-set file reported an error');
  });
});
