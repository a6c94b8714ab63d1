import { create } from 'zustand';

/** The screens reachable from the top bar; more arrive with later issues. */
export const VIEWS = ['cases', 'label', 'report', 'agreement', 'retrieval', 'review', 'anchors', 'diagnosis', 'data', 'settings'] as const;
export type View = (typeof VIEWS)[number];

interface NavigationState {
  view: View;
  setView(view: View): void;
}

// A reload (or the window's crash recovery) comes back to the screen in use, not to Cases.
const STORAGE_KEY = 'touchstone.view';

function storedView(): View {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    return (VIEWS as readonly string[]).includes(value ?? '') ? (value as View) : 'cases';
  } catch {
    return 'cases';
  }
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: storedView(),
  setView: (view) => {
    try {
      sessionStorage.setItem(STORAGE_KEY, view);
    } catch {
      // no session storage: the view lasts until the page is reloaded
    }
    set({ view });
  },
}));
