import { z } from 'zod';
import {
  ANSWERABILITY, CaseSchema, DocumentSchema, ORIGINS, SPLITS, StoredResponseSchema, WIZARD_KINDS,
} from '../domain/schemas';
import { LocalTextSchema } from '../messages/text';
import { SettledFieldsSchema } from './conflict-ops';
import { CASE_FLAGS, LABELED_FILTERS } from '../cases/filters';
import { DimensionSchema } from '../domain/dimensions';

/** The shapes the API contract's operations take and give. */

export const ErrorLocationSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  field: z.string().nullable(),
});
export type ErrorLocation = z.infer<typeof ErrorLocationSchema>;

/** 'backend-unavailable': the desktop's data process went away (or is restarting, or shutting down) before answering; the call may or may not have run. */
export const API_ERROR_CODES = ['invalid-input', 'invalid-data', 'not-found', 'no-test-set', 'conflict', 'storage-unavailable', 'backend-unavailable', 'internal'] as const;
/** Why the test-set file could not be written ('storage-unavailable' only): nothing of the failed call was written. */
export const STORAGE_FAULT_REASONS = ['disk-full', 'read-only', 'io-error', 'busy', 'importing'] as const;
export type StorageFaultReason = (typeof STORAGE_FAULT_REASONS)[number];
export const ApiErrorSchema = z.object({
  code: z.enum(API_ERROR_CODES),
  /** The sentence in English (logs, the CLI); worded from `text` when the error has one. */
  message: z.string(),
  /** The sentence as a catalogue key and its values: the window words it in the reader's language. */
  text: LocalTextSchema.nullish(),
  location: ErrorLocationSchema.nullish(),
  reason: z.enum(STORAGE_FAULT_REASONS).nullish(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

export const TestSetInfoSchema = z.object({
  path: z.string(),
  name: z.string(),
  testSetId: z.string(),
  schemaVersion: z.number().int(),
  isDemo: z.boolean(),
});
export type TestSetInfo = z.infer<typeof TestSetInfoSchema>;

export const CaseFiltersSchema = z.object({
  search: z.string().max(500).default(''),
  answerability: z.enum(ANSWERABILITY).nullish(),
  questionType: z.string().nullish(),
  slice: z.string().nullish(),
  split: z.enum(SPLITS).nullish(),
  origin: z.enum(ORIGINS).nullish(),
  /** Only the cases the lead flagged as leaks (they measure the model's memory). */
  leak: z.enum(['leak']).nullish(),
  /** Who labeled the case, relative to `reviewerId` (me): by me, not by me, by others, reviewers disagree. */
  labeled: z.enum(LABELED_FILTERS).nullish(),
  /** A response leaked content the case's user may not see; an expert edited the claims or reference answer. */
  flag: z.enum(CASE_FLAGS).nullish(),
  /** The reviewer labeling in this window ("me" of `labeled`); none: no case is labeled by me. */
  reviewerId: z.number().int().nullish(),
  /** Holdout cases shown or left out; none: the test set's setting decides (db/holdout-visibility.ts). */
  holdout: z.enum(['include', 'exclude']).nullish(),
});
export type CaseFilters = z.input<typeof CaseFiltersSchema>;

export const CaseSummarySchema = z.object({
  id: z.string(),
  query: z.string(),
  answerability: z.string().nullable(),
  questionType: z.string().nullable(),
  origin: z.string().nullable(),
  split: z.string().nullable(),
  slices: z.array(z.string()),
  responseCount: z.number().int(),
  flags: z.array(z.enum(CASE_FLAGS)),
  /** Flagged by the lead as a leak: answered right without retrieval, it measures the model's memory. */
  leak: z.boolean(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const CaseFacetsSchema = z.object({
  total: z.number().int(),
  matching: z.number().int(),
  answerability: FacetSchema,
  questionType: FacetSchema,
  slice: FacetSchema,
  split: FacetSchema,
  origin: FacetSchema,
  leak: FacetSchema,
  labeled: FacetSchema,
  flag: FacetSchema,
  /** Whether holdout cases are shown under these filters, how many match the other filters, and how many the test set has. */
  holdout: z.object({ shown: z.boolean(), matching: z.number().int(), total: z.number().int() }),
});
export type CaseFacets = z.infer<typeof CaseFacetsSchema>;

const StoredDocumentSchema = DocumentSchema.extend({ accessScope: z.array(z.string()) });
export const CaseDetailSchema = z.object({
  case: CaseSchema,
  documents: z.array(StoredDocumentSchema),
  responses: z.array(StoredResponseSchema),
  /** Claims / reference answer as the lead settled them after a conflict (the imported values stay in `case`). */
  settled: SettledFieldsSchema.optional(),
  /** Responses whose final context held chunks of documents outside the case's scope (scopes only, never their text). */
  permissionLeaks: z.array(z.object({
    responseId: z.string(),
    system: z.string(),
    chunks: z.array(z.object({ docId: z.string(), chunkId: z.string().nullable(), rank: z.number().nullable(), documentScope: z.array(z.string()) })),
  })).optional(),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

export const ImportSourceSchema = z.union([
  z.object({ path: z.string().min(1) }),
  z.object({ fileName: z.string().min(1).max(500), contentBase64: z.string() }),
]);

export const ImportCountsSchema = z.object({
  documents: z.number().int(),
  cases: z.number().int(),
  responses: z.number().int(),
  verdicts: z.number().int(),
  judgeRuns: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** What a foreign file held and what became of it: fields read and not used, verdicts per dimension, dimensions to create. */
export const ImportReportSchema = z.object({
  read: z.array(z.string()),
  unused: z.array(z.object({ field: z.string(), records: z.number().int(), reason: z.enum(['unmapped', 'judge-score']) })),
  metrics: z.array(z.object({
    metric: z.string(), dimension: z.string(), verdicts: z.number().int(), empty: z.number().int(),
    /** defined: the test set already has this dimension, so the judge is compared with the human labels on it. */
    defined: z.boolean(),
  })),
  /** Dimensions the verdicts name that the test set does not define (numeric 0–1): created on request. */
  newDimensions: z.array(DimensionSchema),
  createdDimensions: z.array(z.string()),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const AppendedCountsSchema = z.object({
  rows: z.number().int(), added: z.number().int(), alreadyPresent: z.number().int(), reviewersCreated: z.array(z.string()),
  /** Labels files: "claims this answer states" rows that do not mark exactly their case's current claims (kept; see server/interchange/label-import.ts). */
  statedMismatches: z.array(z.object({ line: z.number().int(), caseId: z.string(), unmarked: z.array(z.string()), unknown: z.array(z.string()) })),
});
export type AppendedCounts = z.infer<typeof AppendedCountsSchema>;

export const ImportJobSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  kind: z.enum(WIZARD_KINDS),
  state: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'validating', 'writing', 'finished']),
  done: z.number().int(),
  total: z.number().int(),
  format: z.string().nullable(),
  added: ImportCountsSchema.nullable(),
  /** The judge run the file made, or the run it already made (alreadyImported: nothing was written). */
  runId: z.number().int().nullable().default(null),
  alreadyImported: z.boolean().default(false),
  report: ImportReportSchema.nullable().default(null),
  /** A labels or adjudications export: rows read, appended, already here (skipped), reviewers created by name. */
  appended: AppendedCountsSchema.nullable().default(null),
  error: ApiErrorSchema.nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const TableCountsSchema = z.record(z.string(), z.number().int());
