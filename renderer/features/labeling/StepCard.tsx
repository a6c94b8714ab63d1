import type { MouseEvent } from 'react';
import { suggestRefusalCorrect } from '../../../shared/labeling/refusal';
import { optionKeys } from './keymap';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import { errorSentence } from '../../../shared/messages/text';
import { useI18n } from '../../i18n/useI18n';
import {
  currentStepKind, dimensionOf, saveKey, useLabelingStore, type LabelStep,
} from './labelingStore';
import { dimensionLabel, dimensionQuestion, formatTime, refusalReasonText, valueLabel } from './labelText';
import { hasLabel } from './sequence';
import { Icon } from '../../common/Icon';
import { StatedStep } from '../diagnosis/stated/StatedStep';
import { statedDraftKey, statedUnsaved, useStatedDraft } from '../diagnosis/stated/statedDraft';
import { CLAIMS_STATED } from '../../../shared/diagnosis/claims-stated';
import { ClaimEditor } from './ClaimEditor';
import { MultiStep } from './MultiStep';
import { saveMultiDraft } from './multiDraft';
import { NumericStep } from './NumericStep';
import { OptionsStep } from './OptionsStep';
import { ReasonPrompt } from './ReasonPrompt';
import { SummaryStep } from './SummaryStep';
import { StepWaitingMark } from './StepWaitingMark';
import { isSaved } from './stepStatus';
import { VerdictLine } from './VerdictLine';
import { usePick } from '../../common/usePick';

/** "1 correct · 2 incorrect": the keys that answer the step, as the dimension defines them. */
function decideOptions(i18n: ReturnType<typeof useI18n>, dimension: string, values: readonly (string | number)[]): string {
  const keys = optionKeys(values);
  return values.map((value, i) => `${keys[i]} ${valueLabel(i18n, dimension, value)}`).join(' · ');
}

/** Why a suggestion is made, in the person's language. */
function suggestionReason(item: LabelingItem, step: LabelStep): string | null {
  if (step.suggestionReason) return step.suggestionReason;
  if (step.dimension !== 'refusalCorrect') return null;
  const answerability = item.steps.find((s) => s.dimension === 'answerability' && s.responseId === null)?.current?.value;
  const behavior = item.steps.find((s) => s.dimension === 'responseBehavior' && s.responseId === step.responseId)?.current?.value;
  return suggestRefusalCorrect(answerability, behavior).reason;
}

/** The one step being answered: its question, its options, the suggestion, the save state and (once saved) the judge. */
export function StepCard() {
  const i18n = useI18n();
  const { t } = i18n;
  const { item, stepIndex, saves, dimensions, reasonPrompt } = usePick(useLabelingStore, 'item', 'stepIndex', 'saves', 'dimensions', 'reasonPrompt');
  const kind = useLabelingStore(currentStepKind);
  const { retrySave, confirm } = usePick(useLabelingStore, 'retrySave', 'confirm');
  const statedMarks = useStatedDraft((s) => s.marks);
  // the draft of this very step (it is opened after the step's first render)
  const draftKey = useStatedDraft((s) => s.key);
  if (!item) return null;
  if (kind === 'summary') return <SummaryStep />;
  const step = item.steps[stepIndex];
  if (!step) return null;
  const caseId = item.detail.case.id;
  const dimension = dimensionOf(dimensions, step.dimension);
  const save = saves[saveKey(caseId, step)];
  const saved = isSaved(step, save);
  // "claims this answer states" marks changed since the save are not saved: the header does not say they are
  const savedAsShown = saved && !(step.dimension === CLAIMS_STATED && draftKey === statedDraftKey(caseId, step) && statedUnsaved(item, step, statedMarks));
  const response = step.responseId ? item.detail.responses.find((r) => r.id === step.responseId) : null;
  const question = dimensionQuestion(i18n, step.dimension);
  const hasSuggestion = step.suggestion !== undefined && step.suggestion !== null;
  const reason = refusalReasonText(i18n, suggestionReason(item, step));
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <section className={`step-card kind-${kind}`} data-testid="step-card" data-dimension={step.dimension} data-response-id={step.responseId ?? ''}>
      <header className="step-card-header">
        <span className="step-count">{t('labeling.step.of', { index: stepIndex + 1, count: item.steps.length })}</span>
        <span className="step-card-status">
          {save?.status === 'saving' ? <span className="status-saving"><span className="saving-dot" /> {t('labeling.step.saving')}</span> : null}
          <StepWaitingMark save={save} />
          {savedAsShown ? (
            <span className="status-saved" title={step.current ? t('labeling.step.savedAt', { time: formatTime(i18n, step.current.at) }) : undefined}>
              <Icon name="check" size={12} /> {t('labeling.step.saved')}
            </span>
          ) : null}
        </span>
      </header>
      <h2 className="step-title">{dimensionLabel(i18n, step.dimension)}</h2>
      {response ? <p className="step-for mono">{t('labeling.step.forResponse', { system: response.system })}</p> : null}
      {question ? <p className="step-question">{question}</p> : null}

      {save?.status === 'error' ? (
        <div className="step-error" role="alert" data-testid="step-error">
          <Icon name="alert" size={14} />
          <span>{t('labeling.step.saveFailed', { message: save.error ? errorSentence(i18n.locale, save.error) : '' })}</span>
          <button type="button" className="button small" onClick={() => retrySave(stepIndex)} data-testid="step-retry">
            {t('labeling.step.retry')}
          </button>
        </div>
      ) : null}

      {kind !== 'claims' && kind !== 'stated' && (step.dimension === 'refusalCorrect' || hasSuggestion) ? (
        <div className={hasSuggestion ? 'suggestion' : 'suggestion none'} data-testid="suggestion" data-value={hasSuggestion ? String(step.suggestion) : ''}>
          {hasSuggestion ? (
            <div className="suggestion-head">
              <Icon name="demo" size={14} />
              <strong>{t('labeling.suggestion', { value: valueLabel(i18n, step.dimension, step.suggestion) })}</strong>
              {!hasLabel(step) ? (
                <button type="button" className="suggestion-confirm" onMouseDown={keepFocus} onClick={kind === 'multi' ? saveMultiDraft : confirm}>
                  <kbd>Enter</kbd>
                </button>
              ) : null}
            </div>
          ) : null}
          {reason ? <p className="suggestion-reason" data-testid="suggestion-reason">{reason}</p> : null}
          {hasSuggestion && !hasLabel(step) ? <p className="suggestion-hint">{t('labeling.suggestion.confirm')}</p> : null}
          {!hasSuggestion && !reason ? <p className="suggestion-reason">{t('labeling.suggestion.none')}</p> : null}
          {/* nothing proposed: say what there is to decide, since Enter has nothing to confirm */}
          {!hasSuggestion && step.current === null ? (
            <p className="suggestion-hint" data-testid="suggestion-decide">{t('labeling.suggestion.decide', { options: decideOptions(i18n, step.dimension, (dimension?.options ?? []).map((o) => o.value)) })}</p>
          ) : null}
        </div>
      ) : null}

      {kind === 'options' && dimension ? <OptionsStep dimension={dimension} step={step} caseId={caseId} /> : null}
      {kind === 'numeric' && dimension ? <NumericStep dimension={dimension} step={step} caseId={caseId} /> : null}
      {kind === 'claims' ? <ClaimEditor /> : null}
      {kind === 'stated' ? <StatedStep item={item} step={step} /> : null}
      {kind === 'multi' && dimension ? <MultiStep item={item} dimension={dimension} step={step} /> : null}

      {reasonPrompt && reasonPrompt.stepIndex === stepIndex && reasonPrompt.caseId === caseId ? <ReasonPrompt /> : null}

      {saved ? <VerdictLine item={item} step={step} /> : null}
    </section>
  );
}
