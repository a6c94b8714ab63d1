import { ApiError } from '../shared/api/contract';
import { text as say } from '../shared/messages/text';
import { invalidateQueues } from './queue-cache';
import { caseContentChanged } from './reask';
import type { Db } from './open';

/**
 * Case fields a tool changes (the conflict-set builder, the split tool): the cases row holds the
 * current value, table case_edits every change with its before and after, who and why.
 */

export type EditedField = 'forbiddenClaims' | 'slices' | 'split';

export interface CaseEdit {
  caseId: string;
  field: EditedField;
  before: unknown;
  after: unknown;
  by: string;
  reason: string;
  at: string;
}

function currentValue(db: Db, caseSeq: number, field: EditedField): unknown {
  if (field === 'slices') return db.prepare('SELECT slice FROM case_slices WHERE case_seq = ? ORDER BY position').pluck().all(caseSeq);
  if (field === 'forbiddenClaims') return JSON.parse(db.prepare('SELECT forbidden_claims FROM cases WHERE seq = ?').pluck().get(caseSeq) as string) as string[];
  return db.prepare('SELECT split FROM cases WHERE seq = ?').pluck().get(caseSeq) ?? null;
}

function writeValue(db: Db, caseSeq: number, field: EditedField, value: unknown): void {
  if (field === 'slices') {
    db.prepare('DELETE FROM case_slices WHERE case_seq = ?').run(caseSeq);
    const insert = db.prepare('INSERT INTO case_slices (case_seq, position, slice) VALUES (?, ?, ?)');
    (value as string[]).forEach((slice, position) => insert.run(caseSeq, position, slice));
  } else if (field === 'forbiddenClaims') {
    db.prepare('UPDATE cases SET forbidden_claims = ? WHERE seq = ?').run(JSON.stringify(value), caseSeq);
  } else {
    db.prepare('UPDATE cases SET split = ? WHERE seq = ?').run(value as string | null, caseSeq);
  }
}

/** Sets one field of one case and records the change; no row when the value is unchanged. Call inside a transaction. */
export function editCase(db: Db, caseId: string, field: EditedField, after: unknown, by: string, reason: string, at = new Date().toISOString()): boolean {
  const seq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck().get(caseId) as number | undefined;
  if (seq === undefined) throw new ApiError('not-found', say('err.case.unknown', { id: caseId }), { file: 'cases.edit', line: null, field: 'caseId' });
  const before = currentValue(db, seq, field);
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
  writeValue(db, seq, field, after);
  db.prepare('INSERT INTO case_edits (case_seq, field, before, after, by, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    seq, field, JSON.stringify(before), JSON.stringify(after), by, reason, at,
  );
  // Slices and splits decide which queues a case is in.
  invalidateQueues(db);
  // forbidden claims are listed in every reviewer's "claims this answer states": asked again
  if (field === 'forbiddenClaims') caseContentChanged(db, seq);
  return true;
}

/** A case's edits, oldest first. */
export function caseEdits(db: Db, caseId: string): CaseEdit[] {
  const rows = db
    .prepare('SELECT e.field, e.before, e.after, e.by, e.reason, e.created_at FROM case_edits e JOIN cases c ON c.seq = e.case_seq WHERE c.id = ? ORDER BY e.id')
    .all(caseId) as { field: EditedField; before: string; after: string; by: string; reason: string; created_at: string }[];
  return rows.map((r) => ({ caseId, field: r.field, before: JSON.parse(r.before), after: JSON.parse(r.after), by: r.by, reason: r.reason, at: r.created_at }));
}
