import { create } from 'zustand';
import { documentTexts, selectInDocument } from './documentSelection';
import { findMatches } from './selectionSteps';

/**
 * The find box of the Label screen's documents (F): the matches of the typed
 * text across every document revision on screen, in reading order; the current
 * match is the window's selection, so it can be widened (Shift+arrows) and
 * attached as evidence (A) like any selection.
 */

interface Match {
  container: HTMLElement;
  start: number;
  end: number;
}

interface DocumentFindState {
  open: boolean;
  query: string;
  /** The current match (0-based), -1 for none. */
  index: number;
  total: number;
  /** Bumped by F while open, so the box takes the focus again. */
  focusTicket: number;
  openFind(): void;
  setQuery(query: string): void;
  /** Next (1) or previous (-1) match, wrapping around. */
  move(delta: 1 | -1): void;
  close(): void;
}

function allMatches(query: string): Match[] {
  return documentTexts().flatMap((container) => findMatches(container.textContent ?? '', query).map((range) => ({ container, ...range })));
}

function show(match: Match | undefined): void {
  if (match) selectInDocument(match.container, match.start, match.end);
}

export const useDocumentFind = create<DocumentFindState>()((set, get) => ({
  open: false,
  query: '',
  index: -1,
  total: 0,
  focusTicket: 0,

  openFind() {
    set({ open: true, focusTicket: get().focusTicket + 1 });
  },

  setQuery(query) {
    const matches = allMatches(query);
    const index = matches.length > 0 ? 0 : -1;
    set({ query, index, total: matches.length });
    if (index >= 0) show(matches[index]);
  },

  move(delta) {
    const matches = allMatches(get().query);
    if (matches.length === 0) {
      set({ index: -1, total: 0 });
      return;
    }
    const from = get().index;
    const index = from < 0 ? (delta > 0 ? 0 : matches.length - 1) : (from + delta + matches.length) % matches.length;
    set({ index, total: matches.length });
    show(matches[index]);
  },

  close() {
    set({ open: false });
  },
}));
