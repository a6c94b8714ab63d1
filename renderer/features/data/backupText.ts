import { enumLabel, hasEnumLabel, translate, type Locale } from '../../i18n';

/** Backups as people read them: why one was taken, in words; when, to the second, in their locale. */

const MIGRATION = /^before-migration-v(\d+)$/;
const IMPORT = /^import-([a-z]+)$/;

/** A backup's reason (the slug in its file name) in words; an unknown slug is shown as it is. */
export function backupReasonText(locale: Locale, reason: string): string {
  switch (reason) {
    case 'manual':
      return translate(locale, 'data.reason.manual');
    case 'interval':
      return translate(locale, 'data.reason.interval');
    case 'before-restore':
      return translate(locale, 'data.reason.before-restore');
    case 'label-pack':
      return translate(locale, 'data.reason.label-pack');
  }
  const migration = MIGRATION.exec(reason);
  if (migration) return translate(locale, 'data.reason.migration', { version: migration[1] });
  const imported = IMPORT.exec(reason);
  if (imported && hasEnumLabel(locale, 'importKind', imported[1])) {
    return translate(locale, 'data.reason.import', { kind: enumLabel(locale, 'importKind', imported[1]) });
  }
  return reason;
}

/** Local date and time with seconds (two backups a minute apart must not read alike); the ISO text when unreadable. */
export function formatBackupTime(locale: Locale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

/** The last part of a path, for "/" and "\" alike. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
