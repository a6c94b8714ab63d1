import { chunkHolds, distinctUnits, inRankOrder, normalizeForMatch, type RetrievalUnit } from '../retrieval';
import type { DxChunk, DxClaim } from './types';

/**
 * Which of a claim's evidence a ranked list holds, by the retrieval layer's definitions
 * (shared/retrieval/README.md): the case's units, and a chunk holding a unit.
 */
export { normalizeForMatch };

export interface PreparedChunk {
  normalized: string;
  docId: string | null;
}

/** The list in rank order, each chunk's text normalised once. */
export function prepareChunks(chunks: readonly DxChunk[]): PreparedChunk[] {
  return inRankOrder(chunks.map((c, i) => ({ ...c, rank: c.rank ?? i }))).map((c) => ({ normalized: normalizeForMatch(c.text), docId: c.docId ?? null }));
}

export interface ClaimUnits {
  claimId: string;
  units: RetrievalUnit[];
}

/** The claims that have evidence, each with the case's units it cites. */
export function claimUnits(claims: readonly DxClaim[]): ClaimUnits[] {
  const units = distinctUnits(claims.flatMap((c) => c.evidence.map((e) => ({ claim: c.id, docId: e.docId, quote: e.quote }))));
  return claims.flatMap((c) => {
    const own = units.filter((u) => u.claims.includes(c.id));
    return own.length > 0 ? [{ claimId: c.id, units: own }] : [];
  });
}

/** The 1-based position of the first chunk holding the unit, or null. */
export function heldAt(unit: RetrievalUnit, chunks: readonly PreparedChunk[]): number | null {
  for (let i = 0; i < chunks.length; i++) if (chunkHolds(chunks[i].normalized, chunks[i].docId, unit)) return i + 1;
  return null;
}

/** A claim is held when at least one of its units is (the retrieval issue's claim recall). */
export const claimHeld = (claim: ClaimUnits, chunks: readonly PreparedChunk[]): boolean => claim.units.some((u) => heldAt(u, chunks) !== null);
