import { useEffect } from 'react';
import { useLabelKeyboard } from './useLabelKeyboard';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { AttachOffer } from './AttachOffer';
import { CaseContext } from './CaseContext';
import { HistoryPanel } from './HistoryPanel';
import { LabelHeader } from './LabelHeader';
import { LabelStart } from './LabelStart';
import { LabelToast } from './LabelToast';
import { SaveFaultBanner } from './SaveFaultBanner';
import { ShortcutOverlay } from './ShortcutOverlay';
import { StepPanel } from './StepPanel';
import { useSweep } from './sweepStore';
import './labeling.css';
import { usePick } from '../../common/usePick';

/** The labeling screen: a queue of cases, one guided step at a time, the case always beside the step. */
export function LabelView() {
  const { t } = useI18n();
  const reviewerId = useReviewerStore((s) => s.current?.id ?? null);
  const { queue, opening, openError, exhausted, item, loading, loadError, historyOpen, retryLoad } = usePick(useLabelingStore, 'queue', 'opening', 'openError', 'exhausted', 'item', 'loading', 'loadError', 'historyOpen', 'retryLoad');
  useLabelKeyboard();
  // sweep mode belongs to this screen: another screen and back is the guided sequence again
  useEffect(() => () => void useSweep.getState().leave(), []);

  useEffect(() => {
    if (reviewerId === null) return;
    const store = useLabelingStore.getState();
    if (store.queue && store.openedFor === reviewerId && !store.pendingQueue) return;
    const target = store.pendingQueue ?? store.queue ?? store.rememberedQueue();
    if (target) void store.openQueue(target);
  }, [reviewerId]);

  let body;
  if (reviewerId === null || (!queue && !opening)) {
    body = <LabelStart />;
  } else if (opening) {
    body = <div className="label-message" aria-busy="true"><p className="muted">{t('labeling.start.opening')}</p></div>;
  } else if (openError) {
    body = (
      <div className="label-message">
        <ErrorDetails error={openError} testId="label-error" />
        <button type="button" className="button" onClick={retryLoad}>{t('error.retry')}</button>
      </div>
    );
  } else if (exhausted) {
    body = (
      <div className="label-message label-done" data-testid="queue-exhausted" data-reason={exhausted}>
        <div className="label-done-mark" aria-hidden="true">✓</div>
        <h2>{t(exhausted === 'empty' ? 'labeling.queue.empty' : 'labeling.queue.finished')}</h2>
        <p className="muted">{t(exhausted === 'empty' ? 'labeling.queue.emptyHint' : 'labeling.queue.finishedHint')}</p>
        <button type="button" className="button" onClick={() => useLabelingStore.getState().closeQueue()}>{t('labeling.queue.change')}</button>
      </div>
    );
  } else if (loadError && !item) {
    body = (
      <div className="label-message">
        <h2>{t('labeling.error.load')}</h2>
        <ErrorDetails error={loadError} testId="label-error" />
        <button type="button" className="button" onClick={retryLoad}>{t('error.retry')}</button>
      </div>
    );
  } else if (!item || loading) {
    body = (
      <div className="label-message" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        <p className="muted">{t('labeling.loadingCase')}</p>
      </div>
    );
  } else {
    body = (
      <div className={historyOpen ? 'label-body with-history' : 'label-body'}>
        <CaseContext />
        <StepPanel />
        {historyOpen ? <HistoryPanel /> : null}
      </div>
    );
  }

  return (
    <div className="label-view" data-testid="label-view">
      {queue && reviewerId !== null ? <LabelHeader /> : null}
      <SaveFaultBanner />
      {body}
      <ShortcutOverlay />
      <LabelToast />
      <AttachOffer />
    </div>
  );
}
