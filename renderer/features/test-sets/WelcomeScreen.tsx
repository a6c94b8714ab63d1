import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from './testSetStore';
import { Icon } from '../../common/Icon';

/** What the window shows when no test set is open. */
export function WelcomeScreen() {
  const { t } = useI18n();
  const busy = useTestSetStore((s) => s.busy);
  const requestOpen = useTestSetStore((s) => s.requestOpen);
  const requestCreate = useTestSetStore((s) => s.requestCreate);
  const openDemo = useTestSetStore((s) => s.openDemo);
  return (
    <div className="welcome" data-testid="welcome">
      <div className="welcome-card">
        <span className="brand-mark large" aria-hidden="true" />
        <h1>{t('welcome.title')}</h1>
        <p>{t('welcome.body')}</p>
        <div className="welcome-actions">
          <button type="button" className="button primary" disabled={busy} onClick={() => void requestOpen()}>
            <Icon name="open" /> {t('file.openTitle')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void requestCreate()}>
            <Icon name="new" /> {t('file.newTitle')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void openDemo()}>
            <Icon name="demo" /> {t('file.demoTitle')}
          </button>
        </div>
      </div>
    </div>
  );
}
