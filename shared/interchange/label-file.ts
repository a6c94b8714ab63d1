import { z } from 'zod';
import { PastInstantSchema } from '../security/well-formed';
import { text as say } from '../messages/text';
import { ImportDataError } from '../import/errors';
import { LabelValueSchema } from '../domain/dimensions';
import { ClaimsStatedValueSchema } from '../diagnosis/claims-stated';
import { parseRow, readExportFile, type ExportFileRow } from './export-file';

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
  value: ExportFileRow['value'];
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

const MarksRowSchema = z.object({ value: ClaimsStatedValueSchema });

function checked({ line, fields, value }: ExportFileRow, file: string): LabelFileEvent {
  // a CSV value cell is typed later, by its dimension
  const json = 'json' in value ? value.json : null;
  // an object can only be "claims this answer states" marks: checked as such, its problem is named where it is (value.c1.stated)
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) parseRow(MarksRowSchema, { value: json }, file, line);
  const r = parseRow(RowSchema, { ...fields, value: json }, file, line);
  const kind = r.kind ?? 'set';
  const undoes = r.undoes ?? null;
  if ((kind === 'undo') !== (undoes !== null)) throw new ImportDataError(file, line, 'undoes', say('err.labels-file.undo-shape'));
  return {
    line, uid: r.uid ?? null, caseId: r.caseId, responseId: r.responseId ?? null, dimension: r.dimension, value, reviewer: r.reviewer,
    at: r.at, reason: r.reason ?? null, kind, undoes, roundId: r.roundId ?? null,
  };
}

/** Reads a labels export (JSON Lines or CSV) into events with their lines. Pure. */
export function parseLabelFile(file: string, bytes: Uint8Array): LabelFileEvent[] {
  const rows = readExportFile(file, bytes, {
    columns: LABEL_COLUMNS, required: SIGNATURE, integers: ['roundId'],
    unknownColumn: (column) => say('err.labels-file.unknown-column', { column, allowed: LABEL_COLUMNS.join(', ') }),
    notObject: say('err.labels-file.not-object'),
  });
  return rows.map((row) => checked(row, file));
}
