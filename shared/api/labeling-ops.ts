import { ClaimsStatedValueSchema } from '../diagnosis/claims-stated';
import { z } from 'zod';
import { op } from './op';
import { DimensionSchema, LabelValueSchema } from '../domain/dimensions';
import { CaseDetailSchema, CaseFiltersSchema } from './contract-shapes';

/** The labeling part of the API contract (issue: guided labeling). */

export const ReviewerSchema = z.object({ id: z.number().int(), name: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;

const reviewerName = z.string().trim().min(1, 'a reviewer needs a name').max(80);

/** Which cases a labeling session walks through. A calibration round becomes one more source later. */
export const QueueSpecSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('unlabeled') }),
  z.object({ source: z.literal('filter'), filters: CaseFiltersSchema }),
  /** A calibration round's cases, in pick order (each case once, where it was first picked). */
  z.object({ source: z.literal('round'), roundId: z.number().int().positive() }),
  /**
   * A named list of cases, in test-set order: the cases a document change may have broken (re-check
   * queue). `docId` says where the list came from (the queue's title); holdout cases in it are walked.
   */
  z.object({ source: z.literal('cases'), caseIds: z.array(z.string().min(1).max(500)).min(1).max(100000), docId: z.string().max(500).nullish() }),
]);
export type QueueSpec = z.infer<typeof QueueSpecSchema>;

export const CurrentLabelSchema = z.object({
  eventId: z.number().int(),
  value: LabelValueSchema,
  at: z.string(),
  reason: z.string().nullable(),
});

/** One step of the guided sequence: a dimension, for the case or for one response. */
export const LabelStepSchema = z.object({
  dimension: z.string(),
  responseId: z.string().nullable(),
  /** This reviewer's current label, or null. */
  current: CurrentLabelSchema.nullable(),
  /** A value the app proposes (refusal correctness from answerability × behaviour; imported values). */
  suggestion: LabelValueSchema.optional(),
  suggestionReason: z.string().nullable().optional(),
  /**
   * "Claims this answer states": the event id of this reviewer's latest claims or reference-answer
   * edit on the case, or of the first label after the case's content changed for everyone (the lead
   * settled it), whichever is later; a label older than it is asked again (shared/labeling/steps.ts askedAgain).
   */
  askAgainAfter: z.number().int().nullable().optional(),
  /** Why it is asked again: this reviewer's own edit, or the case changed for everyone (settled by the lead). */
  askAgainBecause: z.enum(['own-edit', 'case-changed']).optional(),
  /** False: the label leaves part of the step unanswered as it stands now (a "stated" value brought in from another file that leaves a current claim unmarked); the step is open. */
  covers: z.literal(false).optional(),
});
export type LabelStep = z.infer<typeof LabelStepSchema>;

/** A judge verdict, only ever sent for a step this reviewer has already labeled (blind labeling). */
export const RevealedVerdictSchema = z.object({
  dimension: z.string(),
  responseId: z.string().nullable(),
  /** A string or number; per-claim marks for "claims this answer states". */
  value: z.union([z.string(), z.number(), ClaimsStatedValueSchema]),
  rationale: z.string().nullable(),
  judge: z.string(),
  /** The judge run the verdict comes from (its number; `judge` names its model, version and prompt version). */
  runId: z.number().int().optional(),
});

export const EvidenceRevisionStatusSchema = z.object({
  claimIndex: z.number().int(),
  evidenceIndex: z.number().int(),
  docId: z.string(),
  /** The newest revision of the document, and whether the quote is still in it ('no-text': that revision has no text to look in). */
  latestRevision: z.string().nullable(),
  status: z.enum(['found', 'missing-in-latest', 'unknown-document', 'no-text']),
});

export const LabelingItemSchema = z.object({
  detail: CaseDetailSchema,
  steps: z.array(LabelStepSchema),
  verdicts: z.array(RevealedVerdictSchema),
  evidence: z.array(EvidenceRevisionStatusSchema),
  /**
   * Position of this case in the queue (0-based) and the queue's size, when opened from a queue. The 'unlabeled'
   * queue counts over every case of the test set (total = all cases, done = the cases this reviewer finished, i.e.
   * every step has a current non-null label of theirs); a 'filter' queue over the cases matching its filters.
   */
  position: z.object({ index: z.number().int(), total: z.number().int(), done: z.number().int() }).nullable(),
  /** This reviewer's current edit of the reference answer (the built-in field referenceAnswer), or null. */
  referenceAnswerEdit: CurrentLabelSchema.nullable().optional(),
});
export type LabelingItem = z.infer<typeof LabelingItemSchema>;

export const LabelEventSchema = z.object({
  eventId: z.number().int(),
  reviewer: z.string(),
  dimension: z.string(),
  responseId: z.string().nullable(),
  value: LabelValueSchema,
  previousValue: LabelValueSchema,
  reason: z.string().nullable(),
  at: z.string(),
  kind: z.enum(['set', 'undo']),
  /** For an undo event: the event it undid. Always sent (null for 'set'). */
  undoesEventId: z.number().int().nullable().optional(),
});
export type LabelEvent = z.infer<typeof LabelEventSchema>;

const RateSchema = z.object({
  successes: z.number().int(),
  n: z.number().int(),
  /** NaN when n is 0 (sent as null). */
  rate: z.number().nullable(),
  ci95: z.tuple([z.number().nullable(), z.number().nullable()]),
});

export const ReleaseThresholdSchema = z.object({
  minCorrectAnswerRate: z.number().min(0).max(1),
  maxOverRefusalRate: z.number().min(0).max(1),
  minCorrectRefusalRate: z.number().min(0).max(1),
});
export type ReleaseThreshold = z.infer<typeof ReleaseThresholdSchema>;

/**
 * A verdict against a release threshold: meets (the whole interval on the right side), fails (the
 * whole interval on the wrong side) or inconclusive, with the n that would decide it if the rate
 * stayed as it is (null when the rate sits on the threshold).
 */
export const ThresholdVerdictSchema = z.object({ state: z.enum(['meets', 'fails', 'inconclusive']), decidingN: z.number().int().nullable() });

export const CrossTableGroupSchema = z.object({
  questionType: z.string(),
  stakes: z.enum(['high', 'low']).nullable(),
  threshold: ReleaseThresholdSchema,
  /** answerability × behaviour counts; rows answerable, unanswerable, false-premise, underspecified. */
  cells: z.array(z.object({ answerability: z.string(), behavior: z.string(), count: z.number().int(), caseIds: z.array(z.string()) })),
  correctAnswer: RateSchema,
  overRefusal: RateSchema,
  correctRefusal: RateSchema,
  /** Each rate against its threshold, judged on its Wilson 95% interval (null when n = 0). */
  pass: z.object({ correctAnswer: ThresholdVerdictSchema.nullable(), overRefusal: ThresholdVerdictSchema.nullable(), correctRefusal: ThresholdVerdictSchema.nullable() }),
});

const reviewerId = z.number().int().positive();

export const labelingOps = {
  'reviewers.list': op(z.object({}).default({}), z.array(ReviewerSchema)),
  'reviewers.create': op(z.object({ name: reviewerName }), ReviewerSchema, { writes: true }),
  'dimensions.list': op(z.object({}).default({}), z.array(DimensionSchema)),
  'dimensions.save': op(z.object({ dimensions: z.array(DimensionSchema).min(1) }), z.array(DimensionSchema), { writes: true }),
  /**
   * Opens a queue for a reviewer: its size, this reviewer's progress (as in LabelingItem.position), and where they
   * left off (the case and step of their last labeling.item in this queue; with none saved, the queue's first
   * unfinished case at step 0; null when every case is finished).
   */
  'queue.open': op(
    z.object({ reviewerId, queue: QueueSpecSchema }),
    z.object({ total: z.number().int(), done: z.number().int(), resumeCaseId: z.string().nullable(), resumeStep: z.number().int() }),
  ),
  /**
   * The neighbour of a case in the queue (null at either end), by test-set order. 'unlabeled' lands only on cases this
   * reviewer has not finished; fromCaseId need not be a member (a case that just became finished still has neighbours).
   * nextUnfinished wraps around to the queue's first unfinished case. fromCaseId null: the queue's first case
   * (first unfinished for nextUnfinished), whatever the direction.
   */
  'queue.navigate': op(
    z.object({ reviewerId, queue: QueueSpecSchema, fromCaseId: z.string().nullable(), direction: z.enum(['next', 'previous', 'nextUnfinished']) }),
    z.object({ caseId: z.string().nullable() }),
  ),
  /** Everything the labeling screen shows for one case; records the resume point when a queue is given (never a holdout opening: the window reads ahead, see 'holdout.noteOpening'). */
  'labeling.item': op(
    z.object({ reviewerId, caseId: z.string().min(1), queue: QueueSpecSchema.nullish(), step: z.number().int().nonnegative().default(0) }),
    LabelingItemSchema, { writes: true },
  ),
  /** Appends a label event (the moment a choice is made; no Save button). */
  'labels.record': op(
    z.object({
      reviewerId,
      caseId: z.string().min(1),
      responseId: z.string().nullable(),
      dimension: z.string().min(1),
      value: LabelValueSchema,
      reason: z.string().max(2000).nullish(),
      /** The event's uid, made by the client so a retried call is written once: an event with this uid already here comes back as it is. */
      uid: z.string().min(1).max(200).nullish(),
      /** The test set the client means; a call meant for another file is refused ('conflict', field testSetId) and writes nothing. */
      testSetId: z.string().min(1).nullish(),
      /** Where the reviewer goes on from: written with the label, so a restart right after "saved" resumes past it. */
      resume: z.object({ queue: QueueSpecSchema, step: z.number().int().min(0) }).nullish(),
    }),
    /** Recording the current value again appends nothing: the current event comes back with appended false. */
    z.object({ eventId: z.number().int(), at: z.string(), previousValue: LabelValueSchema, appended: z.boolean().optional() }), { writes: true },
  ),
  /** Undoes this reviewer's most recent change by appending an event that restores the value before it. */
  'labels.undo': op(
    z.object({ reviewerId }),
    z.object({
      undone: z.boolean(), caseId: z.string().nullable(), dimension: z.string().nullable(), responseId: z.string().nullable(), restoredValue: LabelValueSchema,
      /** The undo event appended (null when there was nothing to undo). Always sent. */
      eventId: z.number().int().nullable().optional(),
      /** The value and reason of the change undone, so it can be redone (null when there was nothing to undo). Always sent. */
      undoneValue: LabelValueSchema.optional(),
      undoneReason: z.string().nullable().optional(),
    }), { writes: true },
  ),
  'labels.history': op(z.object({ caseId: z.string().min(1) }), z.array(LabelEventSchema)),
  'reports.systems': op(z.object({}).default({}), z.array(z.object({ system: z.string(), responses: z.number().int() }))),
  /** SPEC workflow 3 for one system version, from human labels (one reviewer, or the latest label of anyone). */
  'reports.refusalCrossTable': op(
    z.object({ system: z.string().min(1), reviewerId: reviewerId.nullish() }),
    z.object({ system: z.string(), labeledResponses: z.number().int(), groups: z.array(CrossTableGroupSchema) }),
  ),
  'settings.releaseThresholds': op(z.object({}).default({}), z.record(z.string(), ReleaseThresholdSchema)),
  'settings.saveReleaseThresholds': op(z.object({ thresholds: z.record(z.string(), ReleaseThresholdSchema) }), z.record(z.string(), ReleaseThresholdSchema), { writes: true }),
} as const;
