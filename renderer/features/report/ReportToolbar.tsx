import { useI18n } from '../../i18n/useI18n';
import { useReportStore } from './reportStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** Which system version, and whose labels (one reviewer, or the latest label of anyone). */
export function ReportToolbar() {
  const { t, num } = useI18n();
  const { systems, reviewers, system, reviewerId, loading, setSystem, setReviewer, refresh } = usePick(useReportStore, 'systems', 'reviewers', 'system', 'reviewerId', 'loading', 'setSystem', 'setReviewer', 'refresh');
  const noSystems = !systems || systems.length === 0;

  return (
    <div className="report-toolbar">
      <label className="toolbar-field">
        <span className="field-label">{t('report.system')}</span>
        <select
          className="select system-select"
          value={system ?? ''}
          disabled={noSystems}
          data-testid="report-system"
          onChange={(event) => setSystem(event.target.value)}
        >
          {noSystems ? <option value="">{t('report.noSystemOption')}</option> : null}
          {(systems ?? []).map((s) => (
            <option key={s.system} value={s.system}>
              {t('report.systemOption', { system: s.system, count: num(s.responses) })}
            </option>
          ))}
        </select>
      </label>
      <label className="toolbar-field">
        <span className="field-label">{t('report.reviewer')}</span>
        <select
          className="select"
          value={reviewerId === null ? '' : String(reviewerId)}
          disabled={noSystems}
          data-testid="report-reviewer"
          onChange={(event) => setReviewer(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('report.anyReviewer')}</option>
          {reviewers.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button refresh-button"
        disabled={loading}
        title={t('report.refresh')}
        aria-label={t('report.refresh')}
        data-testid="report-refresh"
        onClick={() => void refresh()}
      >
        <Icon name="refresh" size={14} />
      </button>
    </div>
  );
}
