import { normalizeForMatch } from './normalize';
import type { RetrievalUnit } from './units';

/** A ranked chunk as matching sees it: its text and, when known, its document. */
export interface MatchChunk {
  text: string;
  docId?: string | null;
}

/**
 * A chunk holds a unit when the normalised quote is a substring of the
 * normalised chunk text and the chunk names no document or the same one.
 * A chunk naming a document outside the test set simply holds nothing.
 */
export function chunkHolds(normalizedChunk: string, chunkDocId: string | null | undefined, unit: RetrievalUnit): boolean {
  if (chunkDocId !== null && chunkDocId !== undefined && chunkDocId !== '' && chunkDocId !== unit.docId) return false;
  return normalizedChunk.includes(unit.normalized);
}

/**
 * For each chunk of a ranked list (in rank order), the indices of the units it holds.
 * `seen` keeps normalised texts across lists (a final context repeats its candidates).
 */
export function holdsOfList(units: readonly RetrievalUnit[], chunks: readonly MatchChunk[], seen = new Map<string, string>()): number[][] {
  if (units.length === 0) return chunks.map(() => []);
  return chunks.map((chunk) => {
    let normalized = seen.get(chunk.text);
    if (normalized === undefined) seen.set(chunk.text, (normalized = normalizeForMatch(chunk.text)));
    const held: number[] = [];
    units.forEach((unit, u) => {
      if (chunkHolds(normalized, chunk.docId, unit)) held.push(u);
    });
    return held;
  });
}

/** A chunk list in rank order: by `rank`, ties kept in file order. */
export function inRankOrder<T extends { rank: number }>(chunks: readonly T[]): T[] {
  return chunks.map((c, i) => ({ c, i })).sort((a, b) => a.c.rank - b.c.rank || a.i - b.i).map(({ c }) => c);
}
