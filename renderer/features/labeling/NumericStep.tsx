import type { MouseEvent } from 'react';
import type { Dimension } from '../../../shared/domain/dimensions';
import { formatScaleValue, parseNumericDraft } from './numeric';
import { useI18n } from '../../i18n/useI18n';
import { saveKey, useLabelingStore, type LabelStep } from './labelingStore';

/**
 * A numeric step (faithfulness 0–1): type the value, see at once what it
 * means, Enter saves. A single digit 2–9 is tenths, 0 and 1 are the ends.
 * The scale below shows it and can be clicked.
 */
export function NumericStep({ dimension, step, caseId }: { dimension: Dimension; step: LabelStep; caseId: string }) {
  const { t } = useI18n();
  const draft = useLabelingStore((s) => s.numericDraft);
  const save = useLabelingStore((s) => s.saves[saveKey(caseId, step)]);
  const choose = useLabelingStore((s) => s.choose);
  const min = dimension.min ?? 0;
  const max = dimension.max ?? 1;
  const parsed = parseNumericDraft(draft, min, max);
  const stored = typeof step.current?.value === 'number' ? step.current.value : null;
  const pending = save && save.status !== 'saved' && typeof save.value === 'number' ? save.value : null;
  const shown = parsed ?? pending ?? stored;
  const ticks = Array.from({ length: 11 }, (_, i) => Math.round((min + ((max - min) * i) / 10) * 1000) / 1000);
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <div className="numeric-step">
      <div className={draft ? 'numeric-entry typing' : 'numeric-entry'} data-testid="numeric-entry" aria-live="polite">
        <span className="numeric-draft mono">{draft || <span className="numeric-placeholder">{t('labeling.numeric.placeholder')}</span>}</span>
        <span className="numeric-caret" aria-hidden="true" />
        <span className="numeric-means">
          {draft
            ? parsed !== null
              ? t('labeling.numeric.means', { value: formatScaleValue(parsed) })
              : t('labeling.numeric.invalid', { min, max })
            : stored !== null
              ? t('labeling.step.current', { value: formatScaleValue(stored) })
              : t('labeling.numeric.prompt', { min, max })}
        </span>
      </div>
      <div className="numeric-scale" role="group">
        <div className="numeric-track">
          <div className="numeric-fill" style={{ width: shown === null ? '0%' : `${(((shown - min) / (max - min)) * 100).toFixed(1)}%` }} />
        </div>
        <div className="numeric-ticks">
          {ticks.map((value) => {
            const classes = ['numeric-tick'];
            if (parsed !== null && Math.abs(parsed - value) < 1e-9) classes.push('typed');
            else if (pending !== null && Math.abs(pending - value) < 1e-9) classes.push(save?.status === 'error' ? 'failed' : 'pending');
            else if (stored !== null && Math.abs(stored - value) < 1e-9 && (!save || save.status === 'saved')) classes.push('chosen');
            return (
              <button
                key={value}
                type="button"
                className={classes.join(' ')}
                data-testid="step-option"
                data-value={String(value)}
                onMouseDown={keepFocus}
                onClick={() => choose(value)}
              >
                {formatScaleValue(value)}
              </button>
            );
          })}
        </div>
      </div>
      <p className="step-key-hint">{t('labeling.numeric.rules')}</p>
    </div>
  );
}
