import { text, type LocalText } from '../messages/text';
import { z } from 'zod';
import { CLAIMS_STATED, ClaimsStatedValueSchema } from '../diagnosis/claims-stated';
import { ClaimSchema } from './schemas';
import { FAILURE_TAG_OPTIONS, FAILURE_TAGS_DIMENSION } from '../diagnosis/failure-tags';

/** How a dimension's values are measured, which decides its editor and its agreement statistics. */
export const DIMENSION_TYPES = ['categorical', 'binary', 'ordinal', 'numeric', 'structured', 'multi-select'] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];

/**
 * Whether one label of the dimension holds one comparable value. Structured (claims) and
 * multi-select (a set of tags) labels do not: agreement, calibration rounds and anchors leave
 * them out, since kappa, AC1, alpha and the confusion matrix are defined over one value per item
 * (see shared/agreement/README.md); the Diagnosis screen reads failure tags as a distribution.
 */
export const isSingleValued = (d: Pick<Dimension, 'type'>): boolean => d.type !== 'structured' && d.type !== 'multi-select';

/** A case-level dimension is labeled once per case; a response-level one once per response. */
export const DIMENSION_SCOPES = ['case', 'response'] as const;

export const STAKES = ['high', 'low'] as const;

export const DimensionOptionSchema = z.object({
  value: z.union([z.string().min(1), z.number()]),
  /** For question types: how costly a wrong answer is (SPEC: policy-and-amounts high, how-to low). */
  stakes: z.enum(STAKES).nullish(),
});
export type DimensionOption = z.infer<typeof DimensionOptionSchema>;

export const DimensionSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'err.dimension.name-format'),
    type: z.enum(DIMENSION_TYPES),
    scope: z.enum(DIMENSION_SCOPES),
    /** Ordered: for ordinal dimensions the order is the scale. Empty for numeric and structured. */
    options: z.array(DimensionOptionSchema).default([]),
    min: z.number().nullish(),
    max: z.number().nullish(),
    /** The name as the tool that made it writes it ("factual_correctness(mode=f1)"), when the name is its slug. */
    label: z.string().max(200).nullish(),
  })
  .superRefine((d, ctx) => {
    if ((d.type === 'categorical' || d.type === 'ordinal' || d.type === 'binary' || d.type === 'multi-select') && d.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'err.dimension.too-few-values' });
    }
    if (d.type === 'numeric' && (d.min == null || d.max == null || d.min >= d.max)) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'err.dimension.min-max' });
    }
    if (d.name === REFERENCE_ANSWER_FIELD) ctx.addIssue({ code: 'custom', path: ['name'], message: 'err.dimension.reserved-name' });
    const seen = new Set(d.options.map((o) => String(o.value)));
    if (seen.size !== d.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'err.dimension.values-distinct' });
  });
export type Dimension = z.infer<typeof DimensionSchema>;

/**
 * The reference answer as a reviewer edited it: a built-in, case-scoped field
 * recorded as label events like any dimension (so it travels in label packs
 * and shows in a case's history), but never a guided step, never in the
 * test set's dimension list, hence never in agreement figures or progress.
 * Chosen over a field inside the claims value so that every claims event
 * already stored or exported keeps its shape: existing files and packs import
 * unchanged (an app older than this refuses a pack with such events, naming
 * the unknown dimension, and writes nothing). Conflicts: shared/labeling/conflicts.ts.
 */
export const REFERENCE_ANSWER_FIELD = 'referenceAnswer';
export const REFERENCE_ANSWER_DIMENSION: Dimension = { name: REFERENCE_ANSWER_FIELD, type: 'structured', scope: 'case', options: [] };
export const ReferenceAnswerValueSchema = z.string().trim().min(1, 'the reference answer cannot be empty').max(20000);

/** The dimension a label event may name: one of the test set's, or the built-in reference answer. */
export function recordableDimension(dimensions: readonly Dimension[], name: string): Dimension | undefined {
  return dimensions.find((d) => d.name === name) ?? (name === REFERENCE_ANSWER_FIELD ? REFERENCE_ANSWER_DIMENSION : undefined);
}

/**
 * A value of the structured `claims` dimension: the gold claims as this reviewer settled them, each
 * with its stable id once the editor has given it one (shared/diagnosis/claim-ids.ts).
 */
export const ClaimsValueSchema = z.array(ClaimSchema.extend({ id: z.string().min(1).max(80).nullish() }));

/** A claim as the claims editor keeps it: with its stable id. */
export type LabeledClaim = z.infer<typeof ClaimsValueSchema>[number];

/** Whether a label value is a claims list (a multi-select value is a list too, of strings). */
export const isClaimsValue = (value: unknown): value is LabeledClaim[] => Array.isArray(value) && value.every((c) => typeof c === 'object' && c !== null);

/** A value of a multi-select dimension: the chosen values, each once, in the dimension's order ([] = none apply). */
export const MultiValueSchema = z.array(z.string().min(1).max(200)).max(100);

export const LabelValueSchema = z.union([z.string(), z.number(), z.boolean(), ClaimsValueSchema, MultiValueSchema, ClaimsStatedValueSchema]).nullable();
export type LabelValue = z.infer<typeof LabelValueSchema>;

const options = (...values: (string | number)[]): DimensionOption[] => values.map((value) => ({ value }));

/** SPEC, "Label dimensions": the defaults of a new test set, in labeling order. */
export const DEFAULT_DIMENSIONS: Dimension[] = [
  { name: 'answerability', type: 'categorical', scope: 'case', options: options('answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted') },
  {
    name: 'questionType',
    type: 'categorical',
    scope: 'case',
    options: [
      { value: 'policy-and-amounts', stakes: 'high' },
      { value: 'how-to', stakes: 'low' },
      { value: 'fact', stakes: null },
      { value: 'multi-hop', stakes: null },
    ],
  },
  { name: 'claims', type: 'structured', scope: 'case', options: [] },
  { name: 'responseBehavior', type: 'categorical', scope: 'response', options: options('answered', 'refused', 'corrected-premise', 'asked-clarification') },
  { name: CLAIMS_STATED, type: 'structured', scope: 'response', options: [] },
  { name: 'refusalCorrect', type: 'binary', scope: 'response', options: options('correct', 'incorrect') },
  { name: 'correctness', type: 'ordinal', scope: 'response', options: options(0, 1, 2) },
  { name: 'faithfulness', type: 'numeric', scope: 'response', options: [], min: 0, max: 1 },
  { name: 'failureLayer', type: 'categorical', scope: 'response', options: options('data', 'retrieval', 'context-assembly', 'generation', 'agent-decision', 'none') },
  { name: FAILURE_TAGS_DIMENSION, type: 'multi-select', scope: 'response', options: options(...FAILURE_TAG_OPTIONS) },
];

/** Why a value does not fit its dimension (a sentence still to be worded), or null when it does. */
export function valueProblem(dimension: Dimension, value: LabelValue): LocalText | null {
  if (value === null) return null;
  if (dimension === REFERENCE_ANSWER_DIMENSION) return ReferenceAnswerValueSchema.safeParse(value).success ? null : text('err.value.reference-answer');
  switch (dimension.type) {
    case 'structured':
      if (dimension.name === CLAIMS_STATED) return ClaimsStatedValueSchema.safeParse(value).success ? null : text('err.value.claims-stated');
      return ClaimsValueSchema.safeParse(value).success ? null : text('err.value.claims');
    case 'multi-select': {
      const allowed = dimension.options.map((o) => String(o.value));
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return text('err.value.tags', { allowed: allowed.join(', ') });
      const tags = value as string[];
      if (new Set(tags).size !== tags.length || !tags.every((v) => allowed.includes(v))) return text('err.value.tags', { allowed: allowed.join(', ') });
      return null;
    }
    case 'numeric':
      if (typeof value !== 'number' || !Number.isFinite(value)) return text('err.value.number');
      if (value < (dimension.min ?? -Infinity) || value > (dimension.max ?? Infinity)) return text('err.value.range', { min: dimension.min ?? '', max: dimension.max ?? '' });
      return null;
    default: {
      const allowed = dimension.options.map((o) => o.value);
      return allowed.some((a) => a === value) ? null : text('err.value.one-of', { allowed: allowed.map((a) => JSON.stringify(a)).join(', ') });
    }
  }
}
