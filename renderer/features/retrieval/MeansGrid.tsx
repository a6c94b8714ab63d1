import type { MeansOut } from '../../../shared/api/retrieval-ops';
import { SUMMARY_METRICS } from '../../../shared/retrieval/report';
import { useI18n } from '../../i18n/useI18n';
import { formatFigure, metricLabel } from './retrievalText';

/** Every mean with its n and 95% interval (never a single average alone). */
export function MeansGrid({ means, k }: { means: MeansOut; k: number | 'whole' }) {
  const i18n = useI18n();
  const { t } = i18n;
  const undefinedText = t('retrieval.undefined');
  return (
    <div className="retrieval-means" data-testid="retrieval-means">
      {SUMMARY_METRICS.map((metric) => {
        const figure = means[metric];
        return (
          <div key={metric} className="retrieval-mean" data-testid={`retrieval-mean-${metric}`}>
            <span className="retrieval-mean-name">{metricLabel(i18n, metric, k)}</span>
            <span className="retrieval-mean-value">{formatFigure(metric, figure.value, undefinedText)}</span>
            <span className="retrieval-mean-ci">
              {figure.ci95
                ? t('retrieval.ci', { low: formatFigure(metric, figure.ci95[0], undefinedText), high: formatFigure(metric, figure.ci95[1], undefinedText) })
                : figure.reason ? t(`retrieval.reason.${figure.reason}`) : ''}
            </span>
            <span className="retrieval-mean-n">{t('retrieval.n', { n: figure.n })}</span>
          </div>
        );
      })}
    </div>
  );
}
