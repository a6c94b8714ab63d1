import { create } from 'zustand';

/** The screens reachable from the top bar; more arrive with later issues. */
export const VIEWS = ['cases', 'label', 'report', 'agreement', 'retrieval', 'review', 'anchors', 'data', 'settings'] as const;
export type View = (typeof VIEWS)[number];

interface NavigationState {
  view: View;
  setView(view: View): void;
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: 'cases',
  setView: (view) => set({ view }),
}));
