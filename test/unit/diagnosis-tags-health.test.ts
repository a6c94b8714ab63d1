import { describe, expect, it } from 'vitest';
import { FAILURE_TAG_NAMES, assignSplits, layerOfTag, suggestTags, tagDistribution, testSetHealth, type HealthCase, type SuggestionInput } from '../../shared/diagnosis';

const DOC = '第 1 条 适用范围。第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。第 3 条 月度会员不予退款。';
const QUOTE = '购买后 30 天内可申请退款，按剩余天数折算退款金额';

const input = (over: Partial<SuggestionInput>): SuggestionInput => ({
  evidence: [{ docId: 'refund', quote: QUOTE }], finalContext: [], candidates: [], k: 3, stale: [], documentText: () => DOC, ...over,
});

describe('failure tag suggestions', () => {
  it('chunk_boundary: the quote runs from the end of one chunk into the next chunk of the same document', () => {
    const head = { docId: 'refund', chunkId: 'refund#1', text: '第 1 条 适用范围。第 2 条 年度会员购买后 30 天内可申请退款，', rank: 1 };
    const tail = { docId: 'refund', chunkId: 'refund#2', text: '按剩余天数折算退款金额；超过 30 天不予退款。', rank: 2 };
    expect(suggestTags(input({ finalContext: [tail, head] }))).toEqual([{ tag: 'chunk_boundary', docId: 'refund', quote: QUOTE, chunkIds: ['refund#1', 'refund#2'] }]);
    // Overlapping chunks split it too.
    const overlapping = { ...tail, text: '退款，按剩余天数折算退款金额；超过 30 天不予退款。' };
    expect(suggestTags(input({ finalContext: [head, overlapping] })).map((s) => s.tag)).toEqual(['chunk_boundary']);
    // Not neighbours in the document: no proof of a boundary.
    const farAway = { ...tail, text: '按剩余天数折算退款金额' };
    expect(suggestTags(input({ finalContext: [head, farAway], documentText: () => '第 1 条 适用范围。第 2 条 年度会员购买后 30 天内可申请退款，另见附件一。附件一：按剩余天数折算退款金额' })).filter((s) => s.tag === 'chunk_boundary')).toEqual([]);
    // A chunk holding the whole quote: nothing to suggest.
    expect(suggestTags(input({ finalContext: [{ docId: 'refund', chunkId: 'all', text: DOC, rank: 1 }] }))).toEqual([]);
  });

  it('rerank_drop: the unit is in the candidates but beyond k, or missing from the final context', () => {
    const holding = { docId: 'refund', chunkId: 'refund#2', text: DOC, rank: 7 };
    expect(suggestTags(input({ candidates: [holding] }))).toEqual([{ tag: 'rerank_drop', docId: 'refund', quote: QUOTE, candidateRank: 7, chunkIds: ['refund#2'] }]);
    expect(suggestTags(input({ candidates: [{ ...holding, rank: 2 }] })).map((s) => s.tag)).toEqual(['rerank_drop']);
    expect(suggestTags(input({ candidates: [{ ...holding, rank: 2 }], finalContext: [{ ...holding, rank: 1 }] }))).toEqual([]);
    expect(suggestTags(input({ candidates: [{ docId: 'other', text: DOC, rank: 9 }] }))).toEqual([]);
  });

  it('stale_revision: a stale chunk was in the context', () => {
    const stale = [{ docId: 'refund', chunkId: 'refund@v1#2', revision: 'v1', current: 'v2', reason: 'superseded' as const }];
    expect(suggestTags(input({ evidence: [], stale }))).toEqual([{ tag: 'stale_revision', docId: 'refund', revision: 'v1', chunkIds: ['refund@v1#2'] }]);
  });
});

describe('failure taxonomy', () => {
  it('holds every tag of the taxonomy once, each under a layer', () => {
    expect(FAILURE_TAG_NAMES).toEqual([
      'not_indexed', 'stale_revision', 'acl_filtered', 'rewrite_lost_term', 'sparse_miss', 'dense_miss', 'rerank_drop', 'chunk_boundary',
      'unsupported_citation', 'wrong_source_id', 'missing_citation', 'stale_citation', 'inaccessible_citation', 'single_source_on_conflict',
    ]);
    expect(layerOfTag('rerank_drop')).toBe('retrieval');
    expect(layerOfTag('made_up')).toBeNull();
  });

  it('counts responses per tag, grouped by layer in taxonomy order', () => {
    // each response's suggestions, a tag suggested twice for one response (by two of its chunks) counted once
    const suggested = [['rerank_drop', 'stale_revision'], ['rerank_drop', 'rerank_drop'], ['made_up'], []].map((tags) => tags.map((tag) => ({ tag })));
    expect(tagDistribution(suggested)).toEqual([
      { layer: 'data', tags: [{ tag: 'stale_revision', count: 1 }] },
      { layer: 'retrieval', tags: [{ tag: 'rerank_drop', count: 2 }] },
      { layer: 'other', tags: [{ tag: 'made_up', count: 1 }] },
    ]);
  });
});

const healthCase = (id: string, over: Partial<HealthCase>): HealthCase => ({
  id, origin: 'production-failure', answerability: 'answerable', slices: [], split: 'dev', group: null, citedDocuments: ['refund'], leakFlagged: false, ...over,
});

describe('test-set health', () => {
  it('counts origins, answerability and splits, warns under 10% refusal cases, lists cases without evidence or with leaks', () => {
    const cases = [
      ...Array.from({ length: 9 }, (_, i) => healthCase(`a${i}`, { slices: ['conflict'] })),
      healthCase('u', { answerability: 'underspecified', origin: 'synthetic', citedDocuments: [], leakFlagged: true }),
      healthCase('n', { answerability: null, origin: null }),
    ];
    const health = testSetHealth(cases);
    expect(health.total).toBe(11);
    expect(health.byOrigin).toEqual([{ value: 'production-failure', count: 9 }, { value: 'synthetic', count: 1 }, { value: '(none)', count: 1 }]);
    expect(health.refusalShare).toEqual({ count: 0, n: 10, value: 0 });
    expect(health.refusalWarning).toBe(true);
    expect(health.originWarning).toBeNull();
    expect(health.bySlice).toEqual([{ value: 'conflict', count: 9 }]);
    expect(health.withoutEvidence).toEqual(['u']);
    expect(health.leakFlagged).toEqual(['u']);
    const mixed = testSetHealth([healthCase('x', { answerability: 'false-premise' }), ...cases.slice(0, 9)]);
    expect(mixed.refusalWarning).toBe(false);
    expect(testSetHealth([healthCase('s', { origin: 'synthetic' })]).originWarning).toBe('synthetic-majority');
  });

  it('lists a group or a cited document found on both sides of dev/holdout', () => {
    const health = testSetHealth([
      healthCase('a', { group: 'refund', citedDocuments: ['refund-policy'] }),
      healthCase('b', { group: 'refund', split: 'holdout', citedDocuments: ['refund-policy', 'faq'] }),
      healthCase('c', { group: 'invoice', split: 'holdout', citedDocuments: ['invoice'] }),
      healthCase('d', { group: 'faq', split: null, citedDocuments: ['faq'] }),
    ]);
    expect(health.splitLeaks).toEqual([
      { kind: 'group', key: 'refund', dev: ['a'], holdout: ['b'] },
      { kind: 'document', key: 'refund-policy', dev: ['a'], holdout: ['b'] },
    ]);
  });
});

describe('seeded split assignment', () => {
  const cases = Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`, group: `g${i % 10}`, questionType: i % 2 ? 'fact' : 'how-to', asOf: `2026-${String((i % 12) + 1).padStart(2, '0')}-01`, citedDocuments: [`doc${i % 8}`],
  }));

  it('never puts a group or a document on both sides, reaches the ratio, and repeats with the same seed', () => {
    const plan = assignSplits(cases, 'group', 0.25, 7);
    const health = testSetHealth(cases.map((c, i) => healthCase(c.id, { group: c.group, citedDocuments: c.citedDocuments, split: plan.assignments[i].split })));
    expect(health.splitLeaks).toEqual([]);
    expect(plan.holdoutCases).toBeGreaterThanOrEqual(10);
    expect(plan.assignments.filter((a) => a.split === 'holdout').length).toBe(plan.holdoutCases);
    expect(assignSplits(cases, 'group', 0.25, 7)).toEqual(plan);
    expect(assignSplits(cases, 'group', 0.25, 8).assignments).not.toEqual(plan.assignments);
  });

  it('by time puts the latest dates in holdout', () => {
    const plan = assignSplits(cases, 'time', 0.2, 1);
    const holdoutDates = cases.filter((_, i) => plan.assignments[i].split === 'holdout').map((c) => c.asOf);
    const devDates = cases.filter((_, i) => plan.assignments[i].split === 'dev').map((c) => c.asOf);
    expect(holdoutDates.every((d) => devDates.every((e) => (d as string) > (e as string)))).toBe(true);
    expect(plan.holdoutCases).toBeGreaterThanOrEqual(8);
  });
});
