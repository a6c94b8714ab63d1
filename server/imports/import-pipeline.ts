import { createHash } from 'node:crypto';
import { ApiError, type ApiErrorBody, type ImportCounts, type ImportReport } from '../../shared/api/contract';
import type { ImportFormat, ImportKind } from '../../shared/domain/schemas';
import { valueProblem, type Dimension } from '../../shared/domain/dimensions';
import { formatLocation, ImportDataError } from '../../shared/import/errors';
import type { JudgeInput } from '../../shared/import/foreign/build';
import type { ColumnMapping } from '../../shared/import/foreign/mapped';
import { parseImportFile } from '../../shared/import/parse-import';
import type { ParsedImport } from '../../shared/import/types';
import { writeRecords } from '../../db/import-writer';
import { saveDimensions } from '../../db/dimension-edits';
import { listDimensions } from '../../db/dimensions';
import { rememberImportedFile, runOfJudgeFile } from '../../db/imported-files';
import type { Db } from '../../db/open';
import { text } from '../../shared/messages/text';

export interface ImportRequest {
  kind: ImportKind;
  format: ImportFormat;
  fileName: string;
  bytes: Uint8Array;
  /** The system version given to responses of foreign files (most carry none). */
  system?: string;
  /** The judge of a foreign results file (Ragas names none). */
  judge?: JudgeInput | null;
  /** Format "mapped": which column holds the question, the reference answer, …. */
  mapping?: ColumnMapping | null;
  /** Define the dimensions a foreign judge's metrics name that the test set lacks (numeric, from the scores' scale). */
  createDimensions?: boolean;
}

export interface ImportProgress {
  phase: 'reading' | 'validating' | 'writing';
  done: number;
  total: number;
}

export interface ImportOutcome {
  format: string;
  added: ImportCounts;
  runId: number | null;
  /** The same file (same sha256) made judge run `runId` before: nothing was written. */
  alreadyImported: boolean;
  report: ImportReport | null;
}

const NOTHING: ImportCounts = { documents: 0, cases: 0, responses: 0, verdicts: 0, judgeRuns: 0 };

/** A file parsed and validated in full, not yet written; or the judge run the same bytes already made. */
export type PreparedImport =
  | { alreadyImported: false; request: ImportRequest; parsed: ParsedImport; sha256: string; dimensions: Dimension[]; report: ImportReport | null; total: number }
  | { alreadyImported: true; outcome: ImportOutcome };

/** Parse and validate the whole file; nothing is written (so a refused or repeated file costs no backup). */
export function prepareImport(db: Db, request: ImportRequest, onProgress: (progress: ImportProgress) => void = () => {}): PreparedImport {
  onProgress({ phase: 'reading', done: 0, total: 0 });
  const sha256 = createHash('sha256').update(request.bytes).digest('hex');
  const parsed = parseImportFile({
    kind: request.kind,
    format: request.format,
    fileName: request.fileName,
    bytes: request.bytes,
    system: request.system,
    judge: request.judge,
    mapping: request.mapping,
    onProgress: (done, total) => onProgress({ phase: 'validating', done, total }),
  });
  if (parsed.verdicts.length > 0) {
    // A results file is one judge run: the same bytes again are that run, not a second one.
    const existing = runOfJudgeFile(db, sha256);
    if (existing !== null) return { alreadyImported: true, outcome: { format: parsed.format, added: NOTHING, runId: existing, alreadyImported: true, report: null } };
  }
  const dimensions = listDimensions(db);
  const report = parsed.report ? foreignReport(parsed, dimensions, request.fileName) : null;
  const total = parsed.documents.length + parsed.cases.length + parsed.responses.length + parsed.verdicts.length;
  return { alreadyImported: false, request, parsed, sha256, dimensions, report, total };
}

/** Write a prepared import in a single transaction (into a staged copy, `deferSearchIndex`: the caller indexes the search rows). */
export function writeImport(db: Db, prepared: PreparedImport, onProgress: (progress: ImportProgress) => void = () => {}, { deferSearchIndex = false } = {}): ImportOutcome {
  if (prepared.alreadyImported) return prepared.outcome;
  const { request, parsed, sha256, dimensions, report, total } = prepared;
  onProgress({ phase: 'writing', done: 0, total });
  const source = { fileName: request.fileName, sha256, reuseIdenticalCases: parsed.report !== null, deferSearchIndex };
  const added = db.transaction(() => {
    if (report && request.createDimensions && report.newDimensions.length > 0) {
      saveDimensions(db, [...dimensions, ...report.newDimensions]);
      report.createdDimensions = report.newDimensions.map((d) => d.name);
    }
    const written = writeRecords(db, parsed, source, (done) => onProgress({ phase: 'writing', done, total }));
    rememberImportedFile(db, { sha256, fileName: request.fileName, kind: request.kind, format: parsed.format });
    return written;
  }).immediate();
  return { format: parsed.format, added, runId: added.judgeRuns ? runOfJudgeFile(db, sha256) : null, alreadyImported: false, report };
}

/**
 * Where a foreign judge's scores land. A metric whose slug the test set
 * defines with a scale the scores fit (faithfulness, numeric 0–1) is that
 * dimension; one that does not fit gets `<slug>_score`; the rest are offered
 * as new numeric dimensions on the scores' scale (0–1 unless they leave it).
 */
function foreignReport(parsed: ParsedImport, dimensions: Dimension[], fileName: string): ImportReport {
  const foreign = parsed.report!;
  const byName = new Map(dimensions.map((d) => [d.name, d]));
  const metrics: ImportReport['metrics'] = [];
  const newDimensions: Dimension[] = [];
  for (const m of foreign.metrics) {
    const verdicts = parsed.verdicts.filter((v) => v.record.dimension === m.dimension);
    const fits = (d: Dimension | undefined) => !!d && d.type === 'numeric' && verdicts.every((v) => valueProblem(d, v.record.value) === null);
    let name = m.dimension;
    if (byName.has(name) && !fits(byName.get(name))) name = `${m.dimension}_score`;
    if (byName.has(name) && !fits(byName.get(name))) {
      throw new ImportDataError(fileName, verdicts[0]?.line ?? null, m.metric,
        text('err.import.metric-misfit', { metric: m.metric, dimension: m.dimension, other: name }));
    }
    for (const v of verdicts) v.record.dimension = name;
    const defined = byName.has(name);
    metrics.push({ metric: m.metric, dimension: name, verdicts: m.scores, empty: m.empty, defined });
    if (!defined && m.scores > 0) {
      newDimensions.push({
        name, label: name === m.metric ? null : m.metric, type: 'numeric',
        scope: verdicts.some((v) => v.record.responseId) ? 'response' : 'case', options: [],
        min: Math.min(0, Math.floor(m.min ?? 0)), max: Math.max(1, Math.ceil(m.max ?? 1)),
      });
    }
  }
  return { read: foreign.read, unused: foreign.unused, metrics, newDimensions, createdDimensions: [] };
}

/**
 * The one import implementation (UI, CLI and demo all use it): parse and
 * validate the whole file, then write everything in a single transaction.
 */
export function runImport(db: Db, request: ImportRequest, onProgress: (progress: ImportProgress) => void = () => {}): ImportOutcome {
  return writeImport(db, prepareImport(db, request, onProgress), onProgress);
}

/** Nothing was added: the file was already imported (reused identical cases) or held no records. */
export const addedNothing = (added: ImportCounts) => Object.values(added).every((n) => n === 0);

/** Any failure as the error body a person reads: data errors keep file, line and field. */
export function importFailure(error: unknown, fileName: string): ApiErrorBody {
  if (error instanceof ImportDataError) {
    const body = new ApiError('invalid-data', text('err.import.refused', { problem: error.text }), { file: error.file, line: error.line, field: error.field }).toBody();
    // the CLI's English names the place first, as every import refusal does
    return { ...body, message: formatLocation(error.file, error.line, error.field) + body.message };
  }
  if (error instanceof ApiError) return error.toBody();
  return new ApiError('internal', text('err.import.failed', { file: fileName, reason: (error as Error).message }), { file: fileName, line: null, field: null }).toBody();
}
