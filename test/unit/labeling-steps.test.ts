import { describe, expect, it } from 'vitest';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { buildStepViews, isCaseFinished, labelSteps, queueKey, revealVerdicts, sameLabelValue, stepKey, type CurrentLabel } from '../../shared/labeling';

const label = (value: CurrentLabel['value'], eventId = 1): CurrentLabel => ({ eventId, value, at: '2026-11-02T10:00:00.000Z', reason: null });

describe('labelSteps: the guided sequence of a case', () => {
  it('case dimensions in order, then each response (by system, then id) with the response dimensions in order', () => {
    const steps = labelSteps(DEFAULT_DIMENSIONS, [
      { id: 'r-b', system: 'agent@2' },
      { id: 'r-z', system: 'agent@1' },
      { id: 'r-a', system: 'agent@2' },
    ]);
    const responseDims = ['responseBehavior', 'claimsStated', 'refusalCorrect', 'correctness', 'faithfulness', 'failureLayer', 'failureTags'];
    expect(steps).toEqual([
      { dimension: 'answerability', responseId: null },
      { dimension: 'questionType', responseId: null },
      { dimension: 'claims', responseId: null },
      ...['r-z', 'r-a', 'r-b'].flatMap((responseId) => responseDims.map((dimension) => ({ dimension, responseId }))),
    ]);
  });

  it('a case without responses has only the case steps', () => {
    expect(labelSteps(DEFAULT_DIMENSIONS, []).map((s) => s.dimension)).toEqual(['answerability', 'questionType', 'claims']);
  });

  it('follows the test set’s own dimension order and scopes', () => {
    const dims = [
      { name: 'tone', scope: 'response' as const },
      { name: 'difficulty', scope: 'case' as const },
    ];
    expect(labelSteps(dims, [{ id: 'r1', system: 's' }])).toEqual([
      { dimension: 'difficulty', responseId: null },
      { dimension: 'tone', responseId: 'r1' },
    ]);
  });
});

describe('isCaseFinished', () => {
  const steps = labelSteps(DEFAULT_DIMENSIONS.filter((d) => d.scope === 'case'), []);
  it('needs a current non-null label on every step', () => {
    const labels = new Map([
      [stepKey('answerability', null), label('answerable')],
      [stepKey('questionType', null), label('fact')],
    ]);
    expect(isCaseFinished(steps, labels)).toBe(false);
    labels.set(stepKey('claims', null), label(null));
    expect(isCaseFinished(steps, labels)).toBe(false);
    labels.set(stepKey('claims', null), label([]));
    expect(isCaseFinished(steps, labels)).toBe(true);
  });
  it('a case with no steps is never finished', () => {
    expect(isCaseFinished([], new Map())).toBe(false);
  });
});

describe('buildStepViews: current labels and suggestions', () => {
  const responses = [{ id: 'r1', system: 's@1' }];
  it('proposes the imported answerability, question type and claims only while unlabeled', () => {
    const claims = [{ text: 'c', evidence: [] }];
    const none = buildStepViews(DEFAULT_DIMENSIONS, responses, new Map(), { answerability: 'unanswerable', questionType: 'how-to', claims });
    expect(none[0]).toMatchObject({ dimension: 'answerability', current: null, suggestion: 'unanswerable', suggestionReason: 'imported-case-value' });
    expect(none[1]).toMatchObject({ dimension: 'questionType', suggestion: 'how-to', suggestionReason: 'imported-case-value' });
    expect(none[2]).toMatchObject({ dimension: 'claims', suggestion: claims, suggestionReason: 'imported-claims' });
    // refusal correctness falls back to the imported answerability while the reviewer has none
    expect(none.find((s) => s.dimension === 'refusalCorrect')).toMatchObject({ suggestion: null, suggestionReason: 'behavior-unknown' });

    const labeled = new Map([
      [stepKey('answerability', null), label('answerable')],
      [stepKey('responseBehavior', 'r1'), label('refused')],
    ]);
    const views = buildStepViews(DEFAULT_DIMENSIONS, responses, labeled, { answerability: 'unanswerable', questionType: null });
    expect(views[0]).toMatchObject({ current: { value: 'answerable' } });
    expect(views[0].suggestion).toBeUndefined();
    expect(views[1].suggestion).toBeUndefined();
    expect(views.find((s) => s.dimension === 'refusalCorrect')).toMatchObject({ responseId: 'r1', suggestion: 'incorrect', suggestionReason: 'over-refusal' });
  });
});

describe('revealVerdicts (blind labeling)', () => {
  const verdicts = [
    { dimension: 'correctness', responseId: 'r1', value: 2 },
    { dimension: 'correctness', responseId: 'r2', value: 0 },
    { dimension: 'faithfulness', responseId: 'r1', value: 1 },
  ];
  it('reveals only verdicts whose step has my current non-null label', () => {
    expect(revealVerdicts(verdicts, new Map())).toEqual([]);
    const mine = new Map([
      [stepKey('correctness', 'r1'), label(1)],
      [stepKey('faithfulness', 'r1'), label(null)],
    ]);
    expect(revealVerdicts(verdicts, mine)).toEqual([verdicts[0]]);
  });
});

describe('queueKey and label value equality', () => {
  it('is stable under key order and empty filters', () => {
    expect(queueKey({ source: 'filter', filters: { search: ' 退款 ', slice: 'table', answerability: null } })).toBe(
      queueKey({ source: 'filter', filters: { slice: 'table', search: '退款' } }),
    );
    expect(queueKey({ source: 'filter', filters: { search: '' } })).not.toBe(queueKey({ source: 'unlabeled' }));
  });
  it('compares values deeply, ignoring key order', () => {
    expect(sameLabelValue([{ text: 'a', evidence: [{ docId: 'd', quote: 'q' }] }], [{ evidence: [{ quote: 'q', docId: 'd' }], text: 'a' }])).toBe(true);
    expect(sameLabelValue(1, 1.0)).toBe(true);
    expect(sameLabelValue('1', 1)).toBe(false);
    expect(sameLabelValue(null, undefined)).toBe(true);
  });
});
