import { describe, expect, it } from 'vitest';
import { enReasonText, REASON_CODES, reasonSentence } from '../../shared/messages/reasons.en';
import { zhReasonText } from '../../shared/messages/reasons.zh-CN';
import { renderText } from '../../shared/messages/text';
import { explainUndefined } from '../../shared/stats';
import { pointFigure } from '../../shared/agreement/figures';
import { reasonWording } from '../../renderer/features/agreement/agreementText';

describe('why a figure is undefined: reason codes', () => {
  it('every reason code has English and Chinese wording, and the Chinese is not the English', () => {
    expect(REASON_CODES.length).toBeGreaterThan(20);
    for (const code of REASON_CODES) {
      const key = `reason.${code}` as keyof typeof enReasonText;
      expect(enReasonText[key], code).toMatch(/\S/);
      expect(zhReasonText[key], code).toMatch(/[\u4e00-\u9fff]/);
      expect(zhReasonText[key]).not.toBe(enReasonText[key]);
      // the CLI and the window word a code through the same catalogue
      expect(renderText('en', { key })).toBe(reasonSentence(code));
      expect(renderText('zh-CN', { key })).toBe(zhReasonText[key]);
    }
    expect(Object.keys(zhReasonText).sort()).toEqual(Object.keys(enReasonText).sort());
  });

  it('an undefined figure carries its code and the English sentence of that code', () => {
    const figure = pointFigure(Number.NaN, 'single-category');
    expect(figure).toMatchObject({ value: null, reasonCode: 'single-category', reason: explainUndefined('single-category') });
    expect(pointFigure(0.5, 'single-category')).toMatchObject({ value: 0.5, reason: null, reasonCode: null });
  });

  it('the window words a reason from its code; a sentence without a code (an older file) is shown as it is', () => {
    const english = reasonSentence('no-pairs');
    expect(reasonWording('zh-CN', english, 'no-pairs')).toBe(zhReasonText['reason.no-pairs']);
    expect(reasonWording('en', english, 'no-pairs')).toBe(english);
    // never read back into a key: the English sentence alone stays English in a Chinese window
    expect(reasonWording('zh-CN', english, undefined)).toBe(english);
    expect(reasonWording('zh-CN', null, null)).toBe('');
  });
});
