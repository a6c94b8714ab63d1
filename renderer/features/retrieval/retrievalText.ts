import type { MessageKey } from '../../i18n';
import type { SummaryMetric } from '../../../shared/retrieval/report';
import type { I18n } from '../../i18n/useI18n';

/** Shares read as percentages; MRR and nDCG as 0–1 scores (their usual form). */
const SCORES: readonly SummaryMetric[] = ['reciprocalRank', 'ndcg'];

export function formatFigure(metric: SummaryMetric, value: number | null, undefinedText: string): string {
  if (value === null) return undefinedText;
  return SCORES.includes(metric) ? value.toFixed(3) : `${(value * 100).toFixed(1)}%`;
}

/** A signed difference in the metric's own form (+2.5%, −0.031). */
export function formatDifference(metric: SummaryMetric, value: number | null, undefinedText: string): string {
  if (value === null) return undefinedText;
  const text = formatFigure(metric, Math.abs(value), undefinedText);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

export const metricKey = (metric: SummaryMetric) => `retrieval.metric.${metric}` as MessageKey;

/** "Recall@5", or "Recall (whole context)". */
export function metricLabel(i18n: I18n, metric: SummaryMetric, k: number | 'whole'): string {
  const name = i18n.t(metricKey(metric));
  return k === 'whole' ? i18n.t('retrieval.atWhole', { metric: name }) : i18n.t('retrieval.at', { metric: name, k });
}
