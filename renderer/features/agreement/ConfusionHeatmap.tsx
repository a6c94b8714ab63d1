import { useI18n } from '../../i18n/useI18n';
import type { DimensionReport } from './agreementStore';
import { formatPercent, valueName } from './agreementText';

/** The confusion matrix as a heatmap: rows people, columns judge; each cell its count and its share of the row. */
export function ConfusionHeatmap({ dimension }: { dimension: DimensionReport }) {
  const { t, locale, num } = useI18n();
  const confusion = dimension.confusion;
  if (!confusion) return null;
  const name = (label: string | number) => valueName(locale, dimension.dimension, label);
  const raw = (label: string | number) => (name(label).toLowerCase() === String(label).toLowerCase() ? null : String(label));
  return (
    <section className="agreement-card ag-confusion-card" aria-labelledby={`confusion-${dimension.dimension}`}>
      <h3 className="agreement-card-title" id={`confusion-${dimension.dimension}`}>
        {t('agreement.section.confusion')}
      </h3>
      <p className="ag-card-hint">{t('agreement.section.confusionHint')}</p>
      <div className="ag-confusion-scroll">
        <table className={confusion.labels.length >= 5 ? 'ag-confusion many' : 'ag-confusion'} data-testid="agreement-confusion">
          <thead>
            <tr>
              <th className="ag-corner" scope="col">
                <span className="ag-axis-people">{t('agreement.column.people')} ↓</span>
                <span className="ag-axis-judge">{t('agreement.column.judge')} →</span>
              </th>
              {confusion.labels.map((label) => (
                <th key={String(label)} scope="col" className="ag-column-head" title={String(label)}>
                  <span className="ag-head-name">{name(label)}</span>
                  {raw(label) !== null ? <span className="ag-head-raw">{raw(label)}</span> : null}
                </th>
              ))}
              <th scope="col" className="ag-total-head">{t('agreement.column.total')}</th>
            </tr>
          </thead>
          <tbody>
            {confusion.counts.map((row, r) => (
              <tr key={String(confusion.labels[r])}>
                <th scope="row" className="ag-row-head" title={String(confusion.labels[r])}>
                  <span className="ag-head-name">{name(confusion.labels[r])}</span>
                  {raw(confusion.labels[r]) !== null ? <span className="ag-head-raw">{raw(confusion.labels[r])}</span> : null}
                </th>
                {row.map((count, c) => {
                  const share = confusion.rowShares[r][c];
                  const strength = share === null ? 0 : share;
                  const diagonal = r === c;
                  return (
                    <td
                      key={c}
                      className={`ag-cell${diagonal ? ' ag-diagonal' : ''}${count === 0 ? ' zero' : ''}${strength > 0.55 ? ' dark' : ''}`}
                      style={{ backgroundColor: count === 0 ? undefined : diagonal ? `rgba(29, 115, 72, ${0.1 + strength * 0.75})` : `rgba(184, 52, 42, ${0.1 + strength * 0.75})` }}
                      data-testid="confusion-cell"
                      data-count={count}
                      title={`${name(confusion.labels[r])} → ${name(confusion.labels[c])}: ${count}`}
                    >
                      <span className="ag-cell-count">{num(count)}</span>
                      <span className="ag-cell-share">{share === null ? '' : formatPercent(locale, share, 0)}</span>
                    </td>
                  );
                })}
                <td className="ag-total">{num(confusion.rowTotals[r])}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="ag-row-head">{t('agreement.column.total')}</th>
              {confusion.columnTotals.map((total, c) => (
                <td key={c} className="ag-total">
                  {num(total)}
                </td>
              ))}
              <td className="ag-total grand">{num(dimension.n)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
