import { chunkHolds, distinctUnits, inRankOrder, normalizeForMatch } from '../retrieval';
import type { DxCase, DxChunk, DxResponse, StatedMark } from './types';

/**
 * Which of a case's evidence a ranked list holds, by the retrieval layer's definitions
 * (shared/retrieval/README.md): the case's units, and a chunk holding a unit. The file keeps
 * these precomputed per import (retrieval_units / retrieval_holds), so the loader passes them in
 * and nothing is matched again; without them (tests, an index not yet rebuilt) they are computed
 * here, once per case and per list.
 */
export { normalizeForMatch };

/** A case's units in its index order, each with the ids of the claims citing it. */
export interface CaseUnit {
  docId: string;
  quote: string;
  claims: string[];
}

/** Per unit index, the 1-based position of the first chunk holding it in a ranked list. */
export interface ListHolds {
  length: number;
  first: ReadonlyMap<number, number>;
}

const unitsCache = new WeakMap<DxCase, CaseUnit[]>();
const holdsCache = new WeakMap<readonly DxChunk[], ListHolds>();

export function caseUnits(kase: DxCase): CaseUnit[] {
  let units = kase.units ?? unitsCache.get(kase);
  if (!units) {
    units = distinctUnits(kase.claims.flatMap((c) => c.evidence.map((e) => ({ claim: c.id, docId: e.docId, quote: e.quote }))))
      .map((u) => ({ docId: u.docId, quote: u.quote, claims: u.claims.map(String) }));
    unitsCache.set(kase, units);
  }
  return units;
}

function matchList(kase: DxCase, chunks: readonly DxChunk[]): ListHolds {
  const units = caseUnits(kase).map((u) => ({ docId: u.docId, quote: u.quote, normalized: normalizeForMatch(u.quote), grade: 1, claims: [] }));
  const first = new Map<number, number>();
  if (units.length > 0) {
    inRankOrder(chunks.map((c, i) => ({ c, rank: c.rank ?? i }))).forEach(({ c }, position) => {
      const text = normalizeForMatch(c.text);
      units.forEach((unit, u) => {
        if (!first.has(u) && chunkHolds(text, c.docId, unit)) first.set(u, position + 1);
      });
    });
  }
  return { length: chunks.length, first };
}

/** Where the response's final context (or candidates) holds each unit of its case. */
export function listHolds(response: DxResponse, kase: DxCase, list: 'context' | 'candidates'): ListHolds {
  const given = response.holds?.[list];
  if (given) return given;
  const chunks = list === 'context' ? response.finalContext : response.candidates;
  let holds = holdsCache.get(chunks);
  if (!holds) holdsCache.set(chunks, (holds = matchList(kase, chunks)));
  return holds;
}

/**
 * Where a list holds one claim's evidence: the best (lowest) position of a unit citing the claim, null when
 * it holds none of them, undefined when no unit cites it (the claim has no evidence).
 */
export function claimRank(kase: DxCase, claimId: string, holds: ListHolds): number | null | undefined {
  const units = caseUnits(kase);
  let best: number | null | undefined;
  for (let u = 0; u < units.length; u++) {
    if (!units[u].claims.includes(claimId)) continue;
    const at = holds.first.get(u);
    if (at === undefined) best ??= null;
    else if (best == null || at < best) best = at;
  }
  return best;
}

/**
 * Of a case's claims: the ones with evidence, those of them the list holds (claimRank not null), and of
 * those the ones the answer states by `marks` (null: no marks the figures can use). The quadrant asks this
 * of every normal response, each time the page is computed.
 */
export function claimsHeld(kase: DxCase, holds: ListHolds, marks: Readonly<Record<string, StatedMark>> | null): { withEvidence: number; held: number; heldStated: number | null } {
  let withEvidence = 0;
  let held = 0;
  let heldStated = 0;
  for (const c of kase.claims) {
    const rank = claimRank(kase, c.id, holds);
    if (rank === undefined) continue;
    withEvidence += 1;
    if (rank === null) continue;
    held += 1;
    if (marks?.[c.id]?.stated === true) heldStated += 1;
  }
  return { withEvidence, held, heldStated: marks ? heldStated : null };
}
