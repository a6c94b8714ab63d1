import type { DocumentIndex } from './documents';
import { isForbiddenClaimId } from './claim-ids';
import { caseMarks } from './claims-stated';
import { refOf, type ResponseRef } from './quadrant';
import { casesOfResponses } from './derived-once';
import { ClusterTally, pushTo, type Rate } from './rate';
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
  const citations = response.citations;
  for (let index = 0; index < citations.length; index++) {
    const c = citations[index];
    let chunk: DxResponse['finalContext'][number] | undefined;
    if (c.chunkId) for (const ch of response.finalContext) if (ch.chunkId === c.chunkId) { chunk = ch; break; }
    const docId = c.docId ?? chunk?.docId ?? null;
    const at = { citation: index, docId, chunkId: c.chunkId ?? null };
    if ((c.chunkId && !chunk) || (docId !== null && !documents.exists(docId))) {
      findings.push({ ...at, tag: 'wrong_source_id' });
      continue;
    }
    // naming one document and a chunk of another is a wrong source too
    if (c.docId && chunk?.docId && c.docId !== chunk.docId) findings.push({ ...at, tag: 'wrong_source_id' });
    // what the model was shown is the chunk, when one is named: its document is the one the case must see
    const shownDoc = chunk?.docId ?? docId;
    if (shownDoc && documents.visible(shownDoc, kase.accessScope) === false) findings.push({ ...at, tag: 'inaccessible_citation' });
    if (docId !== null && chunk && documents.staleRevisionOf(chunk)) findings.push({ ...at, tag: 'stale_citation' });
  }
  return findings;
}

/** The distinct rule-check failures of a response's citations, in the order first found. */
export function citationTags(response: DxResponse, kase: DxCase, documents: DocumentIndex): CitationTag[] {
  return [...new Set(checkCitations(response, kase, documents).map((f) => f.tag))];
}

export interface CitationFigures {
  /** Supported ÷ stated claims carrying a citation (the reviewer's key); cases as clusters. */
  correctness: Rate;
  /** Stated required claims with a supporting citation ÷ stated required claims (they need evidence); cases as clusters. */
  completeness: Rate;
  unsupported: ResponseRef[];
  /** Rule-check failures per tag, each with the responses it was found in. */
  ruleFindings: { tag: CitationTag; responses: ResponseRef[] }[];
  responsesWithCitations: number;
}

export function citationFigures(responses: readonly DxResponse[], cases: ReadonlyMap<string, DxCase>, documents: DocumentIndex): CitationFigures {
  const correctness = new ClusterTally(cases);
  const completeness = new ClusterTally(cases);
  const unsupported: ResponseRef[] = [];
  const byTag = new Map<CitationTag, ResponseRef[]>();
  let withCitations = 0;
  const { slots, cases: kases } = casesOfResponses(responses, cases);
  for (let i = 0; i < responses.length; i++) {
    const slot = slots[i];
    const kase = kases[i];
    if (!kase) continue;
    const r = responses[i];
    const carries = (r.facts ? r.facts.citations : r.citations.length) > 0;
    if (carries) {
      withCitations += 1;
      const tags = r.facts?.citationTags ?? citationTags(r, kase, documents);
      if (tags.length > 0) {
        const ref = refOf(r);
        for (const tag of tags) pushTo(byTag, tag, ref);
      }
    }
    const marks = caseMarks(r, kase);
    if (!marks) continue;
    // a verdict on an answer without citations judges nothing; one reviewers dispute is left out
    const disputed = r.stated.kind === 'value' ? r.stated.citationsDisputed : undefined;
    let cited = 0;
    let supported = 0;
    let statedRequired = 0;
    let supportedRequired = 0;
    for (const claimId in marks) {
      const mark = marks[claimId];
      if (!mark.stated || disputed?.includes(claimId)) continue;
      const citation = carries ? mark.citation : null;
      if (citation === 'supported' || citation === 'unsupported') cited += 1;
      if (citation === 'supported') supported += 1;
      if (!isForbiddenClaimId(claimId)) {
        statedRequired += 1;
        if (citation === 'supported') supportedRequired += 1;
      }
    }
    correctness.addAt(slot, supported, cited);
    completeness.addAt(slot, supportedRequired, statedRequired);
    if (supported < cited) unsupported.push(refOf(r));
  }
  return {
    correctness: correctness.rate(),
    completeness: completeness.rate(),
    unsupported,
    ruleFindings: CITATION_TAGS.map((tag) => ({ tag, responses: byTag.get(tag) ?? [] })),
    responsesWithCitations: withCitations,
  };
}
