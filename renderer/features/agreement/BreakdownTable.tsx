import type { BreakdownGroup, CoefficientKey } from '../../../shared/api/agreement-ops';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import type { DimensionReport } from './agreementStore';
import { formatPercent, formatPoints, formatSigned, formatValue } from './agreementText';
import { FigureValue, IntervalText } from './FigureText';

/** One breakdown (per slice or per question type), worst agreement first, each group with its n. */
function GroupTable({ title, groups, primaryKey, dimension, kind }: { title: string; groups: BreakdownGroup[]; primaryKey: CoefficientKey; dimension: DimensionReport; kind: 'slice' | 'questionType' }) {
  const { t, locale, label, num } = useI18n();
  const percent = (v: number) => formatPercent(locale, v);
  const biasText = (v: number | null) => (v === null ? '—' : dimension.type === 'binary' ? formatPoints(locale, v) : formatSigned(locale, v));
  const name = (key: string | null) => (key === null ? '—' : label(kind, key));
  const worstAgreement = Math.min(...groups.map((g) => g.percentAgreement.value ?? 1));
  return (
    <div className="ag-breakdown-block">
      <h4 className="ag-breakdown-title">{title}</h4>
      <table className="agreement-table ag-breakdown-table" data-testid={`agreement-breakdown-${kind}`}>
        <thead>
          <tr>
            <th scope="col">{t('agreement.column.group')}</th>
            <th scope="col" className="ag-numeric">{t('agreement.column.n')}</th>
            <th scope="col" className="ag-numeric">{t('agreement.column.agreement')}</th>
            <th scope="col" className="ag-numeric">{t(`agreement.coefficient.${primaryKey}` as MessageKey)}</th>
            {dimension.type === 'categorical' ? null : <th scope="col" className="ag-numeric">{t('agreement.column.bias')}</th>}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => {
            const agreement = g.percentAgreement.value;
            const worst = agreement !== null && agreement === worstAgreement && agreement < 1 && dimension.type !== 'numeric';
            return (
              <tr key={g.key ?? '∅'} className={worst ? 'worst' : undefined} data-testid="breakdown-row" data-key={g.key ?? ''}>
                <th scope="row" title={g.key ?? undefined}>
                  {name(g.key)}
                </th>
                <td className="ag-numeric">{num(g.n)}</td>
                <td className="ag-numeric">
                  <span className="agreement-cell">
                    <span className="agreement-bar" aria-hidden="true">
                      <span style={{ width: `${(agreement ?? 0) * 100}%` }} />
                    </span>
                    <FigureValue figure={g.percentAgreement} format={percent} />
                  </span>
                  <span className="ag-cell-interval">
                    <IntervalText figure={g.percentAgreement} format={(v) => formatPercent(locale, v, 0)} />
                  </span>
                </td>
                <td className="ag-numeric">
                  <FigureValue figure={g.primary} format={(v) => formatValue(locale, v)} />
                </td>
                {dimension.type === 'categorical' ? null : <td className="ag-numeric">{biasText(g.bias)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function BreakdownTables({ dimension }: { dimension: DimensionReport }) {
  const { t } = useI18n();
  const { breakdown } = dimension;
  return (
    <section className="agreement-card" aria-labelledby={`breakdown-${dimension.dimension}`}>
      <h3 className="agreement-card-title" id={`breakdown-${dimension.dimension}`}>
        {t('agreement.section.breakdown')}
      </h3>
      <p className="ag-card-hint">{t('agreement.section.breakdownHint')}</p>
      <div className="ag-breakdown-grid">
        <GroupTable title={t('agreement.section.slices')} groups={breakdown.slices} primaryKey={breakdown.primaryKey} dimension={dimension} kind="slice" />
        <GroupTable title={t('agreement.section.questionTypes')} groups={breakdown.questionTypes} primaryKey={breakdown.primaryKey} dimension={dimension} kind="questionType" />
      </div>
    </section>
  );
}
