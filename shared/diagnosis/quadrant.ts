import { caseMarks } from './claims-stated';
import { casesOfResponses, derivedOnce } from './derived-once';
import { claimsHeld, listHolds } from './evidence';
import { ClusterTally, rate, type Rate } from './rate';
import type { DxCase, DxResponse } from './types';

export interface ResponseRef {
  caseId: string;
  responseId: string;
}

const keptRef = derivedOnce<ResponseRef, null, null, ResponseRef>((r) => ({ caseId: r.caseId, responseId: r.responseId }));

/**
 * A response as the figures' lists name it: one object per response, shared by every list it is in and kept
 * with it; the one the read made with the response when it did (no lookup per list entry).
 */
export const refOf = (response: ResponseRef & { ref?: ResponseRef }): ResponseRef => {
  const made = response.ref;
  return made && made.caseId === response.caseId && made.responseId === response.responseId ? made : keptRef(response, null, null);
};

export type Level = 'high' | 'low';

export interface QuadrantCell {
  recall: Level;
  utilisation: Level;
  /** Responses in this cell ÷ responses placed in the quadrant. */
  share: Rate;
  responses: ResponseRef[];
}

export interface Quadrant {
  /** Pooled over responses: required claims with evidence held by the final context ÷ required claims with evidence (cases as clusters). */
  claimRecall: Rate;
  /** Pooled over responses with a "stated" value: held required claims the answer states ÷ held required claims (cases as clusters). */
  utilisation: Rate;
  thresholds: { recall: number; utilisation: number };
  cells: QuadrantCell[];
  /** Nothing was held, so utilisation has no denominator (listed apart, never counted as 0). */
  utilisationUndefined: ResponseRef[];
  excluded: { noEvidence: number; notLabeled: number; reviewersDisagree: number };
}

const LEVELS: Level[] = ['low', 'high'];

/** The recall × utilisation 2×2 of one system's normal responses. */
export function quadrant(responses: readonly DxResponse[], cases: ReadonlyMap<string, DxCase>, thresholds: { recall: number; utilisation: number }): Quadrant {
  const recall = new ClusterTally(cases);
  const utilisation = new ClusterTally(cases);
  const excluded = { noEvidence: 0, notLabeled: 0, reviewersDisagree: 0 };
  // per cell, in the order of `cells`: LEVELS' place of recall × 2 + LEVELS' place of utilisation
  const placed: ResponseRef[][] = [[], [], [], []];
  const utilisationUndefined: ResponseRef[] = [];
  const { slots, cases: kases } = casesOfResponses(responses, cases);
  for (let i = 0; i < responses.length; i++) {
    const slot = slots[i];
    const kase = kases[i];
    if (!kase) continue;
    const response = responses[i];
    // counted each time, not kept: counting costs less than keeping a value per response
    const use = claimsHeld(kase, listHolds(response, kase, 'context'), caseMarks(response, kase));
    if (use.withEvidence === 0) {
      excluded.noEvidence += 1;
      continue;
    }
    recall.addAt(slot, use.held, use.withEvidence);
    if (response.stated.kind === 'disagree') {
      excluded.reviewersDisagree += 1;
      continue;
    }
    if (use.heldStated === null) {
      excluded.notLabeled += 1;
      continue;
    }
    if (use.held === 0) {
      utilisationUndefined.push(refOf(response));
      continue;
    }
    utilisation.addAt(slot, use.heldStated, use.held);
    const r = use.held / use.withEvidence >= thresholds.recall ? 1 : 0;
    const u = use.heldStated / use.held >= thresholds.utilisation ? 1 : 0;
    placed[r * 2 + u].push(refOf(response));
  }
  const total = placed.reduce((sum, refs) => sum + refs.length, 0);
  const cells: QuadrantCell[] = [];
  for (let r = 0; r < LEVELS.length; r++) {
    for (let u = 0; u < LEVELS.length; u++) {
      const refs = placed[r * 2 + u];
      cells.push({ recall: LEVELS[r], utilisation: LEVELS[u], share: rate(refs.length, total), responses: refs });
    }
  }
  return {
    claimRecall: recall.rate(),
    utilisation: utilisation.rate(),
    thresholds,
    cells,
    utilisationUndefined,
    excluded,
  };
}
