import { DEFAULT_DIMENSIONS } from '../../../shared/domain/dimensions';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { Modal } from '../../common/Modal';

/** "Restore SPEC defaults" asks first: it replaces the whole dimension set and saves it. */
export function RestoreDefaultsDialog() {
  const { t } = useI18n();
  const cancel = useSettingsStore((s) => s.cancelRestore);
  const restore = useSettingsStore((s) => s.restoreDefaults);
  const drafts = useSettingsStore((s) => s.drafts);
  const defaults = new Set(DEFAULT_DIMENSIONS.map((d) => d.name));
  const removed = drafts.map((d) => d.name).filter((name) => !defaults.has(name));
  return (
    <Modal
      title={t('settings.restore.title')}
      onClose={cancel}
      closeLabel={t('common.close')}
      testId="restore-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary" data-testid="restore-confirm" onClick={() => void restore()} autoFocus>
            {t('settings.restore.confirm')}
          </button>
        </>
      }
    >
      <div className="restore-body">
        <p>{t('settings.restore.body')}</p>
        <ol className="restore-list">
          {DEFAULT_DIMENSIONS.map((d) => (
            <li key={d.name}>
              <span className="mono">{d.name}</span>
              <span className="muted">{t(`settings.type.${d.type}`)}</span>
            </li>
          ))}
        </ol>
        {removed.length > 0 ? (
          <p className="restore-warning">{t('settings.restore.removes', { names: removed.join(t('common.listSeparator')) })}</p>
        ) : null}
        <p className="note">{t('settings.restore.note')}</p>
      </div>
    </Modal>
  );
}
