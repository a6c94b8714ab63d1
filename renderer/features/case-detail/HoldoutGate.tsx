import type { CaseDetail } from '../../../shared/api/contract';
import { visibleId } from '../../common/bidi';
import { useI18n } from '../../i18n/useI18n';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useDetailStore, type HoldoutSeal } from './detailStore';

/** In place of a holdout case's content until a person opens it on purpose, as someone (the opening is recorded). */
export function HoldoutGate({ detail, seal }: { detail: CaseDetail; seal: HoldoutSeal }) {
  const { t } = useI18n();
  const reviewer = useReviewerStore((s) => s.current);
  const open = useDetailStore((s) => s.open);
  const needsReviewer = seal === 'needs-reviewer' || !reviewer;
  return (
    <div className="detail-message">
      <div className="holdout-gate" data-testid="holdout-gate" data-case-id={detail.case.id} data-seal={seal}>
        <p className="empty-title">{t('holdout.gate.title')}</p>
        <p className="mono muted">{visibleId(detail.case.id)}</p>
        <p>{needsReviewer ? t('holdout.gate.needsReviewer') : t('holdout.gate.body')}</p>
        <div className="holdout-gate-actions">
          {seal === 'opening' ? (
            <span className="muted" aria-live="polite">{t('holdout.gate.opening')}</span>
          ) : needsReviewer ? (
            <button type="button" className="button primary" data-testid="holdout-gate-reviewer" onClick={open}>
              {t('holdout.gate.chooseReviewer')}
            </button>
          ) : (
            <button type="button" className="button primary" data-testid="holdout-gate-open" onClick={open}>
              {t('holdout.gate.open', { name: reviewer.name })} <kbd>Enter</kbd>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
