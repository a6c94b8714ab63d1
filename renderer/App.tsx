import { useEffect } from 'react';
import { AgreementView } from './components/agreement/AgreementView';
import { AnchorsView } from './components/anchors/AnchorsView';
import { ReviewView } from './components/calibration/ReviewView';
import { CasesView } from './components/cases/CasesView';
import { DataView } from './components/data/DataView';
import { ImportDialog } from './components/import/ImportDialog';
import { LabelView } from './components/labeling/LabelView';
import { ReportView } from './components/report/ReportView';
import { DiagnosisView } from './features/diagnosis/DiagnosisView';
import { SettingsView } from './components/settings/SettingsView';
import { ErrorBanner } from './components/shell/ErrorBanner';
import { PathDialog } from './components/shell/PathDialog';
import { TopBar } from './components/shell/TopBar';
import { WelcomeScreen } from './components/shell/WelcomeScreen';
import { startMenuLoop } from './desktop/menuLoop';
import { useDocumentChrome } from './hooks/useDocumentChrome';
import { useI18n } from './i18n/useI18n';
import { useNavigationStore } from './stores/navigationStore';
import { useTestSetStore } from './stores/testSetStore';

export function App() {
  const { t } = useI18n();
  const ready = useTestSetStore((s) => s.ready);
  const current = useTestSetStore((s) => s.current);
  const init = useTestSetStore((s) => s.init);
  const view = useNavigationStore((s) => s.view);
  useDocumentChrome();

  useEffect(() => {
    void init();
    startMenuLoop();
  }, [init]);

  let main;
  if (!ready) main = <div className="app-loading" aria-busy="true">{t('app.loading')}</div>;
  else if (!current) main = <WelcomeScreen />;
  else if (view === 'cases') main = <CasesView />;
  else if (view === 'label') main = <LabelView />;
  else if (view === 'report') main = <ReportView />;
  else if (view === 'agreement') main = <AgreementView />;
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
      <ImportDialog />
    </div>
  );
}
