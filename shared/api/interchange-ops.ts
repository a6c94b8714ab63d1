import { z } from 'zod';
import { op } from './op';
import { CaseFiltersSchema } from './contract-shapes';

export const EXPORT_WHATS = ['cases', 'documents', 'responses', 'verdicts', 'labels', 'adjudications'] as const;
export type ExportWhat = (typeof EXPORT_WHATS)[number];

/** The formats each export is written in (the first is the default) and the file each writes into a folder. */
export const EXPORT_FILE_NAMES: Record<ExportWhat, Record<string, string>> = {
  cases: { jsonl: 'cases.jsonl', ragas: 'cases.ragas.jsonl', deepeval: 'cases.deepeval.json' },
  documents: { jsonl: 'documents.jsonl' },
  responses: { jsonl: 'responses.jsonl', csv: 'responses.csv' },
  verdicts: { jsonl: 'verdicts.jsonl', csv: 'verdicts.csv' },
  labels: { jsonl: 'labels.jsonl', csv: 'labels.csv' },
  adjudications: { jsonl: 'adjudications.jsonl', csv: 'adjudications.csv' },
};
export const exportFormats = (what: ExportWhat): string[] => Object.keys(EXPORT_FILE_NAMES[what]);

const ExportedFileSchema = z.object({ name: z.string(), path: z.string(), bytes: z.number().int(), sha256: z.string() });

export const interchangeOps = {
  /** Writes one export of the open test set into outDir (fixed file name; the same file always gives the same bytes). */
  'exports.write': op(
    z.object({
      what: z.enum(EXPORT_WHATS),
      format: z.string().min(1).max(20),
      /** verdicts only: one judge run (a JSONL of one run imports back as that run). */
      runId: z.number().int().positive().nullish(),
      /** cases only: exactly the cases these Cases-view filters show (none: every case). */
      filters: CaseFiltersSchema.nullish(),
      outDir: z.string().min(1),
    }).refine((i) => exportFormats(i.what).includes(i.format), { message: 'err.export.no-such-format', path: ['format'] }),
    z.object({ dir: z.string(), count: z.number().int(), files: z.array(ExportedFileSchema) }),
  ),
};
