import { z } from 'zod';
import { PastInstantSchema } from '../security/well-formed';
import { text as say } from '../messages/text';
import { parseCsv, csvTable } from '../import/csv';
import { describeIssue } from '../import/issues';
import { ImportDataError, quoteList } from '../import/errors';
import { isPlainObject, parseJsonFast } from '../import/json';
import { decodeUtf8 } from '../import/text';
import { LabelValueSchema } from '../domain/dimensions';

/** The columns of `touchstone export labels` (JSON Lines keys and CSV header alike), in their written order. */
export const LABEL_COLUMNS = ['uid', 'caseId', 'responseId', 'dimension', 'value', 'reviewer', 'at', 'reason', 'kind', 'undoes', 'roundId'] as const;
/** The fields that say a file is a labels export (a verdicts file has caseId + dimension too, never reviewer + at). */
const SIGNATURE = ['caseId', 'dimension', 'value', 'reviewer', 'at'];

export const isLabelsExport = (keys: readonly string[]) => SIGNATURE.every((k) => keys.includes(k));

/**
 * A label event read back from a labels export. A CSV cell does not say whether "3" is a score or a
 * category, so its value stays text until the dimension it belongs to is known (see labelCellValue).
 */
export interface LabelFileEvent {
  line: number;
  uid: string | null;
  caseId: string;
  responseId: string | null;
  dimension: string;
  value: { json: unknown } | { cell: string };
  reviewer: string;
  at: string;
  reason: string | null;
  kind: 'set' | 'undo';
  undoes: string | null;
  roundId: number | null;
}

const RowSchema = z.strictObject({
  uid: z.string().min(1).max(200).nullable().optional(),
  caseId: z.string().min(1),
  responseId: z.string().min(1).nullable().optional(),
  dimension: z.string().min(1).max(200),
  value: LabelValueSchema,
  reviewer: z.string().trim().min(1).max(80),
  at: PastInstantSchema,
  reason: z.string().max(2000).nullable().optional(),
  kind: z.enum(['set', 'undo']).optional(),
  undoes: z.string().min(1).max(200).nullable().optional(),
  roundId: z.number().int().positive().nullable().optional(),
});

function checked(raw: Record<string, unknown>, line: number, file: string, value: LabelFileEvent['value']): LabelFileEvent {
  const parsed = RowSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].map(String).join('.');
    throw new ImportDataError(file, line, field || null, describeIssue(issue, RowSchema).message);
  }
  const r = parsed.data;
  const kind = r.kind ?? 'set';
  const undoes = r.undoes ?? null;
  if ((kind === 'undo') !== (undoes !== null)) throw new ImportDataError(file, line, 'undoes', say('err.labels-file.undo-shape'));
  return {
    line, uid: r.uid ?? null, caseId: r.caseId, responseId: r.responseId ?? null, dimension: r.dimension, value, reviewer: r.reviewer,
    at: r.at, reason: r.reason ?? null, kind, undoes, roundId: r.roundId ?? null,
  };
}

/** CSV: empty cells are "not given"; the value cell is kept as text (a CSV cell has no type). */
function csvEvents(text: string, file: string): LabelFileEvent[] {
  const table = csvTable(parseCsv(text, file), file);
  for (const h of table.header) {
    if (!(LABEL_COLUMNS as readonly string[]).includes(h)) {
      throw new ImportDataError(file, table.headerLine, h, say('err.labels-file.unknown-column', { column: h, allowed: LABEL_COLUMNS.join(', ') }));
    }
  }
  for (const req of SIGNATURE) {
    if (!table.header.includes(req)) throw new ImportDataError(file, table.headerLine, req, say('err.csv.missing-column', { column: req, header: quoteList(table.header) }));
  }
  return table.rows.map(({ values, line }) => {
    const raw: Record<string, unknown> = {};
    for (const [k, cell] of Object.entries(values)) {
      if (k === 'value' || cell === '') continue;
      if (k === 'roundId') {
        const n = Number(cell);
        raw[k] = Number.isFinite(n) && cell.trim() !== '' ? n : cell;
      } else raw[k] = cell;
    }
    raw.value = null;
    const value = values.value ?? '';
    return checked(raw, line, file, value === '' ? { json: null } : { cell: value });
  });
}

function jsonlEvents(text: string, file: string): LabelFileEvent[] {
  const events: LabelFileEvent[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') return;
    const parsed = parseJsonFast(l);
    if (!parsed.ok) throw new ImportDataError(file, i + 1, null, say('err.labels-file.not-json', { reason: parsed.reason }));
    if (!isPlainObject(parsed.value)) throw new ImportDataError(file, i + 1, null, say('err.labels-file.not-object'));
    events.push(checked(parsed.value, i + 1, file, { json: parsed.value.value }));
  });
  return events;
}

/** Reads a labels export (JSON Lines or CSV, told apart by the first character) into events with their lines. Pure. */
export function parseLabelFile(file: string, bytes: Uint8Array): LabelFileEvent[] {
  const text = decodeUtf8(bytes, file);
  if (text.trim() === '') throw new ImportDataError(file, null, null, say('err.file.empty'));
  const events = /^\s*\{/.test(text) ? jsonlEvents(text, file) : csvEvents(text, file);
  if (events.length === 0) throw new ImportDataError(file, null, null, say('err.csv.no-rows'));
  return events;
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
