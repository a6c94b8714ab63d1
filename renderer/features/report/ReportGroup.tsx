import { NO_QUESTION_TYPE } from '../../../shared/labeling/cross-table';
import { useI18n } from '../../i18n/useI18n';
import { useReportStore, type CrossTableGroup } from './reportStore';
import { CellCases } from './CellCases';
import { CrossTable } from './CrossTable';
import { RatesTable } from './RatesTable';
import { StakesBadge } from './StakesBadge';

/** One question type: its cross-table, its three rates and their check against its own thresholds. */
export function ReportGroup({ group }: { group: CrossTableGroup }) {
  const { t, label } = useI18n();
  const openCell = useReportStore((s) => (s.cell?.questionType === group.questionType ? s.cell : null));
  const labeled = group.cells.reduce((sum, cell) => sum + cell.count, 0);
  const name = group.questionType === NO_QUESTION_TYPE ? t('report.noQuestionType') : label('questionType', group.questionType);
  return (
    <section
      className="page-card report-group"
      data-testid="report-group"
      data-question-type={group.questionType}
      data-stakes={group.stakes ?? 'none'}
      aria-label={name}
    >
      <header className="group-head">
        <div className="group-title">
          <h2>{name}</h2>
          {name !== group.questionType ? <span className="mono muted">{group.questionType}</span> : null}
          <StakesBadge stakes={group.stakes} />
        </div>
        <div className="group-meta">
          {group.stakes ? <span className="stakes-why">{t(`report.stakes.${group.stakes}.why`)}</span> : null}
          <span className="group-n">{t('report.group.labeled', { count: labeled })}</span>
        </div>
      </header>
      <div className="group-body">
        <CrossTable group={group} />
        <RatesTable group={group} />
      </div>
      {openCell ? <CellCases cell={openCell} /> : null}
    </section>
  );
}
