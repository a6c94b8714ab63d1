import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from './testSetStore';
import { useNewTestSetStore } from '../first-run/newTestSetStore';
import { Icon } from '../../common/Icon';
import { RecentMenu } from './RecentMenu';
import { usePick } from '../../common/usePick';

/** Open / New / Demo / Recent: the same actions as the desktop File menu. */
export function FileActions() {
  const { t } = useI18n();
  const { busy, requestOpen } = usePick(useTestSetStore, 'busy', 'requestOpen');
  const requestCreate = useNewTestSetStore((s) => s.show);
  const openDemo = useTestSetStore((s) => s.openDemo);
  return (
    <div className="toolbar-group" role="group" aria-label={t('file.group')}>
      <button type="button" className="toolbar-button" disabled={busy} title={t('file.openTitle')} data-testid="file-open" onClick={() => void requestOpen()}>
        <Icon name="open" />
        <span>{t('file.open')}</span>
      </button>
      <button type="button" className="toolbar-button" disabled={busy} title={t('file.newTitle')} data-testid="file-new" onClick={() => void requestCreate()}>
        <Icon name="new" />
        <span>{t('file.new')}</span>
      </button>
      <button type="button" className="toolbar-button" disabled={busy} title={t('file.demoTitle')} data-testid="file-demo" onClick={() => void openDemo()}>
        <Icon name="demo" />
        <span>{t('file.demo')}</span>
      </button>
      <RecentMenu />
    </div>
  );
}
