import { z } from 'zod';
import { op } from './op';
import { DIMENSION_TYPES } from '../domain/dimensions';
import { REASON_CODES } from '../messages/reasons.en';

/**
 * The judge-agreement part of the API contract (issue: judge runs and the agreement & bias
 * engine). Numbers that are undefined (NaN inside: kappa with one category, a correlation
 * of a constant, …) travel as `null` next to a `reasonCode` (worded by the window) and its English
 * `reason` (CLI, --json); JSON has no NaN, and an undefined figure is never shown as 0.
 */

const Num = z.number().nullable();
const int = z.number().int();
export const AgreementLabelSchema = z.union([z.string(), z.number()]);

/**
 * Why a figure is undefined, as a code the window words in its language; `reason` beside it is the
 * English sentence (CLI, --json). Optional: figures stored by older versions carry only the sentence.
 */
export const ReasonCodeSchema = z.enum(REASON_CODES);

/** One figure: its value (null = undefined, with the reason) and, when computed, its 95% interval. */
export const FigureSchema = z.object({
  value: Num,
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
  ci95: z.tuple([Num, Num]).nullable(),
  /**
   * How the interval was computed: percentile bootstrap over cases, Wilson score, normal (mean ± z·SE:
   * the prediction-powered estimate, as ppi_py), t (mean ± t(n−1)·SE) or cluster-t (cluster-robust
   * CR1 by case, t with cases − 1 degrees of freedom).
   */
  ciMethod: z.enum(['bootstrap', 'wilson', 'normal', 't', 'cluster-t']).nullable(),
  ciReason: z.string().nullable(),
  ciReasonCode: ReasonCodeSchema.nullish(),
  /** True where the interval was cut at the edge of its scale (a rate at 0 or 1, a score at its range). */
  ciBounded: z.boolean().optional(),
});
export type Figure = z.infer<typeof FigureSchema>;

export const COEFFICIENT_KEYS = [
  'percentAgreement', 'cohenKappa', 'gwetAC1', 'kappaLinear', 'kappaQuadratic', 'krippendorffNominal', 'krippendorffOrdinal',
  'krippendorffInterval', 'fleissKappa', 'pearson', 'spearman', 'mae',
] as const;
export type CoefficientKey = (typeof COEFFICIENT_KEYS)[number];
export const CoefficientSchema = FigureSchema.extend({ key: z.enum(COEFFICIENT_KEYS) });
export type Coefficient = z.infer<typeof CoefficientSchema>;

/** Whose labels the judge is compared with. Adjudicated values arrive with calibration rounds. */
export const ReferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reviewer'), reviewerId: z.number().int().positive() }),
  z.object({ kind: z.literal('allReviewers') }),
  z.object({ kind: z.literal('adjudicated') }),
]);
export type Reference = z.infer<typeof ReferenceSchema>;

export const ResolvedReferenceSchema = z.object({
  kind: z.enum(['reviewer', 'allReviewers', 'adjudicated']),
  reviewerId: int.nullable(),
  reviewerName: z.string().nullable(),
});

export const JudgeRunSchema = z.object({
  id: int,
  model: z.string(),
  modelVersion: z.string(),
  promptVersion: z.string(),
  promptHash: z.string().nullable(),
  sourceFile: z.string(),
  sourceSha256: z.string(),
  importedAt: z.string(),
  verdicts: int,
  dimensions: z.array(z.object({ name: z.string(), verdicts: int })),
});
export type JudgeRun = z.infer<typeof JudgeRunSchema>;

/** Rows: people, columns: judge, both in the dimension's option order. */
export const ConfusionSchema = z.object({
  labels: z.array(AgreementLabelSchema),
  counts: z.array(z.array(int)),
  rowTotals: z.array(int),
  columnTotals: z.array(int),
  /** counts / row total; null for a row nobody used. */
  rowShares: z.array(z.array(Num)),
});
export type Confusion = z.infer<typeof ConfusionSchema>;

/** Numeric dimensions: identical (human, judge) points merged with a count; binned on a grid when there are very many. */
export const ScatterSchema = z.object({
  min: Num,
  max: Num,
  binned: z.boolean(),
  points: z.array(z.object({ human: z.number(), judge: z.number(), count: int })),
});
export type Scatter = z.infer<typeof ScatterSchema>;

export const CategoryBiasSchema = z.object({
  label: AgreementLabelSchema,
  humanCount: int,
  judgeCount: int,
  /** The judge said this value where the person did not; rate among the pairs the person gave another value. */
  overCalls: int,
  overRate: FigureSchema,
  /** The person said this value and the judge did not; rate among the pairs the person gave this value. */
  underCalls: int,
  underRate: FigureSchema,
  /** (judge count − human count) / n. */
  netShare: Num,
});

/** The one-sentence reading of the bias ("the judge is 0.06 more lenient than people"). */
export const BiasHeadlineSchema = z.object({
  kind: z.enum(['mean', 'rate', 'category']),
  value: Num,
  ci95: z.tuple([Num, Num]).nullable(),
  direction: z.enum(['lenient', 'strict', 'none']).nullable(),
  /** The 95% interval excludes 0. */
  clear: z.boolean(),
  /** For 'category': the value the judge over- or under-uses most; for 'rate': the passing value. */
  label: AgreementLabelSchema.nullable(),
  judge: Num,
  human: Num,
  n: int,
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
});
export type BiasHeadline = z.infer<typeof BiasHeadlineSchema>;

export const BiasSchema = z.object({
  headline: BiasHeadlineSchema,
  /** Numeric and ordinal: mean of judge − human (ordinal on the option values when numeric, else positions). */
  mean: z.object({ scale: z.enum(['value', 'position']), humanMean: Num, judgeMean: Num, difference: FigureSchema }).nullable(),
  /** Binary: pass rates (the first option passes) and their paired difference. */
  rate: z.object({ positive: AgreementLabelSchema, humanRate: FigureSchema, judgeRate: FigureSchema, difference: FigureSchema }).nullable(),
  /** Categorical, binary, ordinal: over- and under-calling per value. */
  categories: z.array(CategoryBiasSchema),
});
export type Bias = z.infer<typeof BiasSchema>;

export const BreakdownGroupSchema = z.object({
  /** The slice or question type; null = cases without one. */
  key: z.string().nullable(),
  n: int,
  items: int,
  percentAgreement: FigureSchema,
  primary: FigureSchema,
  /** Mean judge − human (numeric, ordinal) or pass-rate difference (binary); null otherwise. */
  bias: Num,
});
export type BreakdownGroup = z.infer<typeof BreakdownGroupSchema>;

export const BreakdownSchema = z.object({
  primaryKey: z.enum(COEFFICIENT_KEYS),
  /** Worst first: lowest percent agreement (discrete) or highest MAE (numeric). */
  order: z.enum(['agreement-ascending', 'mae-descending']),
  slices: z.array(BreakdownGroupSchema),
  questionTypes: z.array(BreakdownGroupSchema),
});

export const DisagreementSchema = z.object({
  caseId: z.string(),
  responseId: z.string().nullable(),
  query: z.string().nullable(),
  reviewer: z.string().nullable(),
  human: AgreementLabelSchema,
  judge: AgreementLabelSchema,
  /** Steps apart on an ordinal scale, absolute difference for numeric; null for categorical. */
  distance: Num,
  rationale: z.string().nullable(),
  /** Per-claim dimensions ("claims this answer states"): the claim id. */
  claim: z.string().optional(),
});
export type Disagreement = z.infer<typeof DisagreementSchema>;

export const WARNING_CODES = [
  'small-n', 'kappa-paradox', 'excluded-values', 'duplicate-verdicts', 'no-definition', 'clustered-pairs',
] as const;
export const AgreementWarningSchema = z.object({
  code: z.enum(WARNING_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AgreementWarning = z.infer<typeof AgreementWarningSchema>;

export const DimensionAgreementSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  /** False when the test set has no definition for this dimension (values taken from the data). */
  defined: z.boolean(),
  labels: z.array(AgreementLabelSchema),
  min: Num,
  max: Num,
  /** Verdicts of the run on this dimension (latest per item). */
  verdicts: int,
  /** (verdict, human label) pairs compared. */
  n: int,
  items: int,
  reviewers: int,
  /** Why nothing could be compared (n = 0). */
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
  coefficients: z.array(CoefficientSchema),
  resampling: z.object({ method: z.enum(['index', 'multinomial']).nullable(), resamples: int, seed: int }),
  confusion: ConfusionSchema.nullable(),
  scatter: ScatterSchema.nullable(),
  bias: BiasSchema.nullable(),
  breakdown: BreakdownSchema,
  /** `blind`: disagreements left out because their case is in a round still labeled blind (verdicts hidden until its reveal). */
  disagreements: z.object({ total: int, blind: int.optional(), tolerance: Num, items: z.array(DisagreementSchema) }),
  /** failureLayer only: how often the judge blames generation where people blamed retrieval or data. */
  failureLayer: z.object({ peopleBlamedRetrievalOrData: int, judgeSaidGeneration: int, rate: FigureSchema }).nullable(),
  warnings: z.array(AgreementWarningSchema),
  /** `claim`: the pairs are the claims of each response ("claims this answer states"), n counts claims. */
  unit: z.enum(['item', 'claim']).optional(),
});
export type DimensionAgreement = z.infer<typeof DimensionAgreementSchema>;

export const JudgeVsHumanSchema = z.object({
  run: JudgeRunSchema,
  reference: ResolvedReferenceSchema,
  /** Why the reference has no data at all (adjudicated values before calibration rounds exist). */
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
  dimensions: z.array(DimensionAgreementSchema),
});
export type JudgeVsHuman = z.infer<typeof JudgeVsHumanSchema>;

export const HumanDisagreementSchema = z.object({
  caseId: z.string(),
  responseId: z.string().nullable(),
  query: z.string().nullable(),
  labels: z.array(z.object({ reviewer: z.string(), value: AgreementLabelSchema })),
});
export type HumanDisagreement = z.infer<typeof HumanDisagreementSchema>;

export const HumanAgreementSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  labels: z.array(AgreementLabelSchema),
  /** Items labeled by two or more people. */
  items: int,
  raters: z.array(z.string()),
  /** Cohen for two people, Fleiss (items labeled by all of them) and Krippendorff for three or more. */
  method: z.enum(['cohen', 'fleiss']).nullable(),
  /** Items labeled by every rater (what Fleiss' kappa uses). */
  completeItems: int,
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
  coefficients: z.array(CoefficientSchema),
  disagreements: z.object({ total: int, tolerance: Num, items: z.array(HumanDisagreementSchema) }),
  warnings: z.array(AgreementWarningSchema),
});
export type HumanAgreement = z.infer<typeof HumanAgreementSchema>;

export const BiasCorrectedDimensionSchema = z.object({
  dimension: z.string(),
  type: z.enum(DIMENSION_TYPES),
  /** Binary: the value counted as a pass. */
  positive: AgreementLabelSchema.nullable(),
  verdicts: int,
  /** Verdict items with a human value (Y, Ŷ) and without (Ŷ unlabeled). */
  labeled: int,
  unlabeled: int,
  /** The judge's mean / pass rate over all its verdicts in the run. */
  judgeRaw: FigureSchema,
  judgeOnLabeled: FigureSchema,
  humanOnLabeled: FigureSchema,
  /** Judge − human on the labeled items. */
  bias: FigureSchema,
  /** Prediction-powered estimate (PPI++, ppi_py `ppi_mean_ci` with lam=None) with its 95% interval. */
  corrected: FigureSchema,
  /** The weight PPI++ gave the judge: 0 = the people's mean alone (the judge adds little), 1 = classic PPI. null when not computed. */
  lambda: Num.optional(),
  reason: z.string().nullable(),
  reasonCode: ReasonCodeSchema.nullish(),
});
export type BiasCorrectedDimension = z.infer<typeof BiasCorrectedDimensionSchema>;

const runId = z.number().int().positive();
const dimension = z.string().min(1).nullish();

export const agreementOps = {
  'judgeRuns.list': op(z.object({}).default({}), z.array(JudgeRunSchema)),
  /** Judge vs human per dimension for one run and one human reference. */
  'agreement.judgeVsHuman': op(z.object({ runId, dimension, reference: ReferenceSchema }), JudgeVsHumanSchema),
  /** Inter-annotator agreement where items carry labels from two or more reviewers. */
  'agreement.humanVsHuman': op(z.object({ dimension }), z.object({ dimensions: z.array(HumanAgreementSchema) })),
  /** Judge's raw mean / pass rate and the PPI bias-corrected estimate, numeric and binary dimensions. */
  'agreement.biasCorrected': op(
    z.object({ runId, dimension, reference: ReferenceSchema }),
    z.object({ run: JudgeRunSchema, reference: ResolvedReferenceSchema, reason: z.string().nullable(), reasonCode: ReasonCodeSchema.nullish(), dimensions: z.array(BiasCorrectedDimensionSchema) }),
  ),
} as const;
