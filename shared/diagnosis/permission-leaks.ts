import { namedRevision, newestFirst, type ContextChunkRef, type RevisionIndex } from './chunk-revision';
import { groupBy } from './group-by';

/** SPEC: a document is visible to a case when its scope includes `public` or shares a scope with the case. */
export function visibleTo(documentScope: readonly string[], caseScope: readonly string[]): boolean {
  return documentScope.includes('public') || documentScope.some((scope) => caseScope.includes(scope));
}

export interface LeakedChunk {
  docId: string;
  chunkId: string | null;
  rank: number | null;
  /** The document's scope, never its text: the report shows nothing the response did not already contain. */
  documentScope: string[];
}

export interface ResponseLeaks {
  leaked: LeakedChunk[];
  /** Chunks whose document is not in the test set: their scope cannot be judged. */
  scopeUnknown: number;
}

/**
 * The final-context chunks a case's user may not see. The scope read is that
 * of the revision the chunk names, or else of the document's newest revision.
 */
export function leaksOf(context: readonly (ContextChunkRef & { rank?: number | null })[], caseScope: readonly string[], index: RevisionIndex): ResponseLeaks {
  const leaked: LeakedChunk[] = [];
  let scopeUnknown = 0;
  for (const chunk of context) {
    const revisions = chunk.docId ? index.get(chunk.docId) : undefined;
    if (!chunk.docId || !revisions || revisions.length === 0) {
      scopeUnknown += 1;
      continue;
    }
    const revision = namedRevision(chunk, revisions) ?? newestFirst(revisions)[0];
    if (!visibleTo(revision.accessScope, caseScope)) {
      leaked.push({ docId: chunk.docId, chunkId: chunk.chunkId ?? null, rank: chunk.rank ?? null, documentScope: [...revision.accessScope] });
    }
  }
  return { leaked, scopeUnknown };
}

export interface LeakInput {
  responseId: string;
  caseId: string;
  system: string;
  caseScope: readonly string[];
  answerability: string | null;
  leaks: ResponseLeaks;
}

export interface LeakingResponse {
  responseId: string;
  caseId: string;
  /** A restricted case answered with content from outside its scope: marked on the case. */
  restrictedCase: boolean;
  chunks: LeakedChunk[];
}

/** Leaks per system: counted apart from every other figure (zero tolerance: a count, never a rate averaged in). */
export interface SystemLeaks {
  system: string;
  responses: number;
  leakingResponses: LeakingResponse[];
  leakedChunks: number;
  /** Responses with at least one chunk of unknown scope, and how many such chunks. */
  scopeUnknownResponses: number;
  scopeUnknownChunks: number;
}

export function leaksBySystem(inputs: readonly LeakInput[]): SystemLeaks[] {
  return [...groupBy(inputs, (i) => i.system)].map(([system, list]) => leaksOfSystem(system, list));
}

export function leaksOfSystem(system: string, list: readonly LeakInput[]): SystemLeaks {
  const leakingResponses: LeakingResponse[] = [];
  let leakedChunks = 0;
  let scopeUnknownResponses = 0;
  let scopeUnknownChunks = 0;
  for (const i of list) {
    const { leaked, scopeUnknown } = i.leaks;
    if (leaked.length > 0) {
      leakingResponses.push({ responseId: i.responseId, caseId: i.caseId, restrictedCase: i.answerability === 'restricted', chunks: leaked });
      leakedChunks += leaked.length;
    }
    if (scopeUnknown > 0) scopeUnknownResponses += 1;
    scopeUnknownChunks += scopeUnknown;
  }
  return { system, responses: list.length, leakingResponses, leakedChunks, scopeUnknownResponses, scopeUnknownChunks };
}

/** Whether any system leaked: `touchstone diagnose` exits 5 then. */
export const anyLeak = (systems: readonly SystemLeaks[]) => systems.some((s) => s.leakingResponses.length > 0);
