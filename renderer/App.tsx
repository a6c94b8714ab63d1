import { useEffect } from 'react';
import { AgreementView } from './features/agreement/AgreementView';
import { AnchorsView } from './features/anchors/AnchorsView';
import { ReviewView } from './features/calibration/ReviewView';
import { CasesView } from './features/cases/CasesView';
import { DataView } from './features/data/DataView';
import { ImportDialog } from './features/import/ImportDialog';
import { LabelView } from './features/labeling/LabelView';
import { ReportView } from './features/report/ReportView';
import { SettingsView } from './features/settings/SettingsView';
import { ErrorBanner } from './shell/ErrorBanner';
import { PathDialog } from './features/test-sets/PathDialog';
import { TopBar } from './shell/TopBar';
import { WelcomeScreen } from './features/test-sets/WelcomeScreen';
import { startMenuLoop } from './shell/menuLoop';
import { startNativeLocaleSync } from './shell/nativeLocale';
import { useDocumentChrome } from './shell/useDocumentChrome';
import { RetrievalView } from './features/retrieval/RetrievalView';
import { NewTestSetDialog } from './features/first-run/NewTestSetDialog';
import { DiagnosisView } from './features/diagnosis/DiagnosisView';
import { useI18n } from './i18n/useI18n';
import { useNavigationStore } from './shell/navigationStore';
import { useTestSetStore } from './features/test-sets/testSetStore';
import { usePick } from './common/usePick';

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

  let main;
  if (!ready) main = <div className="app-loading" aria-busy="true">{t('app.loading')}</div>;
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
      <main className="app-main">{main}</main>
      <PathDialog />
      <NewTestSetDialog />
      <ImportDialog />
    </div>
  );
}
