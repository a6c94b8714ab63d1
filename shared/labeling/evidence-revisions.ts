import { newestRevisions } from '../documents/revision-order';

/** Whether each evidence quote is still in the newest revision of its document, so an expert sees which evidence a newer revision no longer supports. */

export interface RevisionText {
  docId: string;
  revision: string;
  effectiveFrom?: string | null;
  text?: string | null;
}

export type EvidenceRevisionStatus = 'found' | 'missing-in-latest' | 'unknown-document' | 'no-text';

export interface EvidenceInLatest {
  claimIndex: number;
  evidenceIndex: number;
  docId: string;
  latestRevision: string | null;
  status: EvidenceRevisionStatus;
}

/**
 * For each evidence quote: the newest revision of its document and whether the
 * quote is in that revision's text ('found'), not in it ('missing-in-latest',
 * "evidence missing in revision X"), the document is not in the test set
 * ('unknown-document'), or the newest revision has no text to look in ('no-text').
 */
export function evidenceInLatestRevision(
  claims: readonly { evidence: readonly { docId: string; quote: string }[] }[],
  /** In import order (see shared/documents/revision-order.ts). */
  documents: readonly RevisionText[],
): EvidenceInLatest[] {
  const latest = newestRevisions(documents);
  const out: EvidenceInLatest[] = [];
  claims.forEach((claim, claimIndex) => {
    claim.evidence.forEach((evidence, evidenceIndex) => {
      const document = latest.get(evidence.docId);
      const base = { claimIndex, evidenceIndex, docId: evidence.docId };
      if (!document) out.push({ ...base, latestRevision: null, status: 'unknown-document' });
      else if (typeof document.text !== 'string' || document.text.length === 0) out.push({ ...base, latestRevision: document.revision, status: 'no-text' });
      else out.push({ ...base, latestRevision: document.revision, status: document.text.includes(evidence.quote) ? 'found' : 'missing-in-latest' });
    });
  });
  return out;
}
