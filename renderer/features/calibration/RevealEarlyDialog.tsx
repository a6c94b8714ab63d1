import type { RoundDetail } from '../../../shared/api/calibration-ops';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { Modal } from '../../common/Modal';

/** Revealing before everyone finished is allowed, asked for, and recorded on the round. */
export function RevealEarlyDialog({ detail }: { detail: RoundDetail }) {
  const { t, num } = useI18n();
  const revealing = useRoundStore((s) => s.revealing);
  const ask = useRoundStore((s) => s.askRevealEarly);
  const reveal = useRoundStore((s) => s.reveal);
  const unfinished = detail.reviewers.filter((r) => r.itemsDone < r.items);
  return (
    <Modal
      title={t('calibration.early.title')}
      onClose={() => ask(false)}
      closeLabel={t('common.close')}
      testId="reveal-early-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={() => ask(false)}>{t('common.cancel')}</button>
          <button type="button" className="button primary" data-testid="reveal-early-confirm" disabled={revealing} onClick={() => void reveal(true)}>
            {t('calibration.early.confirm')}
          </button>
        </>
      }
    >
      <p>{t('calibration.early.body', { labeled: num(detail.cells.labeled), total: num(detail.cells.total) })}</p>
      {unfinished.length > 0 ? (
        <ul className="cal-early-list">
          {unfinished.map((r) => (
            <li key={r.reviewerId}>
              {t('calibration.early.reviewer', { name: r.name, done: num(r.itemsDone), total: num(r.items) })}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="cal-hint">{t('calibration.early.recorded')}</p>
    </Modal>
  );
}
