import { revisionsNewestFirst, type DatedRevision } from '../documents/revision-order';

/** What the diagnosis reads of a stored document revision. */
export interface KnownRevision extends DatedRevision {
  expiresAt?: string | null;
  accessScope: readonly string[];
  text?: string | null;
}

/** What the diagnosis reads of a final-context chunk. */
export interface ContextChunkRef {
  docId?: string | null;
  chunkId?: string | null;
  /** The revision the chunk was cut from, when the retriever says so. */
  revision?: string | null;
  text: string;
}

/** A document's revisions in import order, by docId. */
export type RevisionIndex = Map<string, KnownRevision[]>;

export function indexRevisions(documents: readonly KnownRevision[]): RevisionIndex {
  const index: RevisionIndex = new Map();
  for (const d of documents) {
    const list = index.get(d.docId);
    if (list) list.push(d);
    else index.set(d.docId, [d]);
  }
  return index;
}

/**
 * The revision a chunk names: its `revision` field, or else a chunk id of the
 * form `docId@revision#…` (how the bundled sample and many indexers cut ids)
 * when that revision is one the test set holds. Null: the chunk names none.
 */
export function namedRevision(chunk: ContextChunkRef, revisions: readonly KnownRevision[]): KnownRevision | null {
  const name = chunk.revision ?? revisionInChunkId(chunk);
  if (!name) return null;
  return revisions.find((r) => r.revision === name) ?? null;
}

function revisionInChunkId(chunk: ContextChunkRef): string | null {
  if (!chunk.docId || !chunk.chunkId?.startsWith(`${chunk.docId}@`)) return null;
  const rest = chunk.chunkId.slice(chunk.docId.length + 1);
  const end = rest.indexOf('#');
  return end === -1 ? rest : rest.slice(0, end);
}

/** Newest first (shared/documents/revision-order.ts). */
export function newestFirst(revisions: readonly KnownRevision[]): KnownRevision[] {
  return revisionsNewestFirst(revisions);
}
