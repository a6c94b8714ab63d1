import { useI18n } from '../../i18n/useI18n';
import { useImportStore } from '../import/importStore';
import { useNavigationStore, VIEWS, type View } from '../../shell/navigationStore';
import { useReportStore } from './reportStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** The Label screen, when this build has one. */
const LABEL_VIEW: View | undefined = VIEWS[(VIEWS as readonly string[]).indexOf('label')];

/** Nothing to count yet: says why, and what to do to get figures. */
export function ReportEmpty({ kind }: { kind: 'no-systems' | 'no-labels' }) {
  const { t } = useI18n();
  const { system, reviewerId, reviewers } = usePick(useReportStore, 'system', 'reviewerId', 'reviewers');
  const setView = useNavigationStore((s) => s.setView);
  const openImport = useImportStore((s) => s.openDialog);
  const reviewer = reviewers.find((r) => r.id === reviewerId)?.name ?? null;

  if (kind === 'no-systems') {
    return (
      <div className="page-card empty report-empty" data-testid="report-empty" data-kind={kind}>
        <Icon name="document" size={28} className="empty-icon" />
        <p className="empty-title">{t('report.empty.noSystems')}</p>
        <p className="empty-hint">{t('report.empty.noSystemsHint')}</p>
        <button type="button" className="button primary" onClick={openImport}>
          <Icon name="import" size={14} />
          {t('report.empty.import')}
        </button>
      </div>
    );
  }
  return (
    <div className="page-card empty report-empty" data-testid="report-empty" data-kind={kind}>
      <Icon name="document" size={28} className="empty-icon" />
      <p className="empty-title">
        {reviewer === null ? t('report.empty.noLabels', { system: system ?? '' }) : t('report.empty.noLabelsBy', { system: system ?? '', name: reviewer })}
      </p>
      <p className="empty-hint">{t('report.empty.noLabelsHint')}</p>
      <ol className="empty-steps">
        <li>{t('report.empty.step1')}</li>
        <li>{t('report.empty.step2')}</li>
        <li>{t('report.empty.step3')}</li>
      </ol>
      {LABEL_VIEW !== undefined ? (
        <button type="button" className="button primary" data-testid="report-go-label" onClick={() => setView(LABEL_VIEW)}>
          {t('report.empty.goLabel')}
        </button>
      ) : null}
    </div>
  );
}
