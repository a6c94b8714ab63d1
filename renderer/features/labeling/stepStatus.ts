import type { LabelStep, StepSave } from './labelingStore';
import { hasLabel } from './sequence';

export type StepState = 'current' | 'saved' | 'todo';

/** A step is "saved" only when the API confirmed a label and nothing newer is in flight or failed. */
export function stepState(step: LabelStep, save: StepSave | undefined, current: boolean): StepState {
  if (current) return 'current';
  if (save && save.status !== 'saved') return 'todo';
  return hasLabel(step) ? 'saved' : 'todo';
}

export function isSaved(step: LabelStep, save: StepSave | undefined): boolean {
  return (!save || save.status === 'saved') && hasLabel(step);
}
