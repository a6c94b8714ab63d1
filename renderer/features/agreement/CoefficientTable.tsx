import type { Coefficient } from '../../../shared/api/agreement-ops';
import { useI18n } from '../../i18n/useI18n';
import { formatPercent, formatValue } from './agreementText';
import { FigureValue, IntervalBar, IntervalText, useReason } from './FigureText';

const BOUNDED: Coefficient['key'][] = ['percentAgreement'];

/** Percent agreement and the coefficients, each with its 95% interval; undefined ones say why. */
export function CoefficientTable({ coefficients, resamples, testId }: { coefficients: Coefficient[]; resamples: number; testId: string }) {
  const { t, locale, num } = useI18n();
  const reason = useReason();
  const format = (key: Coefficient['key']) => (value: number) => (key === 'percentAgreement' ? formatPercent(locale, value) : formatValue(locale, value));
  return (
    <table className="agreement-table ag-coefficient-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('agreement.column.coefficient')}</th>
          <th scope="col" className="ag-numeric">{t('agreement.column.value')}</th>
          <th scope="col" className="ag-numeric">{t('agreement.column.interval')}</th>
          <th scope="col" className="ag-bar-column" aria-hidden="true" />
          <th scope="col">{t('agreement.column.method')}</th>
        </tr>
      </thead>
      <tbody>
        {coefficients.map((c) => (
          <tr key={c.key} data-testid="coefficient" data-key={c.key} data-value={c.value === null ? 'undefined' : String(c.value)}>
            <th scope="row">{t(`agreement.coefficient.${c.key}`)}</th>
            {c.value === null ? (
              <td colSpan={4} className="ag-undefined-cell">
                <span className="ag-figure-undefined">{t('agreement.undefined')}</span>
                <span className="ag-undefined-reason"> — {reason(c.reason, c.reasonCode)}</span>
              </td>
            ) : (
              <>
                <td className="ag-numeric ag-strong">
                  <FigureValue figure={c} format={format(c.key)} />
                </td>
                <td className="ag-numeric muted">
                  <IntervalText figure={c} format={format(c.key)} />
                </td>
                <td className="ag-bar-column">
                  {c.key === 'mae' ? null : <IntervalBar figure={c} domain={BOUNDED.includes(c.key) ? [0, 1] : [-1, 1]} />}
                </td>
                <td className="muted ag-small">
                  {c.ciMethod === 'bootstrap' ? t('agreement.method.bootstrap', { count: num(resamples) }) : c.ciMethod ? t(`agreement.method.${c.ciMethod}`) : ''}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
