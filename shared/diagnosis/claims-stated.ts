import { z } from 'zod';
import { forbiddenClaimId, withClaimIds } from './claim-ids';
import { CITATION_VERDICTS, type StatedMark, type StatedState } from './types';

/** The per-response step "Claims this answer states": per claim id, stated or not, and for a stated cited claim whether the citation supports it. */
export const CLAIMS_STATED = 'claimsStated';

export const StatedMarkSchema = z.strictObject({
  stated: z.boolean(),
  citation: z.enum(CITATION_VERDICTS).nullish(),
});

export const ClaimsStatedValueSchema = z.record(z.string().min(1).max(2000), StatedMarkSchema);
export type ClaimsStatedValue = z.infer<typeof ClaimsStatedValueSchema>;

/** Marks compared without the order of their keys or absent citation fields. */
export function sameMarks(a: Readonly<Record<string, StatedMark>>, b: Readonly<Record<string, StatedMark>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (!x || !y || x.stated !== y.stated || (x.citation ?? null) !== (y.citation ?? null)) return false;
  }
  return true;
}

/**
 * The value the figures use: the adjudicated one, else the reviewers' when they all agree (one
 * reviewer always does); reviewers who disagree leave the response out.
 */
export function statedState(adjudicated: unknown, reviewers: readonly unknown[]): StatedState {
  // checked for null first: a failed parse builds its error, and most responses have no adjudication
  const adj = adjudicated != null ? ClaimsStatedValueSchema.safeParse(adjudicated) : null;
  if (adj?.success) return { kind: 'value', marks: adj.data, source: 'adjudicated' };
  const values = reviewers.flatMap((v) => {
    const parsed = v != null ? ClaimsStatedValueSchema.safeParse(v) : null;
    return parsed?.success ? [parsed.data] : [];
  });
  if (values.length === 0) return { kind: 'none' };
  if (values.every((v) => sameMarks(v, values[0]))) return { kind: 'value', marks: values[0], source: 'reviewer' };
  return { kind: 'disagree' };
}

export interface StatedClaim {
  id: string;
  text: string;
  forbidden: boolean;
}

/** The step's list: the required claims (settled, else imported) with their stable ids, then the forbidden claims. */
export function statedClaimList(claims: readonly { text: string; id?: string | null }[], forbidden: readonly string[]): StatedClaim[] {
  return [
    ...withClaimIds(claims).map((c) => ({ id: c.id, text: c.text, forbidden: false })),
    ...forbidden.map((text) => ({ id: forbiddenClaimId(text), text, forbidden: true })),
  ];
}

/** Every listed claim marked (unmarked ones as not stated), citation kept only on stated claims. */
export function completeMarks(list: readonly StatedClaim[], draft: Readonly<Record<string, StatedMark>>): ClaimsStatedValue {
  const out: ClaimsStatedValue = {};
  for (const c of list) {
    const mark = draft[c.id];
    out[c.id] = mark?.stated ? { stated: true, ...(mark.citation ? { citation: mark.citation } : {}) } : { stated: false };
  }
  return out;
}

/** Listed claims the saved value does not cover: the claims changed since, so the step asks again. */
export const unmarkedClaims = (list: readonly StatedClaim[], value: Readonly<Record<string, StatedMark>> | null): StatedClaim[] =>
  value ? list.filter((c) => !(c.id in value)) : [];
