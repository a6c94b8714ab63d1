import { Suspense, useEffect } from 'react';
import { CasesView } from './features/cases/CasesView';
import { ImportDialog } from './features/import/ImportDialog';
import { ErrorBanner } from './shell/ErrorBanner';
import { PathDialog } from './features/test-sets/PathDialog';
import { TopBar } from './shell/TopBar';
import { WelcomeScreen } from './features/test-sets/WelcomeScreen';
import { startMenuLoop } from './shell/menuLoop';
import { startNativeLocaleSync } from './shell/nativeLocale';
import { useDocumentChrome } from './shell/useDocumentChrome';
import { NewTestSetDialog } from './features/first-run/NewTestSetDialog';
import { useI18n } from './i18n/useI18n';
import { useNavigationStore } from './shell/navigationStore';
import { useTestSetStore } from './features/test-sets/testSetStore';
import { usePick } from './common/usePick';
import { lazyView, preloadWhenIdle } from './shell/lazyView';
// waiting labels are loaded and written as soon as a file opens, whichever screen is shown
import './features/labeling/labelOutbox';

// The Cases view, shown first, is in the first script; every other screen is fetched once the first rows are
// shown and the window is idle (or when opened before that), so a cold open parses only what its first rows need.
const LabelView = lazyView(() => import('./features/labeling/LabelView'), 'LabelView');
const ReportView = lazyView(() => import('./features/report/ReportView'), 'ReportView');
const AgreementView = lazyView(() => import('./features/agreement/AgreementView'), 'AgreementView');
const RetrievalView = lazyView(() => import('./features/retrieval/RetrievalView'), 'RetrievalView');
const ReviewView = lazyView(() => import('./features/calibration/ReviewView'), 'ReviewView');
const AnchorsView = lazyView(() => import('./features/anchors/AnchorsView'), 'AnchorsView');
const DiagnosisView = lazyView(() => import('./features/diagnosis/DiagnosisView'), 'DiagnosisView');
const DataView = lazyView(() => import('./features/data/DataView'), 'DataView');
const SettingsView = lazyView(() => import('./features/settings/SettingsView'), 'SettingsView');
const OTHER_SCREENS = [LabelView, ReportView, AgreementView, RetrievalView, ReviewView, AnchorsView, DiagnosisView, DataView, SettingsView];

export function App() {
  const { t } = useI18n();
  const { ready, current, init } = usePick(useTestSetStore, 'ready', 'current', 'init');
  const view = useNavigationStore((s) => s.view);
  useDocumentChrome();

  useEffect(() => {
    void init();
    startMenuLoop();
    startNativeLocaleSync();
  }, [init]);

  const hasFile = current !== null;
  useEffect(() => (hasFile ? preloadWhenIdle(OTHER_SCREENS) : undefined), [hasFile]);

  const loading = <div className="app-loading" aria-busy="true">{t('app.loading')}</div>;
  let main;
  if (!ready) main = loading;
  else if (!current) main = <WelcomeScreen />;
  else if (view === 'cases') main = <CasesView />;
  else if (view === 'label') main = <LabelView />;
  else if (view === 'report') main = <ReportView />;
  else if (view === 'agreement') main = <AgreementView />;
  else if (view === 'retrieval') main = <RetrievalView />;
  else if (view === 'review') main = <ReviewView />;
  else if (view === 'anchors') main = <AnchorsView />;
  else if (view === 'diagnosis') main = <DiagnosisView />;
  else if (view === 'data') main = <DataView />;
  else if (view === 'settings') main = <SettingsView />;

  return (
    <div className="app">
      <TopBar />
      <ErrorBanner />
      <main className="app-main">
        <Suspense fallback={loading}>{main}</Suspense>
      </main>
      <PathDialog />
      <NewTestSetDialog />
      <ImportDialog />
    </div>
  );
}
