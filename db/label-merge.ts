import { settleCaseMarks } from './case-marks';
import { insertPlannedEvents, type EventPlan } from './label-packs';
import type { Db } from './open';
import { statement } from './statements';

/**
 * A label-pack merge in batches (migration 018): each batch is one short transaction that adds a
 * slice of the planned events with their progress and case marks, and lists its event ids and the
 * reviewers it created; the app's label saves go through between two batches. The last step empties
 * those lists: from then on the merge is part of the file. Until then it can be taken back as a whole
 * (db/merge-rollback.ts), which the merge does when it fails and the file's next opening does
 * when the process was killed, so a merge is all or nothing once it is over. Labels saved meanwhile
 * are never part of a batch and stay.
 */

/** Events per batch: one batch's write must stay well under the 1 s a label may wait. */
export const MERGE_BATCH = 2000;

/** One batch of the plan, in the caller's (immediate) transaction; returns how many reviewers it created. */
export function writeMergeBatch(db: Db, plan: EventPlan, from: number, to: number): number {
  const { reviewersCreated, firstId, lastId } = insertPlannedEvents(db, plan, from, to);
  const remember = statement(db, 'INSERT INTO label_merge_reviewers (reviewer_id) VALUES (?)');
  for (const { id } of reviewersCreated) remember.run(id);
  if (firstId > 0) statement(db, 'INSERT INTO label_merge_batches (first_id, last_id) VALUES (?, ?)').run(firstId, lastId);
  settleCaseMarks(db);
  return reviewersCreated.length;
}

/** The step that makes the merge final: its batches are no longer taken back. */
export function finishMerge(db: Db): void {
  db.exec('DELETE FROM label_merge_batches; DELETE FROM label_merge_reviewers');
}
