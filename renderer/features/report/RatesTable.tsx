import {
  formatInterval, formatPercent, intervalBar, passState, RATE_KINDS, rateBase, thresholdFor, undefinedRateReason, type RateKind,
} from './format';
import { useI18n } from '../../i18n/useI18n';
import type { CrossTableGroup } from './reportStore';
import { Icon } from '../../common/Icon';
import { IntervalBar } from './IntervalBar';

/** The group's three rates, each with k / n, its Wilson 95% interval and its check against the group's threshold. */
export function RatesTable({ group }: { group: CrossTableGroup }) {
  const { t } = useI18n();
  return (
    <div className="rates-wrap">
      <table className="rates-table" aria-label={t('report.rates')}>
        <thead>
          <tr>
            <th scope="col">{t('report.col.rate')}</th>
            <th scope="col" className="num-col">{t('report.col.estimate')}</th>
            <th scope="col" className="num-col">{t('report.col.count')}</th>
            <th scope="col" className="col-interval">{t('report.col.interval')}</th>
            <th scope="col" className="num-col">{t('report.col.threshold')}</th>
            <th scope="col">{t('report.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {RATE_KINDS.map((kind) => (
            <RateRow key={kind} kind={kind} group={group} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RateRow({ kind, group }: { kind: RateKind; group: CrossTableGroup }) {
  const { t, locale, num, label } = useI18n();
  const rate = group[kind];
  const state = passState(group.pass[kind]);
  const threshold = thresholdFor(kind, group.threshold);
  const reason = undefinedRateReason(rate);
  const estimate = formatPercent(rate.rate, locale);
  const interval = formatInterval(rate.ci95, locale);
  const bar = intervalBar(rate, threshold.value);
  const base = label('answerability', rateBase(kind));
  return (
    <tr className={`rate-row result-${state}`} data-testid="report-rate" data-rate={kind} data-pass={state} data-n={rate.n}>
      <th scope="row">
        <span className="rate-name">{t(`report.rate.${kind}`)}</span>
        <span className="rate-def">{t(`report.rate.${kind}.def`, { base })}</span>
      </th>
      <td className="num-col">
        {reason === null && estimate !== null ? (
          <span className="rate-estimate" data-testid="report-rate-value">{estimate}</span>
        ) : (
          <span className="rate-undefined" data-testid="report-rate-value">{t('report.undefined')}</span>
        )}
      </td>
      <td className="num-col rate-count">
        <span className="rate-fraction">
          {num(rate.successes)} / {num(rate.n)}
        </span>
        <span className="rate-n" data-testid="report-rate-n">
          n = {num(rate.n)}
        </span>
      </td>
      <td className="col-interval">
        {bar && interval ? (
          <div className="interval-cell">
            <IntervalBar bar={bar} state={state} bound={threshold.bound} label={t('report.intervalAria', { low: interval, threshold: formatPercent(threshold.value, locale) ?? '' })} />
            <span className="interval-text" data-testid="report-rate-interval">{interval}</span>
          </div>
        ) : (
          <span className="undefined-reason" data-testid="report-rate-reason">
            {t(reason === 'no-data' ? `report.reason.noData.${rateBase(kind)}` : 'report.reason.notComputed')}
          </span>
        )}
      </td>
      <td className="num-col rate-threshold">
        {threshold.bound === 'min' ? '≥' : '≤'} {formatPercent(threshold.value, locale)}
      </td>
      <td>
        <span className={`rate-verdict rate-verdict-${state}`} data-testid="report-rate-verdict">
          {state === 'pass' ? <Icon name="check" size={13} /> : state === 'fail' ? <Icon name="close" size={13} /> : null}
          {t(`report.verdict.${state}`)}
        </span>
        {state === 'inconclusive' && group.pass[kind]?.decidingN != null ? (
          <span className="rate-deciding" data-testid="report-rate-deciding">{t('report.verdict.decidingN', { n: num(group.pass[kind]!.decidingN!) })}</span>
        ) : null}
      </td>
    </tr>
  );
}
