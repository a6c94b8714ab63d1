import { describe, expect, it } from 'vitest';
import { responseHintFor, caseFor, assemblyLossFor, compareFor, reportFor } from '../../server/retrieval/retrieval-service';
import { importRows } from '../helpers/labeling-set';
import { addSystem, quoteOf, retrievalSet } from '../helpers/retrieval-set';
import { useTempDir } from '../helpers/temp-dir';

describe('the retrieval service on a real file', () => {
  const tempDir = useTempDir();

  it('suggests a failure layer per response from where its units are, never writing', async () => {
    const set = await retrievalSet(tempDir(), 3);
    // c1: unit at candidate rank 1 (in the context); c2: rank 5 (a candidate, not in the 3-chunk context); c3: not retrieved
    addSystem(set, 'v1', 3, (i) => [1, 5, null][i - 1]);
    importRows(set, 'responses', [{ id: 'bare', caseId: 'c1', system: 'v0', answer: '嗯', finalContext: [] }], 'bare.jsonl');
    const changes = set.db.prepare('SELECT total_changes()').pluck().get();
    expect(responseHintFor(set.db, { responseId: 'v1/c1' }).suggestion).toEqual({ layer: null, reason: 'all-in-context', missing: 0 });
    const dropped = responseHintFor(set.db, { responseId: 'v1/c2' });
    expect(dropped.suggestion).toEqual({ layer: 'context-assembly', reason: 'dropped-by-assembly', missing: 1 });
    expect(dropped.units).toEqual([{ docId: 'benefits', quote: quoteOf(2), grade: 1, claims: [0], contextRank: null, candidateRank: 5 }]);
    expect(responseHintFor(set.db, { responseId: 'v1/c3' }).suggestion).toEqual({ layer: 'retrieval', reason: 'not-in-candidates', missing: 1 });
    expect(responseHintFor(set.db, { responseId: 'bare' }).suggestion).toEqual({ layer: 'retrieval', reason: 'not-in-context-no-candidates', missing: 1 });
    expect(set.db.prepare('SELECT total_changes()').pluck().get()).toBe(changes);

    expect(assemblyLossFor(set.db, { system: 'v1' })).toEqual({
      responses: 3,
      cases: [{ caseId: 'c2', query: '问题 2', responseId: 'v1/c2', lost: [{ docId: 'benefits', quote: quoteOf(2), candidateRank: 5 }] }],
    });
    const detail = caseFor(set.db, { system: 'v1', caseId: 'c2' });
    expect(detail.responses[0].candidates!.map((c) => c.units)).toEqual([[], [], [], [], [0]]);
    expect(detail.responses[0].context.map((c) => c.units)).toEqual([[], [], []]);
    set.db.close();
  });

  it('refuses to compare different ks or lists, saying which; compares the same k', async () => {
    const set = await retrievalSet(tempDir(), 3);
    addSystem(set, 'v1', 3, () => 1);
    addSystem(set, 'v2', 3, () => 2);
    const base = { system: 'v2', baseline: 'v1', list: 'candidates' as const, baselineList: 'candidates' as const };
    expect(compareFor(set.db, { ...base, k: 5, baselineK: 10 })).toEqual({
      refusal: { code: 'different-k', current: 'candidates@5', baseline: 'candidates@10' }, comparison: null,
    });
    expect(compareFor(set.db, { ...base, k: 5, baselineK: 5, baselineList: 'context' }).refusal).toEqual({ code: 'different-list', current: 'candidates@5', baseline: 'context@5' });
    const same = compareFor(set.db, { ...base, k: 1, baselineK: 1 });
    expect(same.comparison!.difference.recall.value).toBe(-1);
    expect(same.comparison!.regressions.map((r) => r.lost[0].rankAfter)).toEqual([2, 2, 2]);
    // at k = 2 the later version finds everything again
    expect(reportFor(set.db, { system: 'v2', list: 'candidates', k: 2 }).mean.recall.value).toBe(1);
    set.db.close();
  });
});
