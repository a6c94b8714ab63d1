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

function followOld(responses: readonly DataLayerResponse[]): FollowOld {
  const labeled = responses.filter((r) => r.statesForbidden !== null);
  return { followed: rate(labeled.filter(followed).length, labeled.length), unlabeled: responses.length - labeled.length };
}

/** Per system: stale context share, followed-stale rate, and the conflict slice's follow-old rate both ways. */
export function dataLayerFigures(responses: readonly DataLayerResponse[]): DataLayerFigures[] {
  return [...groupBy(responses, (r) => r.system)].map(([system, list]) => dataLayerFiguresOf(system, list));
}

export function dataLayerFiguresOf(system: string, list: readonly DataLayerResponse[]): DataLayerFigures {
  // Gold-context, conflict and other staged runs say nothing about the system's own knowledge base.
  const normal = list.filter(isNormal);
  return {
    system,
    responses: normal.length,
    staleContext: rate(normal.filter((r) => r.stale.length > 0).length, normal.length),
    followedStale: followOld(normal),
    conflictRuns: followOld(list.filter((r) => r.condition === CONFLICT)),
    conflictSliceNormal: followOld(normal.filter((r) => r.caseSlices.includes(CONFLICT))),
    followedResponses: list.filter(followed).map((r) => r.responseId),
  };
}
