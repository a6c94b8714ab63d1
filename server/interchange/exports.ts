import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { iterateCases, iterateDocuments, iterateResponses } from '../../db/case-queries';
import { ADJUDICATION_COLUMNS, adjudicationRows, LABEL_COLUMNS, labelRows, RESPONSE_COLUMNS, VERDICT_COLUMNS, verdictRows } from '../../db/exports';
import { cleanExportPartials } from '../../db/file-writes';
import type { Db } from '../../db/open';
import type { CaseFilters } from '../../shared/api/contract';
import { caseContexts, deepevalGolden, ragasSample } from '../../shared/interchange/foreign-cases';
import { csvHeader, csvLine, jsonlLine, type ExportRow } from '../../shared/interchange/table';

import { EXPORT_FILE_NAMES, type ExportWhat } from '../../shared/api/interchange-ops';

/** Writes to a temporary file and renames it into place, so a failed export never leaves half a file. */
function writeChunks(path: string, chunks: Iterable<string>): void {
  cleanExportPartials(dirname(path), basename(path));
  const temporary = `${path}.partial`;
  const fd = openSync(temporary, 'w');
  try {
    for (const chunk of chunks) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

function* counted<T>(items: Iterable<T>, counter: { n: number }): Generator<T> {
  for (const item of items) {
    counter.n += 1;
    yield item;
  }
}

function* table(rows: Iterable<ExportRow>, columns: readonly string[], format: string): Generator<string> {
  if (format === 'csv') {
    yield csvHeader(columns);
    for (const row of rows) yield csvLine(columns, row);
  } else {
    for (const row of rows) yield jsonlLine(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
  }
}

/** Writes one export; returns how many records it holds. Every export is deterministic: same file, same bytes. */
export function writeExport(db: Db, what: ExportWhat, format: string, out: string, runId: number | null, filters: CaseFilters | null = null): number {
  const counter = { n: 0 };
  switch (what) {
    case 'cases': {
      if (format === 'jsonl') {
        writeChunks(out, [...counted(iterateCases(db, filters), counter)].map(jsonlLine));
        break;
      }
      const text = db.prepare('SELECT text FROM documents WHERE doc_id = ? ORDER BY revision DESC LIMIT 1').pluck();
      const lookup = (docId: string) => (text.get(docId) as string | null | undefined) ?? null;
      const samples = [...counted(iterateCases(db, filters), counter)].map((c) =>
        format === 'ragas' ? ragasSample(c, caseContexts(c, lookup)) : deepevalGolden(c, caseContexts(c, lookup)));
      // Ragas reads JSON Lines (EvaluationDataset.from_jsonl); DeepEval a JSON list of goldens.
      writeChunks(out, format === 'ragas' ? samples.map(jsonlLine) : [`${JSON.stringify(samples, null, 2)}\n`]);
      break;
    }
    case 'documents':
      writeChunks(out, [...counted(iterateDocuments(db), counter)].map(jsonlLine));
      break;
    case 'responses':
      writeChunks(out, table(counted(iterateResponses(db), counter) as Iterable<ExportRow>, RESPONSE_COLUMNS, format));
      break;
    case 'verdicts': {
      const rows = counted(verdictRows(db, runId), counter);
      writeChunks(out, format === 'csv' ? table((function* () { for (const v of rows) yield v.row; })(), VERDICT_COLUMNS, 'csv') : (function* () { for (const v of rows) yield jsonlLine(v.native); })());
      break;
    }
    case 'labels':
      writeChunks(out, table(counted(labelRows(db), counter), LABEL_COLUMNS, format));
      break;
    case 'adjudications':
      writeChunks(out, table(counted(adjudicationRows(db), counter), ADJUDICATION_COLUMNS, format));
      break;
  }
  return counter.n;
}

/** `exports.write`: one export into a folder under its fixed name, with its size and sha256. */
export function exportToFolder(db: Db, what: ExportWhat, format: string, outDir: string, runId: number | null, filters: CaseFilters | null = null) {
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  const name = EXPORT_FILE_NAMES[what][format];
  const path = join(dir, name);
  const count = writeExport(db, what, format, path, runId, what === 'cases' ? filters : null);
  const bytes = readFileSync(path);
  return { dir, count, files: [{ name, path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }] };
}
