import { createHash } from 'node:crypto';
import { ApiError, type ApiErrorBody, type ImportCounts } from '../../shared/api/contract';
import type { ImportFormat, ImportKind } from '../../shared/domain/schemas';
import { ImportDataError } from '../../shared/import/errors';
import { parseImportFile } from '../../shared/import/parse-import';
import { writeRecords } from '../../db/import-writer';
import type { Db } from '../../db/open';

export interface ImportRequest {
  kind: ImportKind;
  format: ImportFormat;
  fileName: string;
  bytes: Uint8Array;
  /** The system version given to responses of Ragas / DeepEval files (they carry none). */
  system?: string;
}

export interface ImportProgress {
  phase: 'reading' | 'validating' | 'writing';
  done: number;
  total: number;
}

export interface ImportOutcome {
  format: string;
  added: ImportCounts;
}

/**
 * The one import implementation (UI, CLI and demo all use it): parse and
 * validate the whole file, then write everything in a single transaction.
 */
export function runImport(db: Db, request: ImportRequest, onProgress: (progress: ImportProgress) => void = () => {}): ImportOutcome {
  onProgress({ phase: 'reading', done: 0, total: 0 });
  const parsed = parseImportFile({
    kind: request.kind,
    format: request.format,
    fileName: request.fileName,
    bytes: request.bytes,
    system: request.system,
    onProgress: (done, total) => onProgress({ phase: 'validating', done, total }),
  });
  const total = parsed.documents.length + parsed.cases.length + parsed.responses.length + parsed.verdicts.length;
  onProgress({ phase: 'writing', done: 0, total });
  const sha256 = createHash('sha256').update(request.bytes).digest('hex');
  const source = { fileName: request.fileName, sha256, reuseIdenticalCases: parsed.format === 'ragas' || parsed.format === 'deepeval' };
  const added = writeRecords(db, parsed, source, (done) => onProgress({ phase: 'writing', done, total }));
  return { format: parsed.format, added };
}

/** Any failure as the error body a person reads: data errors keep file, line and field. */
export function importFailure(error: unknown, fileName: string): ApiErrorBody {
  if (error instanceof ImportDataError) {
    return { code: 'invalid-data', message: `${error.message} Nothing was imported.`, location: { file: error.file, line: error.line, field: error.field } };
  }
  if (error instanceof ApiError) return error.toBody();
  return { code: 'internal', message: `${fileName}: the import failed: ${(error as Error).message}. Nothing was imported.`, location: { file: fileName, line: null, field: null } };
}
