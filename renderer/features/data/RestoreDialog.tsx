import { useI18n } from '../../i18n/useI18n';
import { useDataStore } from './dataStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { backupReasonText, formatBackupTime } from './backupText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { Modal } from '../../common/Modal';

/** Says what a restore does (and how to undo it) before it happens. */
export function RestoreDialog() {
  const { t, locale } = useI18n();
  const backup = useDataStore((s) => s.confirming);
  const restoring = useDataStore((s) => s.restoring);
  const error = useDataStore((s) => s.restoreError);
  const cancel = useDataStore((s) => s.cancelRestore);
  const confirm = useDataStore((s) => s.confirmRestore);
  const name = useTestSetStore((s) => s.current?.name ?? '');
  if (!backup) return null;
  const when = formatBackupTime(locale, backup.createdAt);

  return (
    <Modal
      title={t('data.restore.title')}
      onClose={cancel}
      closeLabel={t('common.close')}
      testId="restore-dialog"
      footer={
        <>
          <button type="button" className="button" disabled={restoring} onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary" data-testid="backup-restore-confirm" disabled={restoring} onClick={() => void confirm()}>
            <Icon name="undo" />
            {restoring ? t('data.restore.running') : t('data.restore.confirm')}
          </button>
        </>
      }
    >
      <div className="data-restore">
        <p>{t('data.restore.what', { name, when, reason: backupReasonText(locale, backup.reason) })}</p>
        <p className="data-restore-warning">
          <Icon name="alert" size={14} /> {t('data.restore.lost')}
        </p>
        <p>{t('data.restore.undo')}</p>
        <p className="muted">{t('data.restore.check')}</p>
        {error ? <ErrorDetails error={error} testId="restore-error" /> : null}
      </div>
    </Modal>
  );
}
