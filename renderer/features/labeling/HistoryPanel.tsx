import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { dimensionLabel, formatTime, valueLabel } from './labelText';
import { Icon } from '../../common/Icon';
import { visibleId } from '../../common/bidi';

/** Every label event of the case, newest first: who, when, what (and which response), old → new, why, undos. */
export function HistoryPanel() {
  const i18n = useI18n();
  const { t } = i18n;
  const history = useLabelingStore((s) => s.history);
  const loading = useLabelingStore((s) => s.historyLoading);
  const item = useLabelingStore((s) => s.item);
  const toggle = useLabelingStore((s) => s.toggleHistory);
  const responses = item?.detail.responses ?? [];
  const events = history ? [...history].sort((a, b) => b.eventId - a.eventId) : [];

  return (
    <aside className="history-panel" data-testid="history-panel" aria-label={t('labeling.history.title')}>
      <header className="history-header">
        <h2>{t('labeling.history.title')}</h2>
        <button type="button" className="icon-button" onClick={toggle} aria-label={t('common.close')} title={t('common.close')}>
          <Icon name="close" />
        </button>
      </header>
      {history === null && loading ? <p className="muted history-empty">{t('labeling.history.loading')}</p> : null}
      {history !== null && events.length === 0 ? <p className="muted history-empty">{t('labeling.history.empty')}</p> : null}
      <ol className="history-events">
        {events.map((event) => {
          const responseIndex = event.responseId ? responses.findIndex((r) => r.id === event.responseId) : -1;
          const response = responseIndex >= 0 ? responses[responseIndex] : null;
          return (
            <li key={event.eventId} className={`history-event kind-${event.kind}`} data-testid="history-event" data-kind={event.kind} data-dimension={event.dimension}>
              <div className="history-line">
                <span className="history-who">{event.reviewer}</span>
                <time className="history-when" dateTime={event.at}>{formatTime(i18n, event.at)}</time>
              </div>
              <div className="history-what">
                {event.kind === 'undo' ? (
                  <span className="history-undo"><Icon name="undo" size={12} /> {t('labeling.history.undo')}</span>
                ) : null}
                <strong>{dimensionLabel(i18n, event.dimension)}</strong>
                {event.responseId ? (
                  <span className="history-response mono" title={event.responseId}>
                    {response ? `#${responseIndex + 1} ${response.system}` : t('labeling.history.forResponse', { responseId: visibleId(event.responseId) })}
                  </span>
                ) : null}
              </div>
              <div className="history-change">
                <span className="history-old">{valueLabel(i18n, event.dimension, event.previousValue)}</span>
                <span className="history-arrow" aria-hidden="true">→</span>
                <span className="history-new">{valueLabel(i18n, event.dimension, event.value)}</span>
              </div>
              {event.reason ? <p className="history-reason">{t('labeling.history.reason', { reason: event.reason })}</p> : null}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
