import { create } from 'zustand';

/**
 * Sweep mode: one dimension across the queue, one key per case (the pass
 * experts make first, e.g. answerability over 500 cases). The labeling store
 * reads `dimension` to open each case on that dimension's step and to go to the
 * next case once it is answered; everything else (saving, blind verdicts,
 * reasons for a change of mind, undo) is the guided sequence's own.
 */
interface SweepState {
  /** The dimension being swept, or null (the guided sequence). */
  dimension: string | null;
  /** The "which dimension?" chooser is open. */
  choosing: boolean;
  /** Cases answered since the sweep started. */
  answered: number;
  openChooser(): void;
  closeChooser(): void;
  start(dimension: string): void;
  /** Leaves the sweep (or closes the chooser); false when neither was open. */
  leave(): boolean;
  countAnswer(): void;
}

export const useSweep = create<SweepState>()((set, get) => ({
  dimension: null,
  choosing: false,
  answered: 0,
  openChooser() {
    set({ choosing: true });
  },
  closeChooser() {
    set({ choosing: false });
  },
  start(dimension) {
    set({ dimension, choosing: false, answered: 0 });
  },
  leave() {
    const { dimension, choosing } = get();
    if (!dimension && !choosing) return false;
    set({ dimension: null, choosing: false, answered: 0 });
    return true;
  },
  countAnswer() {
    set({ answered: get().answered + 1 });
  },
}));
