import { useI18n } from '../../i18n/useI18n';
import { useDataStore } from './dataStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { formatBackupTime } from './backupText';
import { ErrorDetails } from '../../common/ErrorDetails';

/** Who has labeled in this file, and how much: what a lead checks after merging packs. */
export function ReviewersCard() {
  const { t, num, locale } = useI18n();
  const reviewers = useDataStore((s) => s.reviewers);
  const error = useDataStore((s) => s.reviewersError);
  const me = useReviewerStore((s) => s.current?.id ?? null);

  return (
    <section className="cal-card data-card" data-testid="pack-reviewers">
      <div className="cal-card-head">
        <h2 className="cal-card-title">{t('data.reviewers.title')}</h2>
        <span className="cal-hint">{t('data.reviewers.hint')}</span>
      </div>
      {error ? <ErrorDetails error={error} /> : null}
      {reviewers && reviewers.length === 0 ? <p className="card-empty">{t('data.reviewers.empty')}</p> : null}
      {reviewers && reviewers.length > 0 ? (
        <div className="cal-table-scroll">
          <table className="cal-table">
            <thead>
              <tr>
                <th>{t('data.reviewers.name')}</th>
                <th className="num">{t('data.reviewers.events')}</th>
                <th>{t('data.reviewers.last')}</th>
              </tr>
            </thead>
            <tbody>
              {reviewers.map((r) => (
                <tr key={r.id} data-testid="pack-reviewer" data-name={r.name} data-events={r.eventCount}>
                  <td>
                    {r.name}
                    {r.id === me ? <span className="data-you">{t('data.reviewers.you')}</span> : null}
                  </td>
                  <td className="num">{num(r.eventCount)}</td>
                  <td className="nowrap">{r.lastEventAt ? formatBackupTime(locale, r.lastEventAt) : t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
