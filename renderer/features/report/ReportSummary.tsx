import { useI18n } from '../../i18n/useI18n';
import { useNavigationStore } from '../../shell/navigationStore';
import { useReportStore, type CrossTableReport } from './reportStore';
import { usePick } from '../../common/usePick';

/** What the figures are made of: how many responses are labeled, from whose labels. */
export function ReportSummary({ report }: { report: CrossTableReport }) {
  const { t, num } = useI18n();
  const { systems, reviewers, reviewerId } = usePick(useReportStore, 'systems', 'reviewers', 'reviewerId');
  const setView = useNavigationStore((s) => s.setView);
  const total = systems?.find((s) => s.system === report.system)?.responses ?? null;
  const reviewer = reviewers.find((r) => r.id === reviewerId)?.name ?? null;
  return (
    <div className="report-summary" data-testid="report-summary">
      <span className="summary-figure">
        {total === null
          ? t('report.summary.labeled', { count: report.labeledResponses })
          : t('report.summary.labeledOf', { labeled: num(report.labeledResponses), total: num(total) })}
      </span>
      <span className="summary-dot" aria-hidden="true">·</span>
      <span className="mono summary-system">{report.system}</span>
      <span className="summary-dot" aria-hidden="true">·</span>
      <span>{reviewer === null ? t('report.summary.anyReviewer') : t('report.summary.reviewer', { name: reviewer })}</span>
      <span className="summary-spacer" />
      <button type="button" className="link-button" data-testid="report-edit-thresholds" onClick={() => setView('settings')}>
        {t('report.editThresholds')}
      </button>
    </div>
  );
}
