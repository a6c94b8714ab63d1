import { describe, expect, it } from 'vitest';
import { allKFigures, compareRetrieval, reportFromAllK, retrievalCurve, retrievalReport, type CaseRetrieval, type RetrievalData } from '../../shared/retrieval';
import { mulberry32, studentTCritical, tInterval } from '../../shared/stats';
import { expectClose } from '../helpers/expect-close';

const unit = (quote: string) => ({ docId: 'd', quote, grade: 1, claims: [0] });
const caseOf = (caseId: string, units: number, extra: Partial<CaseRetrieval> = {}): CaseRetrieval => ({
  caseId, slices: [], questionType: null, answerability: 'answerable', units: Array.from({ length: units }, (_, u) => unit(`${caseId}-${u}`)), ...extra,
});
const data = (cases: CaseRetrieval[], responses: RetrievalData['responses']): RetrievalData => ({ cases: new Map(cases.map((c) => [c.caseId, c])), responses });

describe('t intervals (SciPy t.ppf / stats.sem as reference)', () => {
  it('critical values equal scipy.stats.t.ppf(0.975, df)', () => {
    expectClose(studentTCritical(1), 12.706204736174694, 1e-9);
    expectClose(studentTCritical(4), 2.7764451051977934, 1e-9);
    expectClose(studentTCritical(29), 2.045229642132703, 1e-9);
    expectClose(studentTCritical(1000), 1.9623390808264083, 1e-9);
  });
  it('mean ± t·s/√n equals the SciPy figures', () => {
    const t = tInterval([0.2, 0.5, 1.0, 0.0, 0.75, 1.0, 1.0, 0.3]);
    expectClose(t.mean, 0.59375);
    expectClose(t.ci![0], 0.25901521997840893);
    expectClose(t.ci![1], 0.9284847800215911);
  });
  it('stays inside the scale, and has no interval for one value', () => {
    expect(tInterval([1, 1, 1, 0.9], 0.95, [0, 1]).ci![1]).toBe(1);
    expect(tInterval([0.4]).ci).toBeNull();
  });
});

describe('retrievalReport', () => {
  const cases = [
    caseOf('a', 1, { slices: ['table'], questionType: 'fact' }),
    caseOf('b', 2, { slices: ['table', 'negation'], questionType: 'how-to' }),
    caseOf('none', 0),
    caseOf('unanswerable', 0, { answerability: 'unanswerable' }),
  ];
  const responses = [
    { caseId: 'a', responseId: 'a1', holds: [[0]] },
    { caseId: 'a', responseId: 'a2', holds: [[], []] },
    { caseId: 'b', responseId: 'b1', holds: [[1], [], [0]] },
    { caseId: 'none', responseId: 'n1', holds: [[]] },
    { caseId: 'unanswerable', responseId: 'u1', holds: [[], []] },
    { caseId: 'b', responseId: 'b-no-candidates', holds: null },
  ];
  const set = data(cases, responses);

  it('averages per case first, then across cases', () => {
    const report = retrievalReport(set, { k: 3, list: 'context' });
    // case a: recall 1 and 0 -> 0.5; case b: 1 -> mean 0.75 (not 2/3 over the three responses)
    expect(report.mean.recall.value).toBe(0.75);
    expect(report.mean.recall.n).toBe(2);
    expect(report.n).toBe(2);
    // RR: a -> (1 + 0)/2, b -> 1 : MRR 0.75
    expect(report.mean.reciprocalRank.value).toBe(0.75);
  });
  it('lists cases without evidence and unanswerable cases apart, and counts responses without the list', () => {
    const report = retrievalReport(set, { k: 3, list: 'context' });
    expect(report.excluded).toEqual({ noEvidence: 1, unanswerable: 1, noList: 1 });
    expect(report.noEvidence).toEqual(['none']);
    expect(report.unanswerable).toEqual([{ caseId: 'unanswerable', responseIds: ['u1'] }]);
  });
  it('puts the worst case first and groups by slice and question type', () => {
    const report = retrievalReport(set, { k: 1, list: 'context' });
    expect(report.cases.map((c) => [c.caseId, c.values.recall])).toEqual([['a', 0.5], ['b', 0.5]]);
    expect(report.bySlice.map((g) => [g.group, g.n])).toEqual([['table', 2], ['negation', 1]]);
    expect(report.bySlice[1].mean.recall).toEqual({ value: 0.5, n: 1, ci95: null, reason: 'one-case' });
    expect(report.byQuestionType.map((g) => g.group).sort()).toEqual(['fact', 'how-to']);
  });
  it('the final context as a whole takes each list\'s own length as k', () => {
    const report = retrievalReport(set, { k: 'whole', list: 'context' });
    const precision = Object.fromEntries(report.responses.map((r) => [r.responseId, r.figures.precision]));
    expect(precision.a1).toBe(1);
    expect(precision.a2).toBe(0);
    expectClose(precision.b1, 2 / 3);
    expect(() => retrievalReport(set, { k: 'whole', list: 'candidates' })).toThrow(RangeError);
  });
  it('the curve at each k is the report at that k', () => {
    const curve = retrievalCurve(set, 'context', 4);
    for (const point of curve) {
      const report = retrievalReport(set, { k: point.k, list: 'context' });
      expect([point.recall, point.precision, point.ndcg]).toEqual([report.mean.recall.value, report.mean.precision.value, report.mean.ndcg.value]);
    }
  });
});

describe('retrievalCurve on many random lists', () => {
  it('equals the report at every k = 1..20 (graded units, several responses per case, short lists)', () => {
    const next = mulberry32(7);
    const cases: CaseRetrieval[] = [];
    const responses: RetrievalData['responses'] = [];
    for (let c = 0; c < 200; c++) {
      const units = Array.from({ length: next() % 5 }, (_, u) => ({ docId: 'd', quote: `q${c}-${u}`, grade: 1 + (next() % 3), claims: [u % 2] }));
      cases.push({ caseId: `c${c}`, slices: [], questionType: null, answerability: 'answerable', units });
      for (let r = 0; r < 1 + (next() % 3); r++) {
        const holds = Array.from({ length: next() % 25 }, () => (units.length && next() % 4 === 0 ? [next() % units.length] : []));
        responses.push({ caseId: `c${c}`, responseId: `c${c}-${r}`, holds });
      }
    }
    const set = data(cases, responses);
    for (const point of retrievalCurve(set, 'candidates')) {
      const report = retrievalReport(set, { k: point.k, list: 'candidates' });
      expect(point.n).toBe(report.n);
      expectClose(point.recall!, report.mean.recall.value!, 1e-12);
      expectClose(point.precision!, report.mean.precision.value!, 1e-12);
      expectClose(point.ndcg!, report.mean.ndcg.value!, 1e-12);
    }
  });
});

describe('compareRetrieval', () => {
  const cases = [caseOf('a', 2, { slices: ['table'] }), caseOf('b', 1, { slices: ['table'] }), caseOf('only-before', 1)];
  const before = data(cases, [
    { caseId: 'a', responseId: 'a@1', holds: [[0], [1]] },
    { caseId: 'b', responseId: 'b@1', holds: [[0]] },
    { caseId: 'only-before', responseId: 'o@1', holds: [[0]] },
  ]);
  const after = data(cases, [
    { caseId: 'a', responseId: 'a@2', holds: [[0], [], [], [1]] },
    { caseId: 'b', responseId: 'b@2', holds: [[0]] },
  ]);

  it('pairs the cases both versions answered and names the unit lost with its rank before and after', () => {
    const result = compareRetrieval(after, before, { k: 2, list: 'candidates' });
    expect(result.n).toBe(2);
    expect(result.baseline.recall.value).toBe(1);
    expect(result.current.recall.value).toBe(0.75);
    expect(result.difference.recall.value).toBe(-0.25);
    expect(result.regressions).toEqual([{
      caseId: 'a', responseId: 'a@2', baselineResponseId: 'a@1', recallBefore: 1, recallAfter: 0.5,
      lost: [{ docId: 'd', quote: 'a-1', rankBefore: 2, rankAfter: 4 }],
    }]);
    expect(result.bySlice).toHaveLength(1);
    expect(result.bySlice[0].difference.recall.value).toBe(-0.25);
  });
  it('an identical version has no regression and zero difference', () => {
    const result = compareRetrieval(before, before, { k: 2, list: 'candidates' });
    expect(result.regressions).toEqual([]);
    expect(result.difference.recall.value).toBe(0);
  });
});

describe('the all-k figures behind switching k', () => {
  it('give the very report retrievalReport gives at every k = 1..20 (intervals, slices, worst cases, exclusions)', () => {
    const next = mulberry32(11);
    const cases: CaseRetrieval[] = [];
    const responses: RetrievalData['responses'] = [];
    for (let c = 0; c < 300; c++) {
      const units = Array.from({ length: next() % 5 }, (_, u) => ({ docId: 'd', quote: `q${c}-${u}`, grade: 1 + (next() % 3), claims: [u % 3] }));
      cases.push({
        caseId: `c${c}`, slices: ['table', 'negation', 'multi-hop', 'table'].filter(() => next() % 2 === 0), questionType: next() % 3 ? 'fact' : null,
        answerability: next() % 20 === 0 ? 'unanswerable' : 'answerable', units,
      });
      for (let r = 0; r < 1 + (next() % 3); r++) {
        const holds = next() % 15 === 0 ? null : Array.from({ length: next() % 25 }, () => (units.length && next() % 4 === 0 ? [next() % units.length] : []));
        responses.push({ caseId: `c${c}`, responseId: `c${c}-${r}`, holds });
      }
    }
    const set = data(cases, responses);
    const all = allKFigures(set, 'candidates');
    for (let k = 1; k <= 20; k++) {
      const { responses: _, ...expected } = retrievalReport(set, { k, list: 'candidates' });
      expect(reportFromAllK(set, all, k)).toEqual(expected);
      expect(reportFromAllK(set, all, k, { rows: 10 }).cases).toEqual(expected.cases.slice(0, 10));
    }
    expect(() => reportFromAllK(set, all, 21)).toThrow(RangeError);
  });
});
