import { useEffect, type MouseEvent } from 'react';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import type { Dimension } from '../../../shared/domain/dimensions';
import { useI18n } from '../../i18n/useI18n';
import { Icon } from '../../common/Icon';
import { TOGGLE_KEYS } from './keymap';
import type { LabelStep } from './labelingStore';
import { optionHint, valueLabel } from './labelText';
import { openMultiDraft, saveMultiDraft, useMultiDraft } from './multiDraft';

/** A multi-select step (failure tags): keys toggle values, suggested ones are marked, Enter saves the set. */
export function MultiStep({ item, dimension, step }: { item: LabelingItem; dimension: Dimension; step: LabelStep }) {
  const i18n = useI18n();
  const { t } = i18n;
  const chosen = useMultiDraft((s) => s.chosen);
  const toggle = useMultiDraft((s) => s.toggle);
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const suggested = new Set(Array.isArray(step.suggestion) ? step.suggestion.map(String) : []);
  const stored = Array.isArray(step.current?.value) ? (step.current.value as unknown[]).map(String) : null;
  const draft = new Set(chosen);
  const unsaved = stored === null || stored.length !== draft.size || stored.some((v) => !draft.has(v));

  useEffect(() => {
    openMultiDraft(item, step);
  }, [item, step]);

  return (
    <div className="multi-step" data-testid="multi-step">
      <div className="step-options multi-options" role="group" aria-label={t('labeling.multi.keys')}>
        {dimension.options.map((option, index) => {
          const value = String(option.value);
          const on = draft.has(value);
          const classes = ['step-option', 'multi-option'];
          if (on) classes.push('chosen');
          if (suggested.has(value)) classes.push('suggested');
          const hint = optionHint(i18n, dimension.name, value);
          return (
            <button
              key={value}
              type="button"
              className={classes.join(' ')}
              data-testid="multi-option"
              data-value={value}
              data-on={on ? 'yes' : 'no'}
              aria-pressed={on}
              onMouseDown={keepFocus}
              onClick={() => toggle(value)}
            >
              <kbd className="option-key">{(TOGGLE_KEYS[index] ?? ' ').toUpperCase()}</kbd>
              <span className="option-text">
                <span className="option-label">
                  {valueLabel(i18n, dimension.name, value)}
                  {value !== valueLabel(i18n, dimension.name, value) ? <span className="option-code mono">{value}</span> : null}
                  {suggested.has(value) ? <span className="multi-suggested">{t('labeling.multi.suggested')}</span> : null}
                </span>
                {hint ? <span className="option-hint">{hint}</span> : null}
              </span>
              <span className="option-state" aria-hidden="true">{on ? <Icon name="check" size={14} /> : null}</span>
            </button>
          );
        })}
      </div>
      <div className="multi-footer">
        <span className="multi-count" data-testid="multi-count">
          {draft.size === 0 ? t('labeling.multi.none') : t('labeling.multi.count', { count: draft.size })}
          {unsaved ? <span className="multi-unsaved" data-testid="multi-unsaved"> · {t('labeling.multi.unsaved')}</span> : null}
        </span>
        <button type="button" className="button small primary" onMouseDown={keepFocus} onClick={saveMultiDraft} data-testid="multi-save">
          <kbd>Enter</kbd> {t('labeling.multi.save')}
        </button>
      </div>
      <p className="step-key-hint">{t('labeling.multi.keys')}</p>
    </div>
  );
}
