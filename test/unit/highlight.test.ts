import { describe, expect, it } from 'vitest';
import { highlightSegments, locateQuote } from '../../renderer/features/case-detail/highlight';
import { evidenceMarksForDocument, highlightDocument, locateEvidence } from '../../renderer/features/case-detail/evidence';

const joined = (text: string, marks: { quote: string; start?: number | null }[]) =>
  highlightSegments(text, marks).segments.map((s) => s.text).join('');

describe('locateQuote', () => {
  it('finds the exact quote by JS string index', () => {
    expect(locateQuote('abc退款def', '退款')).toBe(3);
    expect(locateQuote('abc', 'x')).toBe(-1);
    expect(locateQuote('abc', '')).toBe(-1);
  });
  it('uses the hint only when the text there is exactly the quote', () => {
    const text = '退款 退款';
    expect(locateQuote(text, '退款', 3)).toBe(3);
    expect(locateQuote(text, '退款', 2)).toBe(0);
    expect(locateQuote(text, '退款', 999)).toBe(0);
  });
});

describe('highlightSegments', () => {
  it('returns the whole text unmarked when nothing matches', () => {
    const { segments, ranges } = highlightSegments('hello', [{ quote: 'zzz' }]);
    expect(segments).toEqual([{ text: 'hello', start: 0, end: 5, marks: [], endingMarks: [] }]);
    expect(ranges).toEqual([null]);
  });

  it('handles an empty text', () => {
    expect(highlightSegments('', [{ quote: 'a' }]).segments).toEqual([]);
  });

  it('cuts Chinese text exactly at the quote', () => {
    const text = '第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。';
    const quote = '按剩余天数折算退款金额';
    const { segments } = highlightSegments(text, [{ quote }]);
    const marked = segments.filter((s) => s.marks.length > 0);
    expect(marked).toHaveLength(1);
    expect(marked[0].text).toBe(quote);
    expect(marked[0].endingMarks).toEqual([0]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('keeps emoji (surrogate pairs) intact around and inside quotes', () => {
    const text = '👍 退款 🎉 成功 👨‍👩‍👧 完成';
    const marks = [{ quote: '退款 🎉' }, { quote: '👨‍👩‍👧 完成' }];
    const { segments } = highlightSegments(text, marks);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.marks.length).map((s) => s.text)).toEqual(['退款 🎉', '👨‍👩‍👧 完成']);
    for (const s of segments) {
      // no lone surrogate at either edge
      expect(/^[\uDC00-\uDFFF]/.test(s.text)).toBe(false);
      expect(/[\uD800-\uDBFF]$/.test(s.text)).toBe(false);
    }
  });

  it('handles overlapping quotes with every covering mark', () => {
    const text = 'ABCDEFGH';
    const { segments } = highlightSegments(text, [{ quote: 'BCDE' }, { quote: 'DEFG' }]);
    expect(segments.map((s) => [s.text, s.marks, s.endingMarks])).toEqual([
      ['A', [], []],
      ['BC', [0], []],
      ['DE', [0, 1], [0]],
      ['FG', [1], [1]],
      ['H', [], []],
    ]);
  });

  it('handles nested and identical quotes', () => {
    const { segments } = highlightSegments('xx退款金额yy', [{ quote: '退款金额' }, { quote: '退款' }, { quote: '退款金额' }]);
    expect(segments.map((s) => [s.text, s.marks, s.endingMarks])).toEqual([
      ['xx', [], []],
      ['退款', [0, 1, 2], [1]],
      ['金额', [0, 2], [0, 2]],
      ['yy', [], []],
    ]);
  });

  it('marks the quote at the very start and end of the text', () => {
    const { segments } = highlightSegments('退款政策', [{ quote: '退款' }, { quote: '政策' }]);
    expect(segments.map((s) => [s.text, s.marks])).toEqual([
      ['退款', [0]],
      ['政策', [1]],
    ]);
  });

  it('rebuilds the text for any mark set', () => {
    const text = 'a退b款c😀d退款e';
    expect(joined(text, [{ quote: '退款' }, { quote: '😀d' }, { quote: 'c😀' }, { quote: 'nope' }])).toBe(text);
  });
});

describe('evidence', () => {
  const claims = [
    { text: 'c1', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] },
    { text: 'c2', evidence: [] },
    { text: 'c3', evidence: [{ docId: 'other', quote: 'x' }, { docId: 'refund-policy', quote: '不予退款' }] },
  ];

  it('collects the marks of one document with claim numbers', () => {
    expect(evidenceMarksForDocument(claims, 'refund-policy').map((m) => [m.claimNumber, m.quote])).toEqual([
      [1, '30 天内可申请退款'],
      [3, '不予退款'],
    ]);
  });

  it('marks evidence at its code point offset, also after an emoji, in every view that highlights a document', () => {
    const text = '👍退款 👍退款';
    const at = (start: number | null) => highlightDocument([{ text: 'c', evidence: [{ docId: 'd', quote: '退款', start }] }], { docId: 'd', revision: 'v1', text }).result.ranges[0];
    // code point 5 is the second 退款, which starts at UTF-16 index 7 (each 👍 is two code units)
    expect(at(5)).toEqual({ start: 7, end: 9 });
    expect(at(1)).toEqual({ start: 2, end: 4 });
    // an offset where the quote is not: its first occurrence
    expect(at(4)).toEqual({ start: 2, end: 4 });
    expect(at(null)).toEqual({ start: 2, end: 4 });
  });

  it('highlights a revision and reports a quote that is not there', () => {
    const { marks, result } = highlightDocument(claims, { docId: 'refund-policy', revision: 'v1', text: '7 天内可申请退款；超过 7 天不予退款。' });
    expect(marks).toHaveLength(2);
    expect(result.ranges[0]).toBeNull();
    expect(result.ranges[1]).not.toBeNull();
  });

  it('locates evidence across revisions', () => {
    const docs = [
      { docId: 'refund-policy', revision: 'v1', text: '7 天内可申请退款' },
      { docId: 'refund-policy', revision: 'v2', text: '30 天内可申请退款' },
      { docId: 'empty', revision: 'v1', text: null },
    ];
    expect(locateEvidence({ docId: 'refund-policy', quote: '可申请退款' }, docs)).toEqual({ status: 'found', revisions: ['v1', 'v2'] });
    expect(locateEvidence({ docId: 'refund-policy', quote: '全额' }, docs).status).toBe('quote-not-found');
    expect(locateEvidence({ docId: 'missing', quote: 'x' }, docs).status).toBe('document-missing');
    expect(locateEvidence({ docId: 'empty', quote: 'x' }, docs).status).toBe('no-text');
  });

});
