import { useEffect } from 'react';
import type { RoundStatus } from '../../../shared/api/calibration-ops';
import type { MessageKey } from '../../i18n';
import { useAdjudicationKeyboard } from './useAdjudicationKeyboard';
import { useI18n } from '../../i18n/useI18n';
import { useAdjudicationStore } from './adjudicationStore';
import { useRoundStore } from './roundStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { RevealItemCard } from './RevealItemCard';
import { KeyLegend, type KeyLegendRow } from '../../common/KeyLegend';
import { usePick } from '../../common/usePick';

const LEGEND: KeyLegendRow[] = [
  { keys: ['A', 'Enter'], label: 'calibration.keys.accept' },
  { keys: ['1', '…', '9'], label: 'calibration.keys.value' },
  { keys: ['J', 'K'], label: 'calibration.keys.items' },
  { keys: ['↓', '↑'], label: 'calibration.keys.rows' },
  { keys: ['N'], label: 'calibration.keys.note' },
];

const HINTS: Record<string, MessageKey> = {
  'no-consensus': 'calibration.hint.noConsensus',
  'no-key': 'calibration.hint.noKey',
  'bad-number': 'calibration.hint.badNumber',
  'not-open': 'calibration.hint.notOpen',
};

/** Reveal & adjudicate: every item side by side (reviewers, judge, final value), disagreements first, keyboard first. */
export function AdjudicatePanel({ roundId, status }: { roundId: number; status: RoundStatus }) {
  const { t, num } = useI18n();
  const { load, view, items, loading, error, itemIndex, hint } = usePick(useAdjudicationStore, 'load', 'view', 'items', 'loading', 'error', 'itemIndex', 'hint');
  const revision = useRoundStore((s) => s.revision);
  const toSettle = useRoundStore((s) => s.detail?.cells.toAdjudicate ?? 0);
  const closing = useRoundStore((s) => s.closing);
  const closeRound = useRoundStore((s) => s.close);
  const open = status === 'revealed' || status === 'adjudicated';
  useAdjudicationKeyboard(open);

  useEffect(() => {
    void load(roundId);
  }, [load, roundId, status, revision]);

  if (error) {
    return (
      <div className="inline-error cal-error">
        <ErrorDetails error={error} testId="reveal-error" />
        <button type="button" className="button small" onClick={() => void load(roundId)}>{t('error.retry')}</button>
      </div>
    );
  }
  if (!view || view.round.id !== roundId) {
    return (
      <section className="cal-card" aria-busy="true">
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
      </section>
    );
  }

  const counts = { humans: 0, judge: 0, none: 0, unlabeled: 0, decided: 0 };
  for (const cell of view.cells) {
    counts[cell.disagreement]++;
    if (cell.adjudication) counts.decided++;
  }

  return (
    <section className="cal-adjudicate" data-testid="adjudicate-panel" aria-busy={loading}>
      <div className="cal-adj-toolbar">
        <div className="cal-adj-counts">
          <span className="cal-kind humans">{t('calibration.adj.humans', { count: counts.humans })}</span>
          <span className="cal-kind judge">{t('calibration.adj.judge', { count: counts.judge })}</span>
          <span className="cal-kind none">{t('calibration.adj.agree', { count: counts.none })}</span>
          {counts.unlabeled > 0 ? <span className="cal-kind unlabeled">{t('calibration.adj.unlabeled', { count: counts.unlabeled })}</span> : null}
          <span className="cal-adj-decided" data-testid="adjudicated-count" data-count={counts.decided} data-to-settle={toSettle}>
            {t('calibration.adj.decided', { done: num(counts.decided) })}
            {' · '}
            <span className={toSettle > 0 ? 'cal-to-settle' : 'cal-settled'}>
              {toSettle > 0 ? t('calibration.adj.toSettle', { count: toSettle }) : t('calibration.adj.settled')}
            </span>
          </span>
        </div>
        {open && toSettle === 0 ? (
          <button type="button" className="button small primary" data-testid="adjudicate-close" disabled={closing} onClick={() => void closeRound()}>
            {closing ? t('calibration.round.closing') : t('calibration.round.close')}
          </button>
        ) : null}
        {open ? (
          <KeyLegend label={t('calibration.keys.title')} rows={LEGEND} />
        ) : (
          <p className="cal-hint">{t('calibration.adj.readOnly')}</p>
        )}
        {hint ? <p className="cal-adj-hint" role="status" data-testid="adjudicate-hint">{t(HINTS[hint])}</p> : null}
      </div>
      {items.length === 0 ? <p className="cal-card cal-hint">{t('calibration.adj.empty')}</p> : null}
      {items.map((item, index) => (
        <RevealItemCard key={item.key} item={item} index={index} active={index === itemIndex} open={open} />
      ))}
    </section>
  );
}
