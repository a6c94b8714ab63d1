import type { Db } from './open';
import { statement } from './statements';

/**
 * Where a case's content changed for every reviewer (table case_content_changes, written by
 * db/reask.ts): the first label event id after the change, or null when it never changed so.
 */
export const contentChangedAt = (db: Db, caseSeq: number): number | null =>
  (statement(db, 'SELECT after_event FROM case_content_changes WHERE case_seq = ?').pluck().get(caseSeq) as number | undefined) ?? null;

/** The same for every case that has one, for a pass over the whole file. */
export const contentChangesByCase = (db: Db): Map<number, number> =>
  new Map(db.prepare('SELECT case_seq, after_event FROM case_content_changes').raw().all() as [number, number][]);
