import { describe, expect, it } from 'vitest';
import { dataLayerFigures, indexRevisions, staleChunk, staleChunks, type DataLayerResponse, type KnownRevision } from '../../shared/diagnosis';

const V1_TEXT = '第 2 条 年度会员购买后 7 天内可申请全额退款；超过 7 天不支持退款。\n第 3 条 月度会员一经开通不予退款。';
const V2_TEXT = '第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。\n第 3 条 月度会员一经开通不予退款。';
const refund = (revision: string, effectiveFrom: string | null, text: string | null, expiresAt: string | null = null): KnownRevision => ({
  docId: 'refund-policy', revision, effectiveFrom, expiresAt, accessScope: ['public'], text,
});
const index = indexRevisions([refund('v1', '2025-03-01', V1_TEXT), refund('v2', '2026-10-01', V2_TEXT)]);
const v1Chunk = { docId: 'refund-policy', chunkId: 'refund-policy@v1#p2', text: '第 2 条 年度会员购买后 7 天内可申请全额退款；超过 7 天不支持退款。' };

describe('stale chunks', () => {
  it('a chunk of a revision superseded by one in effect at asOf is stale; before the new one takes effect it is not', () => {
    expect(staleChunk(v1Chunk, index, '2026-11-01')).toEqual({ docId: 'refund-policy', chunkId: 'refund-policy@v1#p2', revision: 'v1', current: 'v2', reason: 'superseded' });
    expect(staleChunk(v1Chunk, index, '2026-05-01')).toBeNull();
    expect(staleChunk({ ...v1Chunk, chunkId: 'refund-policy@v2#p2' }, index, '2026-11-01')).toBeNull();
  });

  it('without asOf, any newer revision makes it stale', () => {
    expect(staleChunk(v1Chunk, index, null)).toMatchObject({ reason: 'superseded', current: 'v2' });
    expect(staleChunk({ ...v1Chunk, revision: 'v2' }, index, null)).toBeNull();
  });

  it('a revision that expired by asOf is stale (expiresAt is the first day it no longer applies)', () => {
    const promo = indexRevisions([{ docId: 'promo', revision: '2026-summer', effectiveFrom: '2026-06-01', expiresAt: '2026-09-01', accessScope: ['public'], text: '暑期会员 8 折' }]);
    const chunk = { docId: 'promo', revision: '2026-summer', text: '暑期会员 8 折' };
    expect(staleChunk(chunk, promo, '2026-09-01')).toMatchObject({ reason: 'expired', revision: '2026-summer', current: null });
    expect(staleChunk(chunk, promo, '2026-08-31')).toBeNull();
    // Without a date nothing has expired yet.
    expect(staleChunk(chunk, promo, null)).toBeNull();
  });

  it('a chunk naming no revision is stale when its text is only in an older revision (whitespace aside)', () => {
    const unnamed = { docId: 'refund-policy', chunkId: 'p2', text: '第 2 条\n年度会员购买后  7 天内可申请全额退款；超过 7 天不支持退款。' };
    expect(staleChunk(unnamed, index, null)).toEqual({ docId: 'refund-policy', chunkId: 'p2', revision: 'v1', current: 'v2', reason: 'older-text' });
    expect(staleChunk({ ...unnamed, text: '第 3 条 月度会员一经开通不予退款。' }, index, null)).toBeNull();
    expect(staleChunk({ ...unnamed, text: '与本文无关的内容' }, index, null)).toBeNull();
    expect(staleChunk({ ...unnamed, docId: 'not-in-the-set' }, index, null)).toBeNull();
  });

  it('equal effective dates go by import order: the later import is current', () => {
    const tie = indexRevisions([refund('b', '2026-10-01', V1_TEXT), refund('a', '2026-10-01', V2_TEXT)]);
    expect(staleChunk({ ...v1Chunk, chunkId: null, revision: 'b' }, tie, '2026-11-01')).toMatchObject({ reason: 'superseded', current: 'a' });
    expect(staleChunk({ ...v1Chunk, chunkId: null, revision: 'a' }, tie, '2026-11-01')).toBeNull();
  });
});

describe('stale context and followed stale, per system', () => {
  const stale = staleChunks([v1Chunk], index, '2026-11-01');
  const response = (id: string, system: string, over: Partial<DataLayerResponse>): DataLayerResponse => ({
    responseId: id, caseId: 'c', system, condition: null, caseSlices: [], stale: [], statesForbidden: null, ...over,
  });

  it('counts normal responses with a stale chunk, answers that followed it, and the conflict slice both ways', () => {
    const figures = dataLayerFigures([
      response('a1', 'agent@1', { stale, statesForbidden: true, caseSlices: ['conflict'] }),
      response('a2', 'agent@1', { stale, statesForbidden: false, caseSlices: ['conflict'] }),
      response('a3', 'agent@1', { statesForbidden: true }),
      response('a4', 'agent@1', { stale }),
      response('c1', 'agent@1', { condition: 'conflict', stale, statesForbidden: true }),
      response('c2', 'agent@1', { condition: 'conflict', stale, statesForbidden: true }),
      response('c3', 'agent@1', { condition: 'conflict', stale, statesForbidden: false }),
      response('g1', 'agent@1', { condition: 'gold-context', stale, statesForbidden: true }),
      response('b1', 'agent@2', {}),
    ]);
    const [one, two] = figures;
    expect(one.responses).toBe(4);
    expect(one.staleContext).toMatchObject({ count: 3, n: 4, rate: 0.75 });
    expect(one.staleContext.low).toBeCloseTo(0.300641842582402, 12);
    expect(one.staleContext.high).toBeCloseTo(0.9544127391902995, 12);
    // a1 followed; a2 and a3 did not (a3 stated it with nothing stale); a4 is not labeled.
    expect(one.followedStale.followed).toMatchObject({ count: 1, n: 3 });
    expect(one.followedStale.unlabeled).toBe(1);
    expect(one.conflictRuns.followed).toMatchObject({ count: 2, n: 3 });
    expect(one.conflictRuns.followed.low).toBeCloseTo(0.20765960080204784, 12);
    expect(one.conflictSliceNormal.followed).toMatchObject({ count: 1, n: 2 });
    expect(one.followedResponses).toEqual(['a1', 'c1', 'c2', 'g1']);
    // No conflict runs: undefined with its reason, never 0.
    expect(two.conflictRuns.followed).toMatchObject({ count: 0, n: 0, rate: null, low: null, high: null });
  });
});
