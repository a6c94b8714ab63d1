import { z } from 'zod';
import { SPLIT_UNITS } from '../diagnosis/split-assignment';
import { STOP_STATES } from '../domain/schemas';
import { PageListsSchema, PageVersionSchema } from './diagnosis-ops';
import { op, noInput } from './op';

/** The data, permission and agent layers of the Diagnosis screen, the test-set health panel and the data tools. */

const RateSchema = z.object({
  count: z.number().int(),
  n: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  method: z.enum(['wilson', 'cluster-ratio']),
  clusters: z.number().int().optional(),
});
const FollowOldSchema = z.object({ followed: RateSchema, unlabeled: z.number().int() });
const CountSchema = z.object({ value: z.string(), count: z.number().int() });
const stopCounts = z.object(Object.fromEntries([...STOP_STATES, 'unknown'].map((s) => [s, z.number().int()])) as Record<(typeof STOP_STATES)[number] | 'unknown', z.ZodNumber>);

export const LayersReportSchema = z.object({
  system: z.string(),
  permission: z.object({
    system: z.string(),
    responses: z.number().int(),
    leakingResponses: z.array(
      z.object({
        responseId: z.string(),
        caseId: z.string(),
        restrictedCase: z.boolean(),
        chunks: z.array(z.object({ docId: z.string(), chunkId: z.string().nullable(), rank: z.number().nullable(), documentScope: z.array(z.string()) })),
      }),
    ),
    leakedChunks: z.number().int(),
    scopeUnknownResponses: z.number().int(),
    scopeUnknownChunks: z.number().int(),
  }),
  data: z.object({
    system: z.string(),
    responses: z.number().int(),
    staleContext: RateSchema,
    followedStale: FollowOldSchema,
    conflictRuns: FollowOldSchema,
    conflictSliceNormal: FollowOldSchema,
    followedResponses: z.array(z.string()),
  }),
  staleResponses: z.array(z.object({ caseId: z.string(), responseId: z.string(), docId: z.string(), revision: z.string(), current: z.string().nullable(), reason: z.string() })),
  agent: z.object({
    system: z.string(),
    responses: z.number().int(),
    missedRetrieval: RateSchema,
    needlessRetrieval: RateSchema,
    mustRetrieveUnknown: z.number().int(),
    searchesPerCase: z.object({ mean: z.number().nullable(), n: z.number().int() }),
    stopStates: z.array(z.object({ answerability: z.string(), counts: stopCounts, right: RateSchema.nullable() })),
    cost: z.object({
      accuracy: RateSchema,
      searchesPerCorrect: z.number().nullable(),
      tokensPerCorrect: z.number().nullable(),
      latencyP50: z.number().nullable(),
      latencyP95: z.number().nullable(),
      latencyN: z.number().int(),
    }),
  }),
  suggestions: z.array(
    z.object({
      caseId: z.string(),
      responseId: z.string(),
      suggestion: z.object({
        tag: z.enum(['chunk_boundary', 'rerank_drop', 'stale_revision']),
        docId: z.string(),
        quote: z.string().optional(),
        chunkIds: z.array(z.string().nullable()).optional(),
        candidateRank: z.number().optional(),
        revision: z.string().optional(),
      }),
    }),
  ),
  suggestedByLayer: z.array(z.object({ layer: z.string(), tags: z.array(z.object({ tag: z.string(), count: z.number().int() })) })),
  judgeBlamesGeneration: RateSchema.nullable(),
});
export type LayersReportBody = z.infer<typeof LayersReportSchema>;

export const TestSetHealthSchema = z.object({
  total: z.number().int(),
  byOrigin: z.array(CountSchema),
  originWarning: z.enum(['synthetic-majority', 'no-production-failures']).nullable(),
  byAnswerability: z.array(CountSchema),
  refusalShare: z.object({ count: z.number().int(), n: z.number().int(), value: z.number().nullable() }),
  refusalWarning: z.boolean(),
  bySlice: z.array(CountSchema),
  bySplit: z.array(CountSchema),
  withoutEvidence: z.array(z.string()),
  leakFlagged: z.array(z.string()),
  splitLeaks: z.array(z.object({ kind: z.enum(['group', 'document']), key: z.string(), dev: z.array(z.string()), holdout: z.array(z.string()) })),
  /** Every opening of a holdout case on record: how many, of how many cases, the latest first. */
  holdoutOpenings: z.object({
    total: z.number().int(),
    cases: z.number().int(),
    latest: z.array(z.object({ caseId: z.string(), reviewer: z.string().nullable(), via: z.enum(['label', 'case']), at: z.string() })),
  }),
});
export type TestSetHealthBody = z.infer<typeof TestSetHealthSchema>;

const AffectedSchema = z.object({
  docId: z.string(),
  newestRevision: z.string().nullable(),
  cases: z.array(z.object({ caseId: z.string(), quotes: z.array(z.object({ claim: z.number().int(), quote: z.string(), found: z.boolean().nullable() })) })),
});
export type AffectedBody = z.infer<typeof AffectedSchema>;

/**
 * The data settings of a test set: per question type whether its cases must retrieve (a case's own
 * mustRetrieve wins; a type left out: not known), and whether holdout cases are walked in everyday queues.
 */
export const DataSettingsSchema = z.object({
  mustRetrieve: z.record(z.string().min(1).max(200), z.boolean()),
  holdoutInQueues: z.boolean(),
});

export const diagnosisDataOps = {
  'diagnosis.dataSettings': op(noInput, DataSettingsSchema),
  'diagnosis.saveDataSettings': op(z.object({ settings: DataSettingsSchema }), DataSettingsSchema, { writes: true }),
  /** Every figure; each list of cases cut to its first ones (the rest: diagnosis.cases). */
  'diagnosis.layers': op(z.object({ system: z.string().min(1).max(200) }), LayersReportSchema.extend({ lists: PageListsSchema, version: PageVersionSchema })),
  'diagnosis.health': op(noInput, TestSetHealthSchema),
  /** The cases a document's new revision touches: a queue to re-check and a list of ids to re-run. */
  'diagnosis.affected': op(z.object({ docId: z.string().min(1).max(500) }), AffectedSchema),
  /** Documents with more than one revision (latest import first), each with the cases citing it. */
  'diagnosis.documentChanges': op(noInput, z.array(AffectedSchema)),
  /**
   * since null: the current mark of the documents table (taken before an import). since a mark: the
   * documents that got a new revision after it, each with the cases to re-check.
   */
  'diagnosis.recheck': op(z.object({ since: z.number().int().min(0).nullable() }), z.object({ mark: z.number().int(), changes: z.array(AffectedSchema) })),
  /** The conflict test: altered older copies of the picked cases' documents (returned as documents JSONL) and the implied forbidden claims as case edits. */
  'diagnosis.buildConflictSet': op(
    z.object({
      types: z.array(z.string().min(1).max(200)).min(1).max(50),
      n: z.number().int().min(1).max(10000),
      rule: z.string().max(40),
      shiftDays: z.number().int().min(1).max(36500),
      seed: z.number().int().min(0).max(2 ** 32 - 1),
      by: z.string().trim().min(1).max(200),
    }),
    z.object({
      cases: z.array(z.object({ id: z.string(), added: z.array(z.string()) })),
      eligible: z.number().int(),
      documentsJsonl: z.string(),
      documents: z.number().int(),
      quotesNotFound: z.number().int(),
    }),
    { writes: true },
  ),
  /**
   * A person opened a case on purpose (a click, Enter, moving to it; never a selection the window made
   * itself, never a read-ahead): recorded with the reviewer when it is a holdout case.
   */
  'holdout.noteOpening': op(
    z.object({ caseId: z.string().min(1), reviewerId: z.number().int().positive(), via: z.enum(['label', 'case']) }),
    z.object({ holdout: z.boolean(), recorded: z.boolean() }),
    { writes: true },
  ),
  'diagnosis.assignSplits': op(
    z.object({ unit: z.enum(SPLIT_UNITS), holdoutRatio: z.number().gt(0).lt(1), seed: z.number().int().min(0).max(2 ** 32 - 1), by: z.string().trim().min(1).max(200) }),
    z.object({ holdoutCases: z.number().int(), total: z.number().int(), units: z.number().int(), changed: z.number().int() }),
    { writes: true },
  ),
} as const;
