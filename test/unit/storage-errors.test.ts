import { describe, expect, it } from 'vitest';
import { storageFaultBody, storageFaultReason } from '../../server/storage-errors';
import { errorSentence } from '../../shared/messages/text';

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

  it('a label that could not be written: names the test set and says the label is kept and written again', () => {
    const body = storageFaultBody({ code: 'SQLITE_FULL', message: 'database or disk is full' }, '/data/sets/合同审核.sqlite', 'labels.record');
    expect(body).toMatchObject({
      code: 'storage-unavailable',
      reason: 'disk-full',
      message: 'The disk holding 合同审核.sqlite is full: nothing was written. Free some space; what you were saving is kept and written as soon as there is room.',
      location: { file: '/data/sets/合同审核.sqlite', line: null, field: null },
    });
    expect(errorSentence('zh-CN', body!)).toBe('合同审核.sqlite 所在的磁盘已满：没有写入任何内容。请腾出空间；正在保存的内容会保留，一有空间就写入。');
    expect(storageFaultBody(new Error('boom'), '/x.sqlite', 'labels.record')).toBeNull();
    expect(storageFaultBody({ code: 'SQLITE_IOERR_WRITE' }, null, 'labels.record')?.message).toContain('The disk holding the test-set file reported an error');
  });

  it('any other write to the test set: names it, promises no retry, says what to do before trying again', () => {
    const body = storageFaultBody({ code: 'SQLITE_READONLY' }, '/data/sets/labels.sqlite', 'dimensions.save');
    expect(body).toMatchObject({
      code: 'storage-unavailable',
      reason: 'read-only',
      message: 'labels.sqlite cannot be written (it or its folder is read-only): nothing was written to labels.sqlite. Make it writable or choose another folder, then try again.',
      location: { file: '/data/sets/labels.sqlite', line: null, field: null },
    });
  });

  it('a file-system error names its own path, never the open test set, and never says "kept"', () => {
    const eacces = Object.assign(new Error("EACCES: permission denied, open '/media/usb/pack/labels.jsonl.partial'"), {
      code: 'EACCES', path: '/media/usb/pack/labels.jsonl.partial',
    });
    for (const operation of ['labels.exportPack', 'labels.record']) {
      const body = storageFaultBody(eacces, '/data/sets/labels.sqlite', operation);
      expect(body).toMatchObject({
        code: 'storage-unavailable',
        reason: 'read-only',
        message: '/media/usb/pack/labels.jsonl cannot be written (it or its folder is read-only): nothing was written to /media/usb/pack/labels.jsonl. Make it writable or choose another folder, then try again.',
        location: { file: '/media/usb/pack/labels.jsonl', line: null, field: null },
      });
    }
    const full = storageFaultBody({ code: 'ENOSPC', path: '/media/usb/anchors' }, '/data/sets/labels.sqlite', 'anchors.export');
    expect(full?.message).toBe('The disk holding /media/usb/anchors is full: nothing was written to /media/usb/anchors. Free some space or choose another folder, then try again.');
    expect(full?.message).not.toContain('labels.sqlite');
    // an OS error without a path is not pinned on the test set either
    const unnamed = storageFaultBody({ code: 'EPERM' }, '/data/sets/labels.sqlite', 'anchors.export');
    expect(unnamed).toMatchObject({ reason: 'read-only', location: null });
    expect(unnamed?.message).not.toContain('labels.sqlite');
  });

  it('a permission error while reading a given file says it cannot be read, not written', () => {
    const opening = { code: 'EACCES', syscall: 'open', path: '/media/usb/alice-pack/manifest.json' };
    const expected = '/media/usb/alice-pack/manifest.json cannot be read (permission denied): nothing was changed. Make it readable or choose another file, then try again.';
    expect(storageFaultBody(opening, '/data/sets/labels.sqlite', 'labels.importPack')?.message).toBe(expected);
    expect(storageFaultBody({ ...opening, syscall: 'scandir' }, '/data/sets/labels.sqlite', 'anchors.export')?.message).toBe(expected);
    // opening a file to write it, in an export, is still about writing
    expect(storageFaultBody(opening, '/data/sets/labels.sqlite', 'labels.exportPack')?.message).toContain('cannot be written');
  });
});
