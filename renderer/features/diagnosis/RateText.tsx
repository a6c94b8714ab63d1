import { formatPercent } from '../report/format';
import type { Rate } from '../../../shared/diagnosis/rate';
import { useI18n } from '../../i18n/useI18n';

/** A rate with its n and its interval (and how it was made); undefined says so and why (`why`), never 0. */
export function RateText({ rate, why, testId }: { rate: Rate; why: string; testId?: string }) {
  const { t, locale, num } = useI18n();
  if (rate.rate === null || rate.low === null || rate.high === null) {
    return <span className="dx-rate undefined" data-testid={testId}>{t('diagnosis.undefined', { why })}</span>;
  }
  return (
    <span className="dx-rate" data-testid={testId}>
      <strong>{t('diagnosis.rate', { rate: formatPercent(rate.rate, locale) ?? '', count: num(rate.count), n: num(rate.n) })}</strong>
      <span className="dx-interval">{t('diagnosis.interval', { low: formatPercent(rate.low, locale) ?? '', high: formatPercent(rate.high, locale) ?? '' })}</span>
      {rate.method === 'cluster-ratio' ? <span className="dx-interval" title={t('diagnosis.interval.clusteredHow')}>{t('diagnosis.interval.clustered', { count: rate.clusters ?? 0 })}</span> : null}
    </span>
  );
}
