import { z } from 'zod';
import { PastInstantSchema } from '../security/well-formed';
import { text as say } from '../messages/text';
import { ImportDataError } from '../import/errors';
import { parseRow, readExportFile, type ExportFileRow } from './export-file';

/** The columns of `touchstone export adjudications` (JSON Lines keys and CSV header alike), in their written order. */
export const ADJUDICATION_COLUMNS = ['roundId', 'caseId', 'responseId', 'dimension', 'value', 'source', 'decidedBy', 'note', 'at'] as const;
/** The fields that say a file is an adjudications export (a labels export has a reviewer and no source). */
const SIGNATURE = ['roundId', 'caseId', 'dimension', 'value', 'source', 'at'];

export const isAdjudicationsExport = (keys: readonly string[]) => SIGNATURE.every((k) => keys.includes(k));

/** One decision read back from an adjudications export; a CSV value stays text until its dimension is known. */
export interface AdjudicationFileRow {
  line: number;
  roundId: number;
  caseId: string;
  responseId: string | null;
  dimension: string;
  value: ExportFileRow['value'];
  source: 'lead' | 'unanimous';
  decidedBy: string | null;
  note: string | null;
  at: string;
}

const RowSchema = z.strictObject({
  roundId: z.number().int().positive(),
  caseId: z.string().min(1),
  responseId: z.string().min(1).nullable().optional(),
  dimension: z.string().min(1).max(200),
  value: z.union([z.string().min(1), z.number()]),
  source: z.enum(['lead', 'unanimous']),
  decidedBy: z.string().trim().min(1).max(80).nullable().optional(),
  note: z.string().max(2000).nullable().optional(),
  at: PastInstantSchema,
});

function checked({ line, fields, value }: ExportFileRow, file: string): AdjudicationFileRow {
  // a CSV value cell is checked as text here and typed by its dimension later
  const r = parseRow(RowSchema, { ...fields, value: 'json' in value ? value.json : value.cell }, file, line);
  const decidedBy = r.decidedBy ?? null;
  // the lead's decision names who made it; agreement of the labels names no one
  if ((r.source === 'lead') !== (decidedBy !== null)) throw new ImportDataError(file, line, 'decidedBy', say('err.adjudications-file.decider-shape'));
  return {
    line, roundId: r.roundId, caseId: r.caseId, responseId: r.responseId ?? null, dimension: r.dimension, value, source: r.source, decidedBy,
    note: r.note ?? null, at: r.at,
  };
}

/** Reads an adjudications export (JSON Lines or CSV) into decisions with their lines. Pure. */
export function parseAdjudicationFile(file: string, bytes: Uint8Array): AdjudicationFileRow[] {
  const rows = readExportFile(file, bytes, {
    columns: ADJUDICATION_COLUMNS, required: SIGNATURE, integers: ['roundId'],
    unknownColumn: (column) => say('err.adjudications-file.unknown-column', { column, allowed: ADJUDICATION_COLUMNS.join(', ') }),
    notObject: say('err.adjudications-file.not-object'),
  });
  return rows.map((row) => checked(row, file));
}
