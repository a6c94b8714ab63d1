import type { DocumentIndex } from './documents';
import { isForbiddenClaimId } from './claim-ids';
import type { ResponseRef } from './quadrant';
import { pushTo, rate, type Rate } from './rate';
import type { DxCase, DxResponse } from './types';

export const CITATION_TAGS = ['wrong_source_id', 'inaccessible_citation', 'stale_citation'] as const;
export type CitationTag = (typeof CITATION_TAGS)[number];

export interface CitationFinding {
  /** Index of the citation in the response's list. */
  citation: number;
  tag: CitationTag;
  docId: string | null;
  chunkId: string | null;
}

/**
 * Rule checks that need no person: the cited chunk is in the final context, the cited document
 * exists, is visible to the case and is not stale. Each failure is a suggested failure tag; a real
 * source that says something else passes every rule (that is what the reviewer's key is for).
 */
export function checkCitations(response: DxResponse, kase: DxCase, documents: DocumentIndex): CitationFinding[] {
  const findings: CitationFinding[] = [];
  response.citations.forEach((c, index) => {
    const chunk = c.chunkId ? response.finalContext.find((ch) => ch.chunkId === c.chunkId) : undefined;
    const docId = c.docId ?? chunk?.docId ?? null;
    const at = { citation: index, docId, chunkId: c.chunkId ?? null };
    if ((c.chunkId && !chunk) || (docId !== null && !documents.exists(docId))) {
      findings.push({ ...at, tag: 'wrong_source_id' });
      return;
    }
    if (docId !== null && documents.visible(docId, kase.accessScope) === false) findings.push({ ...at, tag: 'inaccessible_citation' });
    if (docId !== null && chunk && documents.staleRevisionOf(chunk)) findings.push({ ...at, tag: 'stale_citation' });
  });
  return findings;
}

export interface CitationFigures {
  /** Supported ÷ stated claims carrying a citation (the reviewer's key). */
  correctness: Rate;
  /** Stated required claims with a supporting citation ÷ stated required claims (they need evidence). */
  completeness: Rate;
  unsupported: ResponseRef[];
  /** Rule-check failures per tag, each with the responses it was found in. */
  ruleFindings: { tag: CitationTag; responses: ResponseRef[] }[];
  responsesWithCitations: number;
}

export function citationFigures(responses: readonly DxResponse[], cases: ReadonlyMap<string, DxCase>, documents: DocumentIndex): CitationFigures {
  let cited = 0;
  let supported = 0;
  let statedRequired = 0;
  let supportedRequired = 0;
  const unsupported: ResponseRef[] = [];
  const byTag = new Map<CitationTag, ResponseRef[]>();
  let withCitations = 0;
  for (const r of responses) {
    const kase = cases.get(r.caseId);
    if (!kase) continue;
    const ref = { caseId: r.caseId, responseId: r.responseId };
    if (r.citations.length > 0) withCitations += 1;
    for (const tag of new Set(checkCitations(r, kase, documents).map((f) => f.tag))) pushTo(byTag, tag, ref);
    if (r.stated.kind !== 'value') continue;
    let anyUnsupported = false;
    for (const [claimId, mark] of Object.entries(r.stated.marks)) {
      if (!mark.stated) continue;
      const required = !isForbiddenClaimId(claimId);
      if (mark.citation === 'supported' || mark.citation === 'unsupported') cited += 1;
      if (mark.citation === 'supported') supported += 1;
      if (mark.citation === 'unsupported') anyUnsupported = true;
      if (required) {
        statedRequired += 1;
        if (mark.citation === 'supported') supportedRequired += 1;
      }
    }
    if (anyUnsupported) unsupported.push(ref);
  }
  return {
    correctness: rate(supported, cited),
    completeness: rate(supportedRequired, statedRequired),
    unsupported,
    ruleFindings: CITATION_TAGS.map((tag) => ({ tag, responses: byTag.get(tag) ?? [] })),
    responsesWithCitations: withCitations,
  };
}
