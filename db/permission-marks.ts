import { indexRevisions } from '../shared/diagnosis/chunk-revision';
import { leaksOf, type LeakedChunk } from '../shared/diagnosis/permission-leaks';
import type { ContextChunk } from '../shared/domain/schemas';
import { knownRevisionsOf } from './known-revisions';
import type { Db } from './open';

/** A response of one case whose final context held chunks the case's user may not see. */
export interface CaseLeak {
  responseId: string;
  system: string;
  chunks: LeakedChunk[];
}

/**
 * The permission leaks of one case, every system: chunks of documents outside the case's access
 * scope in a response's final context (shared/diagnosis/permission-leaks.ts). Scopes only, never
 * the other tenant's text.
 */
export function caseLeaks(db: Db, caseSeq: number): CaseLeak[] {
  const scope = db.prepare('SELECT access_scope FROM cases WHERE seq = ?').pluck().get(caseSeq) as string | undefined;
  if (scope === undefined) return [];
  const responses = (db.prepare('SELECT id, system, final_context FROM responses WHERE case_seq = ? ORDER BY system, id').all(caseSeq) as { id: string; system: string; final_context: string }[])
    .map((r) => ({ id: r.id, system: r.system, context: JSON.parse(r.final_context) as ContextChunk[] }));
  const docIds = responses.flatMap((r) => r.context.flatMap((c) => (c.docId ? [c.docId] : [])));
  if (docIds.length === 0) return [];
  const index = indexRevisions(knownRevisionsOf(db, docIds));
  const caseScope = JSON.parse(scope) as string[];
  return responses.flatMap((r) => {
    const { leaked } = leaksOf(r.context, caseScope, index);
    return leaked.length > 0 ? [{ responseId: r.id, system: r.system, chunks: leaked }] : [];
  });
}
