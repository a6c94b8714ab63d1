import { useI18n } from '../../i18n/useI18n';
import { useAgreementStore, type HumanDimensionReport } from './agreementStore';
import { formatValue, valueName } from './agreementText';
import { CoefficientTable } from './CoefficientTable';
import { useReason } from './FigureText';
import { visibleId } from '../../common/bidi';

/** Human vs human on the same dimension: how far the people themselves agree, and where they do not. */
export function HumanAgreementCard({ report, resamples }: { report: HumanDimensionReport | undefined; resamples: number }) {
  const { t, locale, num } = useI18n();
  const reason = useReason();
  const openCase = useAgreementStore((s) => s.openCase);
  if (!report) return null;
  const value = (v: string | number) => (typeof v === 'number' && report.type === 'numeric' ? formatValue(locale, v, 2) : valueName(locale, report.dimension, v));
  return (
    <section className="agreement-card ag-humans-card" aria-labelledby={`humans-${report.dimension}`} data-testid="agreement-humans">
      <h3 className="agreement-card-title" id={`humans-${report.dimension}`}>
        {t('agreement.section.humans')}
      </h3>
      {report.method === null ? (
        <p className="ag-empty-line">{reason(report.reason, report.reasonCode)}</p>
      ) : (
        <>
          <p className="ag-card-hint">
            {t('agreement.humans.summary', { items: num(report.items), raters: report.raters.join(', ') })} ·{' '}
            {report.method === 'cohen' ? t('agreement.humans.method.cohen') : t('agreement.humans.method.fleiss', { count: num(report.completeItems) })}
          </p>
          {report.warnings.some((w) => w.code === 'small-n') ? (
            <p className="ag-inline-warning">{t('agreement.humans.smallN', { n: report.items, min: 30 })}</p>
          ) : null}
          <CoefficientTable coefficients={report.coefficients} resamples={resamples} testId="humans-coefficients" />
          {report.disagreements.total === 0 ? (
            <p className="ag-empty-line">{t('agreement.humans.agreeAll')}</p>
          ) : (
            <>
              <h4 className="ag-breakdown-title">{t('agreement.humans.disagreements', { count: report.disagreements.total })}</h4>
              <ul className="ag-human-disagreements">
                {report.disagreements.items.slice(0, 30).map((item) => (
                  <li key={`${item.caseId}|${item.responseId ?? ''}`}>
                    <button type="button" className="ag-disagreement compact" onClick={() => openCase(item.caseId)} title={t('agreement.disagreement.open')}>
                      <span className="ag-disagreement-query">{item.query ?? visibleId(item.caseId)}</span>
                      <span className="ag-human-labels">
                        {item.labels.map((l) => (
                          <span key={l.reviewer} className="ag-value-pill">
                            <span className="ag-pill-label">{l.reviewer}</span>
                            {value(l.value)}
                          </span>
                        ))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
