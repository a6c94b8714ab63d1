import { recordHoldoutOpening, type OpeningVia } from '../../db/holdout-openings';
import { requireCaseSeq, requireReviewer } from '../../db/labels';
import type { Db } from '../../db/open';
import { isStorageFault } from '../storage-errors';

/**
 * A person opened a case on purpose (the window never calls this for a selection it made itself or
 * a read-ahead): recorded, with who, when it is a holdout case. An unknown reviewer or case is
 * refused. The case is still shown when the note cannot be written (a full disk, a read-only file):
 * the label that follows would wait under the same fault, with its banner.
 */
export function noteHoldoutOpening(db: Db, caseId: string, reviewerId: number, via: OpeningVia): { holdout: boolean; recorded: boolean } {
  requireReviewer(db, reviewerId, 'holdout.noteOpening');
  const caseSeq = requireCaseSeq(db, caseId, 'holdout.noteOpening');
  const holdout = db.prepare('SELECT split FROM cases WHERE seq = ?').pluck().get(caseSeq) === 'holdout';
  if (!holdout) return { holdout, recorded: false };
  try {
    return { holdout, recorded: recordHoldoutOpening(db, caseSeq, reviewerId, via) };
  } catch (error) {
    if (!isStorageFault(error)) throw error;
    return { holdout, recorded: false };
  }
}
