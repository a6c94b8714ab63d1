import { normalizeForMatch } from './evidence';

/**
 * Stable claim ids, so a "claims this answer states" label keeps pointing at the claim it marked:
 * - an imported claim is `c<position>` (1-based) in the order the file gave it; the claims editor
 *   gives an imported claim that id when it first edits the list and keeps every id through
 *   edits and reordering; a claim added in the editor gets a new id of its own;
 * - a forbidden claim is its normalised text, so reordering the list changes nothing.
 */
export const importedClaimId = (position: number): string => `c${position + 1}`;

export const forbiddenClaimId = (text: string): string => `f:${normalizeForMatch(text)}`;

/** A case's forbidden claims with their ids, each once: two that differ only in spacing are one claim, with one id and so one mark. */
export function forbiddenClaimsOnce(texts: readonly string[]): { id: string; text: string }[] {
  const seen = new Set<string>();
  return texts.flatMap((text) => {
    const id = forbiddenClaimId(text);
    if (seen.has(id)) return [];
    seen.add(id);
    return [{ id, text }];
  });
}

export const isForbiddenClaimId = (id: string): boolean => id.startsWith('f:');

/** Each claim with its id: the one it carries, else its imported position's. */
export function withClaimIds<T extends { text: string; id?: string | null }>(claims: readonly T[]): (T & { id: string })[] {
  const taken = new Set(claims.map((c) => c.id).filter((id): id is string => !!id));
  return claims.map((c, i) => {
    if (c.id) return { ...c, id: c.id };
    let id = importedClaimId(i);
    // an added claim may never take an imported id that another claim already keeps
    for (let n = 1; taken.has(id); n++) id = `${importedClaimId(i)}.${n}`;
    taken.add(id);
    return { ...c, id };
  });
}

/** A fresh id for a claim added in the editor, unique within the list. */
export function newClaimId(existing: readonly { id?: string | null }[]): string {
  const taken = new Set(existing.map((c) => c.id));
  for (;;) {
    const id = `n${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}
