import { agentFiguresOf, type AgentFigures, type AgentResponse } from './agent-figures';
import { indexRevisions, newestFirst, type KnownRevision, type RevisionIndex } from './chunk-revision';
import { currentMarks, type StatedIds } from './claims-stated';
import { builtOnce, casesById, casesOfResponses, derivedOnce } from './derived-once';
import { dataLayerFiguresOf, type DataLayerFigures, type DataLayerResponse } from './followed-stale';
import { tagDistribution, type FailureTagLayer } from './failure-tags';
import { judgeBlamesGeneration, type BlamePair } from './judge-blame';
import { leaksOf, leaksOfSystem, type LeakInput, type SystemLeaks } from './permission-leaks';
import type { Rate } from './rate';
import { staleChunks, type StaleChunk } from './staleness';
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
  /** The ids of its required and forbidden claims ("claims this answer states" marks them): statedIdsOf of the case the responses were read with. */
  stated: StatedIds;
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
  /** As DxResponse's. */
  caseAt?: number;
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

/** Whether the answer states any forbidden claim, from the "claims this answer states" value (null: none the figures can use). */
export function statesForbidden(stated: StatedState, c: Pick<LayerCase, 'stated'>): boolean | null {
  const marks = currentMarks(stated, c.stated);
  return marks ? c.stated.forbidden.some((id) => marks[id].stated) : null;
}

/** The documents' revisions indexed, with the system the responses belong to: what a response's layers are derived with. */
interface Scope {
  index: RevisionIndex;
  system: string;
}

const scopes = builtOnce((documents: readonly KnownRevision[]) => ({ index: indexRevisions(documents), bySystem: new Map<string, Scope>() }));

function scopeOf(documents: readonly KnownRevision[], system: string): Scope {
  const kept = scopes(documents);
  let scope = kept.bySystem.get(system);
  if (!scope) kept.bySystem.set(system, (scope = { index: kept.index, system }));
  return scope;
}

/**
 * What the data, permission and agent figures read of one response (of a system, with its case): one
 * object each of their lists holds (at 100,000 responses an object apiece for each would cost more than
 * the figures themselves).
 */
interface ResponseLayers extends LeakInput, DataLayerResponse, AgentResponse {
  stale: StaleChunk[];
  suggestions: { caseId: string; responseId: string; suggestion: TagSuggestion }[];
  /** The tags suggested, each once. */
  tags: string[];
}

// shared by every response without suggestions, so frozen: a push into it would reach them all
const NONE = Object.freeze([]) as unknown as never[];

const layersOf = derivedOnce((r: LayerResponse, c: LayerCase, { index, system }: Scope): ResponseLayers => {
  const { caseId, responseId } = r;
  const stale = r.facts?.stale ?? staleChunks(r.finalContext, index, c.asOf);
  const newestText = (docId: string) => {
    const revisions = index.get(docId);
    return revisions ? (newestFirst(revisions)[0].text ?? null) : null;
  };
  const suggestions = r.facts?.suggestions ?? suggestionsForResponse(r, c.evidence, stale, newestText);
  return {
    responseId, caseId, system, caseScope: c.accessScope, answerability: c.answerability,
    leaks: r.facts?.leaks ?? leaksOf(r.finalContext, c.accessScope, index),
    condition: r.condition, caseSlices: c.slices, stale, statesForbidden: statesForbidden(r.stated, c),
    mustRetrieve: c.mustRetrieve, retrievalCalled: r.retrievalCalled, stopState: r.stopState,
    searches: r.searches, tokens: r.tokens, latencyMs: r.latencyMs, correct: r.correct,
    suggestions: suggestions.length === 0 ? NONE : suggestions.map((suggestion) => ({ caseId, responseId, suggestion })),
    tags: suggestions.length === 0 ? NONE : tagsOnce(suggestions),
  };
});

function tagsOnce(suggestions: readonly TagSuggestion[]): string[] {
  const tags: string[] = [];
  for (const s of suggestions) if (!tags.includes(s.tag)) tags.push(s.tag);
  return tags;
}

export function layersReport(input: LayersInput): LayersReport {
  const scope = scopeOf(input.documents, input.system);
  const cases = casesOfResponses(input.responses, casesById(input.cases)).cases;
  // one pass over the responses, filling every list (at 100,000 responses each further pass costs tens of ms)
  // every response is in the permission and the data lists: one list serves both
  const all: ResponseLayers[] = [];
  const agent: AgentResponse[] = [];
  const suggestions: ResponseLayers['suggestions'] = [];
  const tagsPerResponse: string[][] = [];
  const staleResponses: LayersReport['staleResponses'] = [];
  const pairs: BlamePair[] = [];
  let judged = false;
  for (let i = 0; i < input.responses.length; i++) {
    const c = cases[i];
    if (!c) continue;
    const r = input.responses[i];
    const per = layersOf(r, c, scope);
    all.push(per);
    if (r.condition === 'normal') agent.push(per);
    if (per.suggestions.length > 0) {
      for (const s of per.suggestions) suggestions.push(s);
      tagsPerResponse.push(per.tags);
    }
    for (const s of per.stale) staleResponses.push({ caseId: r.caseId, responseId: r.responseId, docId: s.docId, revision: s.revision, current: s.current, reason: s.reason });
    if (r.judgeLayer) judged = true;
    if (r.humanLayer && r.judgeLayer) pairs.push({ human: r.humanLayer, judge: r.judgeLayer });
  }
  return {
    system: input.system,
    permission: leaksOfSystem(input.system, all),
    data: dataLayerFiguresOf(input.system, all),
    staleResponses,
    agent: agentFiguresOf(input.system, agent),
    suggestions,
    suggestedByLayer: tagDistribution(tagsPerResponse),
    judgeBlamesGeneration: judged ? judgeBlamesGeneration(pairs) : null,
  };
}
