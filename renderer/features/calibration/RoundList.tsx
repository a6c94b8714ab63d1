import { formatWhen } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { StatusChip } from './StatusChip';
import { usePick } from '../../common/usePick';

/** The rounds by ISO week, newest first, with their status. */
export function RoundList() {
  const { t, locale, num } = useI18n();
  const { rounds, selectedId, select } = usePick(useRoundStore, 'rounds', 'selectedId', 'select');

  return (
    <section className="cal-card cal-round-list" aria-label={t('calibration.rounds.title')}>
      <h2 className="cal-card-title">{t('calibration.rounds.title')}</h2>
      {rounds === null ? (
        <div aria-busy="true">
          <div className="skeleton skeleton-line wide" />
          <div className="skeleton skeleton-line" />
        </div>
      ) : rounds.length === 0 ? (
        <p className="cal-hint" data-testid="rounds-empty">{t('calibration.rounds.empty')}</p>
      ) : (
        <ul className="cal-round-rows">
          {rounds.map((round) => (
            <li key={round.id}>
              <button
                type="button"
                className={round.id === selectedId ? 'cal-round-row selected' : 'cal-round-row'}
                aria-current={round.id === selectedId ? 'true' : undefined}
                data-testid="round-row"
                data-round-id={round.id}
                data-status={round.status}
                onClick={() => void select(round.id)}
              >
                <span className="cal-round-week mono">{round.week}</span>
                <StatusChip status={round.status} />
                <span className="cal-round-meta">
                  {t('calibration.rounds.items', { count: round.items })} · {formatWhen(locale, round.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
