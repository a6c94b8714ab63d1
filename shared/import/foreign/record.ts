import type { ConcreteImportFormat } from '../types';
import type { FieldReader } from './field-reader';
import type { JsonPositions } from '../json';

/** One score a foreign tool's judge gave a record (a Ragas metric column, a DeepEval metricsData entry, a promptfoo assertion). */
export interface ForeignScore {
  /** The metric's name as the tool writes it ("factual_correctness(mode=f1)", "Answer Relevancy"). */
  metric: string;
  /** null: the tool wrote no score (an empty cell, NaN: the metric failed to run). */
  value: number | null;
  threshold?: number | null;
  reason?: string | null;
  /** The judge model, when the file names it (DeepEval's evaluationModel). */
  model?: string | null;
  /** Where the score came from, for messages and the unused-fields report. */
  field: string;
}

/** What a foreign reader takes from one record, in Touchstone's terms. */
export interface ForeignRecord {
  /** The tool's own id of the record (a Langfuse item id), kept as the case id. */
  id?: string | null;
  query: string | undefined;
  /** Field the question came from (named when it is missing or empty). */
  queryField: string;
  reference?: string;
  /** Reference contexts: each becomes a document the case names as relevant. */
  contexts?: string[];
  /** Expected chunks that support the reference answer: documents, and evidence quotes of one claim (the reference). */
  evidence?: string[];
  /** What the system retrieved: the final context of its response. */
  retrieved?: string[];
  response?: string;
  responseField?: string;
  /** The system that gave the response, when the file names it (a promptfoo provider); else --system. */
  system?: string;
  metadata?: Record<string, unknown>;
  scores?: ForeignScore[];
  slices?: string[];
}

/** One record of a foreign file (a CSV row, a JSONL line, an element of a JSON array), with its line. */
export interface SourceRow {
  line: number;
  values: Record<string, unknown>;
  /** true when every value is a CSV cell (a string). */
  fromCsv: boolean;
  fieldLines?: Map<string, number>;
}

export function rowFromJson(
  values: Record<string, unknown>, line: number, pos: JsonPositions | undefined, lineAt: (offset: number) => number,
): SourceRow {
  const fieldLines = new Map<string, number>();
  if (pos) for (const [k, off] of pos.members) fieldLines.set(k, lineAt(off));
  return { line, values, fromCsv: false, fieldLines };
}

/** A foreign file's records inside a wrapper object (a DeepEval test run, a promptfoo results file). */
export interface Container {
  path: string;
  list: (value: Record<string, unknown>) => unknown;
}

export type ForeignFormatName = Exclude<ConcreteImportFormat, 'jsonl' | 'csv'>;

/** One third-party format: how to recognise it and how to read one record. */
export interface ForeignFormat {
  format: ForeignFormatName;
  label: string;
  /** Case ids without an id of their own: `<idPrefix>-<hash of the question>`. */
  idPrefix: string;
  /** The fields that name this format; shown when a forced format finds none of them. */
  distinctive: readonly string[];
  /** Record keys (or a wrapper object's keys) that are this format. Never true without a distinctive field. */
  matches(keys: readonly string[]): boolean;
  /** When the file is one JSON object wrapping the records. */
  container?: Container;
  /** How a list is written in a CSV cell: Python/JSON list literal, or values joined by a delimiter. */
  csvList: 'literal' | { delimiter: string };
  origin?: 'synthetic' | 'production-failure' | 'hand-written';
  read(r: FieldReader): ForeignRecord;
}
