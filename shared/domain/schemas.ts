import { z } from 'zod';

/** Shared field vocabularies, as SPEC's domain model names them. */
export const ORIGINS = ['production-failure', 'hand-written', 'synthetic'] as const;
export const SPLITS = ['dev', 'holdout'] as const;
export const ANSWERABILITY = ['answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted'] as const;
export const DEFAULT_QUESTION_TYPES = ['policy-and-amounts', 'how-to', 'fact', 'multi-hop'] as const;
export const DEFAULT_SLICES = [
  'exact-id', 'paraphrase', 'multi-hop', 'time-sensitive', 'table', 'negation', 'conflict',
  'unanswerable', 'cross-language', 'long-tail', 'permission', 'prompt-injection',
] as const;

const id = z.string().trim().min(1, 'err.schema.non-empty-string');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'err.schema.date');
const stringList = z.array(z.string());

export const EvidenceSchema = z.strictObject({
  docId: id,
  quote: z.string().min(1, 'err.schema.non-empty-quote'),
  start: z.number().int().nonnegative().nullish(),
  end: z.number().int().nonnegative().nullish(),
  /** Graded relevance for retrieval metrics: 1 (relevant) to 3 (essential); absent means 1. */
  grade: z.number().int('must be a whole number 1, 2 or 3').min(1, 'must be 1, 2 or 3').max(3, 'must be 1, 2 or 3').nullish(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const ClaimSchema = z.strictObject({
  text: z.string().min(1, 'err.schema.non-empty-claim'),
  evidence: z.array(EvidenceSchema).default([]),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const DocumentSchema = z.strictObject({
  docId: id,
  title: z.string(),
  revision: id,
  effectiveFrom: isoDate.nullish(),
  expiresAt: isoDate.nullish(),
  supersedes: z.string().nullish(),
  supersededBy: z.string().nullish(),
  accessScope: stringList.default([]),
  text: z.string().nullish(),
});
export type DocumentRecord = z.infer<typeof DocumentSchema>;

export const CaseSchema = z.strictObject({
  id,
  query: z.string().min(1, 'err.schema.non-empty-question'),
  corpusRevision: z.string().nullish(),
  accessScope: stringList.default([]),
  referenceAnswer: z.string().nullish(),
  claims: z.array(ClaimSchema).default([]),
  forbiddenClaims: stringList.default([]),
  relevantDocuments: stringList.default([]),
  slices: stringList.default([]),
  questionType: z.string().nullish(),
  answerability: z.enum(ANSWERABILITY).nullish(),
  origin: z.enum(ORIGINS).nullish(),
  split: z.enum(SPLITS).nullish(),
  group: z.string().nullish(),
  /** Flagged by the lead: answered right without retrieval, so it measures the model's memory. */
  leak: z.boolean().nullish(),
  /** Fields of a foreign record that have no place above (a Langfuse item's metadata, a golden's name), kept as they came. */
  metadata: z.record(z.string(), z.unknown()).nullish(),
  /** The date the question is asked: a chunk is stale when its revision is not the one in effect then. */
  asOf: isoDate.nullish(),
  /** Whether answering needs retrieval; absent: the question type's default (policy and amounts must). */
  mustRetrieve: z.boolean().nullish(),
});
export type CaseRecord = z.infer<typeof CaseSchema>;

export const ContextChunkSchema = z.strictObject({
  docId: z.string().nullish(),
  chunkId: z.string().nullish(),
  text: z.string(),
  rank: z.number().int().nonnegative(),
  revision: z.string().nullish(),
  score: z.number().nullish(),
});
export type ContextChunk = z.infer<typeof ContextChunkSchema>;

export const CostSchema = z.strictObject({
  inputTokens: z.number().nonnegative().nullish(),
  outputTokens: z.number().nonnegative().nullish(),
  latencyMs: z.number().nonnegative().nullish(),
  toolCalls: z.number().int().nonnegative().nullish(),
});

/**
 * Under which condition a response was produced: `normal` is the system as it
 * runs; the others are diagnostic runs (the context replaced or withheld) that
 * retrieval metrics leave out.
 */
export const RESPONSE_CONDITIONS = ['normal', 'gold-context', 'no-retrieval', 'distractors-only', 'reordered', 'conflict'] as const;
export type ResponseCondition = (typeof RESPONSE_CONDITIONS)[number];

/** How an agent's run ended. NEEDS_USER_INPUT is the right stop for an underspecified question. */
export const STOP_STATES = ['COMPLETED', 'NEEDS_USER_INPUT', 'BUDGET_EXCEEDED', 'CANCELLED', 'FAILED'] as const;
export type StopState = (typeof STOP_STATES)[number];

/** One tool call of an agent's run, in call order. */
export const ToolCallSchema = z.strictObject({
  tool: id,
  query: z.string().nullish(),
  resultCount: z.number().int().nonnegative().nullish(),
  latencyMs: z.number().nonnegative().nullish(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** A span of the answer (code-point offsets, end exclusive, never empty) and what it cites. */
export const CitationSchema = z.strictObject({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  docId: z.string().nullish(),
  chunkId: z.string().nullish(),
  quote: z.string().nullish(),
});
export type Citation = z.infer<typeof CitationSchema>;

const ResponseFields = z.strictObject({
  id,
  caseId: id,
  system: id,
  answer: z.string(),
  retrievalCalled: z.boolean().nullish(),
  finalContext: z.array(ContextChunkSchema).default([]),
  /** The ranked list the retriever returned before context assembly; finalContext is what the model saw. */
  candidates: z.array(ContextChunkSchema).nullish(),
  condition: z.enum(RESPONSE_CONDITIONS).nullish(),
  cost: CostSchema.nullish(),
  stopState: z.enum(STOP_STATES).nullish(),
  trajectory: z.array(ToolCallSchema).default([]),
  /** The answer's citations; checked by rule against the final context and the documents (shared/diagnosis/citations.ts). */
  citations: z.array(CitationSchema).nullish(),
});

/**
 * The answer's citations: each span within the answer (code points) and, on import (`nonEmpty`), ending
 * after its start. An empty span cites nothing of the answer: an exporter's off-by-one, said rather than
 * shown as a citation of nothing; files imported before it was refused may hold one and still open.
 */
const citationSpans = (nonEmpty: boolean) => (r: z.infer<typeof ResponseFields>, ctx: z.RefinementCtx) => {
  const length = [...r.answer].length;
  (r.citations ?? []).forEach((c, i) => {
    if (nonEmpty ? c.end <= c.start : c.end < c.start) ctx.addIssue({ code: 'custom', path: ['citations', i, 'end'], message: 'err.citation.not-after-start', input: c.end, params: { start: c.start } });
    else if (c.end > length) ctx.addIssue({ code: 'custom', path: ['citations', i, 'end'], message: 'err.citation.beyond-answer', input: c.end, params: { length } });
  });
};

/** A response as an import takes it. */
export const ResponseSchema = ResponseFields.superRefine(citationSpans(true));
/** A response as the file holds it (what the window is sent). */
export const StoredResponseSchema = ResponseFields.superRefine(citationSpans(false));
export type ResponseRecord = z.infer<typeof ResponseSchema>;

export const JudgeConfigSchema = z.strictObject({
  model: id,
  version: id,
  promptVersion: id,
  promptHash: z.string().nullish(),
});
export type JudgeConfig = z.infer<typeof JudgeConfigSchema>;

export const VerdictSchema = z.strictObject({
  caseId: id,
  responseId: z.string().nullish(),
  judge: JudgeConfigSchema,
  dimension: id,
  /** A string or number; "claims this answer states" takes its per-claim marks (checked against the dimension on import). */
  value: z.union([z.string(), z.number(), z.record(z.string().min(1).max(2000), z.strictObject({ stated: z.boolean(), citation: z.enum(['supported', 'unsupported', 'none']).nullish() }))]),
  rationale: z.string().nullish(),
  /** The pass threshold the judge applied to a score (DeepEval, promptfoo), kept beside the value. */
  threshold: z.number().nullish(),
});
export type VerdictRecord = z.infer<typeof VerdictSchema>;

export const IMPORT_KINDS = ['documents', 'cases', 'responses', 'judge'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Exports of human decisions the import wizard takes back too: appended as events (labels) or decisions (adjudications), not parsed as records. */
export const APPENDED_KINDS = ['labels', 'adjudications'] as const;
export type AppendedKind = (typeof APPENDED_KINDS)[number];
export const WIZARD_KINDS = [...IMPORT_KINDS, ...APPENDED_KINDS] as const;
export type WizardKind = (typeof WIZARD_KINDS)[number];
export const isAppendedKind = (kind: WizardKind): kind is AppendedKind => (APPENDED_KINDS as readonly string[]).includes(kind);
export const IMPORT_FORMATS = [
  'auto', 'jsonl', 'csv', 'ragas', 'deepeval', 'langsmith', 'langfuse', 'phoenix', 'promptfoo', 'openai-evals', 'trulens', 'mapped',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
