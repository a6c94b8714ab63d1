import type { ForeignReport, JudgeInput } from './foreign/build';
import type { ColumnMapping } from './foreign/mapped';
import type {
  CaseRecord, DocumentRecord, ImportFormat, ImportKind, JudgeConfig, ResponseRecord, VerdictRecord,
} from '../domain/schemas';

/** The formats a file can turn out to be (what `format: 'auto'` resolves to). */
export type ConcreteImportFormat = Exclude<ImportFormat, 'auto'>;

/** A record with the 1-based line of the file it starts on. */
export interface Located<T> {
  record: T;
  line: number;
}

export interface ParseImportOptions {
  kind: ImportKind;
  format: ImportFormat;
  /** Shown in every error message (the file's base name is best). */
  fileName: string;
  bytes: Uint8Array;
  /** Called about every 1000 records and once at the end. */
  onProgress?: (done: number, total: number) => void;
  /** System name for responses taken from Ragas/DeepEval files (default "imported"). */
  system?: string;
  /** The judge of a foreign results file (Ragas names none; DeepEval names its model only). */
  judge?: JudgeInput | null;
  /** Format "mapped": which field holds the question, the reference answer, …. */
  mapping?: ColumnMapping | null;
}

export interface ParsedImport {
  format: ConcreteImportFormat;
  documents: Located<DocumentRecord>[];
  cases: Located<CaseRecord>[];
  responses: Located<ResponseRecord>[];
  verdicts: Located<VerdictRecord>[];
  /** The one judge configuration of a judge file (null for other kinds or an empty run). */
  judge: JudgeConfig | null;
  /** Number of lines in the file. */
  lines: number;
  /** Foreign formats: the fields read, those not used, and the scores per metric. Null for native files. */
  report: ForeignReport | null;
}
