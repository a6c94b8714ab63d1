import { describe, expect, it } from 'vitest';
import { charStep, extendSelection, findMatches, wordRanges, wordStep } from '../../renderer/features/labeling/selectionSteps';
import { labelKeyAction, type KeyContext } from '../../renderer/features/labeling/keymap';

const zh = '申请退款需要在7天内提交，refund within 7 days.';
const words = (text: string) => wordRanges(text).map((r) => text.slice(r.start, r.end));

describe('word steps (CJK-aware)', () => {
  it('splits Chinese into dictionary words and Latin text at spaces and punctuation', () => {
    expect(words(zh)).toEqual(['申请', '退款', '需要', '在', '7', '天内', '提交', 'refund', 'within', '7', 'days']);
  });

  it('moves forward to the end of the word it is in, else of the next word', () => {
    expect(wordStep(zh, 0, 'forward')).toBe(2); // 申请|
    expect(wordStep(zh, 1, 'forward')).toBe(2); // inside 申请
    expect(wordStep(zh, 2, 'forward')).toBe(4); // 退款|
    expect(wordStep(zh, 11, 'forward')).toBe(12); // inside 提交
    expect(wordStep(zh, 12, 'forward')).toBe(19); // past "，" to the end of "refund"
    expect(wordStep(zh, zh.length, 'forward')).toBe(zh.length);
  });

  it('moves backward to the start of the word before', () => {
    expect(wordStep(zh, 4, 'backward')).toBe(2); // |退款
    expect(wordStep(zh, 3, 'backward')).toBe(2);
    expect(wordStep(zh, 13, 'backward')).toBe(10); // from after "，" back to |提交
    expect(wordStep(zh, 2, 'backward')).toBe(0);
    expect(wordStep(zh, 0, 'backward')).toBe(0);
  });

  it('steps English words the same way', () => {
    const en = 'Refunds within seven days.';
    expect(wordStep(en, 0, 'forward')).toBe(7);
    expect(wordStep(en, 7, 'forward')).toBe(14);
    expect(wordStep(en, 14, 'backward')).toBe(8);
  });
});

describe('character steps', () => {
  it('never splits an emoji or a letter from its accent', () => {
    const text = 'a👍🏽e\u0301b';
    expect(charStep(text, 1, 'forward')).toBe(5); // 👍🏽 is two surrogate pairs, one character
    expect(charStep(text, 5, 'forward')).toBe(7); // e + combining acute
    expect(charStep(text, 7, 'backward')).toBe(5);
    expect(charStep(text, 5, 'backward')).toBe(1);
    expect(charStep(text, 0, 'backward')).toBe(0);
    expect(charStep(text, text.length, 'forward')).toBe(text.length);
  });
});

describe('extendSelection', () => {
  it('moves the focus and keeps the anchor, so the other direction shrinks the selection', () => {
    let selection = { anchor: 2, focus: 4 }; // 退款
    selection = extendSelection(zh, selection, 'word', 'forward');
    expect(zh.slice(selection.anchor, selection.focus)).toBe('退款需要');
    selection = extendSelection(zh, selection, 'char', 'forward');
    expect(zh.slice(selection.anchor, selection.focus)).toBe('退款需要在');
    selection = extendSelection(zh, selection, 'char', 'backward');
    selection = extendSelection(zh, selection, 'word', 'backward');
    expect(zh.slice(selection.anchor, selection.focus)).toBe('退款');
  });

  it('crosses the anchor: a backward selection grows to the left', () => {
    const selection = extendSelection(zh, extendSelection(zh, { anchor: 4, focus: 4 }, 'word', 'backward'), 'word', 'backward');
    expect(selection).toEqual({ anchor: 4, focus: 0 });
  });
});

describe('findMatches', () => {
  it('finds every occurrence, Latin case ignored, white space matching any run of it', () => {
    const text = '退款申请：Refund within 7 days.\n退款 须在 App 内\n  提交。REFUND';
    expect(findMatches(text, '退款').map((m) => m.start)).toEqual([0, 27]);
    expect(findMatches(text, 'refund').map((m) => text.slice(m.start, m.end))).toEqual(['Refund', 'REFUND']);
    expect(findMatches(text, 'App 内 提交').map((m) => text.slice(m.start, m.end))).toEqual(['App 内\n  提交']);
    expect(findMatches(text, '  ')).toEqual([]);
    expect(findMatches(text, 'a.b')).toEqual([]);
  });
});

describe('selection and evidence keys', () => {
  const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({ typing: false, overlay: false, stepKind: 'claims', ...over });
  it('Shift+arrows move a document selection by characters, with Ctrl or Alt by words; without one they change case', () => {
    expect(labelKeyAction({ key: 'ArrowRight', shiftKey: true }, ctx({ docSelection: true }))).toEqual({ type: 'extendSelection', unit: 'char', direction: 'forward' });
    expect(labelKeyAction({ key: 'ArrowLeft', shiftKey: true, ctrlKey: true }, ctx({ docSelection: true }))).toEqual({ type: 'extendSelection', unit: 'word', direction: 'backward' });
    expect(labelKeyAction({ key: 'ArrowRight', shiftKey: true, altKey: true }, ctx({ docSelection: true }))).toEqual({ type: 'extendSelection', unit: 'word', direction: 'forward' });
    expect(labelKeyAction({ key: 'ArrowRight', shiftKey: true }, ctx())).toEqual({ type: 'nextCase' });
    expect(labelKeyAction({ key: 'ArrowRight', shiftKey: true }, ctx({ docSelection: true, typing: true }))).toBeNull();
  });

  it('F finds, A attaches and 1–9 pick the active claim on the claims step, W sweeps', () => {
    expect(labelKeyAction({ key: 'f' }, ctx())).toEqual({ type: 'find' });
    expect(labelKeyAction({ key: 'a' }, ctx())).toEqual({ type: 'attachSelection' });
    expect(labelKeyAction({ key: 'a' }, ctx({ stepKind: 'stated' }))).toEqual({ type: 'allStated', stated: true });
    expect(labelKeyAction({ key: '2' }, ctx())).toEqual({ type: 'activeClaim', index: 1 });
    expect(labelKeyAction({ key: '2' }, ctx({ stepKind: 'options' }))).toEqual({ type: 'choose', key: '2' });
    expect(labelKeyAction({ key: 'w' }, ctx({ stepKind: 'options' }))).toEqual({ type: 'sweep' });
    expect(labelKeyAction({ key: 'f', ctrlKey: true }, ctx())).toBeNull();
  });
});
