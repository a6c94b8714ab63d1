import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from './testSetStore';
import { useNewTestSetStore } from '../first-run/newTestSetStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** What the window shows when no test set is open. */
export function WelcomeScreen() {
  const { t } = useI18n();
  const { busy, requestOpen } = usePick(useTestSetStore, 'busy', 'requestOpen');
  const requestCreate = useNewTestSetStore((s) => s.show);
  const { openDemo, openRecent } = usePick(useTestSetStore, 'openDemo', 'openRecent');
  const recent = useTestSetStore((s) => s.recent).filter((file) => file.exists);
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
        {recent.length > 0 ? (
          <nav className="welcome-recent" aria-label={t('welcome.recent')} data-testid="welcome-recent">
            <h2>{t('welcome.recent')}</h2>
            <ul>
              {recent.map((file) => (
                <li key={file.path}>
                  <button type="button" className="recent-path" disabled={busy} title={file.path} onClick={() => void openRecent(file.path)}>
                    <span className="recent-path-name">{file.name}</span>
                    <span className="recent-path-full mono">{file.path}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
