import { useEffect } from 'react';
import { adjudicationKeyAction, type RowKind } from './adjudication-keys';
import { useAdjudicationStore } from './adjudicationStore';
import { isTyping } from '../../common/isTyping';

/** The adjudication page's keys (see adjudication-keys.ts); the store does the work. */
export function useAdjudicationKeyboard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const store = useAdjudicationStore.getState();
      const modal = document.querySelector('dialog[open]:modal');
      const cell = store.items[store.itemIndex]?.cells[store.rowIndex];
      const dimension = cell ? store.dimensions.find((d) => d.name === cell.dimension) : undefined;
      const rowKind: RowKind = !dimension ? 'none' : dimension.type === 'numeric' ? 'numeric' : dimension.type === 'structured' ? 'none' : 'options';
      const action = adjudicationKeyAction(event, { typing: isTyping(event.target), overlay: modal !== null, rowKind, numericDraft: store.numericDraft !== '' });
      if (!action) return;
      if (action.type === 'close') {
        if (isTyping(event.target) && event.target instanceof HTMLElement) {
          event.target.blur();
          event.preventDefault();
        } else if (store.closeOverlays()) event.preventDefault();
        return;
      }
      // Enter on a focused button activates that button, as everywhere else
      if (action.type === 'accept' && event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a[href], summary')) return;
      event.preventDefault();
      switch (action.type) {
        case 'accept':
          store.accept();
          return;
        case 'choose':
          store.chooseKey(action.key);
          return;
        case 'numericKey':
          store.numericKey(action.key);
          return;
        case 'confirmNumeric':
          store.confirmNumeric();
          return;
        case 'nextItem':
          store.moveItem(1);
          return;
        case 'previousItem':
          store.moveItem(-1);
          return;
        case 'nextRow':
          store.moveRow(1);
          return;
        case 'previousRow':
          store.moveRow(-1);
          return;
        case 'note':
          store.focusNote();
          return;
        case 'help':
          store.toggleHelp();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
