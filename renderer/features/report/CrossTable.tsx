import { useMemo } from 'react';
import { cellTone, crossTableLayout } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useReportStore, type CrossTableGroup } from './reportStore';
import { behaviorLabel } from '../settings/labels';
import { usePick } from '../../common/usePick';

/** answerability × response behaviour, each count a button that lists its cases. */
export function CrossTable({ group }: { group: CrossTableGroup }) {
  const { t, label, num, locale } = useI18n();
  const { behaviorOrder, cell, openCell, closeCell } = usePick(useReportStore, 'behaviorOrder', 'cell', 'openCell', 'closeCell');
  const layout = useMemo(() => crossTableLayout(group.cells, behaviorOrder), [group.cells, behaviorOrder]);
  const main: string[] = layout.rows.filter((row) => row === 'answerable' || row === 'unanswerable');
  const special = layout.rows.filter((row) => !main.includes(row));
  const columnTotal = (column: string) => layout.rows.reduce((sum, row) => sum + (layout.at(row, column)?.count ?? 0), 0);

  const renderRow = (row: string) => (
    <tr key={row} data-answerability={row}>
      <th scope="row">
        <span className="chip" data-value={row}>
          <span className="chip-dot" aria-hidden="true" />
          {label('answerability', row)}
        </span>
      </th>
      {layout.columns.map((column) => {
        const found = layout.at(row, column);
        const count = found?.count ?? 0;
        const selected =
          cell !== null && cell.questionType === group.questionType && cell.answerability === row && cell.behavior === column;
        const tone = cellTone(row, column);
        const title = `${label('answerability', row)} × ${behaviorLabel(locale, column)}: ${t('report.cell.cases', { count })}`;
        return (
          <td key={column} className={`cell tone-${tone}`}>
            {count > 0 && found ? (
              <button
                type="button"
                className={selected ? 'cell-button selected' : 'cell-button'}
                aria-pressed={selected}
                title={title}
                data-testid="report-cell"
                data-answerability={row}
                data-behavior={column}
                data-count={count}
                onClick={() =>
                  selected
                    ? closeCell()
                    : openCell({ questionType: group.questionType, answerability: row, behavior: column, caseIds: found.caseIds })
                }
              >
                {num(count)}
              </button>
            ) : (
              <span className="cell-zero" title={title} data-testid="report-cell" data-answerability={row} data-behavior={column} data-count={0}>
                0
              </span>
            )}
          </td>
        );
      })}
      <td className="cell total">{num(layout.rowTotal(row))}</td>
    </tr>
  );

  return (
    <div className="cross-table-wrap">
      <table className="cross-table" aria-label={t('report.crossTable')}>
        <thead>
          <tr>
            <th scope="col" className="corner">
              <span className="corner-rows">{t('report.axis.answerability')}</span>
              <span className="corner-cols">{t('report.axis.behavior')}</span>
            </th>
            {layout.columns.map((column) => (
              <th key={column} scope="col" className="col-head">
                {behaviorLabel(locale, column)}
              </th>
            ))}
            <th scope="col" className="col-head total">{t('report.total')}</th>
          </tr>
        </thead>
        <tbody>{main.map(renderRow)}</tbody>
        <tbody className="special-rows">
          <tr className="special-caption">
            <th colSpan={layout.columns.length + 2} scope="colgroup">
              {t('report.specialRows')}
            </th>
          </tr>
          {special.map(renderRow)}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('report.total')}</th>
            {layout.columns.map((column) => (
              <td key={column} className="cell total">
                {num(columnTotal(column))}
              </td>
            ))}
            <td className="cell total grand">{num(group.cells.reduce((sum, c) => sum + c.count, 0))}</td>
          </tr>
        </tfoot>
      </table>
      <p className="cross-table-hint">{t('report.cellHint')}</p>
    </div>
  );
}
