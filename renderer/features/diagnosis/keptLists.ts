import { create } from 'zustand';
import type { CaseRef } from '../../../shared/diagnosis/case-lists';

/**
 * Which lists of the Diagnosis page are open and the rows "show more" read into them, kept while the
 * window lives: a person who opens a case from a list and comes back finds the list as they left it
 * (and the page scrolled into it), not closed again. Rows read for one answer are kept for that answer's
 * version only: a page computed anew (the file changed) starts again from its own rows.
 */
export interface KeptList {
  open: boolean;
  /** The version of the answer `more` was read from. */
  version: string | null;
  more: CaseRef[];
}

interface KeptListsState {
  lists: Record<string, KeptList>;
  keep(key: string, patch: Partial<KeptList>): void;
  /** Lets go of the lists of every other test set (another file opened: their rows are not shown again). */
  keepOnly(testSetId: string | null): void;
}

export const NOT_KEPT: KeptList = { open: false, version: null, more: [] };

export const useKeptLists = create<KeptListsState>()((set) => ({
  lists: {},
  keep: (key, patch) => set((s) => ({ lists: { ...s.lists, [key]: { ...(s.lists[key] ?? NOT_KEPT), ...patch } } })),
  keepOnly: (testSetId) => set((s) => ({ lists: Object.fromEntries(Object.entries(s.lists).filter(([key]) => key.startsWith(`${testSetId ?? ''}\u0000`))) })),
}));

/** A list's key: the test set, the system version, the answer and the list's name there. */
export const keptListKey = (testSetId: string | null, system: string, part: string, name: string): string => [testSetId ?? '', system, part, name].join('\u0000');
