import type { CaseDetail } from '../shared/api/contract';
import { indexRevisions, newestFirst } from '../shared/diagnosis/chunk-revision';
import type { FailureTag } from '../shared/diagnosis/failure-tags';
import { staleChunks } from '../shared/diagnosis/staleness';
import { suggestedTagList, suggestionsForResponse } from '../shared/diagnosis/tag-suggestions';
import type { Claim } from '../shared/domain/schemas';
import { knownRevisionsOf } from './known-revisions';
import type { Db } from './open';

/**
 * The failure tags the data proves for each response of one case (chunk_boundary, rerank_drop,
 * stale_revision), read the way the Diagnosis figures read them: the Label screen proposes them on
 * the failureTags step and never saves them unasked.
 */
export function caseTagSuggestions(db: Db, detail: Pick<CaseDetail, 'case' | 'responses'>, claims: readonly Claim[]): Map<string, FailureTag[]> {
  const evidence = claims.flatMap((c) => c.evidence.map((e) => ({ docId: e.docId, quote: e.quote })));
  const docIds = new Set(evidence.map((e) => e.docId));
  for (const r of detail.responses) for (const chunk of [...r.finalContext, ...(r.candidates ?? [])]) if (chunk.docId) docIds.add(chunk.docId);
  const index = indexRevisions(knownRevisionsOf(db, docIds));
  const newestText = (docId: string) => {
    const revisions = index.get(docId);
    return revisions ? (newestFirst(revisions)[0].text ?? null) : null;
  };
  const asOf = detail.case.asOf ?? null;
  return new Map(
    detail.responses.map((r) => {
      const stale = staleChunks(r.finalContext, index, asOf);
      return [r.id, suggestedTagList(suggestionsForResponse({ finalContext: r.finalContext, candidates: r.candidates ?? [] }, evidence, stale, newestText))];
    }),
  );
}
