import { useEffect } from 'react';
import { useCasesStore } from './casesStore';
import { CASE_LIST_ID, SEARCH_INPUT_ID } from './domIds';
import { isTyping } from '../../common/isTyping';
import { useDetailStore } from '../case-detail/detailStore';

const PAGE_JUMP = 10;

/**
 * The cases screen's keys: ↑/↓ or J/K move the selection, PageUp/PageDown/
 * Home/End jump, / focuses the search box, Esc clears it, Enter opens a holdout
 * case the window selected by itself (moving to one opens it). Arrow keys are left
 * alone while the reading pane has focus, so it can scroll.
 */
export function useCaseKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('dialog[open]')) return;
      const typing = isTyping(event.target);
      const store = useCasesStore.getState();

      if (event.key === '/' && !typing) {
        event.preventDefault();
        const input = document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null;
        input?.focus();
        input?.select();
        return;
      }
      if (typing) return;

      const inReadingPane = event.target instanceof HTMLElement && event.target.closest('.detail-pane') !== null;
      const focusList = () => document.getElementById(CASE_LIST_ID)?.focus({ preventScroll: true });
      switch (event.key) {
        case 'j':
        case 'J':
          event.preventDefault();
          store.move(1);
          return;
        case 'k':
        case 'K':
          event.preventDefault();
          store.move(-1);
          return;
        case 'Escape':
          if (store.searchText) {
            event.preventDefault();
            store.clearSearch();
          }
          return;
        case 'Enter': {
          // a button, link or field under focus does its own Enter
          const control = event.target instanceof HTMLElement && event.target.closest('button, a, select, summary, [role="button"]') !== null;
          if (!control && useDetailStore.getState().seal) {
            event.preventDefault();
            useDetailStore.getState().open();
          }
          return;
        }
      }
      if (inReadingPane) return;
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          store.move(1);
          focusList();
          return;
        case 'ArrowUp':
          event.preventDefault();
          store.move(-1);
          focusList();
          return;
        case 'PageDown':
          event.preventDefault();
          store.move(PAGE_JUMP);
          return;
        case 'PageUp':
          event.preventDefault();
          store.move(-PAGE_JUMP);
          return;
        case 'Home':
          event.preventDefault();
          store.select(0);
          return;
        case 'End':
          event.preventDefault();
          store.select(store.count - 1);
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
