import { useEffect } from 'react';
import { isTyping } from '../../common/isTyping';
import { useRetrievalStore } from './retrievalStore';

/** The Retrieval screen's keys: [ and ] move k down and up (1–20). */
export function useRetrievalKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === '[' || event.key === ']') {
        event.preventDefault();
        useRetrievalStore.getState().stepK(event.key === ']' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
