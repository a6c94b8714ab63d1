import { z } from 'zod';
import { op } from './op';
import { ImportSourceSchema } from './contract-shapes';
import { IMPORT_FORMATS, WIZARD_KINDS } from '../domain/schemas';

/** The import wizard: what each chosen file holds, known before anything is written. */
export const importWizardOps = {
  'imports.inspect': op(
    z.object({ source: ImportSourceSchema }),
    z.object({
      fileName: z.string(),
      sha256: z.string(),
      /** Null: not recognised; the person chooses. */
      kind: z.enum(WIZARD_KINDS).nullable(),
      format: z.enum(IMPORT_FORMATS).nullable(),
      /** The same bytes were imported into this test set before: the wizard skips the file. */
      /** runId: the judge run these bytes made, when they were a results file. */
      importedBefore: z.object({ fileName: z.string(), importedAt: z.string(), runId: z.number().int().nullable().default(null) }).nullable(),
    }),
  ),
};
