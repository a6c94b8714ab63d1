import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { typeLabel } from './calibrationText';
import { dimensionName } from '../agreement/agreementText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { TrendChart } from './TrendChart';

/** Every closed round's population figures (the random half) week by week, per dimension: agreement and bias with their intervals. */
export function TrendPane() {
  const { t, locale, num } = useI18n();
  const trend = useRoundStore((s) => s.trend);
  const loading = useRoundStore((s) => s.trendLoading);
  const error = useRoundStore((s) => s.trendError);
  const loadTrend = useRoundStore((s) => s.loadTrend);

  useEffect(() => {
    if (trend === null && !loading && !error) void loadTrend();
  }, [trend, loading, error, loadTrend]);

  if (error) {
    return (
      <div className="inline-error cal-error">
        <ErrorDetails error={error} testId="trend-error" />
        <button type="button" className="button small" onClick={() => void loadTrend()}>{t('error.retry')}</button>
      </div>
    );
  }
  if (trend === null) {
    return (
      <section className="cal-card" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
      </section>
    );
  }
  const withPoints = trend.filter((d) => d.points.length > 0);
  if (withPoints.length === 0) {
    return (
      <section className="cal-card cal-empty" data-testid="trend-empty">
        <h2>{t('calibration.trend.emptyTitle')}</h2>
        <p className="cal-hint">{t('calibration.trend.emptyHint')}</p>
      </section>
    );
  }

  return (
    <div className="cal-trend" data-testid="trend-view">
      <p className="cal-hint cal-trend-legend">
        <span className="cal-legend-line" aria-hidden="true" /> {t('calibration.trend.legendValue')}
        <span className="cal-legend-band" aria-hidden="true" /> {t('calibration.trend.legendBand')}
        <span className="cal-legend-break" aria-hidden="true" /> {t('calibration.trend.legendBreak')}
      </p>
      <p className="cal-hint cal-trend-legend" data-testid="trend-legend-random">{t('calibration.trend.legendRandom')}</p>
      {withPoints.map((d) => (
        <section key={d.dimension} className="cal-card cal-trend-card" data-testid="trend-dimension" data-dimension={d.dimension}>
          <div className="cal-card-head">
            <h3 className="cal-card-title">
              {dimensionName(locale, d.dimension)} <span className="cal-type">{typeLabel(locale, d.type)}</span>
            </h3>
            <span className="cal-hint">{t('calibration.trend.rounds', { count: d.points.length })}</span>
          </div>
          <div className="cal-trend-pair">
            <TrendChart dimension={d.dimension} points={d.points} metric="agreement" />
            <TrendChart dimension={d.dimension} points={d.points} metric="bias" />
          </div>
        </section>
      ))}
    </div>
  );
}
