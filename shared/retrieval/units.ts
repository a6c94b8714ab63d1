import type { Claim } from '../domain/schemas';
import { normalizeForMatch } from './normalize';

/** One citation of evidence by a claim: the input of `retrievalMetrics`. */
export interface UnitCitation {
  /** The citing claim (its position in the case's claim list, or any stable key). */
  claim: number | string;
  docId: string;
  quote: string;
  /** Graded relevance 1–3; absent means 1. */
  grade?: number | null;
}

/** A distinct (docId, normalised quote) pair of a case. */
export interface RetrievalUnit {
  docId: string;
  /** The quote as first cited (for display). */
  quote: string;
  /** normalizeForMatch(quote): never empty. */
  normalized: string;
  /** The highest grade any citation gave it. */
  grade: number;
  /** Every claim that cites it, in first-citation order. */
  claims: (number | string)[];
}

const unitKey = (docId: string, normalized: string) => `${docId}\u0000${normalized}`;

/** Folds citations into the case's distinct units; a quote that normalises to nothing is ignored. */
export function distinctUnits(citations: readonly UnitCitation[]): RetrievalUnit[] {
  const byKey = new Map<string, RetrievalUnit>();
  for (const c of citations) {
    const normalized = normalizeForMatch(c.quote);
    if (normalized === '') continue;
    const grade = c.grade ?? 1;
    const key = unitKey(c.docId, normalized);
    const unit = byKey.get(key);
    if (!unit) {
      byKey.set(key, { docId: c.docId, quote: c.quote, normalized, grade, claims: [c.claim] });
      continue;
    }
    if (grade > unit.grade) unit.grade = grade;
    if (!unit.claims.includes(c.claim)) unit.claims.push(c.claim);
  }
  return [...byKey.values()];
}

/** The citations of a claim list, each claim keyed by its position. */
export function citationsOfClaims(claims: readonly Claim[]): UnitCitation[] {
  return claims.flatMap((claim, position) =>
    claim.evidence.map((e) => ({ claim: position, docId: e.docId, quote: e.quote, grade: e.grade ?? 1 })));
}
