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

const VERDICTS: ReadonlySet<unknown> = new Set(CITATION_VERDICTS);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * ClaimsStatedValueSchema's check written out: the value itself when it is one, else null. The
 * Diagnosis figures read a stored value for every response, and a zod parse of each of a hundred
 * thousand costs a good part of the page's time (test/unit/claims-stated-check.test.ts keeps the
 * two in agreement).
 */
export function asClaimsStated(value: unknown): ClaimsStatedValue | null {
  if (!isRecord(value)) return null;
  for (const key in value) {
    if (key.length < 1 || key.length > 2000) return null;
    const mark = value[key];
    if (!isRecord(mark) || typeof mark.stated !== 'boolean') return null;
    for (const field in mark) if (field !== 'stated' && field !== 'citation') return null;
    if (mark.citation != null && !VERDICTS.has(mark.citation)) return null;
  }
  return value as ClaimsStatedValue;
}

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
  const adj = asClaimsStated(adjudicated);
  if (adj) return { kind: 'value', marks: adj, source: 'adjudicated' };
  const values = reviewers.flatMap((v) => {
    const marks = asClaimsStated(v);
    return marks ? [marks] : [];
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
