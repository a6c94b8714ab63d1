import { settleCaseMarks } from './case-marks';
import { listDimensions } from './dimensions';
import { refreshProgress } from './label-progress';
import type { Db } from './open';
import { statement } from './statements';

/**
 * Taking back a label-pack merge that did not finish (db/label-merge.ts, migration 018): its batches,
 * newest first, then the reviewers it created. The merge does it when it fails; opening the file does
 * it when the merge's process was killed.
 */

export function hasUnfinishedMerge(db: Db): boolean {
  const listed = statement(db, "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'label_merge_batches')").pluck().get() === 1;
  return listed && statement(db, 'SELECT EXISTS (SELECT 1 FROM label_merge_batches) OR EXISTS (SELECT 1 FROM label_merge_reviewers)').pluck().get() === 1;
}

/**
 * Takes back the newest batch of an unfinished merge (its events, the progress and case marks they
 * moved), or, with no batch left, the reviewers it created that nothing refers to. In the caller's
 * (immediate) transaction; true while there is more to take back. An event that a label given
 * meanwhile undoes stays, so that label keeps what it undid.
 */
export function rollBackMergeStep(db: Db): boolean {
  const batch = statement(db, 'SELECT first_id AS firstId, last_id AS lastId FROM label_merge_batches ORDER BY first_id DESC LIMIT 1').get() as
    | { firstId: number; lastId: number }
    | undefined;
  if (batch) {
    const range = { first: batch.firstId, last: batch.lastId };
    const pairs = db.prepare('SELECT DISTINCT case_seq AS caseSeq, reviewer_id AS reviewerId FROM label_events WHERE id BETWEEN :first AND :last').all(range) as {
      caseSeq: number;
      reviewerId: number;
    }[];
    db.prepare(
      `DELETE FROM label_events WHERE id BETWEEN :first AND :last
         AND id NOT IN (SELECT undoes_event_id FROM label_events WHERE undoes_event_id BETWEEN :first AND :last AND id > :last)`,
    ).run(range);
    db.prepare('DELETE FROM label_merge_batches WHERE first_id = ?').run(batch.firstId);
    const dimensions = listDimensions(db);
    const dirty = statement(db, 'INSERT OR IGNORE INTO case_marks_dirty (case_seq) VALUES (?)');
    for (const { caseSeq, reviewerId } of pairs) {
      refreshProgress(db, caseSeq, reviewerId, dimensions);
      dirty.run(caseSeq);
    }
    settleCaseMarks(db);
    return true;
  }
  const created = statement(db, 'SELECT reviewer_id FROM label_merge_reviewers').pluck().all() as number[];
  for (const id of created) {
    const used = db.prepare(
      `SELECT EXISTS (SELECT 1 FROM label_events WHERE reviewer_id = :id) OR EXISTS (SELECT 1 FROM resume_points WHERE reviewer_id = :id)
           OR EXISTS (SELECT 1 FROM holdout_openings WHERE reviewer_id = :id) OR EXISTS (SELECT 1 FROM conflict_resolutions WHERE resolver_id = :id)
           OR EXISTS (SELECT 1 FROM rounds WHERE revealed_by = :id)
           OR EXISTS (SELECT 1 FROM adjudications WHERE decider_id = :id)`,
    ).pluck().get({ id }) === 1;
    if (used) continue;
    db.prepare('DELETE FROM label_progress WHERE reviewer_id = ?').run(id);
    db.prepare('DELETE FROM case_labelers WHERE reviewer_id = ?').run(id);
    db.prepare('DELETE FROM reviewers WHERE id = ?').run(id);
  }
  db.prepare('DELETE FROM label_merge_reviewers').run();
  return false;
}

/** Takes back a whole unfinished merge, one short transaction per batch (opening a file, or the command line). */
export function rollBackUnfinishedMerge(db: Db): void {
  while (hasUnfinishedMerge(db) && db.transaction(() => rollBackMergeStep(db)).immediate());
}
