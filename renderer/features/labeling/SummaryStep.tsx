import './labeling-keys.css';
import { useI18n } from '../../i18n/useI18n';
import { saveKey, useLabelingStore } from './labelingStore';
import { dimensionLabel, valueLabel } from './labelText';
import { isSaved } from './stepStatus';
import { VerdictLine } from './VerdictLine';
import type { LabelStep } from './labelingStore';
import { usePick } from '../../common/usePick';

/** Claims of a saved claims label that carry no evidence (0 for any other step). */
function claimsWithoutEvidence(step: LabelStep): number {
  const value = step.current?.value;
  if (!Array.isArray(value)) return 0;
  return (value as { evidence?: unknown[] }[]).filter((claim) => !Array.isArray(claim.evidence) || claim.evidence.length === 0).length;
}

/** After the last step: every label of the case beside the judge's verdicts; Enter goes on. */
export function SummaryStep() {
  const i18n = useI18n();
  const { t } = i18n;
  const { item, saves, confirm, setStep } = usePick(useLabelingStore, 'item', 'saves', 'confirm', 'setStep');
  if (!item) return null;
  const caseId = item.detail.case.id;
  const open = item.steps.filter((step) => !isSaved(step, saves[saveKey(caseId, step)])).length;
  return (
    <section className="step-card summary-card" data-testid="step-card" data-dimension="" data-summary="true">
      <header className="step-card-header">
        <span className={open === 0 ? 'summary-badge done' : 'summary-badge'}>{open === 0 ? '✓' : open}</span>
      </header>
      <h2 className="step-title">{t(open === 0 ? 'labeling.summary.title' : 'labeling.summary.titleOpen')}</h2>
      <p className="step-question">{open === 0 ? t('labeling.summary.body') : t('labeling.summary.openSteps', { count: open })}</p>
      <ul className="summary-list">
        {item.steps.map((step, index) => {
          const saved = isSaved(step, saves[saveKey(caseId, step)]);
          const response = step.responseId ? item.detail.responses.findIndex((r) => r.id === step.responseId) : -1;
          return (
            <li key={`${step.dimension}-${step.responseId ?? ''}`} className={saved ? 'summary-row' : 'summary-row open'}>
              <button type="button" className="summary-row-head" onClick={() => setStep(index)}>
                <span className="summary-dim">
                  {dimensionLabel(i18n, step.dimension)}
                  {response >= 0 && item.detail.responses.length > 1 ? <span className="muted"> · #{response + 1}</span> : null}
                </span>
                <span className="summary-value">
                  {saved ? valueLabel(i18n, step.dimension, step.current?.value) : t('labeling.step.todo')}
                  {saved && claimsWithoutEvidence(step) > 0 ? (
                    <span className="summary-no-evidence" data-testid="summary-no-evidence" data-count={claimsWithoutEvidence(step)}>
                      {t('labeling.summary.noEvidence', { count: claimsWithoutEvidence(step) })}
                    </span>
                  ) : null}
                </span>
              </button>
              {saved ? <VerdictLine item={item} step={step} compact /> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="button primary summary-next" data-testid="summary-next" onClick={confirm}>
        {t('labeling.summary.next')} <kbd className="on-primary">Enter</kbd>
      </button>
    </section>
  );
}
