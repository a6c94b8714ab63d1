import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { dimensionLabel, valueLabel } from './labelText';
import { Icon } from '../../common/Icon';
import { visibleId } from '../../common/bidi';

const SHOW_MS = 6000;

/** What undo or redo did (or that there was nothing to take back), and kept drafts; fades by itself. */
export function LabelToast() {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useLabelingStore((s) => s.toast);
  const dismiss = useLabelingStore((s) => s.dismissToast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => {
      if (useLabelingStore.getState().toast?.id === toast.id) dismiss();
    }, SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);

  if (!toast) return null;
  let text: string;
  switch (toast.kind) {
    case 'undo':
      text = t('labeling.undo.done', {
        dimension: dimensionLabel(i18n, toast.dimension),
        caseId: visibleId(toast.caseId),
        value: valueLabel(i18n, toast.dimension, toast.value),
      });
      break;
    case 'redo':
      text = t('labeling.redo.done', {
        dimension: dimensionLabel(i18n, toast.dimension),
        caseId: visibleId(toast.caseId),
        value: valueLabel(i18n, toast.dimension, toast.value),
      });
      break;
    case 'nothing-to-undo':
      text = t('labeling.undo.nothing');
      break;
    case 'nothing-to-redo':
      text = t('labeling.redo.nothing');
      break;
    case 'undo-failed':
      text = t('labeling.undo.failed', { message: toast.message });
      break;
    case 'undo-waits':
      text = t('labeling.undo.waits');
      break;
    case 'kept-draft':
      text = t('labeling.claims.keptDraft', { caseId: visibleId(toast.caseId) });
      break;
  }
  const testId = toast.kind === 'kept-draft' ? 'draft-toast' : 'undo-toast';
  return (
    <div className={`label-toast kind-${toast.kind}`} role="status" aria-live="polite" data-testid={testId} data-kind={toast.kind} key={toast.id}>
      {toast.kind === 'undo' || toast.kind === 'redo' ? <Icon name="undo" size={14} /> : <Icon name="alert" size={14} />}
      <span>{text}</span>
      <button type="button" className="icon-button" onClick={dismiss} aria-label={t('common.close')}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
