import { useEffect } from 'react';
import { useConflictStore } from './conflictStore';
import { isTyping } from '../../common/isTyping';

/** The Conflicts panel's keys: J / K next / previous conflict, 1–9 use that version, E edit and resolve, N note, O open the case. */
export function useConflictKeyboard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]:modal')) return;
      const store = useConflictStore.getState();
      const key = event.key.toLowerCase();
      if (key === 'j' || key === 'k') store.move(key === 'j' ? 1 : -1);
      else if (/^[1-9]$/.test(key) && store.editing === null) void store.useVersion(Number(key));
      else if (key === 'e' && store.editing === null) store.startEdit();
      else if (key === 'n') store.focusNote();
      else if (key === 'o') store.openCase();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
