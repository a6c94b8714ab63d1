import type { RoundDetail } from '../../../shared/api/calibration-ops';
import { useI18n } from '../../i18n/useI18n';

/** Progress per reviewer on the round: items finished and cells labeled. */
export function ReviewerProgress({ detail }: { detail: RoundDetail }) {
  const { t, num } = useI18n();
  const { reviewers, cells, round } = detail;
  return (
    <section className="cal-card cal-progress" aria-label={t('calibration.progress.title')} data-testid="round-progress">
      <div className="cal-card-head">
        <h3 className="cal-card-title">{t('calibration.progress.title')}</h3>
        <span className="cal-hint">
          {t('calibration.progress.cells', { labeled: num(cells.labeled), total: num(cells.total) })}
          {round.status !== 'labeling' ? ` · ${t('calibration.progress.frozen')}` : ''}
        </span>
      </div>
      {reviewers.length === 0 ? (
        <p className="cal-hint" data-testid="round-progress-empty">{t('calibration.progress.none')}</p>
      ) : (
        <ul className="cal-progress-rows">
          {reviewers.map((reviewer) => {
            const ratio = reviewer.total > 0 ? Math.min(1, reviewer.done / reviewer.total) : 0;
            return (
              <li key={reviewer.reviewerId} className="cal-progress-row" data-testid="round-reviewer" data-reviewer={reviewer.name} data-done={reviewer.itemsDone} data-total={reviewer.items}>
                <span className="cal-progress-name" title={reviewer.name}>{reviewer.name}</span>
                <span
                  className="cal-progress-track"
                  role="progressbar"
                  aria-label={reviewer.name}
                  aria-valuemin={0}
                  aria-valuemax={reviewer.total}
                  aria-valuenow={reviewer.done}
                >
                  <span className={ratio >= 1 ? 'cal-progress-fill done' : 'cal-progress-fill'} style={{ width: `${(ratio * 100).toFixed(1)}%` }} />
                </span>
                <span className="cal-progress-text">
                  {t('calibration.progress.items', { done: num(reviewer.itemsDone), total: num(reviewer.items) })}
                  <span className="muted"> · {t('calibration.progress.cellsShort', { done: num(reviewer.done), total: num(reviewer.total) })}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
