import type { KnownRevision } from '../shared/diagnosis/chunk-revision';
import type { Db } from './open';

/** The document revisions as the data and permission layers read them. */

type RevisionRow = { doc_id: string; revision: string; effective_from: string | null; expires_at: string | null; access_scope: string; text: string | null };
const REVISION_COLUMNS = 'doc_id, revision, effective_from, expires_at, access_scope, text';
const toKnownRevision = (r: RevisionRow): KnownRevision => ({
  docId: r.doc_id, revision: r.revision, effectiveFrom: r.effective_from, expiresAt: r.expires_at, accessScope: JSON.parse(r.access_scope) as string[], text: r.text,
});

/** Every document revision, in import order. */
export function knownRevisions(db: Db): KnownRevision[] {
  return (db.prepare(`SELECT ${REVISION_COLUMNS} FROM documents ORDER BY rowid`).all() as RevisionRow[]).map(toKnownRevision);
}

/** The revisions of the given documents, in import order (what one case's chunks and quotes need). */
export function knownRevisionsOf(db: Db, docIds: Iterable<string>): KnownRevision[] {
  const ofDoc = db.prepare(`SELECT rowid AS position, ${REVISION_COLUMNS} FROM documents WHERE doc_id = ?`);
  const rows = [...new Set(docIds)].flatMap((docId) => ofDoc.all(docId) as (RevisionRow & { position: number })[]);
  return rows.sort((a, b) => a.position - b.position).map(toKnownRevision);
}
