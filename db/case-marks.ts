import type { LabelValue } from '../shared/domain/dimensions';
import { indexRevisions, type ContextChunkRef, type RevisionIndex } from '../shared/diagnosis/chunk-revision';
import { caseMarksOf, type MarkEvent } from '../shared/cases/marks';
import type { ConflictField } from '../shared/labeling/conflicts';
import { decodeLabelValue } from '../shared/labeling/values';
import { knownRevisions, knownRevisionsOf } from './known-revisions';
import type { Db } from './open';
import { statement } from './statements';

/**
 * Keeps case_labelers and case_marks (migration 016) in step with the label events, resolutions,
 * responses and documents they derive from. Triggers note the changed cases in case_marks_dirty;
 * settleCaseMarks re-derives exactly those (all of them after a document change) and empties it.
 * Writers call it at the end of their transaction; readers call it first, so a file written by a
 * program that does not (an older CLI, a hand-made edit) still reads right.
 */

const ALL = 0;

/**
 * The marks this connection re-derived, each with the facet_stamp.marks it moved from and to, so the
 * facet index updates just those cases. Only settles that commit themselves are recorded (one inside
 * a caller's transaction could still be rolled back); a move no entry explains rebuilds the index.
 */
export interface MarksChange {
  from: number;
  to: number;
  /** null: every case was re-derived. */
  seqs: number[] | null;
}
const journals = new WeakMap<Db, MarksChange[]>();
const JOURNAL_SIZE = 256;

export const marksStampOf = (db: Db) => statement(db, 'SELECT marks FROM facet_stamp').pluck().get() as number;

/** The recorded changes of this connection, oldest first. */
export const marksJournal = (db: Db): readonly MarksChange[] => journals.get(db) ?? [];

export function hasDirtyMarks(db: Db): boolean {
  return statement(db, 'SELECT EXISTS (SELECT 1 FROM case_marks_dirty)').pluck().get() === 1;
}

export function settleCaseMarks(db: Db): void {
  if (!hasDirtyMarks(db)) return;
  if (db.readonly) return;
  const own = !db.inTransaction;
  const from = marksStampOf(db);
  let changed: number[] | null = null;
  db.transaction(() => {
    const dirty = statement(db, 'SELECT case_seq FROM case_marks_dirty').pluck().all() as number[];
    const all = dirty.includes(ALL);
    const seqs = all
      ? (db.prepare('SELECT case_seq FROM label_events UNION SELECT case_seq FROM responses UNION SELECT case_seq FROM conflict_resolutions').pluck().all() as number[])
      : dirty;
    if (all) {
      db.prepare('DELETE FROM case_labelers').run();
      db.prepare('DELETE FROM case_marks').run();
    }
    if (all) {
      const revisions = indexRevisions(knownRevisions(db));
      for (const seq of seqs) writeMarks(db, seq, contextsOf(db, seq), revisions, all);
    } else {
      // a label's few cases need the revisions of the documents their contexts cite, not every document of the file
      const contexts = new Map(seqs.map((seq) => [seq, contextsOf(db, seq)]));
      const docIds = [...contexts.values()].flat(2).flatMap((chunk) => (chunk.docId ? [chunk.docId] : []));
      const revisions = indexRevisions(knownRevisionsOf(db, docIds));
      for (const seq of seqs) writeMarks(db, seq, contexts.get(seq)!, revisions, all);
    }
    db.prepare('DELETE FROM case_marks_dirty').run();
    changed = all ? null : seqs;
  }).immediate();
  const to = marksStampOf(db);
  if (own && to !== from) {
    const journal = journals.get(db) ?? [];
    journal.push({ from, to, seqs: changed });
    if (journal.length > JOURNAL_SIZE) journal.shift();
    journals.set(db, journal);
  }
}

/** The final contexts of a case's responses (those that have one). */
function contextsOf(db: Db, caseSeq: number): ContextChunkRef[][] {
  return (statement(db, 'SELECT final_context FROM responses WHERE case_seq = ?').pluck().all(caseSeq) as string[])
    .filter((c) => c !== '[]')
    .map((c) => JSON.parse(c) as ContextChunkRef[]);
}

function writeMarks(db: Db, caseSeq: number, contexts: ContextChunkRef[][], revisions: RevisionIndex, cleared: boolean): void {
  const row = statement(db, 'SELECT access_scope, reference_answer FROM cases WHERE seq = ?').get(caseSeq) as { access_scope: string; reference_answer: string | null } | undefined;
  if (!row) return;
  const events = statement(db, 'SELECT id, response_seq AS responseSeq, dimension, reviewer_id AS reviewerId, value FROM label_events WHERE case_seq = ?').all(caseSeq) as MarkEvent[];
  const settled: Partial<Record<ConflictField, LabelValue>> = {};
  for (const r of statement(db, 'SELECT field, value FROM conflict_resolutions WHERE case_seq = ? ORDER BY id').all(caseSeq) as { field: ConflictField; value: string }[]) {
    settled[r.field] = decodeLabelValue(r.value);
  }
  const editsLabeled = events.some((e) => e.responseSeq === null && (e.dimension === 'claims' || e.dimension === 'referenceAnswer')) || Object.keys(settled).length > 0;
  const marks = caseMarksOf(
    {
      events,
      // imported claims are read only when an expert edited them (most cases never are)
      imported: { claims: editsLabeled ? importedClaims(db, caseSeq) : [], referenceAnswer: row.reference_answer },
      settled,
      caseScope: JSON.parse(row.access_scope) as string[],
      contexts,
    },
    revisions,
  );
  // only the rows that change are written: every write moves the facet stamp
  const before = cleared ? [] : (statement(db, 'SELECT reviewer_id FROM case_labelers WHERE case_seq = ?').pluck().all(caseSeq) as number[]);
  const removeLabeler = statement(db, 'DELETE FROM case_labelers WHERE case_seq = ? AND reviewer_id = ?');
  for (const reviewerId of before) if (!marks.labelers.includes(reviewerId)) removeLabeler.run(caseSeq, reviewerId);
  const addLabeler = statement(db, 'INSERT INTO case_labelers (case_seq, reviewer_id) VALUES (?, ?)');
  for (const reviewerId of marks.labelers) if (!before.includes(reviewerId)) addLabeler.run(caseSeq, reviewerId);
  const flags = [marks.disagree ? 1 : 0, marks.edited ? 1 : 0, marks.permissionLeak ? 1 : 0];
  if (flags.some((f) => f === 1)) {
    statement(
      db,
      `INSERT INTO case_marks (case_seq, disagree, edited, permission_leak) VALUES (?, ?, ?, ?)
       ON CONFLICT (case_seq) DO UPDATE SET disagree = excluded.disagree, edited = excluded.edited, permission_leak = excluded.permission_leak
       WHERE (disagree, edited, permission_leak) IS NOT (excluded.disagree, excluded.edited, excluded.permission_leak)`,
    ).run(caseSeq, ...flags);
  } else if (!cleared) {
    statement(db, 'DELETE FROM case_marks WHERE case_seq = ?').run(caseSeq);
  }
}

function importedClaims(db: Db, caseSeq: number): LabelValue {
  const claims = statement(db, 'SELECT id, text FROM claims WHERE case_seq = ? ORDER BY position').all(caseSeq) as { id: number; text: string }[];
  const evidenceOf = statement(db, 'SELECT doc_id AS docId, quote FROM evidence WHERE claim_id = ? ORDER BY position');
  return claims.map((c) => ({ text: c.text, evidence: evidenceOf.all(c.id) as { docId: string; quote: string }[] }));
}
