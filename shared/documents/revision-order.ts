/**
 * The one order of a document's revisions for the whole app: the newest
 * revision is the one with the latest `effectiveFrom`; a revision without a
 * date counts as older than any dated one; equal dates (and undated
 * revisions) go by import order, the later import being the newer.
 *
 * Every function here takes revisions in import order (the database hands
 * them out by rowid), so "import order" is simply the position in the input.
 */

export interface DatedRevision {
  docId: string;
  revision: string;
  effectiveFrom?: string | null;
}

/** Negative when `a` (imported at `ai`) is newer than `b` (imported at `bi`). */
function newerFirst(a: DatedRevision, ai: number, b: DatedRevision, bi: number): number {
  const x = a.effectiveFrom ?? '';
  const y = b.effectiveFrom ?? '';
  if (x !== y) {
    if (!x) return 1;
    if (!y) return -1;
    return x < y ? 1 : -1;
  }
  return bi - ai;
}

/** The revisions (of one document, in import order) sorted newest first. */
export function revisionsNewestFirst<D extends DatedRevision>(revisions: readonly D[]): D[] {
  return revisions
    .map((revision, index) => ({ revision, index }))
    .sort((a, b) => newerFirst(a.revision, a.index, b.revision, b.index))
    .map(({ revision }) => revision);
}

/** Documents grouped by docId (first-seen order), each group's revisions newest first. */
export function groupRevisions<D extends DatedRevision>(documents: readonly D[]): { docId: string; revisions: D[] }[] {
  const groups = new Map<string, D[]>();
  for (const document of documents) {
    const list = groups.get(document.docId);
    if (list) list.push(document);
    else groups.set(document.docId, [document]);
  }
  return [...groups].map(([docId, revisions]) => ({ docId, revisions: revisionsNewestFirst(revisions) }));
}

/** The newest revision of every document. */
export function newestRevisions<D extends DatedRevision>(documents: readonly D[]): Map<string, D> {
  return new Map(groupRevisions(documents).map((group) => [group.docId, group.revisions[0]]));
}
