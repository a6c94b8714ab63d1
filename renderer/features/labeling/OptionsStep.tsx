import type { MouseEvent } from 'react';
import type { Dimension } from '../../../shared/domain/dimensions';
import { optionKeys } from './keymap';
import { useI18n } from '../../i18n/useI18n';
import { saveKey, useLabelingStore, type LabelStep } from './labelingStore';
import { optionHint, valueLabel } from './labelText';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** Categorical, binary and ordinal steps: one key per option; choosing saves at once. */
export function OptionsStep({ dimension, step, caseId }: { dimension: Dimension; step: LabelStep; caseId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const save = useLabelingStore((s) => s.saves[saveKey(caseId, step)]);
  const { reasonPrompt, choose } = usePick(useLabelingStore, 'reasonPrompt', 'choose');
  const values = dimension.options.map((o) => o.value);
  const keys = optionKeys(values);
  const stored = step.current?.value;
  const pendingValue = save && save.status !== 'saved' ? save.value : undefined;
  const promptValue = reasonPrompt ? reasonPrompt.value : undefined;
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <div className="step-options" role="group" aria-label={t('labeling.step.keyHint')}>
      {dimension.options.map((option, index) => {
        const value = option.value;
        const isStored = stored !== undefined && stored === value;
        const isPending = pendingValue !== undefined && pendingValue === value;
        const isPrompt = promptValue !== undefined && promptValue === value;
        const isSuggested = step.suggestion !== undefined && step.suggestion === value;
        const classes = ['step-option'];
        if (isPending && save?.status === 'error') classes.push('failed');
        else if (isPending || isPrompt) classes.push('pending');
        else if (isStored && (!save || save.status === 'saved')) classes.push('chosen');
        if (isSuggested) classes.push('suggested');
        const hint = optionHint(i18n, dimension.name, value);
        return (
          <button
            key={String(value)}
            type="button"
            className={classes.join(' ')}
            data-testid="step-option"
            data-value={String(value)}
            aria-pressed={isStored || isPending}
            onMouseDown={keepFocus}
            onClick={() => choose(value)}
          >
            <kbd className="option-key">{keys[index] || ' '}</kbd>
            <span className="option-text">
              <span className="option-label">
                {valueLabel(i18n, dimension.name, value)}
                {typeof value === 'number' ? <span className="option-code mono">{value}</span> : null}
                {option.stakes ? <span className={`stakes stakes-${option.stakes}`}>{t(`labeling.stakes.${option.stakes}`)}</span> : null}
              </span>
              {hint ? <span className="option-hint">{hint}</span> : null}
            </span>
            <span className="option-state" aria-hidden="true">
              {classes.includes('chosen') ? <Icon name="check" size={14} /> : null}
              {classes.includes('pending') ? <span className="saving-dot" /> : null}
              {classes.includes('failed') ? <Icon name="alert" size={14} /> : null}
            </span>
          </button>
        );
      })}
      <p className="step-key-hint">
        {stored !== undefined && stored !== null
          ? t('labeling.step.enterKeeps', { value: valueLabel(i18n, dimension.name, stored) })
          : t('labeling.step.keyHint')}
      </p>
    </div>
  );
}
