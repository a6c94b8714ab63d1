import { agentFiguresOf, type AgentFigures, type AgentResponse } from './agent-figures';
import { indexRevisions, newestFirst, type KnownRevision } from './chunk-revision';
import { dataLayerFiguresOf, type DataLayerFigures } from './followed-stale';
import { tagDistribution, type FailureTagLayer } from './failure-tags';
import { judgeBlamesGeneration, type BlamePair } from './judge-blame';
import { leaksOf, leaksOfSystem, type SystemLeaks } from './permission-leaks';
import type { Rate } from './rate';
import { staleChunks } from './staleness';
import { suggestionsForResponse, type TagSuggestion } from './tag-suggestions';
import type { DxChunk, ResponseFacts, StatedState } from './types';

/** A case as the data, permission and agent layers read it. */
export interface LayerCase {
  caseId: string;
  asOf: string | null;
  /** Effective: the case's own, else its question type's default (null: neither says). */
  mustRetrieve: boolean | null;
  slices: string[];
  accessScope: string[];
  answerability: string | null;
  evidence: { docId: string; quote: string }[];
  forbiddenIds: string[];
}

/** A response with what the agent figures read of it (the case's fields come from its LayerCase). */
export interface LayerResponse extends Pick<AgentResponse, 'caseId' | 'retrievalCalled' | 'stopState' | 'searches' | 'tokens' | 'latencyMs' | 'correct'> {
  responseId: string;
  condition: string;
  finalContext: DxChunk[];
  candidates: DxChunk[];
  stated: StatedState;
  /** failureLayer as people settled it and as the latest judge run scored it. */
  humanLayer: string | null;
  judgeLayer: string | null;
  /** Kept in the file (db/response-facts.ts): then the lists above are not read (left empty). */
  facts?: Pick<ResponseFacts, 'stale' | 'leaks' | 'suggestions'>;
}

export interface LayersInput {
  system: string;
  cases: LayerCase[];
  responses: LayerResponse[];
  /** Every document revision of the test set, in import order. */
  documents: KnownRevision[];
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

/** Whether the answer states any forbidden claim, from the "claims this answer states" value. */
export function statesForbidden(stated: StatedState, forbiddenIds: readonly string[]): boolean | null {
  if (stated.kind !== 'value') return null;
  return forbiddenIds.some((id) => stated.marks[id]?.stated === true);
}

export function layersReport(input: LayersInput): LayersReport {
  const index = indexRevisions(input.documents);
  const caseOf = new Map(input.cases.map((c) => [c.caseId, c]));
  const known = input.responses.filter((r) => caseOf.has(r.caseId));
  const newestText = (docId: string) => {
    const revisions = index.get(docId);
    return revisions ? (newestFirst(revisions)[0].text ?? null) : null;
  };
  const stale = new Map(known.map((r) => [r.responseId, r.facts?.stale ?? staleChunks(r.finalContext, index, caseOf.get(r.caseId)?.asOf ?? null)]));
  const permission = leaksOfSystem(
    input.system,
    known.map((r) => {
      const c = caseOf.get(r.caseId) as LayerCase;
      return { responseId: r.responseId, caseId: r.caseId, system: input.system, caseScope: c.accessScope, answerability: c.answerability, leaks: r.facts?.leaks ?? leaksOf(r.finalContext, c.accessScope, index) };
    }),
  );
  const data = dataLayerFiguresOf(
    input.system,
    known.map((r) => {
      const c = caseOf.get(r.caseId) as LayerCase;
      return {
        responseId: r.responseId, caseId: r.caseId, system: input.system, condition: r.condition, caseSlices: c.slices,
        stale: stale.get(r.responseId) ?? [], statesForbidden: statesForbidden(r.stated, c.forbiddenIds),
      };
    }),
  );
  const agent = agentFiguresOf(
    input.system,
    known.map((r) => {
      const c = caseOf.get(r.caseId) as LayerCase;
      const { caseId, retrievalCalled, stopState, searches, tokens, latencyMs, correct } = r;
      return { system: input.system, answerability: c.answerability, mustRetrieve: c.mustRetrieve, caseId, retrievalCalled, stopState, searches, tokens, latencyMs, correct };
    }).filter((_, i) => known[i].condition === 'normal'),
  );
  const suggestions = known.flatMap((r) => {
    const c = caseOf.get(r.caseId) as LayerCase;
    return (r.facts?.suggestions ?? suggestionsForResponse(r, c.evidence, stale.get(r.responseId) ?? [], newestText)).map((suggestion) => ({ caseId: r.caseId, responseId: r.responseId, suggestion }));
  });
  const perResponse = new Map<string, string[]>();
  for (const s of suggestions) perResponse.set(s.responseId, [...(perResponse.get(s.responseId) ?? []), s.suggestion.tag]);
  const pairs: BlamePair[] = known.flatMap((r) => (r.humanLayer && r.judgeLayer ? [{ human: r.humanLayer, judge: r.judgeLayer }] : []));
  return {
    system: input.system,
    permission,
    data,
    staleResponses: known.flatMap((r) => (stale.get(r.responseId) ?? []).map((s) => ({ caseId: r.caseId, responseId: r.responseId, docId: s.docId, revision: s.revision, current: s.current, reason: s.reason }))),
    agent,
    suggestions,
    suggestedByLayer: tagDistribution([...perResponse.values()]),
    judgeBlamesGeneration: known.some((r) => r.judgeLayer) ? judgeBlamesGeneration(pairs) : null,
  };
}
