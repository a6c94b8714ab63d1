import { renderText, text } from '../../shared/messages/text';
import { describe, expect, it } from 'vitest';
import {
  emptyDraft, emptyOption, freshName, fromDraft, moveItem, parseOptionValue, sameDimensions, showsStakes, toDraft, validateDrafts,
} from '../../renderer/features/settings/dimension-draft';
import { DEFAULT_DIMENSIONS, DimensionSchema } from '../../shared/domain/dimensions';

describe('dimension drafts', () => {
  it('round-trips every SPEC default unchanged', () => {
    const drafts = DEFAULT_DIMENSIONS.map(toDraft);
    expect(sameDimensions(drafts, DEFAULT_DIMENSIONS)).toBe(true);
    for (const [i, draft] of drafts.entries()) {
      expect(DimensionSchema.safeParse(fromDraft(draft)).success, draft.name).toBe(true);
      expect(fromDraft(draft).options.map((o) => o.value)).toEqual(DEFAULT_DIMENSIONS[i].options.map((o) => o.value));
    }
    expect(validateDrafts(drafts)).toEqual({});
  });

  it('keeps ordinal values as numbers and categorical ones as text', () => {
    expect(parseOptionValue('2', 'ordinal', false)).toBe(2);
    expect(parseOptionValue(' 2 ', 'categorical', false)).toBe('2');
    expect(parseOptionValue('2', 'categorical', true)).toBe(2);
    expect(parseOptionValue('low', 'ordinal', false)).toBe('low');
    const correctness = toDraft(DEFAULT_DIMENSIONS.find((d) => d.name === 'correctness')!);
    expect(fromDraft(correctness).options.map((o) => o.value)).toEqual([0, 1, 2]);
  });

  it('shows stakes for question types only (or where they are already set)', () => {
    const questionType = toDraft(DEFAULT_DIMENSIONS.find((d) => d.name === 'questionType')!);
    expect(showsStakes(questionType)).toBe(true);
    expect(fromDraft(questionType).options[0]).toEqual({ value: 'policy-and-amounts', stakes: 'high' });
    expect(fromDraft(questionType).options[2]).toEqual({ value: 'fact', stakes: null });
    expect(showsStakes(toDraft(DEFAULT_DIMENSIONS[0]))).toBe(false);
  });

  it('reports the schema problems per field', () => {
    const draft = emptyDraft('1bad');
    const issues = validateDrafts([draft])[draft.key];
    expect(issues.map((i) => [i.field, i.code])).toEqual(
      expect.arrayContaining([['name', 'name-format'], ['option.0', 'value-empty'], ['option.1', 'value-empty']]),
    );
    expect(renderText('en', text(issues.find((i) => i.field === 'name')!.message))).toMatch(/start with a letter/);

    const one = { ...emptyDraft('tone'), options: [{ ...emptyOption(), text: 'warm' }] };
    expect(validateDrafts([one])[one.key].map((i) => i.code)).toEqual(['too-few-values']);

    const twice = { ...emptyDraft('tone'), options: [{ ...emptyOption(), text: 'warm' }, { ...emptyOption(), text: 'warm' }] };
    expect(validateDrafts([twice])[twice.key].map((i) => i.code)).toEqual(['values-distinct']);

    const numeric = { ...emptyDraft('score'), type: 'numeric' as const, min: '1', max: '0' };
    expect(validateDrafts([numeric])[numeric.key].map((i) => [i.field, i.code])).toEqual([['max', 'min-max']]);
    const notNumber = { ...numeric, min: 'x', max: '1' };
    expect(validateDrafts([notNumber])[notNumber.key].map((i) => [i.field, i.code])).toEqual([['min', 'not-a-number']]);

    const structured = { ...emptyDraft('extra'), type: 'structured' as const };
    expect(validateDrafts([structured])).toEqual({});
  });

  it('refuses duplicate names and an empty list', () => {
    const a = toDraft(DEFAULT_DIMENSIONS[0]);
    const b = toDraft(DEFAULT_DIMENSIONS[0]);
    const issues = validateDrafts([a, b]);
    expect(issues[a.key].map((i) => i.code)).toEqual(['name-duplicate']);
    expect(issues[b.key].map((i) => i.code)).toEqual(['name-duplicate']);
    expect(validateDrafts([])['']?.[0].code).toBe('no-dimensions');
  });

  it('notices edits, reorders and removals', () => {
    const drafts = DEFAULT_DIMENSIONS.map(toDraft);
    expect(sameDimensions(moveItem(drafts, 0, 1), DEFAULT_DIMENSIONS)).toBe(false);
    expect(sameDimensions(drafts.slice(1), DEFAULT_DIMENSIONS)).toBe(false);
    const edited = drafts.map((d, i) => (i === 1 ? { ...d, options: [...d.options, { ...emptyOption(), text: 'comparison' }] } : d));
    expect(sameDimensions(edited, DEFAULT_DIMENSIONS)).toBe(false);
  });

  it('moves items within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });

  it('finds a fresh name', () => {
    expect(freshName([{ name: 'a' }])).toBe('newDimension');
    expect(freshName([{ name: 'newDimension' }, { name: 'newDimension2' }])).toBe('newDimension3');
  });
});
