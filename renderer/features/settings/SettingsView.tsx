import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { PageShell } from '../../common/PageShell';
import { DimensionsSection } from './DimensionsSection';
import { RestoreDefaultsDialog } from './RestoreDefaultsDialog';
import { ThresholdsSection } from './ThresholdsSection';
import { DiagnosisSettingsSection } from '../diagnosis/DiagnosisSettingsSection';
import { DataSettingsSection } from '../diagnosis/DataSettingsSection';
import './settings.css';
import { usePick } from '../../common/usePick';

/** The test set's label dimensions (in labeling order) and its release thresholds per question type. */
export function SettingsView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const testSetName = useTestSetStore((s) => s.current?.name ?? '');
  const { load, loading, loadError } = usePick(useSettingsStore, 'load', 'loading', 'loadError');
  const loaded = useSettingsStore((s) => s.drafts.length > 0 || s.saved.length > 0);
  const confirmingRestore = useSettingsStore((s) => s.confirmingRestore);

  useEffect(() => {
    void load(testSetId);
  }, [load, testSetId]);

  return (
    <PageShell
      testId="settings-view"
      className="settings-view"
      title={t('settings.title')}
      subtitle={t('settings.subtitle', { name: testSetName })}
      overlays={confirmingRestore ? <RestoreDefaultsDialog /> : null}
    >
      {loadError ? (
        <div className="inline-error page-error">
          <ErrorDetails error={loadError} testId="settings-load-error" />
          <button type="button" className="button small" onClick={() => void load(testSetId)}>
            {t('error.retry')}
          </button>
        </div>
      ) : null}
      {loading && !loaded ? (
        <div className="page-card" aria-busy="true">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line wide" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line narrow" />
        </div>
      ) : loaded ? (
        <>
          <DimensionsSection />
          <ThresholdsSection />
          <DiagnosisSettingsSection />
          <DataSettingsSection />
        </>
      ) : null}
    </PageShell>
  );
}
