import { recordHoldoutOpening, type OpeningVia } from '../../db/holdout-openings';
import type { Db } from '../../db/open';
import { storageFaultReason } from '../storage-errors';

/**
 * Notes an opening of a case when it is a holdout case. Reading a case never fails because the
 * note could not be written (a full disk, a read-only file): the window still shows the case.
 */
export function noteHoldoutOpening(db: Db, caseSeq: number, reviewerId: number | null | undefined, via: OpeningVia): void {
  const known = reviewerId != null && db.prepare('SELECT 1 FROM reviewers WHERE id = ?').pluck().get(reviewerId) !== undefined;
  try {
    recordHoldoutOpening(db, caseSeq, known ? (reviewerId as number) : null, via);
  } catch (error) {
    if (!storageFaultReason((error as { code?: unknown }).code)) throw error;
  }
}
