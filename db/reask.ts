import { refreshProgress } from './label-progress';
import type { Db } from './open';
import { statement } from './statements';

/**
 * The one place a change of a case's content for every reviewer re-asks the steps that judge it
 * ("claims this answer states"): the lead settling its claims or reference answer, a tool editing
 * its forbidden claims. Every label of those steps given before now is asked again (its reviewer's
 * case counts as unfinished until it is given again); a reviewer's own edit of the claims re-asks
 * only their labels and needs no mark (shared/labeling/steps.ts askAgainAfter). Call inside the
 * transaction of the change.
 */
export function caseContentChanged(db: Db, caseSeq: number): void {
  // label events are append-only with integer ids: the next one written gets at least this id
  const next = (statement(db, 'SELECT coalesce(max(id), 0) + 1 FROM label_events').pluck().get() as number);
  statement(db, 'INSERT INTO case_content_changes (case_seq, after_event) VALUES (?, ?) ON CONFLICT (case_seq) DO UPDATE SET after_event = excluded.after_event')
    .run(caseSeq, next);
  refreshProgress(db, caseSeq, null);
}
