import { useI18n } from '../i18n/useI18n';
import { useImportStore } from '../features/import/importStore';
import { useTestSetStore } from '../features/test-sets/testSetStore';
import { Icon } from '../common/Icon';
import { ReviewerMenu } from '../features/reviewers/ReviewerMenu';
import { FileMenu } from '../features/test-sets/FileMenu';
import { DemoBadge } from '../features/test-sets/DemoBadge';
import { LanguageSwitch } from './LanguageSwitch';
import { MainNav } from './MainNav';

export function TopBar() {
  const { t } = useI18n();
  const current = useTestSetStore((s) => s.current);
  const openImport = useImportStore((s) => s.openDialog);
  return (
    <header className="top-bar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">{t('app.name')}</span>
      </div>
      <div className="test-set" title={current ? t('testSet.pathTitle', { path: current.path }) : undefined}>
        <Icon name="file" className="test-set-icon" />
        <span className={current ? 'test-set-name' : 'test-set-name none'} data-testid="testset-name">
          {current ? current.name : t('testSet.none')}
        </span>
        {current?.isDemo ? <DemoBadge /> : null}
      </div>
      <MainNav />
      <div className="top-bar-spacer" />
      <ReviewerMenu />
      <button
        type="button"
        className="toolbar-button primary"
        disabled={!current}
        title={t('import.buttonTitle')}
        data-testid="import-button"
        onClick={openImport}
      >
        <Icon name="import" />
        <span>{t('import.button')}</span>
      </button>
      <span className="toolbar-divider" aria-hidden="true" />
      <FileMenu />
      <span className="toolbar-divider" aria-hidden="true" />
      <LanguageSwitch />
    </header>
  );
}
