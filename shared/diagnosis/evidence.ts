import type { DxChunk, DxClaim } from './types';

/**
 * Which of a claim's evidence a ranked list holds, by the retrieval layer's definitions
 * (shared/retrieval/README.md): quotes and chunk text normalised (NFKC, lower case, no white
 * space); a chunk holds a quote when the quote is inside its text and the chunk names no
 * document or the same one.
 */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s/gu, '');
}

export interface PreparedChunk {
  text: string;
  docId: string | null;
  rank: number;
}

export function prepareChunks(chunks: readonly DxChunk[]): PreparedChunk[] {
  return chunks.map((c, i) => ({ text: normalizeForMatch(c.text), docId: c.docId ?? null, rank: c.rank ?? i + 1 }));
}

export interface ClaimUnits {
  claimId: string;
  units: { docId: string; quote: string }[];
}

/** The claims that have evidence, each with its non-empty normalised quotes. */
export function claimUnits(claims: readonly DxClaim[]): ClaimUnits[] {
  const out: ClaimUnits[] = [];
  for (const claim of claims) {
    const units = claim.evidence.map((e) => ({ docId: e.docId, quote: normalizeForMatch(e.quote) })).filter((u) => u.quote !== '');
    if (units.length > 0) out.push({ claimId: claim.id, units });
  }
  return out;
}

/** The 1-based position of the first chunk holding the unit, or null. */
export function heldAt(unit: { docId: string; quote: string }, chunks: readonly PreparedChunk[]): number | null {
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i];
    if ((c.docId === null || c.docId === unit.docId) && c.text.includes(unit.quote)) return i + 1;
  }
  return null;
}

/** A claim is held when at least one of its units is (the retrieval issue's claim recall). */
export const claimHeld = (claim: ClaimUnits, chunks: readonly PreparedChunk[]): boolean => claim.units.some((u) => heldAt(u, chunks) !== null);
