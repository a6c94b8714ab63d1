import type { Dimension, LabelValue } from '../domain/dimensions';

/** One step of the guided sequence: a dimension, for the case (responseId null) or for one response. */
export interface StepRef {
  dimension: string;
  responseId: string | null;
}

/** Key of a (response, dimension) pair within one case. */
export const stepKey = (dimension: string, responseId: string | null): string => `${responseId ?? ''}\u0000${dimension}`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The guided sequence for one case: the case-scoped dimensions in definition
 * order, then, for each response ordered by (system, id) — the order the case
 * detail lists them — the response-scoped dimensions in definition order.
 * A case without responses has no response steps.
 */
export function labelSteps(dimensions: readonly Pick<Dimension, 'name' | 'scope'>[], responses: readonly { id: string; system: string }[]): StepRef[] {
  const steps: StepRef[] = dimensions.filter((d) => d.scope === 'case').map((d) => ({ dimension: d.name, responseId: null }));
  const responseDimensions = dimensions.filter((d) => d.scope === 'response');
  if (responseDimensions.length === 0) return steps;
  const ordered = [...responses].sort((a, b) => byText(a.system, b.system) || byText(a.id, b.id));
  for (const response of ordered) {
    for (const d of responseDimensions) steps.push({ dimension: d.name, responseId: response.id });
  }
  return steps;
}

/**
 * A case is finished for a reviewer when every step has a current label of
 * theirs that is not null (a cleared label counts as missing) and answers the
 * step as it stands (`covers`: a "stated" value that leaves a current claim
 * unmarked, brought in from another file, does not). A case with no steps at
 * all is never finished: there is nothing the reviewer has done on it.
 */
export function isCaseFinished(
  steps: readonly StepRef[],
  current: ReadonlyMap<string, { value: LabelValue; eventId?: number }>,
  changedForAll: number | null = null,
  covers: (dimension: string, value: LabelValue) => boolean = () => true,
): boolean {
  const after = askAgainAfter(current, changedForAll);
  return steps.length > 0 && steps.every((s) => {
    const label = current.get(stepKey(s.dimension, s.responseId));
    return label !== undefined && label.value !== null && !askedAgain(s.dimension, label, after) && covers(s.dimension, label.value);
  });
}

/**
 * Steps that judge the case's claims and reference answer ("claims this answer states") are asked
 * again when that content changes after they were labeled: when this reviewer edits the claims or
 * the reference answer (the label's event precedes the edit's), and when it changes for everyone
 * (`changedForAll`: the first label event id after the lead settled the claims or the reference
 * answer, or a tool edited the forbidden claims; db/reask.ts). The old label stays (history,
 * undo); the step is open again. Returns the event id a label must reach not to be asked again
 * (null: nothing changed since).
 */
export function askAgainAfter(current: ReadonlyMap<string, { value: LabelValue; eventId?: number }>, changedForAll: number | null = null): number | null {
  let after: number | null = changedForAll;
  for (const dimension of CONTENT_DIMENSIONS) {
    const edit = current.get(stepKey(dimension, null));
    if (edit && edit.value !== null && edit.eventId !== undefined && (after === null || edit.eventId > after)) after = edit.eventId;
  }
  return after;
}

/** The case content those steps judge: its claims and its reference answer (label dimensions of the claims step). */
const CONTENT_DIMENSIONS = ['claims', 'referenceAnswer'] as const;
/** The steps that judge that content (names, to keep shared/labeling free of the diagnosis module). */
export const CONTENT_DEPENDENT_DIMENSIONS: ReadonlySet<string> = new Set(['claimsStated']);

/** The label of a content-dependent step predates the latest edit of the content. */
export function askedAgain(dimension: string, label: { eventId?: number } | null, after: number | null): boolean {
  return after !== null && label !== null && CONTENT_DEPENDENT_DIMENSIONS.has(dimension) && label.eventId !== undefined && label.eventId < after;
}
