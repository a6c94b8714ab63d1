import { describe, expect, it } from 'vitest';
import {
  codePointLength, codePointToUtf16, graphemeBoundaries, selectionToEvidence, snapToGraphemes, utf16ToCodePoint,
} from '../../renderer/features/labeling/codepoints';
import { splitIntoClaims } from '../../renderer/features/labeling/split-claims';

/** The code point slice a span names: what Python's text[start:end] would give. */
const byCodePoints = (text: string, start: number, end: number) => [...text].slice(start, end).join('');

describe('code point offsets', () => {
  it('counts Chinese characters one each', () => {
    const text = '年度会员购买后 30 天内可申请退款';
    expect(codePointLength(text)).toBe(text.length);
    expect(utf16ToCodePoint(text, 4)).toBe(4);
    expect(codePointToUtf16(text, 4)).toBe(4);
  });

  it('counts an emoji (surrogate pair) as one code point', () => {
    const text = 'a👍b';
    expect(text.length).toBe(4);
    expect(codePointLength(text)).toBe(3);
    expect(utf16ToCodePoint(text, 3)).toBe(2);
    expect(codePointToUtf16(text, 2)).toBe(3);
    // an index between the halves of the pair counts as the pair's start
    expect(utf16ToCodePoint(text, 2)).toBe(1);
  });

  it('counts a combining mark as its own code point', () => {
    const text = 'caf' + 'e\u0301' + '!';
    expect(codePointLength(text)).toBe(6);
    expect(utf16ToCodePoint(text, 5)).toBe(5);
  });

  it('round-trips every code point boundary', () => {
    const text = '退款🎉e\u0301👨‍👩‍👧 ok';
    const points = [...text].length;
    for (let cp = 0; cp <= points; cp++) expect(utf16ToCodePoint(text, codePointToUtf16(text, cp))).toBe(cp);
    expect(codePointToUtf16(text, 999)).toBe(text.length);
    expect(codePointToUtf16(text, -3)).toBe(0);
  });
});

describe('grapheme snapping', () => {
  it('keeps a base letter with its combining mark', () => {
    const text = 'xe\u0301y';
    expect(graphemeBoundaries(text)).toEqual([0, 1, 3, 4]);
    // selecting only the "e" takes the accent with it; selecting only the accent takes the "e"
    expect(snapToGraphemes(text, 1, 2)).toEqual({ start: 1, end: 3 });
    expect(snapToGraphemes(text, 2, 3)).toEqual({ start: 1, end: 3 });
  });

  it('never cuts an emoji or a ZWJ family apart', () => {
    const family = '👨‍👩‍👧';
    const text = `A${family}B`;
    expect(snapToGraphemes(text, 2, 4)).toEqual({ start: 1, end: 1 + family.length });
  });

  it('orders a backwards selection', () => {
    expect(snapToGraphemes('abcdef', 4, 1)).toEqual({ start: 1, end: 4 });
  });
});

describe('selectionToEvidence', () => {
  it('records a Chinese quote with code point offsets', () => {
    const text = '第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。';
    const quote = '按剩余天数折算退款金额';
    const start = text.indexOf(quote);
    const evidence = selectionToEvidence('refund-policy', text, start, start + quote.length);
    expect(evidence).toEqual({ docId: 'refund-policy', quote, start, end: start + quote.length });
  });

  it('gives code point offsets after emoji, matching a code point slice', () => {
    const text = '🎉🎉 活动期间 👍 七天内可退款 ✅';
    const quote = '七天内可退款';
    const at = text.indexOf(quote);
    const evidence = selectionToEvidence('promo', text, at, at + quote.length);
    expect(evidence?.quote).toBe(quote);
    expect(evidence?.start).toBe(at - 3); // three emoji before the quote, one code unit more each
    expect(byCodePoints(text, evidence!.start, evidence!.end)).toBe(quote);
  });

  it('includes the whole emoji when the selection ends inside it', () => {
    const text = '好评👍好';
    const evidence = selectionToEvidence('d', text, 0, 3); // ends between the two halves of 👍
    expect(evidence?.quote).toBe('好评👍');
    expect(evidence?.end).toBe(3);
    expect(byCodePoints(text, evidence!.start, evidence!.end)).toBe('好评👍');
  });

  it('keeps combining marks ("e\\u0301") with their letter', () => {
    const text = 'Le cafe\u0301 est ferme\u0301.';
    const start = text.indexOf('cafe');
    const evidence = selectionToEvidence('fr', text, start, start + 4); // "cafe" without the accent
    expect(evidence?.quote).toBe('cafe\u0301');
    expect(evidence?.end! - evidence?.start!).toBe(5);
    expect(byCodePoints(text, evidence!.start, evidence!.end)).toBe('cafe\u0301');
  });

  it('trims white space and refuses an empty selection', () => {
    const text = '  退款  ';
    expect(selectionToEvidence('d', text, 0, text.length)).toEqual({ docId: 'd', quote: '退款', start: 2, end: 4 });
    expect(selectionToEvidence('d', text, 0, 2)).toBeNull();
    expect(selectionToEvidence('d', text, 3, 3)).toBeNull();
  });
});

describe('splitIntoClaims', () => {
  it('splits a Chinese reference answer at sentence and clause ends', () => {
    expect(splitIntoClaims('可以。年度会员购买后 30 天内可退款，按剩余天数折算；超过 30 天不退。')).toEqual([
      '可以', '年度会员购买后 30 天内可退款，按剩余天数折算', '超过 30 天不退',
    ]);
  });

  it('splits English at full stops but not inside numbers', () => {
    expect(splitIntoClaims('Refunds take 0.5 days. Version 2.1 applies! Done')).toEqual([
      'Refunds take 0.5 days', 'Version 2.1 applies', 'Done',
    ]);
  });

  it('gives nothing for an empty answer', () => {
    expect(splitIntoClaims('')).toEqual([]);
    expect(splitIntoClaims(null)).toEqual([]);
  });
});
