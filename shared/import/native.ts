import type { z } from 'zod';
import { CaseSchema, DocumentSchema, ResponseSchema, VerdictSchema, type ImportKind } from '../domain/schemas';
import type { Collector } from './collector';
import { csvTable, parseCsv, type CsvTable } from './csv';
import { describeType, ImportDataError, quoteList } from './errors';
import { summarizeIssues } from './issues';
import { isPlainObject, parseJsonFast, parseJsonWithPositions } from './json';
import type { SourceText } from './text';

/** Zod schema and noun for each import kind's native records. */
export const NATIVE: Record<ImportKind, { schema: z.ZodType; noun: string; plural: string }> = {
  documents: { schema: DocumentSchema, noun: 'document', plural: 'documents' },
  cases: { schema: CaseSchema, noun: 'case', plural: 'cases' },
  responses: { schema: ResponseSchema, noun: 'response', plural: 'responses' },
  judge: { schema: VerdictSchema, noun: 'verdict', plural: 'verdicts' },
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
  const { schema, noun } = NATIVE[kind];
  let input = raw;
  if (kind === 'responses' && raw.id === undefined && typeof raw.caseId === 'string' && typeof raw.system === 'string') {
    input = { id: `${raw.caseId.trim()}@${raw.system.trim()}`, ...raw };
  }
  // Issues carrying their input (for the message) cost on every record: only a failing one is parsed again with them.
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = schema.safeParse(input, { reportInput: true }).error!.issues;
    const p = summarizeIssues(issues, schema, noun, unit);
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
  if (total === 0) throw new ImportDataError(collector.fileName, null, null, 'the file is empty: it holds no records.');
  let done = 0;
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k];
    if (text.trim() === '') continue;
    const value = parseJsonLine(text, k + 1, src, collector.fileName, done === 0);
    if (!isPlainObject(value)) {
      throw new ImportDataError(collector.fileName, k + 1, null,
        `expected one JSON object ({...}) per line, got ${describeType(value)}.`);
    }
    addNativeRecord(kind, value, k + 1, collector, 'line');
    progress(++done, total);
  }
}

/** Parse one JSONL line, with a precise error naming the line and column. */
export function parseJsonLine(text: string, line: number, src: SourceText, fileName: string, isFirst: boolean): unknown {
  const r = parseJsonFast(text);
  if (r.ok) return r.value;
  let hint = 'Each line must hold one complete JSON object.';
  if (isFirst) {
    try {
      const whole = parseJsonWithPositions(src.text).value;
      hint = `The file is a single JSON ${Array.isArray(whole) ? 'array' : 'document'} spread over several lines; ` +
        'this format needs JSON Lines: one complete record per line.';
    } catch { /* not a whole JSON document either */ }
  }
  throw new ImportDataError(fileName, line, null,
    `not valid JSON: ${r.reason} (at column ${r.offset + 1}). ${hint}`);
}

// ---------------------------------------------------------------- native CSV

type ColumnKind = 'text' | 'opt' | 'list' | 'json' | 'bool';

/** How each native column is read from a CSV cell. Columns not listed are 'opt' (empty cell = absent). */
const COLUMN_KINDS: Partial<Record<ImportKind, Record<string, ColumnKind>>> = {
  cases: { accessScope: 'list', claims: 'json', forbiddenClaims: 'list', relevantDocuments: 'list', slices: 'list' },
  documents: { title: 'text', accessScope: 'list' },
  responses: { answer: 'text', retrievalCalled: 'bool', finalContext: 'json', candidates: 'json', cost: 'json' },
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
      `${NATIVE[kind].plural === 'verdicts' ? 'judge runs' : NATIVE[kind].plural} can only be imported from native JSONL (one record per line), not CSV.`);
  }
  const allowed = nativeKeys(kind);
  for (const h of table.header) {
    if (!allowed.includes(h)) {
      throw new ImportDataError(file, table.headerLine, h,
        `unknown column "${h}". A ${kind} CSV can have the columns: ${allowed.join(', ')} (names are case-sensitive).`);
    }
  }
  for (const req of REQUIRED_COLUMNS[kind] ?? []) {
    if (!table.header.includes(req)) {
      throw new ImportDataError(file, table.headerLine, req,
        `required column "${req}" is missing. The header has: ${quoteList(table.header)}.`);
    }
  }
  const total = table.rows.length;
  if (total === 0) throw new ImportDataError(file, null, null, 'the file has a header row but no data rows.');
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
      throw new ImportDataError(file, line, column, `expected true or false, got ${JSON.stringify(cell)}.`);
    }
    case 'json': {
      if (cell.trim() === '') return undefined;
      const r = parseJsonFast(cell);
      if (!r.ok) {
        throw new ImportDataError(file, line, column,
          `the cell must hold JSON but it does not parse: ${r.reason} (at character ${r.offset + 1} of the cell).`);
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
            `the cell starts with "[" but is not a valid JSON array: ${r.reason} (at character ${r.offset + 1} of the cell). ` +
            'Write lists as a JSON array or as values separated by ";".');
        }
        return r.value;
      }
      return t.split(';').map((x) => x.trim()).filter((x) => x !== '');
    }
  }
}
