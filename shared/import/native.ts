import type { z } from 'zod';
import { CaseSchema, DocumentSchema, ResponseSchema, VerdictSchema, type ImportKind } from '../domain/schemas';
import type { Collector } from './collector';
import { csvTable, parseCsv, type CsvTable } from './csv';
import { describeType, ImportDataError, quoteList } from './errors';
import { summarizeIssues } from './issues';
import { text as say } from '../messages/text';
import { isPlainObject, parseJsonFast, parseJsonWithPositions } from './json';
import type { SourceText } from './text';

/** Zod schema of each import kind's native records. */
export const NATIVE: Record<ImportKind, { schema: z.ZodType }> = {
  documents: { schema: DocumentSchema },
  cases: { schema: CaseSchema },
  responses: { schema: ResponseSchema },
  judge: { schema: VerdictSchema },
};

export function nativeKeys(kind: ImportKind): string[] {
  return Object.keys((NATIVE[kind].schema as unknown as { shape: Record<string, unknown> }).shape);
}

export type Progress = (done: number, total: number) => void;

export function progressReporter(onProgress: Progress | undefined): Progress {
  return (done, total) => {
    if (onProgress && (done % 1000 === 0 || done === total)) onProgress(done, total);
  };
}

/**
 * Validate one native record of `kind` with its zod schema and add it to the
 * collector. A response without an `id` gets `<caseId>@<system>`.
 */
export function addNativeRecord(
  kind: ImportKind, raw: Record<string, unknown>, line: number, collector: Collector, unit: 'line' | 'row',
): void {
  const { schema } = NATIVE[kind];
  let input = raw;
  if (kind === 'responses' && raw.id === undefined && typeof raw.caseId === 'string' && typeof raw.system === 'string') {
    input = { id: `${raw.caseId.trim()}@${raw.system.trim()}`, ...raw };
  }
  // Issues carrying their input (for the message) cost on every record: only a failing one is parsed again with them.
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = schema.safeParse(input, { reportInput: true }).error!.issues;
    const p = summarizeIssues(issues, schema, unit);
    throw new ImportDataError(collector.fileName, line, p.field, p.message);
  }
  const rec = result.data as never;
  switch (kind) {
    case 'documents': collector.addDocument(rec, line); break;
    case 'cases': collector.addCase(rec, line); break;
    case 'responses': collector.addResponse(rec, line); break;
    case 'judge': collector.addVerdict(rec, line); break;
  }
}

/** Native JSON Lines: one JSON object per line; blank lines are skipped but counted. */
export function readNativeJsonl(kind: ImportKind, src: SourceText, collector: Collector, progress: Progress): void {
  const lines = src.lines();
  const total = lines.reduce((n, l) => (l.trim() === '' ? n : n + 1), 0);
  if (total === 0) throw new ImportDataError(collector.fileName, null, null, say('err.import.no-records-native'));
  let done = 0;
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k];
    if (text.trim() === '') continue;
    const value = parseJsonLine(text, k + 1, src, collector.fileName, done === 0);
    if (!isPlainObject(value)) {
      throw new ImportDataError(collector.fileName, k + 1, null,
        say('err.import.not-an-object-line', { got: describeType(value) }));
    }
    addNativeRecord(kind, value, k + 1, collector, 'line');
    progress(++done, total);
  }
}

/** Parse one JSONL line, with a precise error naming the line and column. */
export function parseJsonLine(text: string, line: number, src: SourceText, fileName: string, isFirst: boolean): unknown {
  const r = parseJsonFast(text);
  if (r.ok) return r.value;
  let hint = say('err.import.jsonl-hint');
  if (isFirst) {
    try {
      const whole = parseJsonWithPositions(src.text).value;
      hint = say(Array.isArray(whole) ? 'err.import.jsonl-whole-array' : 'err.import.jsonl-whole-document');
    } catch { /* not a whole JSON document either */ }
  }
  throw new ImportDataError(fileName, line, null, say('err.import.bad-json-line', { reason: r.reason, column: r.offset + 1, hint }));
}

// ---------------------------------------------------------------- native CSV

type ColumnKind = 'text' | 'opt' | 'list' | 'json' | 'bool';

/** How each native column is read from a CSV cell. Columns not listed are 'opt' (empty cell = absent). */
const COLUMN_KINDS: Partial<Record<ImportKind, Record<string, ColumnKind>>> = {
  cases: { accessScope: 'list', claims: 'json', forbiddenClaims: 'list', relevantDocuments: 'list', slices: 'list' },
  documents: { title: 'text', accessScope: 'list' },
  responses: { answer: 'text', retrievalCalled: 'bool', finalContext: 'json', candidates: 'json', cost: 'json', citations: 'json' },
};

const REQUIRED_COLUMNS: Partial<Record<ImportKind, string[]>> = {
  cases: ['id', 'query'],
  documents: ['docId', 'title', 'revision'],
  responses: ['caseId', 'system', 'answer'],
};

export function readCsvTable(src: SourceText, fileName: string): CsvTable {
  return csvTable(parseCsv(src.text, fileName), fileName);
}

export function readNativeCsv(kind: ImportKind, table: CsvTable, collector: Collector, progress: Progress): void {
  const file = collector.fileName;
  const kinds = COLUMN_KINDS[kind];
  if (!kinds) {
    throw new ImportDataError(file, null, null,
      say('err.import.jsonl-only', { kind: say(`err.kind.${kind}`) }));
  }
  const allowed = nativeKeys(kind);
  for (const h of table.header) {
    if (!allowed.includes(h)) {
      throw new ImportDataError(file, table.headerLine, h,
        say('err.csv.unknown-column', { column: h, kind: say(`err.kind.${kind}`), allowed: allowed.join(', ') }));
    }
  }
  for (const req of REQUIRED_COLUMNS[kind] ?? []) {
    if (!table.header.includes(req)) {
      throw new ImportDataError(file, table.headerLine, req,
        say('err.csv.missing-column', { column: req, header: quoteList(table.header) }));
    }
  }
  const total = table.rows.length;
  if (total === 0) throw new ImportDataError(file, null, null, say('err.csv.no-rows'));
  let done = 0;
  for (const row of table.rows) {
    const obj: Record<string, unknown> = {};
    for (const h of table.header) {
      const cell = row.values[h];
      const v = cellValue(kinds[h] ?? 'opt', cell, h, row.line, file);
      if (v !== undefined) obj[h] = v;
    }
    addNativeRecord(kind, obj, row.line, collector, 'row');
    progress(++done, total);
  }
}

function cellValue(kind: ColumnKind, cell: string, column: string, line: number, file: string): unknown {
  switch (kind) {
    case 'text':
      return cell;
    case 'opt':
      return cell === '' ? undefined : cell;
    case 'bool': {
      const t = cell.trim().toLowerCase();
      if (t === '') return undefined;
      if (['true', 'yes', '1'].includes(t)) return true;
      if (['false', 'no', '0'].includes(t)) return false;
      throw new ImportDataError(file, line, column, say('err.csv.not-boolean', { got: JSON.stringify(cell) }));
    }
    case 'json': {
      if (cell.trim() === '') return undefined;
      const r = parseJsonFast(cell);
      if (!r.ok) {
        throw new ImportDataError(file, line, column,
          say('err.csv.bad-json-cell', { reason: r.reason, at: r.offset + 1 }));
      }
      return r.value;
    }
    case 'list': {
      const t = cell.trim();
      if (t === '') return undefined;
      if (t.startsWith('[')) {
        const r = parseJsonFast(t);
        if (!r.ok) {
          throw new ImportDataError(file, line, column,
            say('err.csv.bad-list-cell', { reason: r.reason, at: r.offset + 1 }));
        }
        return r.value;
      }
      return t.split(';').map((x) => x.trim()).filter((x) => x !== '');
    }
  }
}
