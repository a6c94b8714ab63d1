import { useEffect, useRef } from 'react';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import type { Dimension } from '../../../shared/domain/dimensions';
import { useI18n } from '../../i18n/useI18n';
import { optionKeys } from './keymap';
import { dimensionOf, kindOf, sweepStepIndex, useLabelingStore } from './labelingStore';
import { dimensionLabel } from './labelText';
import { useSweep } from './sweepStore';
import './labeling-keys.css';
import { usePick } from '../../common/usePick';

/** The dimensions a sweep can take: those of the case's steps answered by one key, in step order. */
export function sweepableDimensions(item: LabelingItem | null, dimensions: readonly Dimension[]): string[] {
  const names = item ? item.steps.map((step) => step.dimension) : dimensions.map((d) => d.name);
  return [...new Set(names)].filter((name) => kindOf(dimensionOf(dimensions, name)) === 'options').slice(0, 9);
}

/** W: which dimension to sweep, by its number key; Esc closes. */
export function SweepChooser() {
  const i18n = useI18n();
  const { t } = i18n;
  const choosing = useSweep((s) => s.choosing);
  const { item, dimensions } = usePick(useLabelingStore, 'item', 'dimensions');
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (choosing) first.current?.focus();
  }, [choosing]);
  if (!choosing) return null;
  const names = sweepableDimensions(item, dimensions);
  const start = (name: string) => {
    useSweep.getState().start(name);
    useLabelingStore.getState().showSweepStep();
  };
  return (
    <section
      className="sweep-chooser"
      role="dialog"
      aria-label={t('sweep.chooseTitle')}
      data-testid="sweep-chooser"
      onKeyDown={(event) => {
        const index = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
        if (index >= 0 && names[index]) {
          event.preventDefault();
          event.stopPropagation();
          start(names[index]);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          useSweep.getState().closeChooser();
        }
      }}
    >
      <h2>{t('sweep.chooseTitle')}</h2>
      <p className="sweep-keys">{t('sweep.chooseHint')}</p>
      <ol>
        {names.map((name, index) => (
          <li key={name}>
            <button type="button" ref={index === 0 ? first : undefined} className="button" data-testid="sweep-dimension" data-dimension={name} onClick={() => start(name)}>
              <kbd>{index + 1}</kbd> {dimensionLabel(i18n, name)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Above the step in sweep mode: what is swept, where in the queue, the keys, and the way out. */
export function SweepBanner() {
  const i18n = useI18n();
  const { t, num } = i18n;
  const dimension = useSweep((s) => s.dimension);
  const answered = useSweep((s) => s.answered);
  const { position, dimensions, item } = usePick(useLabelingStore, 'position', 'dimensions', 'item');
  if (!dimension) return null;
  const values = dimensionOf(dimensions, dimension)?.options.map((o) => o.value) ?? [];
  const keys = optionKeys(values).filter(Boolean);
  const keyText = keys.length <= 3 ? keys.join(' ') : `${keys[0]}…${keys[keys.length - 1]}`;
  const missing = item !== null && sweepStepIndex(item, dimension) < 0;
  return (
    <div className="sweep-banner" data-testid="sweep-banner" data-dimension={dimension}>
      <div className="sweep-banner-head">
        <span className="sweep-banner-title">{t('sweep.title', { dimension: dimensionLabel(i18n, dimension) })}</span>
        <button type="button" className="button small" data-testid="sweep-leave" onClick={() => useSweep.getState().leave()}>
          {t('sweep.leave')} <kbd>Esc</kbd>
        </button>
      </div>
      {position ? (
        <span className="sweep-progress" data-testid="sweep-progress" data-index={position.index + 1} data-total={position.total}>
          {t('sweep.position', { index: num(position.index + 1), total: num(position.total) })} · {t('sweep.labeled', { count: answered })}
        </span>
      ) : null}
      <span className="sweep-keys">{t('sweep.keys', { keys: keyText })}</span>
      {missing ? <p className="claim-dirty" data-testid="sweep-no-step">{t('sweep.noStep', { dimension: dimensionLabel(i18n, dimension) })}</p> : null}
    </div>
  );
}
