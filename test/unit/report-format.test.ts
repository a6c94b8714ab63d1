import { describe, expect, it } from 'vitest';
import {
  cellTone, crossTableLayout, formatInterval, formatPercent, intervalBar, isUndefinedRate, orderGroups, parsePercentText,
  passState, rateBase, thresholdFor, toPercentText, undefinedRateReason,
} from '../../renderer/features/report/format';

const threshold = { minCorrectAnswerRate: 0.9, maxOverRefusalRate: 0.1, minCorrectRefusalRate: 0.8 };

describe('report: pass state and thresholds', () => {
  it('maps the backend pass flag; null is undefined, never fail', () => {
    expect(passState({ state: 'meets' })).toBe('pass');
    expect(passState({ state: 'fails' })).toBe('fail');
    expect(passState({ state: 'inconclusive' })).toBe('inconclusive');
    expect(passState(null)).toBe('undefined');
    expect(passState(undefined)).toBe('undefined');
  });

  it('checks each rate against its own bound', () => {
    expect(thresholdFor('correctAnswer', threshold)).toEqual({ bound: 'min', value: 0.9 });
    expect(thresholdFor('overRefusal', threshold)).toEqual({ bound: 'max', value: 0.1 });
    expect(thresholdFor('correctRefusal', threshold)).toEqual({ bound: 'min', value: 0.8 });
    expect(rateBase('correctAnswer')).toBe('answerable');
    expect(rateBase('overRefusal')).toBe('answerable');
    expect(rateBase('correctRefusal')).toBe('unanswerable');
  });

  it('treats n = 0 as undefined with a reason, never as 0', () => {
    const empty = { successes: 0, n: 0, rate: null, ci95: [null, null] as const };
    expect(isUndefinedRate(empty)).toBe(true);
    expect(undefinedRateReason(empty)).toBe('no-data');
    expect(intervalBar(empty, 0.9)).toBeNull();
    expect(formatPercent(empty.rate, 'en')).toBeNull();
    expect(formatInterval(empty.ci95, 'en')).toBeNull();
    const zero = { successes: 0, n: 4, rate: 0, ci95: [0, 0.49] as const };
    expect(isUndefinedRate(zero)).toBe(false);
    expect(undefinedRateReason(zero)).toBeNull();
    expect(formatPercent(zero.rate, 'en')).toBe('0%');
  });
});

describe('report: formatting', () => {
  it('writes percentages with one decimal at most, in both languages', () => {
    expect(formatPercent(0.8333333, 'en')).toBe('83.3%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0.5, 'zh-CN')).toBe('50%');
    expect(formatPercent(Number.NaN, 'en')).toBeNull();
    expect(formatInterval([0.552, 0.953], 'en')).toBe('55.2% – 95.3%');
  });

  it('places the interval, estimate and threshold on a 0–100 track', () => {
    const rate = { successes: 10, n: 12, rate: 10 / 12, ci95: [0.552, 0.953] as const };
    const bar = intervalBar(rate, 0.9);
    expect(bar).not.toBeNull();
    expect(bar!.low).toBeCloseTo(55.2);
    expect(bar!.high).toBeCloseTo(95.3);
    expect(bar!.point).toBeCloseTo(83.33, 1);
    expect(bar!.threshold).toBeCloseTo(90);
    // ends outside [0, 1] are clamped; a missing end collapses onto the point
    expect(intervalBar({ successes: 1, n: 1, rate: 1, ci95: [null, 1.2] }, 2)).toEqual({ low: 100, high: 100, point: 100, threshold: 100 });
  });

  it('converts thresholds between fractions and percentage text', () => {
    expect(toPercentText(0.9)).toBe('90');
    expect(toPercentText(0.125)).toBe('12.5');
    expect(toPercentText(0.07)).toBe('7');
    expect(toPercentText(null)).toBe('');
    expect(parsePercentText('90')).toEqual({ ok: true, value: 0.9 });
    expect(parsePercentText(' 12.5 % ')).toEqual({ ok: true, value: 0.125 });
    expect(parsePercentText('7,5')).toEqual({ ok: true, value: 0.075 });
    expect(parsePercentText('')).toEqual({ ok: true, value: null });
    expect(parsePercentText('abc')).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parsePercentText('101')).toEqual({ ok: false, problem: 'out-of-range' });
    expect(parsePercentText('-1')).toEqual({ ok: false, problem: 'out-of-range' });
    for (const fraction of [0, 0.05, 0.1, 0.333, 0.9, 0.95, 1]) {
      const parsed = parsePercentText(toPercentText(fraction));
      expect(parsed.ok && parsed.value).toBeCloseTo(fraction, 4);
    }
  });
});

describe('report: layout', () => {
  it('orders high-stakes groups first and keeps the backend order otherwise', () => {
    const groups = [
      { questionType: 'fact', stakes: null },
      { questionType: 'how-to', stakes: 'low' },
      { questionType: 'policy-and-amounts', stakes: 'high' },
      { questionType: 'multi-hop', stakes: null },
    ] as const;
    expect(orderGroups(groups).map((g) => g.questionType)).toEqual(['policy-and-amounts', 'how-to', 'fact', 'multi-hop']);
  });

  it('always shows the four SPEC rows and the answered / refused columns', () => {
    const layout = crossTableLayout([
      { answerability: 'answerable', behavior: 'answered', count: 3, caseIds: ['a', 'b', 'c'] },
      { answerability: 'unanswerable', behavior: 'refused', count: 1, caseIds: ['d'] },
      { answerability: 'restricted', behavior: 'refused', count: 1, caseIds: ['e'] },
      { answerability: 'answerable', behavior: 'tool-error', count: 2, caseIds: ['f', 'g'] },
      { answerability: 'answerable', behavior: 'never-seen', count: 0, caseIds: [] },
      { answerability: 'other-row', behavior: 'answered', count: 0, caseIds: [] },
    ]);
    expect(layout.rows).toEqual(['answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted']);
    expect(layout.columns.slice(0, 2)).toEqual(['answered', 'refused']);
    expect(layout.columns).toContain('corrected-premise');
    expect(layout.columns).toContain('asked-clarification');
    expect(layout.columns).toContain('tool-error');
    expect(layout.columns).not.toContain('never-seen');
    expect(layout.rows).not.toContain('other-row');
    expect(layout.at('answerable', 'answered')?.caseIds).toEqual(['a', 'b', 'c']);
    expect(layout.at('answerable', 'refused')).toBeNull();
    expect(layout.rowTotal('answerable')).toBe(5);
    expect(layout.rowTotal('false-premise')).toBe(0);
  });

  it('tones cells by what they mean', () => {
    expect(cellTone('answerable', 'refused')).toBe('warn');
    expect(cellTone('answerable', 'answered')).toBe('neutral');
    expect(cellTone('unanswerable', 'refused')).toBe('good');
    expect(cellTone('unanswerable', 'answered')).toBe('bad');
    expect(cellTone('false-premise', 'corrected-premise')).toBe('good');
    expect(cellTone('underspecified', 'asked-clarification')).toBe('good');
  });
});
