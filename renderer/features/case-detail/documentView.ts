import type { CaseDetail } from '../../../shared/api/contract';

export type StoredDocument = CaseDetail['documents'][number];

/** Stable DOM anchor of one evidence quote (claim number + evidence index) inside one revision. */
export function evidenceAnchor(claimNumber: number, evidenceIndex: number): string {
  return `c${claimNumber}e${evidenceIndex}`;
}

export function revisionKey(document: Pick<StoredDocument, 'docId' | 'revision'>): string {
  return `${document.docId}@${document.revision}`;
}
