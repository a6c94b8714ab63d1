import { describe, expect, it } from 'vitest';
import { backupReasonText, fileNameOf, formatBackupTime } from '../../renderer/features/data/backupText';

describe('backups as people read them', () => {
  it('says why a backup was taken, in both languages', () => {
    expect(backupReasonText('en', 'manual')).toBe('Backed up by hand');
    expect(backupReasonText('zh-CN', 'before-restore')).toBe('恢复之前');
    expect(backupReasonText('en', 'import-cases')).toBe('Before importing: Cases');
    expect(backupReasonText('zh-CN', 'import-judge')).toBe('导入之前：评审模型运行');
    expect(backupReasonText('en', 'before-migration-v4')).toBe('Before upgrading the file (from schema version 4)');
    expect(backupReasonText('en', 'label-pack')).toBe('Before merging a label pack');
    expect(backupReasonText('en', 'interval')).toBe('Automatic, every few minutes');
    // an unknown reason (a future version's, a hand-named copy) is shown as it is
    expect(backupReasonText('en', 'import-mystery')).toBe('import-mystery');
    expect(backupReasonText('zh-CN', 'before-something')).toBe('before-something');
  });

  it('tells two backups a second apart from each other', () => {
    const a = formatBackupTime('en', '2026-11-29T21:01:26.123Z');
    const b = formatBackupTime('en', '2026-11-29T21:01:27.123Z');
    expect(a).not.toBe(b);
    expect(formatBackupTime('zh-CN', 'not a time')).toBe('not a time');
  });

  it('splits paths of either platform', () => {
    expect(fileNameOf('/data/set.sqlite.backups/2026-manual.sqlite')).toBe('2026-manual.sqlite');
    expect(fileNameOf('C:\\data\\set.sqlite')).toBe('set.sqlite');
  });
});
