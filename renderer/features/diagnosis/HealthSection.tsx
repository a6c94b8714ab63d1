import type { MessageKey } from '../../i18n';
import { formatPercent } from '../report/format';
import { useI18n } from '../../i18n/useI18n';
import { LayerStatus } from './LayerStatus';
import { useLayers } from './layersStore';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';
import { visibleId } from '../../common/bidi';

type Kind = 'origin' | 'answerability' | 'slice' | 'split';

const SHOWN_IDS = 6;

/** The test set read as the method asks: its mix, its gaps, and dev/holdout hygiene. */
export function HealthSection({ system, report }: DiagnosisSectionProps) {
  const { t, num, label, locale } = useI18n();
  const { health, error } = useLayers(system, report);
  if (!health) {
    return (
      <SectionCard id="health" title={t('dxdata.health.title')} subtitle={t('dxdata.health.sub')}>
        <LayerStatus error={error} />
      </SectionCard>
    );
  }
  const counts = (kind: Kind, title: MessageKey, rows: { value: string; count: number }[]) => (
    <div className="dx-figure" data-testid={`dx-health-${kind}`}>
      <div className="dx-figure-label">{t(title)}</div>
      <ul className="dx-groups">
        {rows.length === 0 ? <li className="muted">{t('dxdata.health.none')}</li> : null}
        {rows.map((r) => (
          <li key={r.value}>
            {r.value === '(none)' ? t('dxdata.health.none') : label(kind, r.value)} · <strong>{num(r.count)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
  const share = health.refusalShare;
  const ids = (list: string[]) => (list.length <= SHOWN_IDS ? list.join(', ') : t('dxdata.health.more', { ids: list.slice(0, SHOWN_IDS).join(', '), count: num(list.length - SHOWN_IDS) }));
  return (
    <SectionCard id="health" title={t('dxdata.health.title')} subtitle={t('dxdata.health.sub')}>
      <div className="dx-figures">
        {counts('origin', 'dxdata.health.origin', health.byOrigin)}
        {counts('answerability', 'dxdata.health.answerability', health.byAnswerability)}
        {counts('slice', 'dxdata.health.slices', health.bySlice)}
        {counts('split', 'dxdata.health.splits', health.bySplit)}
      </div>
      {health.originWarning ? <p className="dx-warning" data-testid="dx-origin-warning">{t(`dxdata.health.origin.${health.originWarning}` as MessageKey)}</p> : null}
      <p data-testid="dx-refusal-share">
        {t('dxdata.health.refusal', { share: share.value === null ? t('dxdata.undefinedWhy', { why: t('dxdata.why.noCases') }) : (formatPercent(share.value, locale) ?? ''), count: num(share.count), n: num(share.n) })}
        {health.refusalWarning ? <span className="dx-warning"> {t('dxdata.health.refusalWarning')}</span> : null}
      </p>
      <p>{t('dxdata.health.noEvidence', { count: num(health.withoutEvidence.length) })} · {t('dxdata.health.leakFlagged', { count: num(health.leakFlagged.length) })}</p>
      <h3 className="dx-subhead">{t('dxdata.health.splitLeaks')}</h3>
      {health.splitLeaks.length === 0 ? (
        <p className="muted" data-testid="dx-split-leaks-none">{t('dxdata.health.splitLeaks.none')}</p>
      ) : (
        <ul className="dx-groups" data-testid="dx-split-leaks">
          {health.splitLeaks.map((l) => (
            <li key={`${l.kind}:${l.key}`} className="dx-warning">
              {t('dxdata.health.splitLeak', { kind: t(`dxdata.health.kind.${l.kind}` as MessageKey), key: l.key, dev: ids(l.dev), holdout: ids(l.holdout) })}
            </li>
          ))}
        </ul>
      )}
      <h3 className="dx-subhead">{t('dxdata.health.openings')}</h3>
      {health.holdoutOpenings.total === 0 ? (
        <p className="muted" data-testid="dx-holdout-openings-none">{t('dxdata.health.openings.none')}</p>
      ) : (
        <div data-testid="dx-holdout-openings">
          <p className="dx-warning">{t('dxdata.health.openings.count', { total: num(health.holdoutOpenings.total), cases: num(health.holdoutOpenings.cases) })}</p>
          <ul className="dx-openings">
            {health.holdoutOpenings.latest.slice(0, SHOWN_OPENINGS).map((o, i) => (
              <li key={i} data-testid="dx-holdout-opening" data-case-id={o.caseId}>
                {t('dxdata.health.openings.one', {
                  at: formatTime(o.at, locale), reviewer: o.reviewer ?? t('dxdata.health.openings.nobody'), caseId: visibleId(o.caseId), via: t(`dxdata.health.openings.via.${o.via}` as MessageKey),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}

const SHOWN_OPENINGS = 10;

function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
