import type { z } from 'zod';
import type { LocalText } from '../messages/text';
import { describeIssue } from '../import/issues';
import { text as say } from '../messages/text';
import { parseCsv, csvTable } from '../import/csv';
import { ImportDataError, quoteList } from '../import/errors';
import { isPlainObject, parseJsonFast } from '../import/json';
import { decodeUtf8 } from '../import/text';

/**
 * Reading back a table export (`touchstone export labels|adjudications`, JSON Lines or CSV): each row
 * with its line. A CSV cell has no type, so the `value` cell stays text until the dimension it
 * belongs to is known (see labelCellValue); JSON Lines values keep their JSON type.
 */
export interface ExportFileRow {
  line: number;
  /** The row's fields; in CSV, empty cells are left out ("not given") and integer columns are numbers. */
  fields: Record<string, unknown>;
  value: { json: unknown } | { cell: string };
}

export interface ExportFileSpec {
  columns: readonly string[];
  /** The columns a CSV must have (the fields that say what the file is). */
  required: readonly string[];
  /** CSV columns holding whole numbers. */
  integers: readonly string[];
  unknownColumn: (column: string) => LocalText;
  notObject: LocalText;
}

function csvRows(text: string, file: string, spec: ExportFileSpec): ExportFileRow[] {
  const table = csvTable(parseCsv(text, file), file);
  for (const h of table.header) if (!spec.columns.includes(h)) throw new ImportDataError(file, table.headerLine, h, spec.unknownColumn(h));
  for (const req of spec.required) {
    if (!table.header.includes(req)) throw new ImportDataError(file, table.headerLine, req, say('err.csv.missing-column', { column: req, header: quoteList(table.header) }));
  }
  return table.rows.map(({ values, line }) => {
    const fields: Record<string, unknown> = {};
    for (const [k, cell] of Object.entries(values)) {
      if (k === 'value' || cell === '') continue;
      const n = Number(cell);
      fields[k] = spec.integers.includes(k) && Number.isFinite(n) && cell.trim() !== '' ? n : cell;
    }
    const value = values.value ?? '';
    return { line, fields, value: value === '' ? { json: null } : { cell: value } };
  });
}

function jsonlRows(text: string, file: string, spec: ExportFileSpec): ExportFileRow[] {
  const rows: ExportFileRow[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') return;
    const parsed = parseJsonFast(l);
    if (!parsed.ok) throw new ImportDataError(file, i + 1, null, say('err.labels-file.not-json', { reason: parsed.reason }));
    if (!isPlainObject(parsed.value)) throw new ImportDataError(file, i + 1, null, spec.notObject);
    const { value, ...fields } = parsed.value;
    rows.push({ line: i + 1, fields, value: { json: value } });
  });
  return rows;
}

/** A table export's rows (JSON Lines or CSV, told apart by the first character). Pure. */
export function readExportFile(file: string, bytes: Uint8Array, spec: ExportFileSpec): ExportFileRow[] {
  const text = decodeUtf8(bytes, file);
  if (text.trim() === '') throw new ImportDataError(file, null, null, say('err.file.empty'));
  const rows = /^\s*\{/.test(text) ? jsonlRows(text, file, spec) : csvRows(text, file, spec);
  if (rows.length === 0) throw new ImportDataError(file, null, null, say('err.csv.no-rows'));
  return rows;
}

/**
 * The value a CSV cell stands for under a dimension: JSON for claims and lists, a number or
 * true/false when the cell reads as one, else the text itself; the first the dimension accepts wins
 * (`fits`), so a category named "3" stays text while a score of 3 is the number 3.
 */
export function labelCellValue(cell: string, fits: (value: unknown) => boolean): unknown {
  const candidates: unknown[] = [];
  if (/^\s*[[{]/.test(cell)) {
    const parsed = parseJsonFast(cell);
    if (parsed.ok) candidates.push(parsed.value);
  }
  const n = cell.trim() === '' ? NaN : Number(cell);
  if (Number.isFinite(n)) candidates.push(n);
  if (cell === 'true' || cell === 'false') candidates.push(cell === 'true');
  candidates.push(cell);
  return candidates.find(fits) ?? cell;
}

/** A row's fields checked by its schema: the first problem refuses the file, naming the line and the field (an unknown key by its name). */
export function parseRow<S extends z.ZodType>(schema: S, fields: Record<string, unknown>, file: string, line: number): z.output<S> {
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].map(String).join('.');
  throw new ImportDataError(file, line, field || null, describeIssue(issue, schema).message);
}
