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

const revisionCollator = new Intl.Collator('en', { numeric: true });

/**
 * Newest first: a later effectiveFrom wins; a revision without a date counts as
 * older than any dated one; ties (and undated revisions) go by the revision
 * string in natural order, so "v10" is newer than "v9".
 */
export function compareRevisionsNewestFirst(a: RevisionText, b: RevisionText): number {
  const x = a.effectiveFrom ?? '';
  const y = b.effectiveFrom ?? '';
  if (x !== y) {
    if (!x) return 1;
    if (!y) return -1;
    return x < y ? 1 : -1;
  }
  return -revisionCollator.compare(a.revision, b.revision);
}

export function latestRevisions<D extends RevisionText>(documents: readonly D[]): Map<string, D> {
  const latest = new Map<string, D>();
  for (const d of documents) {
    const known = latest.get(d.docId);
    if (!known || compareRevisionsNewestFirst(d, known) < 0) latest.set(d.docId, d);
  }
  return latest;
}

/**
 * For each evidence quote: the newest revision of its document and whether the
 * quote is in that revision's text ('found'), not in it ('missing-in-latest',
 * "evidence missing in revision X"), the document is not in the test set
 * ('unknown-document'), or the newest revision has no text to look in ('no-text').
 */
export function evidenceInLatestRevision(
  claims: readonly { evidence: readonly { docId: string; quote: string }[] }[],
  documents: readonly RevisionText[],
): EvidenceInLatest[] {
  const latest = latestRevisions(documents);
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
