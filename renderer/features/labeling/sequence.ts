/** Pure helpers for walking the guided labeling sequence on screen. */

export interface StepLike {
  dimension: string;
  responseId: string | null;
  current: { value: unknown; eventId?: number } | null;
  askAgainAfter?: number | null;
  /** False: the label leaves part of the step unanswered as it stands (shared/labeling/item.ts). */
  covers?: false;
}

/**
 * The step holds a label of mine: an undo back to nothing leaves an event whose value is null, which
 * is no label; a "claims this answer states" label older than my later claims or reference-answer
 * edit is asked again (it stays in the history), as is one that leaves a current claim unmarked.
 */
export function hasLabel(step: Pick<StepLike, 'current' | 'askAgainAfter' | 'covers'>): boolean {
  return step.current !== null && step.current.value !== null && !askedAgain(step) && step.covers !== false;
}

/** The label predates an edit of what it judges (shared/labeling/steps.ts askedAgain). */
export function askedAgain(step: Pick<StepLike, 'current' | 'askAgainAfter'>): boolean {
  return step.askAgainAfter != null && step.current !== null && step.current.value !== null && step.current.eventId !== undefined && step.current.eventId < step.askAgainAfter;
}

/** Where to start on a case: its first step without a label of mine, or the summary (steps.length) when all are done. */
export function firstOpenStep(steps: readonly StepLike[]): number {
  const open = steps.findIndex((step) => !hasLabel(step));
  return open < 0 ? steps.length : open;
}

/** The step to show after `index` was answered: the next open one after it, else simply the next, the summary after the last. */
export function stepAfter(steps: readonly StepLike[], index: number): number {
  for (let i = index + 1; i < steps.length; i++) if (!hasLabel(steps[i])) return i;
  return Math.min(index + 1, steps.length);
}

/** A resume step from the API, kept inside the case's steps (steps.length is the summary). */
export function clampStep(step: number, steps: readonly StepLike[]): number {
  if (!Number.isInteger(step) || step < 0) return 0;
  return Math.min(step, steps.length);
}
