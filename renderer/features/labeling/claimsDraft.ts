import type { Evidence } from '../../../shared/domain/schemas';
import type { LabeledClaim as Claim } from '../../../shared/domain/dimensions';
import { newClaimId, withClaimIds } from '../../../shared/diagnosis/claim-ids';

/**
 * The claims & evidence step's edits as pure functions, and their history: every
 * edit can be undone back to the claims the case opened with and redone again,
 * so no keystroke on this step loses work.
 */

export interface DraftEdit {
  claims: Claim[];
  /** The claim that is active after the edit (unchanged when undefined). */
  active?: number;
}

export interface DraftHistory {
  /** The drafts before the present one, oldest first. */
  past: Claim[][];
  present: Claim[];
  /** The drafts undone, the next one to redo last. */
  future: Claim[][];
}

/** A copy to edit; each claim keeps its stable id (an imported claim takes its position's), so labels that name it keep pointing at it. */
export const cloneClaims = (claims: readonly Claim[]): Claim[] => withClaimIds(claims).map((c) => ({ id: c.id, text: c.text, evidence: c.evidence.map((e) => ({ ...e })) }));

const sameClaims = (a: readonly Claim[], b: readonly Claim[]) => JSON.stringify(a) === JSON.stringify(b);

export function startHistory(claims: readonly Claim[]): DraftHistory {
  return { past: [], present: cloneClaims(claims), future: [] };
}

/** A new draft: the present one goes to the past and what was undone can no longer be redone. No change, no entry. */
export function record(history: DraftHistory, claims: Claim[]): DraftHistory {
  if (sameClaims(history.present, claims)) return history;
  return { past: [...history.past, history.present], present: claims, future: [] };
}

export function undoEdit(history: DraftHistory): DraftHistory | null {
  if (history.past.length === 0) return null;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [...history.future, history.present] };
}

export function redoEdit(history: DraftHistory): DraftHistory | null {
  if (history.future.length === 0) return null;
  return { past: [...history.past, history.present], present: history.future[history.future.length - 1], future: history.future.slice(0, -1) };
}

export function addClaim(claims: readonly Claim[], text: string): DraftEdit | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return { claims: [...claims, { id: newClaimId(claims), text: trimmed, evidence: [] }], active: claims.length };
}

export function editClaim(claims: readonly Claim[], index: number, text: string): DraftEdit | null {
  const trimmed = text.trim();
  if (!trimmed || !claims[index] || claims[index].text === trimmed) return null;
  return { claims: claims.map((c, i) => (i === index ? { ...c, text: trimmed } : c)) };
}

export function deleteClaim(claims: readonly Claim[], index: number, active: number): DraftEdit | null {
  if (!claims[index]) return null;
  const next = claims.filter((_, i) => i !== index);
  return { claims: next, active: Math.max(0, Math.min(active, next.length - 1)) };
}

export function moveClaim(claims: readonly Claim[], index: number, delta: number): DraftEdit | null {
  const to = index + delta;
  if (!claims[index] || to < 0 || to >= claims.length) return null;
  const next = [...claims];
  [next[index], next[to]] = [next[to], next[index]];
  return { claims: next, active: to };
}

/** The evidence attached to a claim, unless that claim already holds the same quote at the same place. */
export function attachEvidence(claims: readonly Claim[], index: number, evidence: Evidence): DraftEdit | null {
  const claim = claims[index];
  if (!claim) return null;
  const exists = claim.evidence.some((e) => e.docId === evidence.docId && e.quote === evidence.quote && (e.start ?? null) === (evidence.start ?? null));
  if (exists) return null;
  return { claims: claims.map((c, i) => (i === index ? { ...c, evidence: [...c.evidence, evidence] } : c)) };
}

export function removeEvidence(claims: readonly Claim[], claimIndex: number, evidenceIndex: number): DraftEdit | null {
  const claim = claims[claimIndex];
  if (!claim?.evidence[evidenceIndex]) return null;
  return { claims: claims.map((c, i) => (i === claimIndex ? { ...c, evidence: c.evidence.filter((_, j) => j !== evidenceIndex) } : c)) };
}

/** One claim per sentence. */
export function claimsFromParts(parts: readonly string[]): DraftEdit | null {
  if (parts.length === 0) return null;
  const fresh: Claim[] = [];
  for (const part of parts) fresh.push({ id: newClaimId(fresh), text: part, evidence: [] });
  return { claims: fresh, active: 0 };
}
