import { describe, expect, it } from 'vitest';
import { labelKeyAction, optionForKey, optionKeys, type KeyContext } from '../../renderer/features/labeling/keymap';
import { applyNumericKey, formatScaleValue, parseNumericDraft } from '../../renderer/features/labeling/numeric';
import { clampStep, firstOpenStep, hasLabel, stepAfter } from '../../renderer/features/labeling/sequence';
import { stepKey } from '../../shared/labeling/steps';

const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({ typing: false, overlay: false, stepKind: 'options', ...over });

describe('labelKeyAction', () => {
  it('maps navigation, undo, redo, help and confirm', () => {
    expect(labelKeyAction({ key: 'j' }, ctx())).toEqual({ type: 'nextCase' });
    expect(labelKeyAction({ key: 'ArrowRight' }, ctx())).toEqual({ type: 'nextCase' });
    expect(labelKeyAction({ key: 'K' }, ctx())).toEqual({ type: 'previousCase' });
    expect(labelKeyAction({ key: 'ArrowLeft' }, ctx())).toEqual({ type: 'previousCase' });
    expect(labelKeyAction({ key: 'ArrowDown' }, ctx())).toEqual({ type: 'nextStep' });
    expect(labelKeyAction({ key: 'ArrowUp' }, ctx())).toEqual({ type: 'previousStep' });
    expect(labelKeyAction({ key: 'u' }, ctx())).toEqual({ type: 'undo' });
    expect(labelKeyAction({ key: 'U', shiftKey: true }, ctx({ stepKind: 'claims' }))).toEqual({ type: 'redo' });
    expect(labelKeyAction({ key: '?' }, ctx())).toEqual({ type: 'help' });
    expect(labelKeyAction({ key: 'Enter' }, ctx())).toEqual({ type: 'confirm' });
    expect(labelKeyAction({ key: 'h' }, ctx())).toEqual({ type: 'history' });
  });

  it('gives every claim of the "stated" step and every value of a multi-select step its own key, none taken by another action', () => {
    const keys = [...'1234567890', ...'QERTYIOP'];
    for (const stepKind of ['stated', 'multi'] as const) {
      const type = stepKind === 'stated' ? 'toggleStated' : 'toggleValue';
      keys.forEach((key, index) => expect(labelKeyAction({ key }, ctx({ stepKind }))).toEqual({ type, index }));
      // W stays the sweep, U undo, J / K the next and previous case
      expect(labelKeyAction({ key: 'w' }, ctx({ stepKind }))).toEqual({ type: 'sweep' });
      expect(labelKeyAction({ key: 'u' }, ctx({ stepKind }))).toEqual({ type: 'undo' });
    }
    expect(labelKeyAction({ key: 'a' }, ctx({ stepKind: 'stated' }))).toEqual({ type: 'allStated', stated: true });
    expect(labelKeyAction({ key: 'D' }, ctx({ stepKind: 'stated' }))).toEqual({ type: 'citation', verdict: 'unsupported' });
  });

  it('chooses options with digits on an options step only', () => {
    expect(labelKeyAction({ key: '3' }, ctx())).toEqual({ type: 'choose', key: '3' });
    expect(labelKeyAction({ key: '3' }, ctx({ stepKind: 'summary' }))).toBeNull();
    expect(labelKeyAction({ key: '3' }, ctx({ stepKind: 'numeric' }))).toEqual({ type: 'numericKey', key: '3' });
    expect(labelKeyAction({ key: '.' }, ctx({ stepKind: 'numeric' }))).toEqual({ type: 'numericKey', key: '.' });
    expect(labelKeyAction({ key: 'Backspace' }, ctx({ stepKind: 'numeric' }))).toEqual({ type: 'numericKey', key: 'Backspace' });
  });

  it('leaves keys alone while typing, in an overlay (except Esc and ?) and with Ctrl/Cmd', () => {
    expect(labelKeyAction({ key: 'j' }, ctx({ typing: true }))).toBeNull();
    expect(labelKeyAction({ key: 'Escape' }, ctx({ typing: true }))).toEqual({ type: 'close' });
    expect(labelKeyAction({ key: '1' }, ctx({ overlay: true }))).toBeNull();
    expect(labelKeyAction({ key: '?' }, ctx({ overlay: true }))).toEqual({ type: 'help' });
    expect(labelKeyAction({ key: 'Escape' }, ctx({ overlay: true }))).toEqual({ type: 'close' });
    expect(labelKeyAction({ key: 'j', ctrlKey: true }, ctx())).toBeNull();
    expect(labelKeyAction({ key: 'u', metaKey: true }, ctx())).toBeNull();
  });

  it('moves claims with Alt+arrows and adds one with N on the claims step', () => {
    expect(labelKeyAction({ key: 'ArrowUp', altKey: true }, ctx({ stepKind: 'claims' }))).toEqual({ type: 'moveClaim', delta: -1 });
    expect(labelKeyAction({ key: 'ArrowDown', altKey: true }, ctx({ stepKind: 'claims' }))).toEqual({ type: 'moveClaim', delta: 1 });
    expect(labelKeyAction({ key: 'ArrowDown', altKey: true }, ctx())).toBeNull();
    expect(labelKeyAction({ key: 'n' }, ctx({ stepKind: 'claims' }))).toEqual({ type: 'addClaim' });
    expect(labelKeyAction({ key: 'n' }, ctx())).toBeNull();
  });
});

describe('option keys', () => {
  it('keys categorical options 1–9 by position', () => {
    const values = ['answerable', 'unanswerable', 'false-premise'];
    expect(optionKeys(values)).toEqual(['1', '2', '3']);
    expect(optionForKey(values, '2')).toBe(1);
    expect(optionForKey(values, '0')).toBe(-1);
    expect(optionForKey(values, '4')).toBe(-1);
  });

  it('keys a small integer scale by its values, so 0 means 0', () => {
    expect(optionKeys([0, 1, 2])).toEqual(['0', '1', '2']);
    expect(optionForKey([0, 1, 2], '0')).toBe(0);
    expect(optionForKey([0, 1, 2], '2')).toBe(2);
  });

  it('gives no key past the ninth option', () => {
    const values = Array.from({ length: 11 }, (_, i) => `v${i}`);
    expect(optionKeys(values).slice(8)).toEqual(['9', '', '']);
    expect(optionForKey(values, '')).toBe(-1);
  });
});

describe('numeric typing', () => {
  const type = (keys: string) => [...keys].reduce((draft, key) => applyNumericKey(draft, key === '<' ? 'Backspace' : key), '');

  it('reads single digits on a 0–1 scale: 0, 1 and tenths', () => {
    expect(parseNumericDraft('0', 0, 1)).toBe(0);
    expect(parseNumericDraft('1', 0, 1)).toBe(1);
    expect(parseNumericDraft('7', 0, 1)).toBe(0.7);
    expect(parseNumericDraft('2', 0, 1)).toBe(0.2);
  });

  it('reads decimals typed in full or with a comma, and a leading zero', () => {
    expect(parseNumericDraft(type('.75'), 0, 1)).toBe(0.75);
    expect(parseNumericDraft(type('0.75'), 0, 1)).toBe(0.75);
    expect(parseNumericDraft(type('0,3'), 0, 1)).toBe(0.3);
    expect(parseNumericDraft(type('07'), 0, 1)).toBe(0.7);
    expect(parseNumericDraft(type('1.0'), 0, 1)).toBe(1);
    expect(parseNumericDraft(type('0.'), 0, 1)).toBe(0);
  });

  it('refuses empty and out-of-range drafts', () => {
    expect(parseNumericDraft('', 0, 1)).toBeNull();
    expect(parseNumericDraft('1.5', 0, 1)).toBeNull();
    expect(parseNumericDraft('12', 0, 1)).toBeNull();
    expect(parseNumericDraft('.', 0, 1)).toBeNull();
  });

  it('takes numbers as typed on other scales', () => {
    expect(parseNumericDraft('7', 0, 10)).toBe(7);
    expect(parseNumericDraft('12', 0, 10)).toBeNull();
  });

  it('edits the draft with backspace and one decimal point', () => {
    expect(type('0.7<5')).toBe('0.5');
    expect(type('..5')).toBe('.5');
    expect(type('0.123456789')).toBe('0.1234');
  });

  it('formats scale values with at least one decimal', () => {
    expect(formatScaleValue(1)).toBe('1.0');
    expect(formatScaleValue(0.7)).toBe('0.7');
    expect(formatScaleValue(0.75)).toBe('0.75');
  });
});

describe('steps', () => {
  const steps = [
    { dimension: 'answerability', responseId: null, current: { value: 'answerable' } },
    { dimension: 'questionType', responseId: null, current: null },
    { dimension: 'correctness', responseId: 'r1', current: { value: 2 } },
    { dimension: 'correctness', responseId: 'r2', current: null },
  ];

  it('keys steps by dimension and response', () => {
    expect(stepKey(steps[2].dimension, steps[2].responseId)).not.toBe(stepKey(steps[3].dimension, steps[3].responseId));
    expect(stepKey('a', null)).toBe(stepKey('a', null));
    expect(stepKey('a', null)).not.toBe(stepKey('a', 'r1'));
  });

  it('starts at the first open step, or the summary', () => {
    expect(firstOpenStep(steps)).toBe(1);
    expect(firstOpenStep(steps.map((s) => ({ ...s, current: { value: 1 } })))).toBe(4);
  });

  it('goes on to the next open step after an answer', () => {
    expect(stepAfter(steps, 1)).toBe(3);
    expect(stepAfter(steps, 3)).toBe(4);
    expect(stepAfter(steps.map((s) => ({ ...s, current: { value: 1 } })), 0)).toBe(1);
  });

  it('counts a step undone back to nothing (its newest event holds null) as open, so it is asked and written again', () => {
    const undone = { dimension: 'answerability', responseId: null, current: { value: null } };
    expect(hasLabel(undone)).toBe(false);
    expect(hasLabel({ ...undone, current: { value: 'answerable' } })).toBe(true);
    expect(firstOpenStep([undone, steps[2]])).toBe(0);
    expect(stepAfter([steps[0], steps[2], undone], 0)).toBe(2);
  });

  it('counts a label the server says leaves the step unanswered (a "stated" value missing a current claim) as open', () => {
    const done = steps.map((s) => ({ ...s, current: { value: 1 } }));
    const missing = { dimension: 'claimsStated', responseId: 'r1', current: { value: { c9: { stated: true } } }, covers: false as const };
    expect(hasLabel(missing)).toBe(false);
    expect(firstOpenStep([done[0], missing, done[2]])).toBe(1);
    expect(stepAfter([done[0], done[1], missing], 0)).toBe(2);
  });

  it('keeps a resume step inside the case', () => {
    expect(clampStep(2, steps)).toBe(2);
    expect(clampStep(99, steps)).toBe(4);
    expect(clampStep(-1, steps)).toBe(0);
  });
});
