import { namedRevision, newestFirst, type ContextChunkRef, type KnownRevision, type RevisionIndex } from './chunk-revision';

/**
 * Why a context chunk is stale, if it is:
 * - 'expired': the revision it names had expired by the case's asOf
 *   (expiresAt is the first day the revision no longer applies);
 * - 'superseded': a newer revision of the same document is in effect at asOf
 *   (without asOf: any newer revision exists);
 * - 'older-text': it names no revision, and its text is found in an older
 *   revision of its document but not in the newest.
 */
export type StaleReason = 'expired' | 'superseded' | 'older-text';

export interface StaleChunk {
  docId: string;
  chunkId: string | null;
  /** The revision the chunk came from (named, or the older one holding its text). */
  revision: string;
  /** The revision that should have been used instead, when there is one. */
  current: string | null;
  reason: StaleReason;
}

const inEffectAt = (revision: KnownRevision, asOf: string) =>
  (revision.effectiveFrom == null || revision.effectiveFrom <= asOf) && (revision.expiresAt == null || revision.expiresAt > asOf);

/** Whitespace does not make a chunk a different text: chunkers re-wrap lines. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether one chunk of a response's final context is stale for a case asked at `asOf` (null: no date). */
export function staleChunk(chunk: ContextChunkRef, index: RevisionIndex, asOf: string | null): StaleChunk | null {
  if (!chunk.docId) return null;
  const revisions = index.get(chunk.docId);
  if (!revisions || revisions.length === 0) return null;
  const ordered = newestFirst(revisions);
  const base = { docId: chunk.docId, chunkId: chunk.chunkId ?? null };
  const named = namedRevision(chunk, revisions);
  if (named) {
    if (asOf && named.expiresAt != null && named.expiresAt <= asOf) {
      const current = ordered.find((r) => inEffectAt(r, asOf));
      return { ...base, revision: named.revision, current: current?.revision ?? null, reason: 'expired' };
    }
    const newer = ordered.slice(0, ordered.indexOf(named));
    const superseding = asOf ? newer.find((r) => inEffectAt(r, asOf)) : newer[0];
    return superseding ? { ...base, revision: named.revision, current: superseding.revision, reason: 'superseded' } : null;
  }
  const [newest, ...older] = ordered;
  const text = squeeze(chunk.text);
  if (!text || typeof newest.text !== 'string' || squeeze(newest.text).includes(text)) return null;
  const holder = older.find((r) => typeof r.text === 'string' && squeeze(r.text).includes(text));
  return holder ? { ...base, revision: holder.revision, current: newest.revision, reason: 'older-text' } : null;
}

/** The stale chunks of one final context. */
export function staleChunks(context: readonly ContextChunkRef[], index: RevisionIndex, asOf: string | null): StaleChunk[] {
  return context.flatMap((chunk) => {
    const stale = staleChunk(chunk, index, asOf);
    return stale ? [stale] : [];
  });
}
