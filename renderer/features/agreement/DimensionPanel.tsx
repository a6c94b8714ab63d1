import { useI18n } from '../../i18n/useI18n';
import type { BiasCorrectedDimensionReport, DimensionReport, HumanDimensionReport } from './agreementStore';
import { dimensionName } from './agreementText';
import { BiasCard } from './BiasCard';
import { BreakdownTables } from './BreakdownTable';
import { CoefficientTable } from './CoefficientTable';
import { ConfusionHeatmap } from './ConfusionHeatmap';
import { CorrectedEstimateCard } from './CorrectedEstimateCard';
import { DisagreementList } from './DisagreementList';
import { useReason } from './FigureText';
import { HumanAgreementCard } from './HumanAgreementCard';
import { ScatterPlot } from './ScatterPlot';
import { Warnings } from './Warnings';

/** Everything about one dimension: agreement, bias, the matrix or scatter, breakdowns, disagreements, people among themselves. */
export function DimensionPanel({
  dimension,
  humans,
  corrected,
}: {
  dimension: DimensionReport;
  humans: HumanDimensionReport | undefined;
  corrected: BiasCorrectedDimensionReport | undefined;
}) {
  const { t, locale, num } = useI18n();
  const reason = useReason();
  return (
    <div className="ag-dimension-panel" role="tabpanel" data-testid="agreement-dimension" data-dimension={dimension.dimension}>
      <header className="ag-dimension-head">
        <div className="ag-dimension-title">
          <h2>{dimensionName(locale, dimension.dimension)}</h2>
          <span className="ag-type-chip">{t(`agreement.type.${dimension.type}`)}</span>
          <span className="mono muted">{dimension.dimension}</span>
        </div>
        <p className="ag-dimension-counts" data-testid="agreement-counts">
          {t('agreement.counts', { n: num(dimension.n), items: num(dimension.items), verdicts: num(dimension.verdicts) })}
          {dimension.reviewers > 0 ? ` · ${t('agreement.counts.reviewers', { count: dimension.reviewers })}` : ''}
        </p>
      </header>
      {dimension.unit === 'claim' ? <p className="muted" data-testid="agreement-per-claim">{t('agreement.perClaim')}</p> : null}
      <Warnings warnings={dimension.warnings} />
      {dimension.n === 0 ? (
        <div className="agreement-card ag-empty-card">
          <h3 className="agreement-card-title">{t('agreement.noPairs.title')}</h3>
          <p className="muted">{reason(dimension.reason, dimension.reasonCode)}</p>
        </div>
      ) : (
        <>
          <div className="ag-panel-grid">
            <div className="ag-panel-column">
              <section className="agreement-card" aria-labelledby={`coefficients-${dimension.dimension}`}>
                <h3 className="agreement-card-title" id={`coefficients-${dimension.dimension}`}>
                  {t('agreement.section.coefficients')}
                </h3>
                <CoefficientTable coefficients={dimension.coefficients} resamples={dimension.resampling.resamples} testId="agreement-coefficients" />
              </section>
              <BiasCard dimension={dimension} />
            </div>
            <div className="ag-panel-column">
              {dimension.confusion ? <ConfusionHeatmap dimension={dimension} /> : <ScatterPlot dimension={dimension} />}
              <CorrectedEstimateCard report={corrected} />
            </div>
          </div>
          <BreakdownTables dimension={dimension} />
          <DisagreementList dimension={dimension} />
        </>
      )}
      <HumanAgreementCard report={humans} resamples={dimension.resampling.resamples} />
    </div>
  );
}
