import { describe, expect, it } from 'vitest';
import { evidenceInLatestRevision } from '../../shared/labeling';

const policy = (revision: string, effectiveFrom: string | null, text: string | null) => ({ docId: 'refund-policy', revision, effectiveFrom, text });

describe('evidenceInLatestRevision', () => {
  const claims = [
    { text: '30 天内可退', evidence: [{ docId: 'refund-policy', quote: '购买后 30 天内可申请退款' }, { docId: 'gone', quote: 'x' }] },
    { text: '按天折算', evidence: [{ docId: 'refund-policy', quote: '按剩余天数折算退款金额 👍' }] },
  ];

  it('finds each quote in the newest revision by effective date, flags the ones missing there, and unknown documents', () => {
    const documents = [
      policy('v3', '2026-12-01', '年度会员购买后 30 天内可申请退款。'),
      policy('v2', '2026-10-01', '年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额 👍'),
      policy('v1', null, '7 天内全额退款'),
    ];
    expect(evidenceInLatestRevision(claims, documents)).toEqual([
      { claimIndex: 0, evidenceIndex: 0, docId: 'refund-policy', latestRevision: 'v3', status: 'found' },
      { claimIndex: 0, evidenceIndex: 1, docId: 'gone', latestRevision: null, status: 'unknown-document' },
      { claimIndex: 1, evidenceIndex: 0, docId: 'refund-policy', latestRevision: 'v3', status: 'missing-in-latest' },
    ]);
  });

  it('the same date (or none) goes by import order: the later import is the newer revision', () => {
    const documents = [policy('v10', null, '购买后 30 天内可申请退款'), policy('v9', null, '全新条款')];
    expect(evidenceInLatestRevision([claims[0]], documents)[0]).toMatchObject({ latestRevision: 'v9', status: 'missing-in-latest' });
    const dated = [policy('a', '2026-01-01', ''), policy('b', '2026-01-01', '购买后 30 天内可申请退款')];
    expect(evidenceInLatestRevision([claims[0]], dated)[0]).toMatchObject({ latestRevision: 'b', status: 'found' });
  });

  it('a dated revision is newer than an undated one; a newest revision without text cannot be checked', () => {
    const documents = [policy('v2', null, '购买后 30 天内可申请退款'), policy('v1', '2020-01-01', null)];
    expect(evidenceInLatestRevision([claims[0]], documents)[0]).toMatchObject({ latestRevision: 'v1', status: 'no-text' });
  });
});
