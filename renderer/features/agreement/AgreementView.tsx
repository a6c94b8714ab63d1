import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useAgreementStore } from './agreementStore';
import { useImportStore } from '../import/importStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { PageShell } from '../../common/PageShell';
import { AgreementToolbar } from './AgreementToolbar';
import { DimensionPanel } from './DimensionPanel';
import { DimensionTabs } from './DimensionTabs';
import { useReason } from './FigureText';
import { RunStrip } from './RunStrip';
import './agreement.css';
import { usePick } from '../../common/usePick';

/** SPEC workflow 4 (judge vs human) with human vs human and the bias-corrected estimate (workflow 6). */
export function AgreementView() {
  const { t } = useI18n();
  const reason = useReason();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, runs, runId } = usePick(useAgreementStore, 'init', 'runs', 'runId');
  const report = useAgreementStore((s) => s.judgeVsHuman);
  const humans = useAgreementStore((s) => s.humanVsHuman);
  const corrected = useAgreementStore((s) => s.biasCorrected);
  const selected = useAgreementStore((s) => s.dimension);
  const { loading, error, refresh } = usePick(useAgreementStore, 'loading', 'error', 'refresh');
  const openImport = useImportStore((s) => s.openDialog);

  useEffect(() => {
    // fresh figures each time the screen opens: labels and runs may have been added meanwhile
    void init(testSetId);
  }, [init, testSetId]);

  const run = runs?.find((r) => r.id === runId) ?? null;
  const dimension = report?.dimensions.find((d) => d.dimension === selected) ?? report?.dimensions[0];

  let body;
  if (error) {
    body = (
      <div className="inline-error agreement-error">
        <ErrorDetails error={error} testId="agreement-error" />
        <button type="button" className="button small" onClick={() => void refresh()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (runs !== null && runs.length === 0) {
    body = (
      <div className="agreement-card ag-empty-state" data-testid="agreement-empty">
        <h2>{t('agreement.empty.noRuns.title')}</h2>
        <p className="muted">{t('agreement.empty.noRuns.hint')}</p>
        <button type="button" className="button primary" onClick={openImport}>
          <Icon name="import" />
          {t('agreement.empty.noRuns.action')}
        </button>
      </div>
    );
  } else if (!report || runs === null) {
    body = (
      <div className="agreement-card" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
        <p className="muted">{t('agreement.loading')}</p>
      </div>
    );
  } else if (report.dimensions.length === 0) {
    body = <p className="agreement-card muted">{t('agreement.empty.noDimensions')}</p>;
  } else {
    body = (
      <div className={loading ? 'agreement-body stale' : 'agreement-body'}>
        {report.reason ? (
          <p className="agreement-notice" data-testid="agreement-reference-reason">
            <Icon name="alert" size={14} /> {reason(report.reason, report.reasonCode)}
          </p>
        ) : null}
        <DimensionTabs dimensions={report.dimensions} />
        {dimension ? (
          <DimensionPanel
            key={dimension.dimension}
            dimension={dimension}
            humans={humans?.dimensions.find((d) => d.dimension === dimension.dimension)}
            corrected={corrected?.dimensions.find((d) => d.dimension === dimension.dimension)}
          />
        ) : null}
      </div>
    );
  }

  return (
    <PageShell testId="agreement-view" className="agreement-view" width="wide" busy={loading} title={t('agreement.title')} subtitle={t('agreement.subtitle')} aside={<AgreementToolbar />}>
      {run ? <RunStrip run={run} /> : null}
      {body}
    </PageShell>
  );
}
