import { describe, expect, it } from 'vitest';
import { groupRevisions, newestRevisions, revisionsNewestFirst } from '../../shared/documents/revision-order';

const rev = (docId: string, revision: string, effectiveFrom: string | null) => ({ docId, revision, effectiveFrom });

describe('the newest revision of a document (one order for the whole app)', () => {
  it('the latest effectiveFrom wins; an undated revision is older than any dated one', () => {
    const order = revisionsNewestFirst([rev('a', 'v1', '2026-01-01'), rev('a', 'draft', null), rev('a', 'v2', '2026-10-01')]);
    expect(order.map((r) => r.revision)).toEqual(['v2', 'v1', 'draft']);
  });

  it('equal dates and undated revisions go by import order, the later import newer (never by the revision string)', () => {
    expect(revisionsNewestFirst([rev('a', 'v9', '2026-01-01'), rev('a', 'v10', '2026-01-01')]).map((r) => r.revision)).toEqual(['v10', 'v9']);
    expect(revisionsNewestFirst([rev('a', 'v10', null), rev('a', 'v9', null)]).map((r) => r.revision)).toEqual(['v9', 'v10']);
  });

  it('groups documents in first-seen order and picks each newest revision', () => {
    const documents = [rev('a', 'v1', '2026-01-01'), rev('b', 'r', null), rev('a', 'v2', '2026-10-01'), rev('a', 'draft', null)];
    expect(groupRevisions(documents).map((g) => [g.docId, g.revisions.map((r) => r.revision)])).toEqual([
      ['a', ['v2', 'v1', 'draft']],
      ['b', ['r']],
    ]);
    expect([...newestRevisions(documents)].map(([docId, d]) => [docId, d.revision])).toEqual([['a', 'v2'], ['b', 'r']]);
  });
});
