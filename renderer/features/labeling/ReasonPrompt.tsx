import { useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { dimensionLabel, valueLabel } from './labelText';

/** Changing a saved label: an optional reason, Enter saves (with or without one), Esc cancels the change. */
export function ReasonPrompt() {
  const i18n = useI18n();
  const { t } = i18n;
  const prompt = useLabelingStore((s) => s.reasonPrompt);
  const item = useLabelingStore((s) => s.item);
  const submit = useLabelingStore((s) => s.submitReason);
  const cancel = useLabelingStore((s) => s.cancelReason);
  const [reason, setReason] = useState('');
  if (!prompt || !item) return null;
  const step = item.steps[prompt.stepIndex];
  if (!step) return null;
  return (
    <div className="reason-prompt" data-testid="reason-prompt">
      <p className="reason-title">
        {t('labeling.reason.title', {
          dimension: dimensionLabel(i18n, step.dimension),
          from: valueLabel(i18n, step.dimension, prompt.from),
          to: valueLabel(i18n, step.dimension, prompt.value),
        })}
      </p>
      <input
        type="text"
        className="input reason-input"
        value={reason}
        autoFocus
        maxLength={2000}
        placeholder={t('labeling.reason.placeholder')}
        data-testid="reason-input"
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'Enter') {
            event.preventDefault();
            event.stopPropagation();
            submit(reason);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
      />
      <p className="reason-hint">{t('labeling.reason.hint')}</p>
    </div>
  );
}
