import type { MouseEvent, ReactNode } from 'react';
import { visibleId } from '../../common/bidi';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import { errorSentence } from '../../../shared/messages/text';
import { useI18n } from '../../i18n/useI18n';
import { saveKey, shownValue, useLabelingStore } from './labelingStore';
import { dimensionLabel, valueLabel } from './labelText';
import { Icon } from '../../common/Icon';
import { StepCard } from './StepCard';
import { StepWaitingMark } from './StepWaitingMark';
import { isSaved, stepState } from './stepStatus';
import { VerdictLine, verdictFor } from './VerdictLine';
import { SweepBanner, SweepChooser } from './Sweep';
import { sweepStepIndex } from './labelingStore';
import { useSweep } from './sweepStore';
import { usePick } from '../../common/usePick';

/** The current step's card on top, the whole sequence of the case below it. */
export function StepPanel() {
  const { t } = useI18n();
  const item = useLabelingStore((s) => s.item);
  const sweeping = useSweep((s) => s.dimension);
  if (!item) return null;
  // sweep mode: only the swept dimension's step, the guided sequence stays out of the way
  const swept = sweeping === null || sweepStepIndex(item, sweeping) >= 0;
  return (
    <aside className="step-panel" aria-label={t('labeling.steps.label')}>
      <SweepChooser />
      <SweepBanner />
      <FailedSaves item={item} />
      {swept ? <StepCard /> : null}
      {sweeping ? null : <StepSequence item={item} />}
    </aside>
  );
}

function StepSequence({ item }: { item: LabelingItem }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { stepIndex, saves, setStep } = usePick(useLabelingStore, 'stepIndex', 'saves', 'setStep');
  const caseId = item.detail.case.id;
  const responses = item.detail.responses;
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const rows: ReactNode[] = [];
  let group: string | null | undefined;
  item.steps.forEach((step, index) => {
    if (step.responseId !== group) {
      group = step.responseId;
      const responseIndex = responses.findIndex((r) => r.id === step.responseId);
      const response = responses[responseIndex];
      rows.push(
        // rows keyed by position: the next case's sequence updates these elements instead of building new ones
        <li key={`group-${index}`} className="sequence-group">
          {step.responseId === null ? t('labeling.steps.caseGroup') : (
            <>
              {t('labeling.steps.responseGroup', { index: responseIndex + 1 })}
              <span className="sequence-group-system mono"> · {response?.system ?? visibleId(step.responseId)}</span>
            </>
          )}
        </li>,
      );
    }
    const save = saves[saveKey(caseId, step)];
    const state = stepState(step, save, index === stepIndex);
    const saved = isSaved(step, save);
    const value = shownValue({ saves }, caseId, step);
    const verdict = saved ? verdictFor(item, step) : null;
    rows.push(
      <li key={`step-${index}`}>
        <button
          type="button"
          className={`sequence-step state-${state}${save?.status === 'error' ? ' failed' : ''}${saved ? ' is-saved' : ''}`}
          data-testid="step"
          data-dimension={step.dimension}
          data-response-id={step.responseId ?? ''}
          data-state={state}
          data-save={save?.status ?? (saved ? 'saved' : 'none')}
          aria-current={state === 'current' ? 'step' : undefined}
          onMouseDown={keepFocus}
          onClick={() => setStep(index)}
        >
          <span className="sequence-marker" aria-hidden="true">
            {save?.status === 'error' ? '!' : saved ? <Icon name="check" size={12} /> : index + 1}
          </span>
          <span className="sequence-name">{dimensionLabel(i18n, step.dimension)}</span>
          <span className="sequence-value">
            {value !== undefined && value !== null ? valueLabel(i18n, step.dimension, value) : null}
          </span>
          <span className="sequence-status">
            {save?.status === 'saving' ? <span className="saving-dot" title={t('labeling.step.saving')} /> : null}
            <StepWaitingMark save={save} compact />
            {save?.status === 'error' ? <span className="unsaved-text">{t('labeling.step.unsaved')}</span> : null}
            {saved ? <span className="step-saved" data-testid="step-saved" title={t('labeling.step.saved')}><Icon name="check" size={12} /></span> : null}
          </span>
        </button>
        {verdict ? <VerdictLine item={item} step={step} compact /> : null}
      </li>,
    );
  });
  const summaryState = stepIndex >= item.steps.length ? 'current' : 'todo';
  rows.push(
    <li key="summary">
      <button
        type="button"
        className={`sequence-step summary state-${summaryState}`}
        data-testid="step-summary"
        data-state={summaryState}
        onMouseDown={keepFocus}
        onClick={() => setStep(item.steps.length)}
      >
        <span className="sequence-marker" aria-hidden="true">⏎</span>
        <span className="sequence-name">{t('labeling.steps.summary')}</span>
      </button>
    </li>,
  );
  return <ol className="step-sequence">{rows}</ol>;
}

/** Every answer of this case the API did not confirm: visibly unsaved, one click (or Enter on its step) to retry. */
function FailedSaves({ item }: { item: LabelingItem }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { saves, stepIndex, retrySave, setStep } = usePick(useLabelingStore, 'saves', 'stepIndex', 'retrySave', 'setStep');
  const caseId = item.detail.case.id;
  const failed = item.steps
    .map((step, index) => ({ step, index, save: saves[saveKey(caseId, step)] }))
    .filter(({ save, index }) => save?.status === 'error' && index !== stepIndex);
  if (failed.length === 0) return null;
  return (
    <div className="failed-saves" role="alert" data-testid="failed-saves">
      {failed.map(({ step, index, save }) => (
        <div key={index} className="failed-save">
          <Icon name="alert" size={14} />
          <button type="button" className="link-button" onClick={() => setStep(index)}>
            {dimensionLabel(i18n, step.dimension)}: {valueLabel(i18n, step.dimension, save?.value)}
          </button>
          <span className="failed-save-message">{t('labeling.step.saveFailed', { message: save?.error ? errorSentence(i18n.locale, save.error) : '' })}</span>
          <button type="button" className="button small" onClick={() => retrySave(index)}>{t('labeling.step.retry')}</button>
        </div>
      ))}
    </div>
  );
}
