import type { Dimension, LabelValue } from '../domain/dimensions';
import { FAILURE_TAGS_DIMENSION } from '../diagnosis/failure-tags';
import { suggestRefusalCorrect } from './refusal';
import { askAgainAfter, CONTENT_DEPENDENT_DIMENSIONS, labelSteps, stepKey, type StepRef } from './steps';

export interface CurrentLabel {
  eventId: number;
  value: LabelValue;
  at: string;
  reason: string | null;
}

export interface StepView extends StepRef {
  current: CurrentLabel | null;
  suggestion?: LabelValue;
  suggestionReason?: string | null;
  askAgainAfter?: number | null;
  askAgainBecause?: 'own-edit' | 'case-changed';
  /** False: the label does not answer the step as it stands (a "stated" value leaving a current claim unmarked), so it is open. */
  covers?: false;
}

/** The imported values of a case that can be proposed for its case-level steps. */
export interface ImportedCaseValues {
  answerability?: string | null;
  questionType?: string | null;
  claims?: readonly unknown[] | null;
  /** The claims the lead settled after a conflict: proposed instead of the imported ones. */
  settledClaims?: readonly unknown[] | null;
}

/** Reason codes of the suggestions that come from the imported case rather than from a rule. */
/** Reason code of the failure tags the data proves for a response (shared/diagnosis/tag-suggestions.ts). */
export const DATA_PROVEN_TAGS_REASON = 'data-proven-tags';

export const IMPORTED_SUGGESTION_REASONS = { answerability: 'imported-case-value', questionType: 'imported-case-value', claims: 'imported-claims', settledClaims: 'settled-claims' } as const;

/**
 * The steps of one case with this reviewer's current labels and suggestions:
 * - refusalCorrect (every response, labeled or not): from this reviewer's
 *   current answerability (the imported one when they have not labeled it)
 *   × their current responseBehavior of that response (see suggestRefusalCorrect);
 * - answerability / questionType / claims not labeled yet: the imported case value,
 *   when the case has one (reason "imported-case-value" / "imported-claims"); for
 *   claims the lead settled after a conflict, those (reason "settled-claims").
 * - failureTags of a response not labeled yet: the tags its data proves, when there are any
 *   (reason "data-proven-tags"); the reviewer confirms them with Enter or changes them.
 * Judge verdicts are never a source of suggestions (blind labeling).
 */
export function buildStepViews(
  dimensions: readonly Dimension[],
  responses: readonly { id: string; system: string }[],
  current: ReadonlyMap<string, CurrentLabel>,
  imported: ImportedCaseValues,
  provenTags: ReadonlyMap<string, readonly string[]> = new Map(),
  changedForAll: number | null = null,
  covers: (dimension: string, value: LabelValue) => boolean = () => true,
): StepView[] {
  const answerabilityLabel = current.get(stepKey('answerability', null));
  const answerability = answerabilityLabel && answerabilityLabel.value !== null ? answerabilityLabel.value : (imported.answerability ?? null);
  const after = askAgainAfter(current, changedForAll);
  const because = after !== null && after === changedForAll ? 'case-changed' : 'own-edit';
  return labelSteps(dimensions, responses).map((step) => {
    const label = current.get(stepKey(step.dimension, step.responseId)) ?? null;
    const view: StepView = { ...step, current: label };
    if (label && label.value !== null && !covers(step.dimension, label.value)) view.covers = false;
    if (after !== null && CONTENT_DEPENDENT_DIMENSIONS.has(step.dimension)) {
      view.askAgainAfter = after;
      view.askAgainBecause = because;
    }
    if (step.dimension === 'refusalCorrect' && step.responseId !== null) {
      const behavior = current.get(stepKey('responseBehavior', step.responseId))?.value ?? null;
      const suggestion = suggestRefusalCorrect(answerability, behavior);
      view.suggestion = suggestion.value;
      view.suggestionReason = suggestion.reason;
    } else if (step.dimension === FAILURE_TAGS_DIMENSION && step.responseId !== null && (label === null || label.value === null)) {
      const tags = provenTags.get(step.responseId) ?? [];
      if (tags.length > 0) {
        view.suggestion = [...tags];
        view.suggestionReason = DATA_PROVEN_TAGS_REASON;
      }
    } else if (step.responseId === null && (label === null || label.value === null)) {
      if ((step.dimension === 'answerability' || step.dimension === 'questionType') && imported[step.dimension]) {
        view.suggestion = imported[step.dimension] as string;
        view.suggestionReason = IMPORTED_SUGGESTION_REASONS[step.dimension];
      } else if (step.dimension === 'claims' && imported.settledClaims) {
        view.suggestion = imported.settledClaims as LabelValue;
        view.suggestionReason = IMPORTED_SUGGESTION_REASONS.settledClaims;
      } else if (step.dimension === 'claims' && imported.claims && imported.claims.length > 0) {
        view.suggestion = imported.claims as LabelValue;
        view.suggestionReason = IMPORTED_SUGGESTION_REASONS.claims;
      }
    }
    return view;
  });
}

/**
 * Blind labeling: a verdict is revealed only for a (dimension, response) step
 * for which this reviewer holds a current, non-null label of their own.
 */
export function revealVerdicts<V extends { dimension: string; responseId: string | null }>(
  verdicts: readonly V[],
  current: ReadonlyMap<string, { value: LabelValue }>,
): V[] {
  return verdicts.filter((v) => {
    const label = current.get(stepKey(v.dimension, v.responseId));
    return label !== undefined && label.value !== null;
  });
}
