import { z } from 'zod';
import { isoWeeksInYear } from '../calibration/iso-week';
import { op } from './op';
import { DIMENSION_TYPES } from '../domain/dimensions';
import { ContextChunkSchema } from '../domain/schemas';
import { AgreementLabelSchema, COEFFICIENT_KEYS, FigureSchema, ReasonCodeSchema } from './agreement-ops';

/**
 * The calibration part of the API contract: the weekly review round (start → blind
 * labeling through the labeling queue `{source: 'round', roundId}` → reveal → adjudicate →
 * close), the trend of the stored round figures, and anchor sets (freeze, export, import, drift).
 *
 * Numbers that are undefined travel as `null` with a `reasonCode` and its English `reason` (FigureSchema), never 0.
 */

const int = z.number().int();
const Num = z.number().nullable();
const roundId = z.number().int().positive();
const reviewerId = z.number().int().positive();

export const ROUND_STATUSES = ['labeling', 'revealed', 'adjudicated', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** ISO week, e.g. 2026-W07. */
export const IsoWeekSchema = z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, 'expected an ISO week such as 2026-W07')
  .refine((w) => Number(w.slice(6)) <= isoWeeksInYear(Number(w.slice(0, 4))), 'that year has only 52 ISO weeks');

/** The judge run a round (or a trend point, or an anchor set) uses for one dimension. */
export const JudgeRefSchema = z.object({
  runId: int,
  model: z.string(),
  modelVersion: z.string(),
  promptVersion: z.string(),
});
export type JudgeRef = z.infer<typeof JudgeRefSchema>;

/**
 * Why an item was picked. 'changed': its judge value on `dimension` moved between two comparable
 * runs (same dimension, same judge model and prompt version; the model version may differ):
 * `magnitude` is |Δ| as a share of the dimension's scale (1 for any change of a categorical or
 * binary value) and ranks the pick; `delta` is to − from on the scale (numeric: the value;
 * ordinal: the option value when numeric, else the position; binary: pass = 1, fail = 0; null for categorical).
 */
export const PickReasonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('changed'),
    dimension: z.string(),
    fromRunId: int,
    toRunId: int,
    fromValue: AgreementLabelSchema,
    toValue: AgreementLabelSchema,
    delta: Num,
    magnitude: z.number(),
  }),
  z.object({ kind: z.literal('random') }),
]);
export type PickReason = z.infer<typeof PickReasonSchema>;

/** A round item: a case (case-level dimensions, responseId null) or one response of a case. */
export const RoundItemSchema = z.object({
  /** 0-based pick order: the changed half first (largest change first), then the random half in draw order. */
  position: int,
  caseId: z.string(),
  responseId: z.string().nullable(),
  query: z.string(),
  system: z.string().nullable(),
  reason: PickReasonSchema,
});
export type RoundItem = z.infer<typeof RoundItemSchema>;

const count = z.number().int().nonnegative();
const noValues = z.object({});

/** A note's code and the figures it is written from; the UI words it per language. */
export const RoundNoteCodeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('changes-measured'), values: z.object({ fromRunId: int, toRunId: int, dimensions: z.array(z.string()) }) }),
  z.object({ code: z.literal('no-judge-run'), values: noValues }),
  z.object({ code: z.literal('no-comparable-runs'), values: noValues }),
  z.object({ code: z.literal('few-changed'), values: z.object({ changed: count, wanted: count }) }),
  z.object({ code: z.literal('previous-excluded'), values: z.object({ excluded: count }) }),
  z.object({ code: z.literal('few-eligible'), values: z.object({ eligible: count, picked: count, size: count }) }),
  /** A note stored as an English sentence before notes had codes: `text` is all there is. */
  z.object({ code: z.literal('text'), values: noValues }),
]);
export type RoundNoteCode = z.infer<typeof RoundNoteCodeSchema>;

/** A round note with its English sentence (`text`), as the CLI prints it. */
export const RoundNoteSchema = z.intersection(RoundNoteCodeSchema, z.object({ text: z.string() }));
export type RoundNote = z.infer<typeof RoundNoteSchema>;

export const RoundSummarySchema = z.object({
  id: int,
  week: z.string(),
  seed: int,
  /** The size asked for; `items` is what was picked (fewer when too few items were eligible). */
  size: int,
  items: int,
  changedItems: int,
  status: z.enum(ROUND_STATUSES),
  createdAt: z.string(),
  revealedAt: z.string().nullable(),
  /** The lead revealed before every reviewer had finished (recorded). */
  revealedEarly: z.boolean(),
  /** Who revealed (null: not revealed, or revealed without naming a reviewer). */
  revealedBy: z.object({ reviewerId: int, name: z.string() }).nullable(),
  closedAt: z.string().nullable(),
  /** Notes of the pick, e.g. `{ code: 'no-comparable-runs', values: {}, text: 'Fewer than two comparable judge runs …' }`. */
  notes: z.array(RoundNoteSchema),
});
export type RoundSummary = z.infer<typeof RoundSummarySchema>;

export const RoundDimensionSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  scope: z.enum(['case', 'response']),
  /** The judge run whose verdicts the reveal and the figures use (the latest run scoring it when the round started). */
  judge: JudgeRefSchema.nullable(),
});

export const ReviewerProgressSchema = z.object({
  reviewerId: int,
  name: z.string(),
  /** Cells (item × round dimension) with a current non-null label of this reviewer, out of `total`. */
  done: int,
  total: int,
  /** Round items on which this reviewer labeled every round dimension. */
  itemsDone: int,
  items: int,
});

export const RoundDetailSchema = z.object({
  round: RoundSummarySchema,
  items: z.array(RoundItemSchema),
  dimensions: z.array(RoundDimensionSchema),
  /** Everyone with at least one label on a round cell (before reveal: their current labels; after: as of the reveal). */
  reviewers: z.array(ReviewerProgressSchema),
  /** Every cell has a label and every reviewer listed has finished: the reveal needs no `early`. */
  labelingDone: z.boolean(),
  cells: z.object({ total: int, labeled: int, disagreements: int, adjudicated: int, toAdjudicate: int }),
});
export type RoundDetail = z.infer<typeof RoundDetailSchema>;

export const AdjudicationSchema = z.object({
  id: int,
  value: AgreementLabelSchema,
  note: z.string().nullable(),
  /** 'lead': set by a person; 'unanimous': recorded at close for a cell every reviewer labeled alike. */
  source: z.enum(['lead', 'unanimous']),
  deciderReviewerId: int.nullable(),
  decider: z.string().nullable(),
  at: z.string(),
  /** The label events it was decided from (the reveal-time labels). */
  fromEventIds: z.array(int),
});
export type Adjudication = z.infer<typeof AdjudicationSchema>;

/**
 * One cell of the reveal: the reviewers' labels (as of the reveal: a label changed after seeing
 * the judge does not count), the judge's verdict, and whether they agree. Numeric values agree
 * within `tolerance` (a share of the scale, the agreement engine's NUMERIC_TOLERANCE_SHARE).
 */
export const RevealCellSchema = z.object({
  position: int,
  caseId: z.string(),
  responseId: z.string().nullable(),
  query: z.string(),
  answer: z.string().nullable(),
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  labels: z.array(z.object({ reviewerId: int, reviewer: z.string(), value: AgreementLabelSchema, eventId: int, at: z.string() })),
  judge: z.object({ value: AgreementLabelSchema, rationale: z.string().nullable(), runId: int }).nullable(),
  /** null when fewer than two reviewers labeled the cell. */
  humansAgree: z.boolean().nullable(),
  /** The judge equals every reviewer's label; null without a verdict or without labels. */
  judgeAgrees: z.boolean().nullable(),
  /** 'humans': reviewers disagree; 'judge': reviewers agree, the judge does not; 'none'; 'unlabeled': no label. */
  disagreement: z.enum(['humans', 'judge', 'none', 'unlabeled']),
  /** The value an "accept" key would adjudicate: the reviewers' common value, else null. */
  consensus: AgreementLabelSchema.nullable(),
  adjudication: AdjudicationSchema.nullable(),
});
export type RevealCell = z.infer<typeof RevealCellSchema>;

export const RevealViewSchema = z.object({
  round: RoundSummarySchema,
  tolerance: Num,
  /** Disagreements first (humans, then judge), then agreeing cells, then unlabeled; each group in pick order, then dimension order. */
  cells: z.array(RevealCellSchema),
});
export type RevealView = z.infer<typeof RevealViewSchema>;

/** Agreement and bias of one half of a round (a stratum). */
const StratumFigures = { agreement: FigureSchema, percentAgreement: FigureSchema, bias: FigureSchema };

/**
 * A round's figures per dimension. The top-level n, agreement, percent agreement and bias are the
 * population figures: the random halves only (pooled as `random` says), never mixed with the
 * changed half, which is its own stratum under `changed`.
 */
export const RoundFiguresSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  judge: JudgeRefSchema.nullable(),
  /** (verdict, adjudicated value) pairs of the pooled random items: the population figure's n (equals `random.items`). */
  n: int,
  /** Cohen's kappa (categorical), Gwet's AC1 (binary), Krippendorff's alpha ordinal (ordinal) / interval (numeric). */
  agreementKey: z.enum(COEFFICIENT_KEYS).nullable(),
  /** Over the pooled random items (case-bootstrap interval). */
  agreement: FigureSchema,
  percentAgreement: FigureSchema,
  /** Judge − human over the pooled random items: mean difference (numeric, ordinal; clustered t interval), pass-rate difference (binary); null value with reason for categorical. */
  bias: FigureSchema,
  /** The judge's raw mean / pass rate over the whole test set in its run, and the PPI++ population estimate from the pooled random items. */
  judgeRaw: FigureSchema,
  corrected: FigureSchema,
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
  /**
   * The random halves of this round and the consecutive closed rounds before it scored by the same
   * judge version (model, model version, prompt version), pooled: the figures the weekly review
   * reports as the population's. `roundIds` newest first (this round first); `items` pooled random
   * items with a final value; below `minItems` the population interval is not shown.
   */
  random: z.object({ roundIds: z.array(int), items: int, minItems: int, ...StratumFigures, humanMean: FigureSchema }),
  /** The changed half of this round alone (picked because the judge's score moved): its own stratum, never a population figure. */
  changed: z.object({ n: int, ...StratumFigures }),
  /**
   * 'close': computed by halves when the round closed. 'recomputed': the round closed before its
   * figures were kept by half (they mixed both halves); these are recomputed from its stored items,
   * final values and the run's verdicts (all unchangeable in the file) whenever they are read.
   */
  computed: z.enum(['close', 'recomputed']),
});
export type RoundFigures = z.infer<typeof RoundFiguresSchema>;

export const TrendPointSchema = RoundFiguresSchema.extend({
  roundId: int,
  week: z.string(),
  closedAt: z.string(),
  /** The judge model, model version or prompt version differs from this dimension's previous point: never join the line across it. */
  break: z.boolean(),
  breakReason: z.string().nullable(),
});
export type TrendPoint = z.infer<typeof TrendPointSchema>;

// ---- anchor sets ---------------------------------------------------------------------------------

/**
 * Drift thresholds stored on an anchor set. Defaults: maxAgreementDrop 0.10 (the primary
 * coefficient may fall at most 0.10 below its value at freeze); maxBiasShift 0.10 as a share of
 * the dimension's scale (0.10 on a 0–1 score, 0.2 points on 0–2, 10 points of pass rate), and only
 * a move away from the humans (|bias now| > |bias at freeze|) is flagged.
 */
export const DriftThresholdsSchema = z.object({
  maxAgreementDrop: z.number().min(0).max(2).default(0.1),
  maxBiasShift: z.number().min(0).max(1).default(0.1),
});
export type DriftThresholds = z.infer<typeof DriftThresholdsSchema>;
export const DEFAULT_DRIFT_THRESHOLDS: DriftThresholds = { maxAgreementDrop: 0.1, maxBiasShift: 0.1 };

export const AnchorCountSchema = z.object({ dimension: z.string(), value: AgreementLabelSchema, count: int });

export const AnchorDimensionSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  items: int,
  judge: JudgeRefSchema.nullable(),
  /** The judge at freeze vs the final human values. */
  agreementKey: z.enum(COEFFICIENT_KEYS).nullable(),
  agreement: Num,
  bias: Num,
});

export const AnchorSetSummarySchema = z.object({
  name: z.string(),
  version: int,
  frozenAt: z.string(),
  /** 'frozen' here, or 'imported' from an export. */
  origin: z.enum(['frozen', 'imported']),
  items: int,
  rounds: z.array(int),
  dimensions: z.array(AnchorDimensionSchema),
  slices: z.array(z.string()),
  reviewers: z.array(z.string()),
  counts: z.array(AnchorCountSchema),
  thresholds: DriftThresholdsSchema,
});
export type AnchorSetSummary = z.infer<typeof AnchorSetSummarySchema>;

export const AnchorItemSchema = z.object({
  caseId: z.string(),
  responseId: z.string().nullable(),
  query: z.string(),
  system: z.string().nullable(),
  answer: z.string().nullable(),
  roundId: int.nullable(),
  /** Final human (adjudicated) value per dimension. */
  human: z.record(z.string(), AgreementLabelSchema),
  /** The judge's value per dimension at freeze (absent where it had none). */
  judge: z.record(z.string(), AgreementLabelSchema),
  /**
   * Captured at freeze (format version 2), so the anchors can be re-scored by a judge that needs
   * them and a later edit of the case never changes the frozen set: the case's reference answer
   * (as settled, else as imported) and the final context the response was given.
   */
  referenceAnswer: z.string().nullable().optional(),
  finalContext: z.array(ContextChunkSchema).optional(),
});
export type AnchorItem = z.infer<typeof AnchorItemSchema>;

/** A drift flag: its code, the measured figures and threshold (for the UI's wording), and the English `message`. */
export const DriftFlagSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('agreement-drop'),
    values: z.object({ coefficient: z.enum(COEFFICIENT_KEYS).nullable(), atFreeze: z.number(), now: z.number(), drop: z.number(), threshold: z.number() }),
    message: z.string(),
  }),
  z.object({
    code: z.literal('bias-move'),
    /** `from` is the bias at freeze, or 0 when the anchors had no judge at freeze (`fromFreeze` false); `share` and `threshold` are shares of the scale. */
    values: z.object({ from: z.number(), fromFreeze: z.boolean(), now: z.number(), share: z.number(), threshold: z.number() }),
    message: z.string(),
  }),
]);
export type DriftFlag = z.infer<typeof DriftFlagSchema>;

export const DRIFT_STATES = ['flagged', 'possible', 'none'] as const;
/** A paired, case-level change between two judge versions and what it says (shared/calibration/drift.ts). */
export const PairedChangeSchema = z.object({
  change: FigureSchema,
  state: z.enum(DRIFT_STATES),
  /** Possible drift on a mean shift: the cases that would decide it if the change and its spread stayed as they are. */
  decidingN: int.nullable().optional(),
});

export const DriftDimensionSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  /** Anchor items of this dimension the run scored, and those it did not. */
  n: int,
  missing: int,
  agreementKey: z.enum(COEFFICIENT_KEYS).nullable(),
  /** This run vs the anchors' human values. */
  agreement: FigureSchema,
  agreementAtFreeze: Num,
  agreementDrop: Num,
  /** Mean judge − human (numeric, ordinal) or pass-rate difference (binary); null value for categorical. */
  bias: FigureSchema,
  biasAtFreeze: Num,
  biasMove: Num,
  /** This run vs the previous judge version on the same anchor items (the latest earlier run of the same model scoring them). */
  previous: z
    .object({ run: JudgeRefSchema, n: int, agreement: FigureSchema, meanShift: FigureSchema })
    .nullable(),
  flags: z.array(DriftFlagSchema),
  /** The judge's mean move on the scale since freeze (paired on the anchor items; null without a judge at freeze or for categorical). */
  shiftSinceFreeze: PairedChangeSchema.nullable().optional(),
  /** The agreement coefficient now − at freeze (paired case bootstrap; null without a judge at freeze). */
  agreementSinceFreeze: PairedChangeSchema.nullable().optional(),
  /** The judge's mean move against the previous judge version. */
  shiftSincePrevious: PairedChangeSchema.nullable().optional(),
  /** flagged: an interval excludes 0 and the change is past the tolerance; none: every interval within ±tolerance; possible: otherwise. */
  state: z.enum(DRIFT_STATES).optional(),
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
});
export type DriftDimension = z.infer<typeof DriftDimensionSchema>;

export const DriftReportSchema = z.object({
  anchorSet: AnchorSetSummarySchema,
  run: JudgeRefSchema,
  thresholds: DriftThresholdsSchema,
  /** state === 'flagged'. */
  flagged: z.boolean(),
  /** The worst dimension's state. */
  state: z.enum(DRIFT_STATES).optional(),
  dimensions: z.array(DriftDimensionSchema),
});
export type DriftReport = z.infer<typeof DriftReportSchema>;

export const ExportedFileSchema = z.object({ name: z.string(), path: z.string(), bytes: int, sha256: z.string() });

/**
 * An anchor set's name: letters of any script (差旅锚点), digits, '.', '_' and '-' (80 at most). The name is
 * also the export's file name, so it can never hold a path separator.
 */
export const ANCHOR_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]{0,79}$/u;
const anchorName = z.string().trim().regex(ANCHOR_NAME, 'err.anchor.name-format');

export const calibrationOps = {
  /** Newest first. */
  'rounds.list': op(z.object({}).default({}), z.array(RoundSummarySchema)),
  /**
   * Picks the items of a new round (see PickReasonSchema). seed: drawn and recorded when omitted. week: default the current ISO week.
   * A second round in the same week is refused (conflict) unless sameWeek is true.
   */
  'rounds.start': op(
    z.object({
      size: z.number().int().min(1).max(1000).default(30),
      seed: z.number().int().min(0).max(2 ** 31 - 1).nullish(),
      week: IsoWeekSchema.nullish(),
      sameWeek: z.boolean().default(false),
    }),
    RoundDetailSchema, { writes: true },
  ),
  /** Deletes a round still being labeled that has no label given inside it yet (conflict otherwise). */
  'rounds.delete': op(z.object({ roundId }), z.object({ deleted: int }), { writes: true }),
  'rounds.get': op(z.object({ roundId }), RoundDetailSchema),
  /** labeling → revealed. Refused (conflict) while labeling is not done unless early is true; an early reveal is recorded. */
  'rounds.reveal': op(z.object({ roundId, early: z.boolean().default(false), reviewerId: reviewerId.nullish() }), RoundDetailSchema, { writes: true }),
  'rounds.revealView': op(z.object({ roundId }), RevealViewSchema),
  /** Sets the final value of one cell (append-only: a new decision supersedes, history kept). Revealed or adjudicated rounds only. */
  'rounds.adjudicate': op(
    z.object({
      roundId,
      caseId: z.string().min(1),
      responseId: z.string().min(1).nullable(),
      dimension: z.string().min(1),
      value: AgreementLabelSchema,
      note: z.string().max(2000).nullish(),
      deciderReviewerId: reviewerId,
    }),
    z.object({ adjudication: AdjudicationSchema, round: RoundSummarySchema }), { writes: true },
  ),
  /**
   * Closes a revealed / adjudicated round: cells every reviewer labeled alike get a 'unanimous'
   * adjudication, then the figures are computed and stored. Refused (conflict) while a cell with
   * a disagreement between reviewers has no adjudication.
   */
  'rounds.close': op(z.object({ roundId }), z.object({ round: RoundSummarySchema, figures: z.array(RoundFiguresSchema) }), { writes: true }),
  /**
   * A closed round's figures (the latest closed round when roundId is omitted): the random half's
   * population figures per dimension and the changed half as its own stratum. Refused (conflict)
   * for a round not closed yet.
   */
  'rounds.figures': op(z.object({ roundId: roundId.nullish() }), z.object({ round: RoundSummarySchema, figures: z.array(RoundFiguresSchema) })),
  /** Every closed round's stored figures, per dimension, oldest week first. */
  'rounds.trend': op(
    z.object({}).default({}),
    z.object({ dimensions: z.array(z.object({ dimension: z.string(), type: z.enum(DIMENSION_TYPES), points: z.array(TrendPointSchema) })) }),
  ),

  /** Every version of every anchor set, by name, newest version first. */
  'anchors.list': op(z.object({}).default({}), z.array(AnchorSetSummarySchema)),
  'anchors.get': op(
    z.object({ name: anchorName, version: z.number().int().positive().nullish() }),
    z.object({ summary: AnchorSetSummarySchema, items: z.array(AnchorItemSchema) }),
  ),
  /**
   * Freezes the adjudicated cells of closed rounds into version N+1 of `name` (version 1 when new).
   * When the content equals the latest version's, nothing is written and that version comes back
   * with created false. dimensions / slices narrow the items; a version is never edited.
   */
  'anchors.freeze': op(
    z.object({
      name: anchorName,
      roundIds: z.array(roundId).min(1),
      dimensions: z.array(z.string().min(1)).nullish(),
      slices: z.array(z.string().min(1)).nullish(),
      driftThresholds: DriftThresholdsSchema.partial().nullish(),
    }),
    z.object({ summary: AnchorSetSummarySchema, created: z.boolean() }), { writes: true },
  ),
  /** Writes anchors.jsonl + manifest.json into outDir (and <name>-v<version>.zip when zip is true). Byte-identical each time. */
  'anchors.export': op(
    z.object({ name: anchorName, version: z.number().int().positive().nullish(), outDir: z.string().min(1), zip: z.boolean().default(false) }),
    z.object({ summary: AnchorSetSummarySchema, dir: z.string(), files: z.array(ExportedFileSchema), zip: ExportedFileSchema.nullable() }),
  ),
  /** Reads an exported folder, verifies every sha256 first (a mismatch is refused naming the file; nothing written). Importing the same version again changes nothing. */
  'anchors.import': op(z.object({ dir: z.string().min(1) }), z.object({ summary: AnchorSetSummarySchema, created: z.boolean() }), { writes: true }),
  /** A judge run on an anchor set vs its human values (and vs the previous judge version); flagged beyond the set's thresholds. */
  'anchors.drift': op(
    z.object({ name: anchorName, version: z.number().int().positive().nullish(), runId: z.number().int().positive() }),
    DriftReportSchema,
  ),
} as const;
