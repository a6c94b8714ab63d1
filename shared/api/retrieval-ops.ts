import { z } from 'zod';
import { noInput, op } from './op';
import { MAX_K, SUMMARY_METRICS } from '../retrieval/report';

/**
 * Retrieval measured against the evidence spans (shared/retrieval/README.md). Undefined
 * figures travel as null next to a reason code; the window words the codes.
 */

const int = z.number().int();
const Num = z.number().nullable();
export const RetrievalListSchema = z.enum(['candidates', 'context']);
/** 1–20 chunks, or 'whole': the final context as a whole (its own length). */
export const CutoffSchema = z.union([z.number().int().min(1).max(MAX_K), z.literal('whole')]);

const metricShape = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(SUMMARY_METRICS.map((m) => [m, schema])) as Record<(typeof SUMMARY_METRICS)[number], T>);

export const MeanFigureSchema = z.object({
  value: Num,
  n: int,
  /** 95% t interval over the per-case values, clamped to the scale. */
  ci95: z.tuple([z.number(), z.number()]).nullable(),
  reason: z.enum(['no-cases', 'one-case']).nullable(),
});
export type MeanFigureOut = z.infer<typeof MeanFigureSchema>;
export const MeansSchema = metricShape(MeanFigureSchema);
export type MeansOut = z.infer<typeof MeansSchema>;
export const CaseValuesSchema = metricShape(Num);

const GroupSchema = z.object({ group: z.string(), n: int, mean: MeansSchema });

export const RetrievalCaseRowSchema = z.object({
  caseId: z.string(),
  query: z.string(),
  responseIds: z.array(z.string()),
  values: CaseValuesSchema,
  units: int,
  unitsFound: int,
});
export type RetrievalCaseRow = z.infer<typeof RetrievalCaseRowSchema>;

export const RetrievalReportSchema = z.object({
  system: z.string(),
  k: CutoffSchema,
  list: RetrievalListSchema,
  n: int,
  excluded: z.object({ noEvidence: int, unanswerable: int, noList: int }),
  mean: MeansSchema,
  bySlice: z.array(GroupSchema),
  byQuestionType: z.array(GroupSchema),
  /** Worst first; the first `CASE_ROWS` of `casesTotal`. */
  cases: z.array(RetrievalCaseRowSchema),
  casesTotal: int,
  unanswerable: z.array(z.object({ caseId: z.string(), query: z.string(), responseIds: z.array(z.string()), chunks: int })),
  noEvidence: z.array(z.object({ caseId: z.string(), query: z.string() })),
});
export type RetrievalReportOut = z.infer<typeof RetrievalReportSchema>;

export const CurvePointSchema = z.object({ k: int, recall: Num, precision: Num, ndcg: Num, n: int });

export const RetrievalUnitSchema = z.object({ docId: z.string(), quote: z.string(), grade: int, claims: z.array(int) });
export type RetrievalUnitOut = z.infer<typeof RetrievalUnitSchema>;

export const RankedChunkSchema = z.object({
  /** 1-based position in rank order. */
  position: int,
  rank: int,
  text: z.string(),
  docId: z.string().nullable(),
  chunkId: z.string().nullable(),
  score: z.number().nullable(),
  /** Indices into the case's units. */
  units: z.array(int),
});
export type RankedChunk = z.infer<typeof RankedChunkSchema>;

export const RetrievalCaseSchema = z.object({
  caseId: z.string(),
  query: z.string(),
  units: z.array(RetrievalUnitSchema),
  responses: z.array(z.object({
    responseId: z.string(),
    candidates: z.array(RankedChunkSchema).nullable(),
    context: z.array(RankedChunkSchema),
  })),
});
export type RetrievalCaseOut = z.infer<typeof RetrievalCaseSchema>;

export const AssemblyLossSchema = z.object({
  /** Responses with a candidate list (the only ones where assembly loss can be seen). */
  responses: int,
  cases: z.array(z.object({
    caseId: z.string(),
    query: z.string(),
    responseId: z.string(),
    lost: z.array(z.object({ docId: z.string(), quote: z.string(), candidateRank: int })),
  })),
});

const RegressionSchema = z.object({
  caseId: z.string(),
  query: z.string(),
  responseId: z.string(),
  baselineResponseId: z.string(),
  recallBefore: z.number(),
  recallAfter: z.number(),
  lost: z.array(z.object({ docId: z.string(), quote: z.string(), rankBefore: int.nullable(), rankAfter: int.nullable() })),
});

export const ComparisonSchema = z.object({
  /** Why the two sides cannot be compared; null when they were. */
  refusal: z.object({ code: z.enum(['different-k', 'different-list']), current: z.string(), baseline: z.string() }).nullable(),
  comparison: z.object({
    n: int,
    current: MeansSchema,
    baseline: MeansSchema,
    difference: MeansSchema,
    bySlice: z.array(z.object({ group: z.string(), n: int, current: MeansSchema, baseline: MeansSchema, difference: MeansSchema })),
    regressions: z.array(RegressionSchema),
  }).nullable(),
});
export type ComparisonOut = z.infer<typeof ComparisonSchema>;

export const SUGGESTED_LAYERS = ['retrieval', 'context-assembly'] as const;
export const HINT_REASONS = ['no-evidence', 'all-in-context', 'not-in-candidates', 'dropped-by-assembly', 'not-in-context-no-candidates'] as const;

export const ResponseHintSchema = z.object({
  responseId: z.string(),
  units: z.array(RetrievalUnitSchema.extend({ contextRank: int.nullable(), candidateRank: int.nullable() })),
  hasCandidates: z.boolean(),
  /** A suggestion for the expert, never saved by itself. */
  suggestion: z.object({ layer: z.enum(SUGGESTED_LAYERS).nullable(), reason: z.enum(HINT_REASONS), missing: int }),
});
export type ResponseHint = z.infer<typeof ResponseHintSchema>;

const system = z.string().trim().min(1).max(200);

export const retrievalOps = {
  'retrieval.systems': op(noInput, z.array(z.object({ system: z.string(), responses: int, withCandidates: int }))),
  'retrieval.report': op(z.object({ system, list: RetrievalListSchema, k: CutoffSchema }), RetrievalReportSchema),
  'retrieval.curve': op(z.object({ system, list: RetrievalListSchema }), z.array(CurvePointSchema)),
  'retrieval.case': op(z.object({ system, caseId: z.string().min(1) }), RetrievalCaseSchema),
  'retrieval.assemblyLoss': op(z.object({ system }), AssemblyLossSchema),
  'retrieval.compare': op(
    z.object({ system, baseline: system, list: RetrievalListSchema, k: CutoffSchema, baselineList: RetrievalListSchema, baselineK: CutoffSchema }),
    ComparisonSchema,
  ),
  'retrieval.responseHint': op(z.object({ responseId: z.string().min(1) }), ResponseHintSchema),
} as const;
