import { describe, expect, it } from 'vitest';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { DEFAULT_RELEASE_THRESHOLDS, NO_QUESTION_TYPE, effectiveThresholds, refusalCrossTable, type CrossTableRow } from '../../shared/labeling';
import { wilson95 } from '../helpers/wilson95';

const QUESTION_TYPES = DEFAULT_DIMENSIONS.find((d) => d.name === 'questionType')!.options;

let id = 0;
const rows = (n: number, questionType: string | null, answerability: string, behavior: string, correctness: unknown = null): CrossTableRow[] =>
  Array.from({ length: n }, () => {
    id += 1;
    return { caseId: `c${id}`, questionType, answerability, behavior, correctness };
  });

describe('refusalCrossTable', () => {
  const data = [
    // policy-and-amounts (high stakes): 10 answerable = 7 answered right, 1 answered partly, 1 answered unjudged, 1 refused
    ...rows(7, 'policy-and-amounts', 'answerable', 'answered', 2),
    ...rows(1, 'policy-and-amounts', 'answerable', 'answered', 1),
    ...rows(1, 'policy-and-amounts', 'answerable', 'answered', null),
    ...rows(1, 'policy-and-amounts', 'answerable', 'refused'),
    // 4 unanswerable: 3 refused, 1 answered; specials
    ...rows(3, 'policy-and-amounts', 'unanswerable', 'refused'),
    ...rows(1, 'policy-and-amounts', 'unanswerable', 'answered'),
    ...rows(2, 'policy-and-amounts', 'false-premise', 'corrected-premise'),
    ...rows(1, 'policy-and-amounts', 'underspecified', 'asked-clarification'),
    ...rows(1, 'policy-and-amounts', 'restricted', 'refused'),
    // how-to (low stakes): 20 answerable, 19 right, 1 refused; no unanswerable
    ...rows(19, 'how-to', 'answerable', 'answered', 2),
    ...rows(1, 'how-to', 'answerable', 'refused'),
    // a type of its own and no type
    ...rows(2, 'billing', 'answerable', 'answered', 2),
    ...rows(1, null, 'unanswerable', 'refused'),
    // not labeled: left out
    { caseId: 'x', questionType: 'fact', answerability: 'answerable', behavior: null },
  ];
  const thresholds = effectiveThresholds(QUESTION_TYPES, { billing: { minCorrectAnswerRate: 0.5, maxOverRefusalRate: 0.5, minCorrectRefusalRate: 0.5 } });
  const groups = refusalCrossTable(data, { questionTypes: QUESTION_TYPES, thresholds });

  it('one group per question type present, in the dimension’s order, then others, then no type', () => {
    expect(groups.map((g) => [g.questionType, g.stakes])).toEqual([
      ['policy-and-amounts', 'high'],
      ['how-to', 'low'],
      ['billing', null],
      [NO_QUESTION_TYPE, null],
    ]);
  });

  it('correct-answer, over-refusal and correct-refusal rates with n and Wilson 95% intervals', () => {
    const policy = groups[0];
    // answered-but-unjudged is left out of n: 10 answerable − 1 → n = 9, successes 7
    expect(policy.correctAnswer).toMatchObject({ successes: 7, n: 9 });
    expect(policy.correctAnswer.rate).toBeCloseTo(7 / 9, 12);
    const [lo, hi] = wilson95(7, 9);
    expect(policy.correctAnswer.ci95[0]).toBeCloseTo(lo, 10);
    expect(policy.correctAnswer.ci95[1]).toBeCloseTo(hi, 10);
    expect(policy.overRefusal).toMatchObject({ successes: 1, n: 10, rate: 0.1 });
    expect(policy.overRefusal.ci95[0]).toBeCloseTo(wilson95(1, 10)[0], 10);
    expect(policy.overRefusal.ci95[1]).toBeCloseTo(wilson95(1, 10)[1], 10);
    expect(policy.correctRefusal).toMatchObject({ successes: 3, n: 4, rate: 0.75 });
    expect(policy.correctRefusal.ci95[0]).toBeCloseTo(wilson95(3, 4)[0], 10);
    // hand check of one interval: 3/4 → [0.3006418, 0.9544127]
    expect(policy.correctRefusal.ci95[0]).toBeCloseTo(0.3006418, 6);
    expect(policy.correctRefusal.ci95[1]).toBeCloseTo(0.9544127, 6);
  });

  it('checks each group against its own threshold; no data → no verdict', () => {
    expect(groups[0].threshold).toEqual(DEFAULT_RELEASE_THRESHOLDS.high);
    // 7/9 against ≥ 90%: Wilson [0.453, 0.937] straddles it; ⌊1.96²·0.09/(7/9 − 0.9)²⌋ + 1 = 24
    // 1/10 against ≤ 10%: exactly on it (no n decides); 3/4 against ≥ 95%: ⌊1.96²·0.0475/0.04⌋ + 1 = 5
    expect(groups[0].pass).toEqual({
      correctAnswer: { state: 'inconclusive', decidingN: 24 },
      overRefusal: { state: 'inconclusive', decidingN: null },
      correctRefusal: { state: 'inconclusive', decidingN: 5 },
    });
    const howTo = groups[1];
    expect(howTo.threshold).toEqual(DEFAULT_RELEASE_THRESHOLDS.low);
    expect(howTo.correctAnswer).toMatchObject({ successes: 19, n: 20, rate: 0.95 });
    expect(howTo.overRefusal).toMatchObject({ successes: 1, n: 20, rate: 0.05 });
    expect(howTo.correctRefusal).toEqual({ successes: 0, n: 0, rate: null, ci95: [null, null] });
    // 19/20: Wilson lower bound 0.764 ≥ 70% → meets; 1/20 against ≤ 5% sits on it → inconclusive
    expect(howTo.pass).toEqual({ correctAnswer: { state: 'meets', decidingN: null }, overRefusal: { state: 'inconclusive', decidingN: null }, correctRefusal: null });
    expect(groups[2].threshold).toEqual({ minCorrectAnswerRate: 0.5, maxOverRefusalRate: 0.5, minCorrectRefusalRate: 0.5 });
    expect(groups[3].threshold).toEqual(DEFAULT_RELEASE_THRESHOLDS.unspecified);
  });

  it('cells: every answerability row × behaviour column, with counts and their cases', () => {
    const policy = groups[0];
    expect(policy.cells).toHaveLength(5 * 4);
    const cell = (a: string, b: string) => policy.cells.find((c) => c.answerability === a && c.behavior === b)!;
    expect(cell('answerable', 'answered').count).toBe(9);
    expect(cell('answerable', 'refused')).toMatchObject({ count: 1, caseIds: ['c10'] });
    expect(cell('unanswerable', 'refused').count).toBe(3);
    expect(cell('false-premise', 'corrected-premise').count).toBe(2);
    expect(cell('underspecified', 'asked-clarification').count).toBe(1);
    expect(cell('restricted', 'refused').count).toBe(1);
    expect(cell('unanswerable', 'asked-clarification')).toEqual({ answerability: 'unanswerable', behavior: 'asked-clarification', count: 0, caseIds: [] });
    const total = groups.flatMap((g) => g.cells).reduce((s, c) => s + c.count, 0);
    expect(total).toBe(data.length - 1);
  });

  it('effective thresholds: one per defined question type, by stakes, saved ones win', () => {
    const t = effectiveThresholds(QUESTION_TYPES, { fact: { minCorrectAnswerRate: 1, maxOverRefusalRate: 0, minCorrectRefusalRate: 1 } });
    expect(Object.keys(t)).toEqual(['policy-and-amounts', 'how-to', 'fact', 'multi-hop']);
    expect(t['policy-and-amounts']).toEqual(DEFAULT_RELEASE_THRESHOLDS.high);
    expect(t['how-to']).toEqual(DEFAULT_RELEASE_THRESHOLDS.low);
    expect(t.fact).toEqual({ minCorrectAnswerRate: 1, maxOverRefusalRate: 0, minCorrectRefusalRate: 1 });
    expect(t['multi-hop']).toEqual(DEFAULT_RELEASE_THRESHOLDS.unspecified);
  });
});
