import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { Icon } from '../../common/Icon';
import { useLabelingStore } from './labelingStore';

/** Confirming claims of which some have no evidence: asked once; Enter (or the button) confirms, Esc goes back. */
export function NoEvidencePrompt() {
  const { t } = useI18n();
  const prompt = useLabelingStore((s) => s.evidencePrompt);
  const caseId = useLabelingStore((s) => s.caseId);
  const box = useRef<HTMLDivElement>(null);
  const shown = prompt !== null && prompt.caseId === caseId;
  // the question sits under the claims, often below the fold of the step panel
  useEffect(() => {
    if (shown) box.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  if (!prompt || prompt.caseId !== caseId) return null;
  return (
    <div ref={box} className="no-evidence-prompt" role="alertdialog" aria-live="assertive" data-testid="no-evidence-prompt" data-missing={prompt.missing}>
      <p className="no-evidence-title">
        <Icon name="alert" size={14} /> {t('labeling.noEvidence.title', { count: prompt.missing })}
      </p>
      <div className="no-evidence-actions">
        <span className="claim-hint">{t('labeling.noEvidence.hint')}</span>
        <button type="button" className="button small" data-testid="no-evidence-back" onClick={() => useLabelingStore.getState().closeOverlays()}>
          {t('labeling.noEvidence.back')} <kbd>Esc</kbd>
        </button>
        <button type="button" className="button primary small" data-testid="no-evidence-confirm" onClick={() => useLabelingStore.getState().confirm()}>
          {t('labeling.noEvidence.confirm')} <kbd className="on-primary">Enter</kbd>
        </button>
      </div>
    </div>
  );
}
