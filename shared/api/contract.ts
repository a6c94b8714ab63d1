import { z } from 'zod';
import {
  ANSWERABILITY, CaseSchema, DocumentSchema, IMPORT_FORMATS, IMPORT_KINDS, ORIGINS, ResponseSchema, SPLITS,
} from '../domain/schemas';

/**
 * The one API contract. Electron serves it over IPC, browser mode over the
 * HTTP bridge; the renderer only ever calls `invoke(name, input)`.
 */

export const ErrorLocationSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  field: z.string().nullable(),
});
export type ErrorLocation = z.infer<typeof ErrorLocationSchema>;

export const API_ERROR_CODES = ['invalid-input', 'invalid-data', 'not-found', 'no-test-set', 'conflict', 'internal'] as const;
export const ApiErrorSchema = z.object({
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  location: ErrorLocationSchema.nullish(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

const TestSetInfoSchema = z.object({
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
});
export type CaseFacets = z.infer<typeof CaseFacetsSchema>;

const StoredDocumentSchema = DocumentSchema.extend({ accessScope: z.array(z.string()) });
export const CaseDetailSchema = z.object({
  case: CaseSchema,
  documents: z.array(StoredDocumentSchema),
  responses: z.array(ResponseSchema),
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

export const ImportJobSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  kind: z.enum(IMPORT_KINDS),
  state: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'validating', 'writing', 'finished']),
  done: z.number().int(),
  total: z.number().int(),
  format: z.string().nullable(),
  added: ImportCountsSchema.nullable(),
  error: ApiErrorSchema.nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const TableCountsSchema = z.record(z.string(), z.number().int());

const op = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });
const none = z.object({}).default({});

export const contract = {
  'app.info': op(none, z.object({ version: z.string(), mode: z.enum(['desktop', 'browser']), dataDir: z.string() })),
  'testSets.current': op(none, TestSetInfoSchema.nullable()),
  'testSets.recent': op(none, z.array(z.object({ path: z.string(), name: z.string(), exists: z.boolean() }))),
  'testSets.open': op(z.object({ path: z.string().min(1) }), TestSetInfoSchema),
  'testSets.create': op(z.object({ path: z.string().min(1) }), TestSetInfoSchema),
  'testSets.openDemo': op(none, TestSetInfoSchema),
  'testSets.stats': op(none, TableCountsSchema),
  'cases.list': op(
    z.object({ filters: CaseFiltersSchema, offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(1000) }),
    z.object({ rows: z.array(CaseSummarySchema), offset: z.number().int() }),
  ),
  'cases.facets': op(z.object({ filters: CaseFiltersSchema }), CaseFacetsSchema),
  'cases.get': op(z.object({ id: z.string().min(1) }), CaseDetailSchema),
  'imports.start': op(
    z.object({ kind: z.enum(IMPORT_KINDS), format: z.enum(IMPORT_FORMATS).default('auto'), source: ImportSourceSchema }),
    z.object({ jobId: z.string() }),
  ),
  'imports.status': op(z.object({ jobId: z.string() }), ImportJobSchema),
  /** Desktop only: a native file dialog. Browser mode answers `supported: false`. */
  'dialog.pickPath': op(
    z.object({ purpose: z.enum(['openTestSet', 'createTestSet', 'importFile']) }),
    z.object({ supported: z.boolean(), path: z.string().nullable() }),
  ),
  /** Desktop only: resolves when a menu item is chosen (long poll, so the preload exposes nothing but invoke). */
  'ui.nextMenuCommand': op(none, z.object({ command: z.enum(['openTestSet', 'createTestSet', 'openDemo', 'import', 'none']) })),
} as const;

export type Contract = typeof contract;
export type OpName = keyof Contract;
export type OpInput<N extends OpName> = z.input<Contract[N]['input']>;
export type OpParsedInput<N extends OpName> = z.output<Contract[N]['input']>;
export type OpOutput<N extends OpName> = z.output<Contract[N]['output']>;
export type Handlers = { [N in OpName]: (input: OpParsedInput<N>) => Promise<OpOutput<N>> | OpOutput<N> };

export const OP_NAMES = Object.keys(contract) as OpName[];
export const isOpName = (name: unknown): name is OpName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);

/** An error meant for the person: code, a sentence, and where in their file it happened. */
export class ApiError extends Error {
  constructor(readonly code: ApiErrorBody['code'], message: string, readonly location: ErrorLocation | null = null) {
    super(message);
    this.name = 'ApiError';
  }
  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, location: this.location };
  }
}
