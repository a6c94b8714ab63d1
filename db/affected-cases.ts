import { newestRevisions } from '../shared/documents/revision-order';
import { settledClaimsOf } from '../shared/labeling/conflicts';
import { claimsOf } from './case-queries';
import { settledFields } from './case-fields';
import type { Db } from './open';

/** The cases whose evidence cites a document, and whether each quote is still in its newest revision. */
export interface AffectedCase {
  caseId: string;
  quotes: { claim: number; quote: string; found: boolean | null }[];
}

export interface AffectedReport {
  docId: string;
  /** Null when the test set holds no revision of the document. */
  newestRevision: string | null;
  cases: AffectedCase[];
}

export function affectedCases(db: Db, docId: string): AffectedReport {
  const revisions = db.prepare('SELECT doc_id AS docId, revision, effective_from AS effectiveFrom, text FROM documents WHERE doc_id = ? ORDER BY rowid').all(docId) as {
    docId: string; revision: string; effectiveFrom: string | null; text: string | null;
  }[];
  const newest = newestRevisions(revisions).get(docId) ?? null;
  const rows = db
    .prepare(
      `SELECT DISTINCT c.seq, c.id FROM cases c JOIN claims cl ON cl.case_seq = c.seq JOIN evidence e ON e.claim_id = cl.id WHERE e.doc_id = ?
       UNION SELECT c.seq, c.id FROM cases c JOIN conflict_resolutions r ON r.case_seq = c.seq WHERE r.field = 'claims' AND r.value LIKE ?
       ORDER BY 1`,
    )
    .all(docId, `%${JSON.stringify(docId).slice(1, -1)}%`) as { seq: number; id: string }[];
  const cases = rows.flatMap(({ seq, id }) => {
    // A settled edit of the claims is what the case now says.
    const claims = settledClaimsOf(settledFields(db, seq)) ?? claimsOf(db, seq);
    const quotes = claims.flatMap((claim, i) =>
      claim.evidence.filter((e) => e.docId === docId).map((e) => ({ claim: i + 1, quote: e.quote, found: typeof newest?.text === 'string' ? newest.text.includes(e.quote) : null })),
    );
    return quotes.length > 0 ? [{ caseId: id, quotes }] : [];
  });
  return { docId, newestRevision: newest?.revision ?? null, cases };
}

/** Every document with more than one revision, the most recently imported first, with the cases its change touches. */
export function documentChanges(db: Db): AffectedReport[] {
  const docIds = db
    .prepare('SELECT doc_id FROM documents GROUP BY doc_id HAVING count(*) > 1 ORDER BY max(rowid) DESC')
    .pluck()
    .all() as string[];
  return docIds.map((docId) => affectedCases(db, docId));
}

/** Where the documents table stands: a later import's revisions come after this mark. */
export function documentRevisionMark(db: Db): number {
  return (db.prepare('SELECT coalesce(max(rowid), 0) FROM documents').pluck().get() as number) ?? 0;
}

/**
 * The documents an import after `mark` gave a new revision (they now have more than one), with the
 * cases their change touches: what the window offers as a re-check queue after the import.
 */
export function documentChangesSince(db: Db, mark: number): AffectedReport[] {
  const docIds = db
    .prepare('SELECT doc_id FROM documents GROUP BY doc_id HAVING count(*) > 1 AND max(rowid) > ? ORDER BY max(rowid) DESC')
    .pluck()
    .all(mark) as string[];
  return docIds.map((docId) => affectedCases(db, docId));
}
