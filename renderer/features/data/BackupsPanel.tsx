import { formatBytes } from '../calibration/format';
import { BACKUP_INTERVAL_CHOICES, type BackupSettings } from '../../../shared/api/exchange-ops';
import { useI18n } from '../../i18n/useI18n';
import { useDataStore } from './dataStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { backupReasonText, fileNameOf, formatBackupTime } from './backupText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** The backups of the open file, newest first: back up now, the interval, and Restore of any one of them. */
export function BackupsPanel() {
  const { t, locale } = useI18n();
  const file = useTestSetStore((s) => s.current?.path ?? '');
  const backups = useDataStore((s) => s.backups);
  const error = useDataStore((s) => s.backupsError);
  const { interval, creating, created, actionError, restored, backUpNow, setInterval, askRestore } = usePick(useDataStore, 'interval', 'creating', 'created', 'actionError', 'restored', 'backUpNow', 'setInterval', 'askRestore');

  return (
    <section className="cal-card data-card" data-testid="backups">
      <div className="data-backups-head">
        <div className="card-title-block">
          <h2 className="cal-card-title">{t('data.backups.title')}</h2>
          <p className="cal-hint">{t('data.backups.hint', { dir: `${fileNameOf(file)}.backups` })}</p>
        </div>
        <div className="card-actions">
          <label className="data-interval" title={t('data.backups.intervalHint')}>
            <span className="field-label">{t('data.backups.interval')}</span>
            <select
              className="select"
              value={interval ?? ''}
              disabled={interval === null}
              data-testid="backup-interval"
              onChange={(event) => void setInterval(Number(event.target.value) as BackupSettings['intervalMinutes'])}
            >
              {BACKUP_INTERVAL_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? t('data.backups.intervalOff') : t('data.backups.intervalEvery', { count: minutes })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button primary" data-testid="backup-now" disabled={creating} onClick={() => void backUpNow()}>
            <Icon name="plus" />
            {creating ? t('data.backups.running') : t('data.backups.now')}
          </button>
        </div>
      </div>
      {restored ? (
        <div className="cal-result ok" data-testid="restore-done">
          <p className="cal-result-title">
            <Icon name="check" size={14} /> {t('data.restore.done', { when: formatBackupTime(locale, restored.restored.createdAt) })}
          </p>
        </div>
      ) : null}
      {created ? (
        <div className="cal-result ok" data-testid="backup-created">
          <p className="cal-result-title">
            <Icon name="check" size={14} /> {t('data.backups.created', { name: fileNameOf(created.path) })}
          </p>
        </div>
      ) : null}
      {actionError ? <ErrorDetails error={actionError} testId="backup-error" /> : null}
      {error ? <ErrorDetails error={error} testId="backups-error" /> : null}
      {backups && backups.length === 0 ? <p className="card-empty">{t('data.backups.empty')}</p> : null}
      {backups && backups.length > 0 ? (
        <div className="cal-table-scroll">
          <table className="cal-table data-backups">
            <thead>
              <tr>
                <th>{t('data.backups.when')}</th>
                <th>{t('data.backups.reason')}</th>
                <th className="num">{t('data.backups.size')}</th>
                <th aria-label={t('data.backups.restore')} />
              </tr>
            </thead>
            <tbody>
              {backups.map((backup, index) => (
                <tr key={backup.path} data-testid="backup-row" data-reason={backup.reason} data-path={backup.path}>
                  <td className="nowrap" title={backup.path}>
                    {formatBackupTime(locale, backup.createdAt)}
                    {index === 0 ? <span className="data-newest">{t('data.backups.newest')}</span> : null}
                  </td>
                  <td>{backupReasonText(locale, backup.reason)}</td>
                  <td className="num nowrap">{formatBytes(locale, backup.size)}</td>
                  <td className="data-row-action">
                    <button type="button" className="button small" data-testid="backup-restore" onClick={() => askRestore(backup)}>
                      <Icon name="undo" />
                      {t('data.backups.restore')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
