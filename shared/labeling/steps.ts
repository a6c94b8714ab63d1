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
 * theirs that is not null (a cleared label counts as missing). A case with no
 * steps at all is never finished: there is nothing the reviewer has done on it.
 */
export function isCaseFinished(steps: readonly StepRef[], current: ReadonlyMap<string, { value: LabelValue }>): boolean {
  return steps.length > 0 && steps.every((s) => {
    const label = current.get(stepKey(s.dimension, s.responseId));
    return label !== undefined && label.value !== null;
  });
}
