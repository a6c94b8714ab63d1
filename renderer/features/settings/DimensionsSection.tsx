import type { DraftIssue } from './dimension-draft';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { Icon } from '../../common/Icon';
import { DimensionEditor } from './DimensionEditor';
import { DimensionList } from './DimensionList';
import { SettingsCard } from './SettingsCard';
import { usePick } from '../../common/usePick';

const NO_ISSUES: DraftIssue[] = [];

/** The dimension set: the ordered list on the left, the selected dimension's editor on the right. */
export function DimensionsSection() {
  const { t } = useI18n();
  const { dirty, issueCount } = usePick(useSettingsStore, 'dirty', 'issueCount');
  const listIssues = useSettingsStore((s) => s.issues[''] ?? NO_ISSUES);
  const { saving, saveError, savedNotice, save, discard, askRestore } = usePick(useSettingsStore, 'saving', 'saveError', 'savedNotice', 'save', 'discard', 'askRestore');

  return (
    <SettingsCard
      name="dimensions"
      title={t('settings.dimensions.title')}
      subtitle={t('settings.dimensions.subtitle')}
      state={{ problems: issueCount, dirty, saving, saved: savedNotice, error: saveError }}
      onSave={() => void save()}
      onDiscard={discard}
      actions={
        <button type="button" className="button" data-testid="dimensions-restore" disabled={saving} onClick={askRestore}>
          <Icon name="refresh" size={14} />
          {t('settings.restore.button')}
        </button>
      }
    >
      {listIssues.map((issue) => (
        <p key={issue.code} className="inline-field-error card-error" role="alert">
          {t('settings.issue.no-dimensions')}
        </p>
      ))}
      <div className="dimension-layout">
        <DimensionList />
        <DimensionEditor />
      </div>
    </SettingsCard>
  );
}
