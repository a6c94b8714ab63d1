import { useEffect } from 'react';
import { orderGroups } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useReportStore } from './reportStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { PageShell } from '../../common/PageShell';
import { ReportEmpty } from './ReportEmpty';
import { ReportGroup } from './ReportGroup';
import { ReportSummary } from './ReportSummary';
import { ReportToolbar } from './ReportToolbar';
import './report.css';
import { usePick } from '../../common/usePick';

/** SPEC workflow 3: the refusal cross-table of one system version, per question-type group. */
export function ReportView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, systems, report, loading, error, refresh } = usePick(useReportStore, 'init', 'systems', 'report', 'loading', 'error', 'refresh');

  useEffect(() => {
    // fresh figures every time the screen opens (labels may have been recorded meanwhile)
    void init(testSetId);
  }, [init, testSetId]);

  let body;
  if (error) {
    body = (
      <div className="inline-error page-error">
        <ErrorDetails error={error} testId="report-error" />
        <button type="button" className="button small" onClick={() => void refresh()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (systems === null || (loading && !report)) {
    body = (
      <div className="page-card" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
        <p className="muted">{t('report.loading')}</p>
      </div>
    );
  } else if (systems.length === 0) {
    body = <ReportEmpty kind="no-systems" />;
  } else if (report && report.labeledResponses === 0) {
    body = <ReportEmpty kind="no-labels" />;
  } else if (report) {
    body = (
      <div className={loading ? 'report-groups stale' : 'report-groups'}>
        {orderGroups(report.groups).map((group) => (
          <ReportGroup key={group.questionType} group={group} />
        ))}
      </div>
    );
  }

  return (
    <PageShell testId="report-view" className="report-view" width="wide" busy={loading} title={t('report.title')} subtitle={t('report.subtitle')} aside={<ReportToolbar />}>
      {report && report.labeledResponses > 0 && !error ? <ReportSummary report={report} /> : null}
      {body}
    </PageShell>
  );
}
