import { useMemo } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** Choosing a queue (and, first, who is labeling). */
export function LabelStart() {
  const { t } = useI18n();
  const reviewer = useReviewerStore((s) => s.current);
  const { openDialog, testSetId } = usePick(useReviewerStore, 'openDialog', 'testSetId');
  const startQueue = useLabelingStore((s) => s.startQueue);
  // read once per test set and reviewer (a selector must not build a new object on every call)
  const remembered = useMemo(() => useLabelingStore.getState().rememberedQueue(), [testSetId, reviewer?.id]);

  return (
    <div className="label-start">
      <div className="label-start-card">
        <h1>{t('labeling.start.title')}</h1>
        <p className="label-start-body">{t('labeling.start.body')}</p>
        {!reviewer ? (
          <div className="label-start-reviewer">
            <p>{t('labeling.start.needReviewer')}</p>
            <button type="button" className="button primary" data-testid="label-choose-reviewer" onClick={() => openDialog()}>
              {t('labeling.start.chooseReviewer')}
            </button>
          </div>
        ) : (
          <div className="queue-choices">
            {remembered ? (
              <button type="button" className="queue-choice primary" data-testid="queue-resume" onClick={() => startQueue(remembered)}>
                <span className="queue-choice-title">{t('labeling.start.resume')}</span>
                <span className="queue-choice-hint">
                  {remembered.source === 'round' ? t('calibration.queue.round', { id: remembered.roundId }) : t(remembered.source === 'unlabeled' ? 'labeling.queue.unlabeled' : 'labeling.queue.filter')} · {t('labeling.start.resumeHint')}
                </span>
              </button>
            ) : null}
            <button
              type="button"
              className={remembered ? 'queue-choice' : 'queue-choice primary'}
              data-testid="queue-start-unlabeled"
              autoFocus
              onClick={() => startQueue({ source: 'unlabeled' })}
            >
              <span className="queue-choice-title">{t('labeling.start.unlabeled')}</span>
              <span className="queue-choice-hint">{t('labeling.start.unlabeledHint')}</span>
            </button>
            <p className="queue-filter-hint">
              <Icon name="filter" size={14} /> {t('labeling.start.filterHint')}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
