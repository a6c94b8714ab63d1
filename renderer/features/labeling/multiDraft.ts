import { create } from 'zustand';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import { dimensionOf, saveKey, shownValue, useLabelingStore, type LabelStep } from './labelingStore';

/**
 * The set being marked on a multi-select step (failure tags), before Enter saves it as one label.
 * A draft belongs to one (case, step): it opens on the saved value, else on the suggested values
 * (shown as suggested, not saved: nothing is written until Enter), else on none.
 */
interface MultiDraftState {
  key: string | null;
  chosen: string[];
  open(key: string, start: readonly string[]): void;
  toggle(value: string): void;
}

export const useMultiDraft = create<MultiDraftState>()((set, get) => ({
  key: null,
  chosen: [],
  open(key, start) {
    if (get().key !== key) set({ key, chosen: [...start] });
  },
  toggle(value) {
    const chosen = get().chosen;
    set({ chosen: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value] });
  },
}));

const strings = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null);

/** The values of the step's dimension, in its order. */
function valuesOf(step: LabelStep): string[] {
  const dimension = dimensionOf(useLabelingStore.getState().dimensions, step.dimension);
  return (dimension?.options ?? []).map((o) => String(o.value));
}

/** Starts the draft of a step from what it shows (a save in flight, else the stored label, else the suggestion). */
export function openMultiDraft(item: LabelingItem, step: LabelStep): void {
  const caseId = item.detail.case.id;
  const shown = strings(shownValue({ saves: useLabelingStore.getState().saves }, caseId, step));
  // a new stored label (saved, undone elsewhere) starts the draft again from it
  useMultiDraft.getState().open(`${saveKey(caseId, step)}\u0002${step.current?.eventId ?? ''}`, shown ?? strings(step.suggestion) ?? []);
}

/** Toggles the value at a position (a key), when the step has that many values. */
export function toggleMultiAt(step: LabelStep, index: number): void {
  const value = valuesOf(step)[index];
  if (value !== undefined) useMultiDraft.getState().toggle(value);
}

/** Saves the draft as the step's label (in the dimension's order) and goes on, as Enter does. */
export function saveMultiDraft(): void {
  const labeling = useLabelingStore.getState();
  const step = labeling.item?.steps[labeling.stepIndex];
  if (!step) return;
  const chosen = new Set(useMultiDraft.getState().chosen);
  labeling.choose(valuesOf(step).filter((v) => chosen.has(v)));
}
