import type { MouseEvent } from 'react';
import { visibleId } from '../../common/bidi';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { Icon } from '../../common/Icon';
import { useSweep } from './sweepStore';
import { usePick } from '../../common/usePick';

/** Queue, progress (done / total for me), position, case navigation, history and shortcuts. */
export function LabelHeader() {
  const { t, num } = useI18n();
  const { queue, progress, position, caseId, historyOpen, exhausted } = usePick(useLabelingStore, 'queue', 'progress', 'position', 'caseId', 'historyOpen', 'exhausted');
  const sweeping = useSweep((s) => s.dimension !== null);
  const store = useLabelingStore.getState;
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <header className="label-header">
      <div className="label-queue">
        <span className="eyebrow" data-testid="queue-source" data-source={queue?.source ?? ''}>
          {queue?.source === 'round'
            ? t('calibration.queue.round', { id: queue.roundId })
            : queue?.source === 'cases'
              ? queue.docId ? t('labeling.queue.recheck', { docId: queue.docId }) : t('labeling.queue.recheckList')
              : t(queue?.source === 'filter' ? 'labeling.queue.filter' : 'labeling.queue.unlabeled')}
        </span>
        <button type="button" className="link-button" data-testid="queue-change" onClick={() => store().closeQueue()}>
          {t('labeling.queue.change')}
        </button>
      </div>
      <div
        className="label-progress"
        data-testid="label-progress"
        data-done={done}
        data-total={total}
        title={t('labeling.progressTitle')}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="label-progress-track">
          <div className="label-progress-fill" style={{ width: `${(ratio * 100).toFixed(2)}%` }} />
        </div>
        <span className="label-progress-text">{t('labeling.progress', { done: num(done), total: num(total) })}</span>
      </div>
      {position && !exhausted ? (
        <span className="label-position" data-testid="label-position" data-index={position.index} data-total={position.total}>{t('labeling.position', { index: num(position.index + 1), total: num(position.total) })}</span>
      ) : null}
      <div className="label-nav" role="group">
        <button type="button" className="icon-button nav-arrow" onMouseDown={keepFocus} onClick={() => void store().previousCase()} title={t('labeling.previousCase')} aria-label={t('labeling.previousCase')} data-testid="label-previous">
          <Icon name="chevron" className="rotate-90" />
        </button>
        <button type="button" className="icon-button nav-arrow" onMouseDown={keepFocus} onClick={() => void store().nextCase('next')} title={t('labeling.nextCase')} aria-label={t('labeling.nextCase')} data-testid="label-next">
          <Icon name="chevron" className="rotate-270" />
        </button>
      </div>
      {caseId && !exhausted ? <span className="label-case-id mono" data-testid="label-case-id" title={caseId}>{visibleId(caseId)}</span> : null}
      <div className="top-bar-spacer" />
      <button
        type="button"
        className={sweeping ? 'toolbar-button active' : 'toolbar-button'}
        aria-pressed={sweeping}
        title={t('sweep.buttonTitle')}
        data-testid="sweep-toggle"
        onMouseDown={keepFocus}
        onClick={() => (sweeping ? useSweep.getState().leave() : useSweep.getState().openChooser())}
      >
        <span>{t('sweep.button')}</span>
        <kbd>W</kbd>
      </button>
      <button
        type="button"
        className={historyOpen ? 'toolbar-button active' : 'toolbar-button'}
        aria-pressed={historyOpen}
        title={t('labeling.historyTitle')}
        data-testid="history-toggle"
        onMouseDown={keepFocus}
        onClick={() => store().toggleHistory()}
      >
        <Icon name="recent" />
        <span>{t('labeling.history')}</span>
        <kbd>H</kbd>
      </button>
      <button type="button" className="toolbar-button" title={t('labeling.shortcutsTitle')} data-testid="shortcuts-toggle" onMouseDown={keepFocus} onClick={() => store().toggleHelp(true)}>
        <span>{t('labeling.shortcuts')}</span>
        <kbd>?</kbd>
      </button>
    </header>
  );
}
