import { groupBy } from './group-by';
import { rate, type Rate } from './rate';
import type { StaleChunk } from './staleness';

/** One response as the data layer reads it. */
export interface DataLayerResponse {
  responseId: string;
  caseId: string;
  system: string;
  /** The condition it ran under; null or 'normal' is a normal run. */
  condition: string | null;
  caseSlices: readonly string[];
  stale: readonly StaleChunk[];
  /** Whether the answer states a forbidden claim (the "claims this answer states" step); null: not yet labeled. */
  statesForbidden: boolean | null;
}

export interface FollowOld {
  /** Answers stating a forbidden claim with a stale chunk in their context, of the answers whose claims were labeled. */
  followed: Rate;
  /** Responses not counted because their stated claims are not labeled yet. */
  unlabeled: number;
}

export interface DataLayerFigures {
  system: string;
  /** Its normal responses (staged runs are counted only in the conflict figures). */
  responses: number;
  /** Normal responses with at least one stale chunk in the final context, of all its normal responses. */
  staleContext: Rate;
  followedStale: FollowOld;
  /** The headline for the conflict slice: over responses run with condition "conflict"… */
  conflictRuns: FollowOld;
  /** …and, separately, over normal responses of cases in the conflict slice. */
  conflictSliceNormal: FollowOld;
  /** The responses that followed a stale chunk, for the list under the figures. */
  followedResponses: string[];
}

export const CONFLICT = 'conflict';

const isNormal = (r: DataLayerResponse) => r.condition === null || r.condition === 'normal';
const followed = (r: DataLayerResponse) => r.statesForbidden === true && r.stale.length > 0;

/** Counts towards a FollowOld, in the one pass over a system's responses. */
class FollowTally {
  responses = 0;
  labeled = 0;
  followed = 0;

  add(r: DataLayerResponse): void {
    this.responses += 1;
    if (r.statesForbidden === null) return;
    this.labeled += 1;
    if (followed(r)) this.followed += 1;
  }

  figure(): FollowOld {
    return { followed: rate(this.followed, this.labeled), unlabeled: this.responses - this.labeled };
  }
}

/** Per system: stale context share, followed-stale rate, and the conflict slice's follow-old rate both ways. */
export function dataLayerFigures(responses: readonly DataLayerResponse[]): DataLayerFigures[] {
  return [...groupBy(responses, (r) => r.system)].map(([system, list]) => dataLayerFiguresOf(system, list));
}

export function dataLayerFiguresOf(system: string, list: readonly DataLayerResponse[]): DataLayerFigures {
  // Gold-context, conflict and other staged runs say nothing about the system's own knowledge base.
  const normal = new FollowTally();
  const conflictRuns = new FollowTally();
  const conflictSliceNormal = new FollowTally();
  let staleNormal = 0;
  const followedResponses: string[] = [];
  for (const r of list) {
    if (isNormal(r)) {
      normal.add(r);
      if (r.stale.length > 0) staleNormal += 1;
      if (r.caseSlices.includes(CONFLICT)) conflictSliceNormal.add(r);
    } else if (r.condition === CONFLICT) conflictRuns.add(r);
    if (followed(r)) followedResponses.push(r.responseId);
  }
  return {
    system,
    responses: normal.responses,
    staleContext: rate(staleNormal, normal.responses),
    followedStale: normal.figure(),
    conflictRuns: conflictRuns.figure(),
    conflictSliceNormal: conflictSliceNormal.figure(),
    followedResponses,
  };
}
