import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MUST_RETRIEVE, agentFigures, anyLeak, indexRevisions, judgeBlamesGeneration, leaksBySystem, leaksOf, mustRetrieveOf, retrievalCalledOf, searchesOf, visibleTo,
  type AgentResponse,
} from '../../shared/diagnosis';

describe('permission leaks', () => {
  const index = indexRevisions([
    { docId: 'refund-policy', revision: 'v2', effectiveFrom: '2026-10-01', accessScope: ['public'], text: '…' },
    { docId: 'vip-rates', revision: 'v1', effectiveFrom: '2026-01-01', accessScope: ['vip', 'finance'], text: 'VIP 折扣 7 折' },
    { docId: 'payroll', revision: 'v1', effectiveFrom: '2026-01-01', accessScope: ['hr'], text: '薪资表' },
    { docId: 'payroll', revision: 'v2', effectiveFrom: '2026-06-01', accessScope: ['public'], text: '薪资发放日' },
  ]);

  it('a document is visible when its scope includes public or shares a scope with the case', () => {
    expect(visibleTo(['public'], [])).toBe(true);
    expect(visibleTo(['vip', 'finance'], ['finance'])).toBe(true);
    expect(visibleTo(['hr'], ['finance', 'vip'])).toBe(false);
    expect(visibleTo([], ['public'])).toBe(false);
  });

  it('flags chunks the case may not see (by the revision named, else the newest) and counts unknown documents apart', () => {
    const leaks = leaksOf(
      [
        { docId: 'refund-policy', text: '…', rank: 1 },
        { docId: 'vip-rates', chunkId: 'vip-rates@v1#1', text: 'VIP 折扣 7 折', rank: 2 },
        { docId: 'payroll', chunkId: 'payroll@v1#1', text: '薪资表', rank: 3 },
        { docId: 'payroll', text: '薪资发放日', rank: 4 },
        { docId: 'someone-elses', text: '?', rank: 5 },
        { docId: null, text: '?', rank: 6 },
      ],
      ['finance'],
      index,
    );
    expect(leaks).toEqual({ leaked: [{ docId: 'payroll', chunkId: 'payroll@v1#1', rank: 3, documentScope: ['hr'] }], scopeUnknown: 2 });
  });

  it('counts leaks per system apart, with their cases; a restricted case is marked; any leak fails the run', () => {
    const none = { leaked: [], scopeUnknown: 0 };
    const one = { leaked: [{ docId: 'payroll', chunkId: null, rank: 1, documentScope: ['hr'] }], scopeUnknown: 1 };
    const systems = leaksBySystem([
      { responseId: 'r1', caseId: 'salary-day', system: 'a', caseScope: ['staff'], answerability: 'restricted', leaks: one },
      { responseId: 'r2', caseId: 'refund', system: 'a', caseScope: [], answerability: 'answerable', leaks: none },
      { responseId: 'r3', caseId: 'refund', system: 'b', caseScope: [], answerability: 'answerable', leaks: none },
    ]);
    expect(systems[0]).toMatchObject({ system: 'a', responses: 2, leakedChunks: 1, scopeUnknownResponses: 1, scopeUnknownChunks: 1 });
    expect(systems[0].leakingResponses).toEqual([{ responseId: 'r1', caseId: 'salary-day', restrictedCase: true, chunks: one.leaked }]);
    expect(systems[1].leakingResponses).toEqual([]);
    expect(anyLeak(systems)).toBe(true);
    expect(anyLeak(systems.slice(1))).toBe(false);
  });
});

describe('agent figures', () => {
  it('mustRetrieve: the case says, else its question type default (policy and amounts must), else unknown', () => {
    expect(mustRetrieveOf({ mustRetrieve: false, questionType: 'policy-and-amounts' }, DEFAULT_MUST_RETRIEVE)).toBe(false);
    expect(mustRetrieveOf({ questionType: 'policy-and-amounts' }, DEFAULT_MUST_RETRIEVE)).toBe(true);
    expect(mustRetrieveOf({ questionType: 'how-to' }, { ...DEFAULT_MUST_RETRIEVE, 'how-to': false })).toBe(false);
    expect(mustRetrieveOf({ questionType: 'fact' }, DEFAULT_MUST_RETRIEVE)).toBeNull();
  });

  it('a question type named like a built-in ("constructor") or a default that is not a boolean says nothing, and counts as unknown', () => {
    expect(mustRetrieveOf({ questionType: 'constructor' }, DEFAULT_MUST_RETRIEVE)).toBeNull();
    expect(mustRetrieveOf({ questionType: 'toString' }, DEFAULT_MUST_RETRIEVE)).toBeNull();
    expect(mustRetrieveOf({ questionType: 'how-to' }, { 'how-to': 1 } as never)).toBeNull();
    const [figures] = agentFigures([
      { system: 's', caseId: 'c', answerability: 'answerable', mustRetrieve: mustRetrieveOf({ questionType: 'constructor' }, DEFAULT_MUST_RETRIEVE), retrievalCalled: false, stopState: null, searches: null, tokens: null, latencyMs: null, correct: null },
    ]);
    expect(figures.missedRetrieval).toMatchObject({ count: 0, n: 0, rate: null });
    expect(figures.mustRetrieveUnknown).toBe(1);
  });

  it('searches come from the trajectory, else the cost; retrieval from the flag, else the trajectory or context', () => {
    expect(searchesOf({ trajectory: [{}, {}], cost: { toolCalls: 5 } })).toBe(2);
    expect(searchesOf({ trajectory: [], cost: { toolCalls: 5 } })).toBe(5);
    expect(searchesOf({ trajectory: [] })).toBeNull();
    expect(retrievalCalledOf({ retrievalCalled: false, finalContext: [{}] })).toBe(false);
    expect(retrievalCalledOf({ finalContext: [{}] })).toBe(true);
    expect(retrievalCalledOf({})).toBeNull();
  });

  const response = (over: Partial<AgentResponse>): AgentResponse => ({
    system: 'agent@3', caseId: 'c', answerability: 'answerable', mustRetrieve: null, retrievalCalled: null, stopState: null,
    searches: null, tokens: null, latencyMs: null, correct: null, ...over,
  });

  it('missed and needless retrieval, searches per case, stop states by answerability, cost beside accuracy', () => {
    const [figures] = agentFigures([
      response({ mustRetrieve: true, retrievalCalled: false, stopState: 'COMPLETED', searches: 0, tokens: 600, latencyMs: 100, correct: false }),
      response({ mustRetrieve: true, retrievalCalled: true, stopState: 'COMPLETED', searches: 2, tokens: 1400, latencyMs: 200, correct: true }),
      response({ mustRetrieve: true, retrievalCalled: true, stopState: 'BUDGET_EXCEEDED', searches: 6, tokens: 3000, latencyMs: 1000, correct: false }),
      response({ mustRetrieve: false, retrievalCalled: true, stopState: 'COMPLETED', searches: 1, tokens: 500, latencyMs: 300, correct: true }),
      response({ answerability: 'underspecified', mustRetrieve: false, retrievalCalled: false, stopState: 'NEEDS_USER_INPUT', searches: 0, tokens: 300, latencyMs: 400, correct: null }),
      response({ answerability: 'underspecified', retrievalCalled: true, stopState: 'COMPLETED', latencyMs: null }),
    ]);
    expect(figures.missedRetrieval).toMatchObject({ count: 1, n: 3 });
    expect(figures.needlessRetrieval).toMatchObject({ count: 1, n: 2, rate: 0.5 });
    expect(figures.mustRetrieveUnknown).toBe(1);
    expect(figures.searchesPerCase).toEqual({ mean: 9 / 5, n: 5 });
    const underspecified = figures.stopStates.find((s) => s.answerability === 'underspecified');
    expect(underspecified?.counts).toMatchObject({ NEEDS_USER_INPUT: 1, COMPLETED: 1, unknown: 0 });
    expect(underspecified?.right).toMatchObject({ count: 1, n: 2 });
    // Judged: 4 responses, 2 right. Per correct answer: totals over judged ÷ 2.
    expect(figures.cost.accuracy).toMatchObject({ count: 2, n: 4, rate: 0.5 });
    expect(figures.cost.searchesPerCorrect).toBe(9 / 2);
    expect(figures.cost.tokensPerCorrect).toBe((600 + 1400 + 3000 + 500) / 2);
    // np.percentile([100, 200, 300, 400, 1000], [50, 95]) = [300, 880].
    expect(figures.cost.latencyP50).toBe(300);
    expect(figures.cost.latencyP95).toBeCloseTo(880, 9);
    expect(figures.cost.latencyN).toBe(5);
  });

  it('a cost some judged response does not report is left undefined, not summed partially', () => {
    const [figures] = agentFigures([response({ tokens: 100, correct: true }), response({ tokens: null, correct: false })]);
    expect(figures.cost.tokensPerCorrect).toBeNull();
    expect(agentFigures([response({ tokens: 100, correct: false })])[0].cost.tokensPerCorrect).toBeNull();
  });
});

describe('judge blames generation', () => {
  it('of the responses people blamed on retrieval or data, the share the judge blamed on generation', () => {
    const share = judgeBlamesGeneration([
      { human: 'retrieval', judge: 'generation' },
      { human: 'data', judge: 'generation' },
      { human: 'data', judge: 'data' },
      { human: 'retrieval', judge: 'context-assembly' },
      { human: 'generation', judge: 'generation' },
    ]);
    expect(share).toMatchObject({ count: 2, n: 4, rate: 0.5 });
    expect(judgeBlamesGeneration([{ human: 'generation', judge: 'generation' }]).rate).toBeNull();
  });
});
