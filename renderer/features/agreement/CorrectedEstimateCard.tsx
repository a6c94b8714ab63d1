import type { Figure } from '../../../shared/api/agreement-ops';
import { useI18n } from '../../i18n/useI18n';
import type { BiasCorrectedDimensionReport } from './agreementStore';
import { formatPercent, formatPoints, formatSigned, formatValue, valueName } from './agreementText';
import { FigureValue, IntervalText, useReason } from './FigureText';

/** SPEC workflow 6: the judge's raw mean / pass rate beside the prediction-powered estimate, with one line of explanation. */
export function CorrectedEstimateCard({ report }: { report: BiasCorrectedDimensionReport | undefined }) {
  const { t, locale, num } = useI18n();
  const reason = useReason();
  if (!report) return null;
  const binary = report.type === 'binary';
  const level = (v: number) => (binary ? formatPercent(locale, v) : formatValue(locale, v));
  const difference = (v: number) => (binary ? formatPoints(locale, v) : formatSigned(locale, v));
  const big = (label: string, hint: string, figure: Figure, testId: string, emphasis = false) => (
    <div className={emphasis ? 'ag-estimate emphasis' : 'ag-estimate'} data-testid={testId}>
      <span className="ag-estimate-label">{label}</span>
      <span className="ag-estimate-value">
        <FigureValue figure={figure} format={level} />
      </span>
      <span className="ag-estimate-interval">
        {figure.value === null ? <span className="muted">{reason(figure.reason, figure.reasonCode)}</span> : <IntervalText figure={figure} format={level} />}
      </span>
      <span className="ag-estimate-hint">{hint}</span>
    </div>
  );
  return (
    <section className="agreement-card ag-corrected-card" aria-labelledby={`corrected-${report.dimension}`} data-testid="agreement-corrected">
      <h3 className="agreement-card-title" id={`corrected-${report.dimension}`}>
        {t('agreement.section.corrected')}
        <span className="ag-card-title-note">
          {binary ? t('agreement.corrected.passRate', { positive: valueName(locale, report.dimension, report.positive ?? '') }) : t('agreement.corrected.mean')}
        </span>
      </h3>
      <div className="ag-estimates">
        {big(t('agreement.corrected.judgeRaw'), t('agreement.corrected.judgeRawHint', { count: num(report.verdicts) }), report.judgeRaw, 'corrected-raw')}
        <span className="ag-estimate-arrow" aria-hidden="true">→</span>
        {big(t('agreement.corrected.ppi'), t('agreement.corrected.ppiHint', { labeled: num(report.labeled), unlabeled: num(report.unlabeled) }), report.corrected, 'corrected-ppi', true)}
      </div>
      <dl className="ag-estimate-details">
        <div>
          <dt>{t('agreement.corrected.human')}</dt>
          <dd>
            <FigureValue figure={report.humanOnLabeled} format={level} /> <span className="muted">(n = {num(report.labeled)})</span>
          </dd>
        </div>
        <div>
          <dt>{t('agreement.corrected.bias')}</dt>
          <dd>
            <FigureValue figure={report.bias} format={difference} />{' '}
            {report.bias.value !== null ? (
              <span className="muted">
                [<IntervalText figure={report.bias} format={difference} />]
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {report.lambda != null ? (
        <p className="ag-lambda" data-testid="corrected-lambda">
          {t('agreement.corrected.lambda', { lambda: formatValue(locale, report.lambda, 2) })}{' '}
          {t(report.lambda === 0 ? 'agreement.corrected.lambdaZero' : report.lambda < 0.2 ? 'agreement.corrected.lambdaLow' : report.lambda >= 0.8 ? 'agreement.corrected.lambdaHigh' : 'agreement.corrected.lambdaMid')}
        </p>
      ) : null}
      <p className="ag-card-footnote">{t('agreement.corrected.explanation')}</p>
    </section>
  );
}
