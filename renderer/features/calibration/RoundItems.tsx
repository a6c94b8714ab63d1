import type { PickReason, RoundDetail } from '../../../shared/api/calibration-ops';
import { formatRaw, formatSigned, itemKey } from './format';
import { useI18n } from '../../i18n/useI18n';
import { dimensionName, valueName } from '../agreement/agreementText';
import { visibleId } from '../../common/bidi';

/** Why an item was picked: "changed by +0.4 on Faithfulness (run #1 → #2)", or "random". */
function Reason({ reason }: { reason: PickReason }) {
  const { t, locale } = useI18n();
  if (reason.kind === 'random') return <span className="cal-reason-chip random">{t('calibration.items.random')}</span>;
  const dimension = dimensionName(locale, reason.dimension);
  const change = `${valueName(locale, reason.dimension, formatRaw(reason.fromValue))} → ${valueName(locale, reason.dimension, formatRaw(reason.toValue))}`;
  return (
    <span className="cal-reason-line">
      <span className="cal-reason-chip changed">
        {reason.delta !== null
          ? t('calibration.items.changedBy', { delta: formatSigned(locale, reason.delta, 2) })
          : t('calibration.items.changed')}
      </span>
      <span className="cal-reason-detail">
        {t('calibration.items.changedDetail', { dimension, change, from: reason.fromRunId, to: reason.toRunId })}
      </span>
    </span>
  );
}

/** The round's items in pick order, each with why it was picked. */
export function RoundItems({ detail }: { detail: RoundDetail }) {
  const { t, num, locale } = useI18n();
  return (
    <section className="cal-card cal-items" aria-label={t('calibration.items.title')}>
      <div className="cal-card-head">
        <h3 className="cal-card-title">{t('calibration.items.title')}</h3>
        <span className="cal-hint">
          {t('calibration.items.dimensions', { list: detail.dimensions.map((d) => dimensionName(locale, d.dimension)).join(' · ') || '—' })}
        </span>
      </div>
      {detail.items.length === 0 ? (
        <p className="cal-hint">{t('calibration.items.empty')}</p>
      ) : (
        <table className="cal-table cal-items-table">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>{t('calibration.items.case')}</th>
              <th>{t('calibration.items.query')}</th>
              <th>{t('calibration.items.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.items.map((item) => (
              <tr
                key={itemKey(item.caseId, item.responseId)}
                data-testid="round-item"
                data-case-id={item.caseId}
                data-response-id={item.responseId ?? ''}
                data-reason={item.reason.kind}
              >
                <td className="num muted">{num(item.position + 1)}</td>
                <td className="cal-item-id">
                  <span className="mono" title={item.caseId}>{visibleId(item.caseId)}</span>
                  {item.system ? <span className="cal-item-system" title={item.responseId ?? undefined}>{item.system}</span> : null}
                </td>
                <td className="cal-item-query" title={item.query}>{item.query}</td>
                <td><Reason reason={item.reason} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
