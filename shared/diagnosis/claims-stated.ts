import { z } from 'zod';
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
  const adj = ClaimsStatedValueSchema.safeParse(adjudicated);
  if (adjudicated != null && adj.success) return { kind: 'value', marks: adj.data, source: 'adjudicated' };
  const values = reviewers.flatMap((v) => {
    const parsed = ClaimsStatedValueSchema.safeParse(v);
    return v != null && parsed.success ? [parsed.data] : [];
  });
  if (values.length === 0) return { kind: 'none' };
  if (values.every((v) => sameMarks(v, values[0]))) return { kind: 'value', marks: values[0], source: 'reviewer' };
  return { kind: 'disagree' };
}
