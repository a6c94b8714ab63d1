import type { DraftIssue } from './dimension-draft';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { DimensionEditor } from './DimensionEditor';
import { DimensionList } from './DimensionList';
import { usePick } from '../../common/usePick';

const NO_ISSUES: DraftIssue[] = [];

/** The dimension set: the ordered list on the left, the selected dimension's editor on the right. */
export function DimensionsSection() {
  const { t } = useI18n();
  const { dirty, issueCount } = usePick(useSettingsStore, 'dirty', 'issueCount');
  const listIssues = useSettingsStore((s) => s.issues[''] ?? NO_ISSUES);
  const { saving, saveError, savedNotice, save, discard, askRestore } = usePick(useSettingsStore, 'saving', 'saveError', 'savedNotice', 'save', 'discard', 'askRestore');

  let status = null;
  if (issueCount > 0) {
    status = (
      <span className="save-status problem" data-testid="dimensions-issues">
        <Icon name="alert" size={14} />
        {t('settings.problems', { count: issueCount })}
      </span>
    );
  } else if (dirty) {
    status = <span className="save-status dirty">{t('settings.unsaved')}</span>;
  } else if (savedNotice) {
    status = (
      <span className="save-status saved" data-testid="dimensions-saved">
        <Icon name="check" size={14} />
        {t('settings.saved')}
      </span>
    );
  }

  return (
    <section className="page-card settings-section" aria-labelledby="settings-dimensions-title">
      <div className="card-head">
        <div className="card-title-block">
          <h2 id="settings-dimensions-title" className="card-title">{t('settings.dimensions.title')}</h2>
          <p className="card-subtitle">{t('settings.dimensions.subtitle')}</p>
        </div>
        <div className="card-actions">
          {status}
          <button type="button" className="button" data-testid="dimensions-restore" disabled={saving} onClick={askRestore}>
            <Icon name="refresh" size={14} />
            {t('settings.restore.button')}
          </button>
          <button type="button" className="button" data-testid="dimensions-discard" disabled={!dirty || saving} onClick={discard}>
            {t('settings.discard')}
          </button>
          <button
            type="button"
            className="button primary"
            data-testid="dimension-save"
            disabled={!dirty || issueCount > 0 || saving}
            title={issueCount > 0 ? t('settings.fixFirst') : undefined}
            onClick={() => void save()}
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </div>
      {saveError ? (
        <div className="inline-error card-error" data-testid="dimensions-save-error">
          <div className="card-error-body">
            <strong>{t('settings.saveFailed')}</strong>
            <ErrorDetails error={saveError} />
          </div>
        </div>
      ) : null}
      {listIssues.map((issue) => (
        <p key={issue.code} className="inline-field-error card-error" role="alert">
          {t('settings.issue.no-dimensions')}
        </p>
      ))}
      <div className="dimension-layout">
        <DimensionList />
        <DimensionEditor />
      </div>
    </section>
  );
}
