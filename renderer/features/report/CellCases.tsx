import { useI18n } from '../../i18n/useI18n';
import { CELL_PAGE, useReportStore, type OpenCell } from './reportStore';
import { Icon } from '../../common/Icon';
import { behaviorLabel } from '../settings/labels';

/** The cases behind one count; each opens in the Cases view. */
export function CellCases({ cell }: { cell: OpenCell }) {
  const { t, label, locale } = useI18n();
  const cases = useReportStore((s) => s.cellCases);
  const shown = useReportStore((s) => s.cellShown);
  const close = useReportStore((s) => s.closeCell);
  const more = useReportStore((s) => s.showMoreCell);
  const openCase = useReportStore((s) => s.openCase);
  const ids = cell.caseIds.slice(0, shown);
  const rest = cell.caseIds.length - shown;
  return (
    <div className="cell-cases" data-testid="cell-cases" data-answerability={cell.answerability} data-behavior={cell.behavior}>
      <div className="cell-cases-head">
        <span className="cell-cases-title">
          {label('answerability', cell.answerability)} × {behaviorLabel(locale, cell.behavior)}
        </span>
        <span className="muted">{t('report.cell.cases', { count: cell.caseIds.length })}</span>
        <span className="cell-cases-hint">{t('report.cell.openHint')}</span>
        <button type="button" className="icon-button" aria-label={t('common.close')} title={t('common.close')} onClick={close}>
          <Icon name="close" size={14} />
        </button>
      </div>
      <ul className="cell-case-list">
        {ids.map((id) => {
          const entry = cases[id];
          return (
            <li key={id}>
              <button type="button" className="cell-case-link" data-testid="report-case-link" data-case-id={id} onClick={() => openCase(id)}>
                <span className="cell-case-link-id mono">{id}</span>
                <span className="cell-case-link-query">
                  {entry?.state === 'ready' ? entry.query : entry?.state === 'error' ? <span className="muted">{entry.message}</span> : <span className="skeleton skeleton-line" />}
                </span>
                <span className="cell-case-link-open">
                  {t('report.cell.open')}
                  <Icon name="arrowRight" size={13} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {rest > 0 ? (
        <button type="button" className="link-button cell-more" onClick={more}>
          {t('report.cell.more', { count: Math.min(rest, CELL_PAGE), rest })}
        </button>
      ) : null}
    </div>
  );
}
