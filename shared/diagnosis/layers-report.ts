import { agentFiguresOf, type AgentFigures, type AgentResponse } from './agent-figures';
import { currentMarks, type StatedIds } from './claims-stated';
import { dataLayerFiguresOf, type DataLayerFigures, type DataLayerResponse } from './followed-stale';
import { tagDistribution, type FailureTagLayer } from './failure-tags';
import { judgeBlamesGeneration, type BlamePair } from './judge-blame';
import { leaksOfSystem, type LeakInput, type SystemLeaks } from './permission-leaks';
import type { Rate } from './rate';
import type { StaleChunk } from './staleness';
import type { TagSuggestion } from './tag-suggestions';
import type { StatedState } from './types';

/**
 * A response as the data, permission and agent figures read it: with its case's fields and what its chunk
 * lists say (its kept facts, else worked out by the read), one object each of their lists holds. At
 * 100,000 responses an object apiece made for each list, or even once per computation, would cost more
 * than the figures themselves.
 */
export interface LayerResponse extends LeakInput, DataLayerResponse, AgentResponse {
  responseId: string;
  caseId: string;
  condition: string;
  stale: StaleChunk[];
  suggestions: readonly TagSuggestion[];
  /** failureLayer as people settled it and as the latest judge run scored it. */
  humanLayer: string | null;
  judgeLayer: string | null;
}

export interface LayersInput {
  system: string;
  responses: LayerResponse[];
}

export interface LayersReport {
  system: string;
  /** Shown first: leaks are counted apart from every other figure. */
  permission: SystemLeaks;
  data: DataLayerFigures;
  staleResponses: { caseId: string; responseId: string; docId: string; revision: string; current: string | null; reason: string }[];
  agent: AgentFigures;
  suggestions: { caseId: string; responseId: string; suggestion: TagSuggestion }[];
  suggestedByLayer: { layer: FailureTagLayer | 'other'; tags: { tag: string; count: number }[] }[];
  /** Null when no judge run scores failureLayer on responses people also placed. */
  judgeBlamesGeneration: Rate | null;
}

/** Whether the answer states any forbidden claim, from the "claims this answer states" value (null: none the figures can use). */
export function statesForbidden(stated: StatedState, ids: StatedIds): boolean | null {
  const marks = currentMarks(stated, ids);
  return marks ? ids.forbidden.some((id) => marks[id].stated) : null;
}

export function layersReport(input: LayersInput): LayersReport {
  // one pass over the responses, filling every list (at 100,000 responses each further pass costs tens of ms);
  // every response is in the permission and the data lists, so they read the input's list itself
  const agent: LayerResponse[] = [];
  const suggestions: LayersReport['suggestions'] = [];
  const tagsPerResponse: (readonly { tag: string }[])[] = [];
  const staleResponses: LayersReport['staleResponses'] = [];
  const pairs: BlamePair[] = [];
  let judged = false;
  for (const r of input.responses) {
    if (r.condition === 'normal') agent.push(r);
    if (r.suggestions.length > 0) {
      for (const suggestion of r.suggestions) suggestions.push({ caseId: r.caseId, responseId: r.responseId, suggestion });
      tagsPerResponse.push(r.suggestions);
    }
    for (const s of r.stale) staleResponses.push({ caseId: r.caseId, responseId: r.responseId, docId: s.docId, revision: s.revision, current: s.current, reason: s.reason });
    if (r.judgeLayer) judged = true;
    if (r.humanLayer && r.judgeLayer) pairs.push({ human: r.humanLayer, judge: r.judgeLayer });
  }
  return {
    system: input.system,
    permission: leaksOfSystem(input.system, input.responses),
    data: dataLayerFiguresOf(input.system, input.responses),
    staleResponses,
    agent: agentFiguresOf(input.system, agent),
    suggestions,
    suggestedByLayer: tagDistribution(tagsPerResponse),
    judgeBlamesGeneration: judged ? judgeBlamesGeneration(pairs) : null,
  };
}
