import { codePointToUtf16 } from '../labeling/codepoints';
import { highlightSegments, type HighlightResult } from './highlight';

/** The parts of a claim the evidence view needs (structurally compatible with the domain Claim). */
export interface ClaimWithEvidence {
  text: string;
  evidence: readonly { docId: string; quote: string; start?: number | null }[];
}

export interface DocumentText {
  docId: string;
  revision: string;
  text?: string | null;
}

/** One evidence quote placed in one document text, tagged with its claim's number (1-based). */
export interface EvidenceMark {
  quote: string;
  /** Where the quote starts in the text as a JS string index (UTF-16), the highlighter's unit. */
  start?: number | null;
  claimNumber: number;
  evidenceIndex: number;
}

/**
 * Every evidence quote of the claims that points at `docId`, in claim order. Evidence offsets are code
 * points (the stored unit); they become UTF-16 indexes of `text`, so after an emoji a repeated quote is
 * marked where it was picked, not at its first occurrence.
 */
export function evidenceMarksForDocument(claims: readonly ClaimWithEvidence[], docId: string, text?: string | null): EvidenceMark[] {
  const marks: EvidenceMark[] = [];
  claims.forEach((claim, claimIndex) => {
    claim.evidence.forEach((evidence, evidenceIndex) => {
      if (evidence.docId !== docId) return;
      const start = typeof evidence.start === 'number' && text ? codePointToUtf16(text, evidence.start) : null;
      marks.push({ quote: evidence.quote, start, claimNumber: claimIndex + 1, evidenceIndex });
    });
  });
  return marks;
}

export interface HighlightedDocument {
  marks: EvidenceMark[];
  result: HighlightResult;
}

/** A document revision's text cut into segments, with the evidence of `claims` highlighted. */
export function highlightDocument(claims: readonly ClaimWithEvidence[], document: DocumentText): HighlightedDocument {
  const marks = evidenceMarksForDocument(claims, document.docId, document.text);
  return { marks, result: highlightSegments(document.text ?? '', marks) };
}

export type EvidenceLocation =
  | { status: 'found'; revisions: string[] }
  | { status: 'quote-not-found'; revisions: [] }
  | { status: 'document-missing'; revisions: [] }
  | { status: 'no-text'; revisions: [] };

/** Where one evidence quote can be seen among the case's documents. */
export function locateEvidence(
  evidence: { docId: string; quote: string },
  documents: readonly DocumentText[],
): EvidenceLocation {
  const revisions = documents.filter((document) => document.docId === evidence.docId);
  if (revisions.length === 0) return { status: 'document-missing', revisions: [] };
  const withText = revisions.filter((document) => typeof document.text === 'string' && document.text.length > 0);
  if (withText.length === 0) return { status: 'no-text', revisions: [] };
  const found = withText.filter((document) => (document.text as string).includes(evidence.quote)).map((d) => d.revision);
  return found.length > 0 ? { status: 'found', revisions: found } : { status: 'quote-not-found', revisions: [] };
}
