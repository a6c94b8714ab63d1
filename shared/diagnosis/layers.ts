import { caseMarks } from './claims-stated';
import type { DocumentIndex } from './documents';
import { casesOfResponses, derivedOnce } from './derived-once';
import { claimRank, listHolds, type ListHolds } from './evidence';
import { rate, type Rate } from './rate';
import type { DxCase, DxResponse, ResponseFacts } from './types';

/** The fixed precedence: a failing response belongs to the first layer whose evidence applies. */
export const LAYERS = ['permission', 'data', 'agent', 'retrieval', 'context-assembly', 'generation'] as const;
export type Layer = (typeof LAYERS)[number];

/** Why a response was assigned its layer: a code the window words, with its values. */
export type LayerReason =
  | { code: 'permission-doc-in-context'; docId: string }
  | { code: 'stale-doc-in-context'; docId: string; revision: string }
  | { code: 'never-retrieved' }
  | { code: 'evidence-not-retrieved'; claim: string }
  | { code: 'evidence-ranked-out'; claim: string; rank: number; k: number }
  | { code: 'evidence-dropped-by-assembly'; claim: string; rank: number }
  | { code: 'forbidden-stated-despite-context'; claim: string }
  | { code: 'forbidden-stated'; claim: string }
  | { code: 'answered-unanswerable'; answerability: string }
  | { code: 'held-not-stated'; claim: string }
  | { code: 'wrong-with-evidence-held' };

export interface LayerAssignment {
  caseId: string;
  responseId: string;
  layer: Layer;
  reason: LayerReason;
}

/** A normal response fails when its correctness (human, else judge) is below the top, or it states a forbidden claim. */
export function failing(response: DxResponse, kase: DxCase): boolean | null {
  const marks = caseMarks(response, kase);
  if (marks) for (const f of kase.forbidden) if (marks[f.id].stated) return true;
  return response.correct ? !response.correct.value : null;
}

/** The first final-context chunk whose document the case may not see, and the first cut from a stale revision. */
export function contextFlags(response: DxResponse, kase: DxCase, documents: DocumentIndex): Pick<ResponseFacts, 'hiddenDoc' | 'staleDoc'> {
  let hiddenDoc: string | null = null;
  for (const chunk of response.finalContext) {
    if (chunk.docId && documents.visible(chunk.docId, kase.accessScope) === false) {
      hiddenDoc = chunk.docId;
      break;
    }
  }
  let staleDoc: ResponseFacts['staleDoc'] = null;
  for (const chunk of response.finalContext) {
    const stale = documents.staleRevisionOf(chunk);
    if (stale) {
      staleDoc = { docId: stale.docId, revision: stale.revision };
      break;
    }
  }
  return { hiddenDoc, staleDoc };
}

/**
 * The layer of one failing response, by the fixed precedence, with its reason; null when nothing places
 * it: past the permission and data layers the layers are read off the case's evidence, and an answerable
 * case without any leaves only what the answer itself states.
 */
export function assignLayer(response: DxResponse, kase: DxCase, documents: DocumentIndex): { layer: Layer; reason: LayerReason } | null {
  const { hiddenDoc, staleDoc } = response.facts ?? contextFlags(response, kase, documents);
  if (hiddenDoc !== null) return { layer: 'permission', reason: { code: 'permission-doc-in-context', docId: hiddenDoc } };
  if (staleDoc) return { layer: 'data', reason: { code: 'stale-doc-in-context', docId: staleDoc.docId, revision: staleDoc.revision } };
  const marks = caseMarks(response, kase);
  // the claims with evidence: a unit of the case cites them
  const evidenced = kase.claims.filter((c) => claimRank(kase, c.id, NOTHING_HELD) !== undefined);
  if (evidenced.length === 0) {
    // nothing to retrieve: what fails is what the answer says (a forbidden claim, an answer where none exists)
    const forbidden = marks ? kase.forbidden.find((f) => marks[f.id].stated) : undefined;
    if (forbidden) return { layer: 'generation', reason: { code: 'forbidden-stated', claim: forbidden.text } };
    if (kase.answerability !== null && kase.answerability !== 'answerable') return { layer: 'generation', reason: { code: 'answered-unanswerable', answerability: kase.answerability } };
    return null;
  }
  if (response.retrievalCalled === false) return { layer: 'agent', reason: { code: 'never-retrieved' } };
  const context = listHolds(response, kase, 'context');
  const candidates = listHolds(response, kase, 'candidates');
  const textOf = (id: string) => kase.claims.find((c) => c.id === id)?.text ?? id;
  const k = response.facts?.contextLength ?? response.finalContext.length;
  let dropped: { layer: Layer; reason: LayerReason } | null = null;
  for (const claim of evidenced) {
    // held by the final context: not missing
    if (claimRank(kase, claim.id, context) !== null) continue;
    const rank = candidates.length > 0 ? claimRank(kase, claim.id, candidates) : null;
    if (rank == null) return { layer: 'retrieval', reason: { code: 'evidence-not-retrieved', claim: textOf(claim.id) } };
    // ranked below the places the final context had: retrieval/rerank put it out of the top k (an
    // empty final context had no places: the assembler passed nothing of what was retrieved)
    if (k > 0 && rank > k) return { layer: 'retrieval', reason: { code: 'evidence-ranked-out', claim: textOf(claim.id), rank, k } };
    dropped ??= { layer: 'context-assembly', reason: { code: 'evidence-dropped-by-assembly', claim: textOf(claim.id), rank } };
  }
  if (dropped) return dropped;
  const forbidden = marks ? kase.forbidden.find((f) => marks[f.id].stated) : undefined;
  if (forbidden) return { layer: 'generation', reason: { code: 'forbidden-stated-despite-context', claim: forbidden.text } };
  const notStated = marks ? evidenced.find((c) => !marks[c.id].stated) : undefined;
  if (notStated) return { layer: 'generation', reason: { code: 'held-not-stated', claim: textOf(notStated.id) } };
  return { layer: 'generation', reason: { code: 'wrong-with-evidence-held' } };
}

/** A list holding nothing: claimRank against it tells only whether a claim has evidence. */
const NOTHING_HELD: ListHolds = { length: 0, first: new Map() };

const assignmentOf = derivedOnce((r: DxResponse, kase: DxCase, documents: DocumentIndex): LayerAssignment | null => {
  const placed = assignLayer(r, kase, documents);
  return placed && { caseId: r.caseId, responseId: r.responseId, layer: placed.layer, reason: placed.reason };
});

export interface LayerSummary {
  assignments: LayerAssignment[];
  /** Per layer: its failing responses ÷ all failing responses. */
  counts: { layer: Layer; share: Rate }[];
  /** The layer with the most failures (null when nothing failed or two layers tie at the top). */
  top: Layer | null;
  /** Failing responses placed in a layer (the shares' n). */
  failing: number;
  /** Failing responses nothing places: no permission or data finding, and their answerable case has no evidence. */
  unplaced: number;
  assessed: number;
  notAssessed: number;
}

/** Assigns every failing normal response of the system to its layer. */
export function layerSummary(responses: readonly DxResponse[], cases: ReadonlyMap<string, DxCase>, documents: DocumentIndex): LayerSummary {
  const assignments: LayerAssignment[] = [];
  let assessed = 0;
  let notAssessed = 0;
  let unplaced = 0;
  const kases = casesOfResponses(responses, cases).cases;
  for (let i = 0; i < responses.length; i++) {
    const kase = kases[i];
    if (!kase) continue;
    const r = responses[i];
    const fails = failing(r, kase);
    if (fails === null) {
      notAssessed += 1;
      continue;
    }
    assessed += 1;
    if (!fails) continue;
    const assignment = assignmentOf(r, kase, documents);
    if (assignment) assignments.push(assignment);
    else unplaced += 1;
  }
  const counts = LAYERS.map((layer) => ({ layer, share: rate(assignments.filter((a) => a.layer === layer).length, assignments.length) }));
  const max = Math.max(0, ...counts.map((c) => c.share.count));
  const leaders = counts.filter((c) => c.share.count === max && max > 0);
  return { assignments, counts, top: leaders.length === 1 ? leaders[0].layer : null, failing: assignments.length, unplaced, assessed, notAssessed };
}
