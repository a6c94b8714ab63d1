import { useEffect } from 'react';
import { ErrorDetails } from '../../common/ErrorDetails';
import { PageShell } from '../../common/PageShell';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ReadProgressNote } from './ReadProgressNote';
import { DIAGNOSIS_SECTIONS } from './registry';
import { useDiagnosisStore } from './store';
import './diagnosis.css';
import { usePick } from '../../common/usePick';

const sections = [...DIAGNOSIS_SECTIONS].sort((a, b) => a.order - b.order);

/** SPEC workflow 10: one system version, read top-down layer by layer. */
export function DiagnosisView() {
  const { t, num } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, systems, system, report, loading, error, setSystem, refresh } = usePick(useDiagnosisStore, 'init', 'systems', 'system', 'report', 'loading', 'error', 'setSystem', 'refresh');

  useEffect(() => {
    // fresh figures every time the screen opens (labels may have been recorded meanwhile)
    void init(testSetId);
  }, [init, testSetId]);

  const noSystems = !systems || systems.length === 0;
  const toolbar = (
    <div className="report-toolbar">
      <label className="toolbar-field">
        <span className="field-label">{t('diagnosis.system')}</span>
        <select className="select system-select" value={system ?? ''} disabled={noSystems} data-testid="diagnosis-system" onChange={(e) => setSystem(e.target.value)}>
          {noSystems ? <option value="">{t('diagnosis.noSystemOption')}</option> : null}
          {(systems ?? []).map((s) => (
            <option key={s.system} value={s.system}>{t('diagnosis.systemOption', { system: s.system, count: s.responses })}</option>
          ))}
        </select>
      </label>
      <button type="button" className="button small" disabled={!system || loading} onClick={() => void refresh()}>{t('diagnosis.refresh')}</button>
    </div>
  );

  let body;
  if (error) {
    body = (
      <div className="inline-error page-error">
        <ErrorDetails error={error} testId="diagnosis-error" />
        <button type="button" className="button small" onClick={() => void refresh()}>{t('error.retry')}</button>
      </div>
    );
  } else if (systems !== null && systems.length === 0) {
    body = (
      <div className="page-card empty" data-testid="diagnosis-empty">
        <p className="empty-title">{t('diagnosis.empty.title')}</p>
        <p className="empty-hint">{t('diagnosis.empty.hint')}</p>
      </div>
    );
  } else if (!report || !system) {
    body = (
      <div className="page-card" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        {system ? <ReadProgressNote system={system} /> : <p className="muted">{t('diagnosis.loading')}</p>}
      </div>
    );
  } else {
    const conditions = Object.entries(report.responses.byCondition).map(([c, n]) => `${t(`diagnosis.condition.${c}` as MessageKey)} ${num(n)}`).join(' · ');
    body = (
      <>
        {loading ? <ReadProgressNote system={system} /> : null}
        <div className={loading ? 'dx-sections stale' : 'dx-sections'}>
          <p className="muted" data-testid="diagnosis-responses">{t('diagnosis.responses', { total: num(report.responses.total), conditions })}</p>
          {report.responses.duplicates > 0 ? <p className="muted">{t('diagnosis.duplicates', { count: num(report.responses.duplicates) })}</p> : null}
          {sections.map(({ id, Component }) => (
            <Component key={id} system={system} report={report} />
          ))}
        </div>
      </>
    );
  }

  return (
    <PageShell
      testId="diagnosis-view"
      className="diagnosis-view"
      width="wide"
      busy={loading}
      title={t('diagnosis.title')}
      subtitle={t('diagnosis.subtitle')}
      aside={toolbar}
      // given back only once the page has its figures (the store keeps them while another screen is open)
      scrollKey={report && system ? `${testSetId}\u0000${system}` : undefined}
    >
      {body}
    </PageShell>
  );
}
