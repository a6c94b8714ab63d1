import type { AppendedCounts } from '../../shared/api/contract';
import type { AppendedKind } from '../../shared/domain/schemas';
import type { Db } from '../../db/open';
import { importAdjudicationsInto } from './adjudication-import';
import { importLabelFileInto } from './label-import';

/** The import wizard's labels or adjudications file, appended back to the open test set: what it held and what was added. */
export async function appendExport(file: { db: Db; path: string }, kind: AppendedKind, fileName: string, bytes: Uint8Array): Promise<AppendedCounts> {
  if (kind === 'labels') {
    const outcome = await importLabelFileInto(file, fileName, bytes);
    return { rows: outcome.eventCount, added: outcome.added, alreadyPresent: outcome.alreadyPresent, reviewersCreated: outcome.reviewersCreated, statedMismatches: outcome.statedMismatches };
  }
  const outcome = await importAdjudicationsInto(file, fileName, bytes);
  return { rows: outcome.rowCount, added: outcome.added, alreadyPresent: outcome.alreadyPresent, reviewersCreated: outcome.reviewersCreated, statedMismatches: [] };
}
