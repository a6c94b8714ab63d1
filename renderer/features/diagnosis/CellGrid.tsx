import type { Rate } from '../../../shared/diagnosis/rate';
import { CaseLinks } from './CaseLinks';
import type { CaseListName } from './useCaseList';
import { RateText } from './RateText';
import { useI18n } from '../../i18n/useI18n';

export interface GridCell {
  key: string;
  title: string;
  advice: string;
  share: Rate;
  cases: readonly { caseId: string; responseId: string }[];
  /** The cell's list of cases on the page. */
  list: CaseListName;
  tone?: 'good' | 'bad' | 'warn';
}

/** A table of cells (a 2×2 or a row of outcomes): each with its count, rate and interval, its advice and its cases. */
export function CellGrid({ cells, testId }: { cells: readonly GridCell[]; testId: string }) {
  const { t } = useI18n();
  return (
    <div className="dx-grid" data-testid={testId}>
      {cells.map((c) => (
        <div key={c.key} className={`dx-cell ${c.tone ?? ''}`} data-testid={`${testId}-${c.key}`}>
          <div className="dx-cell-title">{c.title}</div>
          <RateText rate={c.share} why={t('diagnosis.why.cells')} />
          {c.advice ? <p className="dx-cell-advice">{c.advice}</p> : null}
          <CaseLinks refs={c.cases} list={c.list} of={c.title} />
        </div>
      ))}
    </div>
  );
}
