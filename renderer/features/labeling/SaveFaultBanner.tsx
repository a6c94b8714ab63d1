import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useLabelOutbox } from './labelOutbox';
import { Icon } from '../../common/Icon';
import './save-fault.css';

const fileName = (path: string | null) => (path ? path.split(/[\\/]/).pop() ?? path : null);

/** While labels wait to be written: what is wrong, how many wait, when the next try is, and a button to try now. */
export function SaveFaultBanner() {
  const { t } = useI18n();
  const count = useLabelOutbox((s) => s.entries.length);
  const fault = useLabelOutbox((s) => s.fault);
  const restored = useLabelOutbox((s) => s.restored);
  const nextTryAt = useLabelOutbox((s) => s.nextTryAt);
  const retryNow = useLabelOutbox((s) => s.retryNow);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (nextTryAt === null) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [nextTryAt]);

  if (count === 0 || (!fault && !restored)) return null;
  const reason = fault?.reason ?? 'pending';
  const file = fileName(fault?.file ?? null) ?? t('storage.fileFallback');
  const seconds = nextTryAt === null ? null : Math.max(1, Math.ceil((nextTryAt - now) / 1000));
  return (
    <div className="error-banner save-fault-banner" role="alert" data-testid="save-fault-banner" data-reason={reason} data-count={count}>
      <Icon name="alert" className="error-banner-icon" />
      <div className="error-banner-body">
        <strong>
          {t(`storage.title.${reason}`)}
          <span className="save-fault-count" data-testid="save-fault-count">{t('storage.waiting', { count })}</span>
        </strong>
        <span>{t(`storage.body.${reason}`, { file, count })}</span>
        <span className="save-fault-hint">
          {fault ? `${t('storage.keepLabeling')} ` : null}
          {seconds !== null ? t('storage.nextTry', { seconds }) : t('storage.trying')}
        </span>
      </div>
      {fault ? (
        <button type="button" className="button small" onClick={retryNow} data-testid="save-fault-retry">
          <Icon name="refresh" size={14} /> {t('storage.retry')}
        </button>
      ) : null}
    </div>
  );
}
