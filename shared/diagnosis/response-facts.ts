import type { StopState, ToolCall } from '../domain/schemas';
import { retrievalCalledOf, searchesOf, tokensOf } from './agent-figures';
import type { RevisionIndex } from './chunk-revision';
import { citationTags } from './citations';
import type { DocumentIndex } from './documents';
import { contextFlags } from './layers';
import { leaksOf } from './permission-leaks';
import { staleChunks } from './staleness';
import { suggestionsForResponse } from './tag-suggestions';
import type { DxCase, DxResponse, ResponseFacts } from './types';

/**
 * What the Diagnosis figures read of one response's chunk lists, citations and trajectory, by the
 * very functions the figures use without them (so a figure is the same either way). Computed once
 * per response and kept in the file: a page over 100,000 responses then parses no chunk list.
 */

export interface FactsSource {
  /** With its final context, candidates and citations as stored. */
  response: DxResponse;
  trajectory: readonly ToolCall[];
  cost: { inputTokens?: number | null; outputTokens?: number | null; latencyMs?: number | null; toolCalls?: number | null } | null;
  stopState: StopState | null;
}

export interface FactsContext {
  /** The documents as the report reads them (their staleness as of one day). */
  documents: DocumentIndex;
  /** Every revision in import order, as the data and permission layers read them. */
  revisions: RevisionIndex;
  /** The newest revision's text of a document. */
  newestText: (docId: string) => string | null;
}

export function responseFacts(source: FactsSource, kase: DxCase, asOf: string | null, context: FactsContext): ResponseFacts {
  const { response, trajectory, cost } = source;
  const stale = staleChunks(response.finalContext, context.revisions, asOf);
  const evidence = kase.claims.flatMap((claim) => claim.evidence);
  return {
    contextLength: response.finalContext.length,
    citations: response.citations.length,
    ...contextFlags(response, kase, context.documents),
    citationTags: response.citations.length > 0 ? citationTags(response, kase, context.documents) : [],
    stale,
    leaks: leaksOf(response.finalContext, kase.accessScope, context.revisions),
    suggestions: suggestionsForResponse(response, evidence, stale, context.newestText),
    agent: {
      retrievalCalled: retrievalCalledOf({ retrievalCalled: response.retrievalCalled, trajectory, finalContext: response.finalContext }),
      stopState: source.stopState,
      searches: searchesOf({ trajectory, cost }),
      tokens: tokensOf(cost),
      latencyMs: cost?.latencyMs ?? null,
    },
  };
}
