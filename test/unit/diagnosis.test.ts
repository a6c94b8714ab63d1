import { describe, expect, it } from 'vitest';
import { forbiddenClaimId, withClaimIds } from '../../shared/diagnosis/claim-ids';
import { checkCitations, citationFigures } from '../../shared/diagnosis/citations';
import { caseMarks, currentMarks, statedClaimList, statedState } from '../../shared/diagnosis/claims-stated';
import { distractorsOnly, goldContextTable, noRetrievalBaseline, pairAcrossConditions, reorderedChange } from '../../shared/diagnosis/conditions';
import { DocumentIndex } from '../../shared/diagnosis/documents';
import { faithfulnessTable } from '../../shared/diagnosis/faithfulness';
import { layerSummary } from '../../shared/diagnosis/layers';
import { quadrant } from '../../shared/diagnosis/quadrant';
import { claimsHeld, listHolds } from '../../shared/diagnosis/evidence';
import type { DxCase, DxDocument, DxResponse, StatedMark } from '../../shared/diagnosis/types';
import { wilson95 } from '../helpers/wilson95';

const POLICY_V2 = '第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。';
const POLICY_V1 = '第 2 条 会员购买后 7 天内可全额退款，超过 7 天不予退款。';

const refundCase = (caseId: string, extra: Partial<DxCase> = {}): DxCase => ({
  caseId,
  questionType: 'policy-and-amounts',
  answerability: 'answerable',
  accessScope: ['public'],
  claims: [
    { id: 'c1', text: '购买后 30 天内可以退款', evidence: [{ docId: 'refund-policy', quote: '年度会员购买后 30 天内可申请退款' }] },
    { id: 'c2', text: '退款金额按剩余天数折算', evidence: [{ docId: 'refund-policy', quote: '按剩余天数折算退款金额' }] },
  ],
  forbidden: [{ id: forbiddenClaimId('7 天内全额退款'), text: '7 天内全额退款' }],
  leak: false,
  ...extra,
});

const FORBIDDEN = forbiddenClaimId('7 天内全额退款');

/** A saved value as the step saves it: every listed claim marked (the forbidden one not stated unless given). */
const marks = (m: Record<string, boolean | StatedMark>): DxResponse['stated'] => ({
  kind: 'value',
  source: 'reviewer',
  marks: Object.fromEntries(Object.entries({ [FORBIDDEN]: false, ...m }).map(([k, v]) => [k, typeof v === 'boolean' ? { stated: v } : v])),
});

const response = (responseId: string, caseId: string, extra: Partial<DxResponse> = {}): DxResponse => ({
  responseId,
  caseId,
  condition: 'normal',
  retrievalCalled: true,
  finalContext: [],
  candidates: [],
  citations: [],
  stated: { kind: 'none' },
  correct: null,
  faithfulness: null,
  behavior: 'answered',
  ...extra,
});

const chunk = (text: string, docId: string | null = 'refund-policy', chunkId?: string) => ({ text, docId, chunkId: chunkId ?? null });
const right = { value: true, source: 'human' as const };
const wrong = { value: false, source: 'human' as const };

const DOCS: DxDocument[] = [
  { docId: 'refund-policy', revision: 'v1', newest: false, stale: true, accessScope: ['public'], text: POLICY_V1 },
  { docId: 'refund-policy', revision: 'v2', newest: true, stale: false, accessScope: ['public'], text: POLICY_V2 },
  { docId: 'staff-handbook', revision: 'v1', newest: true, stale: false, accessScope: ['staff'], text: '员工退款审批流程' },
];

describe('claim ids', () => {
  it('keeps an id through reordering and gives imported claims their position', () => {
    const imported = withClaimIds([{ text: 'a' }, { text: 'b' }]);
    expect(imported.map((c) => c.id)).toEqual(['c1', 'c2']);
    const reordered = withClaimIds([imported[1], imported[0], { text: 'new' }]);
    expect(reordered.map((c) => [c.text, c.id])).toEqual([['b', 'c2'], ['a', 'c1'], ['new', 'c3']]);
    // a new claim at a position whose imported id is kept by another claim gets a distinct id
    const moved = withClaimIds([{ text: 'x' }, { text: 'a', id: 'c1' }]);
    expect(moved.map((c) => c.id)).toEqual(['c1.1', 'c1']);
  });
  it('names a forbidden claim by its normalised text, so order and width of spaces do not matter', () => {
    expect(forbiddenClaimId('7 天内全额退款')).toBe(forbiddenClaimId('7天内　全额退款'));
  });
});

describe('claim recall and context utilisation', () => {
  const cases = new Map([['a', refundCase('a')], ['b', refundCase('b')], ['c', refundCase('c')], ['d', refundCase('d')], ['e', refundCase('e', { claims: [] })]]);
  const rs = [
    // both claims held, both stated: recall 1, utilisation 1
    response('ra', 'a', { finalContext: [chunk(POLICY_V2)], stated: marks({ c1: true, c2: true }) }),
    // both held, one stated: recall 1, utilisation 0.5 (high at threshold 0.5)
    response('rb', 'b', { finalContext: [chunk('年度会员购买后30天内可申请退款'), chunk('按剩余天数折算退款金额')], stated: marks({ c1: false, c2: true }) }),
    // one held (the other quote sits in another document's chunk), none stated: recall 0.5, utilisation 0
    response('rc', 'c', { finalContext: [chunk('年度会员购买后 30 天内可申请退款'), chunk('按剩余天数折算退款金额', 'other-doc')], stated: marks({ c1: false, c2: false }) }),
    // nothing held: utilisation undefined, listed apart
    response('rd', 'd', { finalContext: [chunk('无关内容')], stated: marks({ c1: false, c2: false }) }),
    // no evidence at all
    response('re', 'e', { stated: marks({}) }),
  ];
  it('counts per response', () => {
    const use = (r: DxResponse) => {
      const kase = cases.get(r.caseId)!;
      return claimsHeld(kase, listHolds(r, kase, 'context'), caseMarks(r, kase));
    };
    expect(use(rs[1])).toEqual({ withEvidence: 2, held: 2, heldStated: 1 });
    expect(use(rs[2])).toEqual({ withEvidence: 2, held: 1, heldStated: 0 });
    // not labeled: held claims counted, none stated or not
    expect(use({ ...rs[2], stated: { kind: 'none' } })).toEqual({ withEvidence: 2, held: 1, heldStated: null });
  });
  it('pools recall over claims with evidence and utilisation over held claims, and places each response in the 2×2', () => {
    const q = quadrant(rs, cases, { recall: 0.5, utilisation: 0.5 });
    // held: 2 + 2 + 1 + 0 of 8 claims with evidence
    expect(q.claimRecall.count).toBe(5);
    expect(q.claimRecall.n).toBe(8);
    expect(q.claimRecall.rate).toBeCloseTo(5 / 8, 12);
    // cases as clusters (held of with-evidence per case: 2/2, 2/2, 1/2, 0/2): the ratio estimator's CR1
    // variance, Wilson at the effective n with t(3); reference from numpy/scipy (test/reference/cluster_ratio_reference.py)
    expect(q.claimRecall.method).toBe('cluster-ratio');
    expect(q.claimRecall.clusters).toBe(4);
    expect(Math.abs(q.claimRecall.low! - 0.11778854816942447)).toBeLessThan(1e-9);
    expect(Math.abs(q.claimRecall.high! - 0.95413889862827)).toBeLessThan(1e-9);
    // stated among held: 2 + 1 + 0 of 5
    expect([q.utilisation.count, q.utilisation.n]).toEqual([3, 5]);
    // stated of held per case: 2/2, 1/2, 0/1
    expect(Math.abs(q.utilisation.low! - 0.06380230632223471)).toBeLessThan(1e-9);
    expect(Math.abs(q.utilisation.high! - 0.970601363402536)).toBeLessThan(1e-9);
    const cell = (r: string, u: string) => q.cells.find((c) => c.recall === r && c.utilisation === u)!;
    expect(cell('high', 'high').responses.map((x) => x.responseId)).toEqual(['ra', 'rb']);
    expect(cell('high', 'low').responses.map((x) => x.responseId)).toEqual(['rc']);
    expect(cell('low', 'low').responses).toEqual([]);
    expect(cell('high', 'high').share.n).toBe(3);
    expect(q.utilisationUndefined.map((x) => x.responseId)).toEqual(['rd']);
    expect(q.excluded.noEvidence).toBe(1);
  });
  it("finds each response's case by id whatever place the read gave it: a place holding another case, or none, changes nothing", () => {
    const placedRight = rs.map((r) => ({ ...r, caseAt: [...cases.keys()].indexOf(r.caseId) }));
    // the first case's place for every response, and a place past the list
    const misplaced = rs.map((r, i) => ({ ...r, caseAt: i % 2 === 0 ? 0 : 99 }));
    const expected = JSON.stringify(quadrant(rs, cases, { recall: 0.5, utilisation: 0.5 }));
    expect(JSON.stringify(quadrant(placedRight, cases, { recall: 0.5, utilisation: 0.5 }))).toBe(expected);
    expect(JSON.stringify(quadrant(misplaced, cases, { recall: 0.5, utilisation: 0.5 }))).toBe(expected);
    // a response of a case the figures were not given is left out, wherever it says its case is
    const stray = quadrant([{ ...rs[0], caseId: 'zz', caseAt: 0 }], cases, { recall: 0.5, utilisation: 0.5 });
    expect(stray.claimRecall.n).toBe(0);
    expect(stray.excluded).toEqual({ noEvidence: 0, notLabeled: 0, reviewersDisagree: 0 });
  });
  it('leaves out a response whose reviewers disagree and one not labeled, counting each', () => {
    const q = quadrant([response('x', 'a', { stated: { kind: 'disagree' }, finalContext: [chunk(POLICY_V2)] }), response('y', 'b')], cases, { recall: 0.5, utilisation: 0.5 });
    expect(q.excluded).toEqual({ noEvidence: 0, notLabeled: 1, reviewersDisagree: 1 });
    expect(q.utilisation.rate).toBeNull();
    // recall still counts them: it needs no person
    expect([q.claimRecall.count, q.claimRecall.n]).toEqual([2, 4]);
  });
});

describe('conditions', () => {
  const cases = new Map(['a', 'b', 'c', 'd'].map((id) => [id, refundCase(id, id === 'd' ? { leak: true } : {})]));
  const full = [chunk(POLICY_V2)];
  const half = [chunk('年度会员购买后 30 天内可申请退款')];
  const rs = [
    response('a-n', 'a', { finalContext: full, correct: right }),
    response('a-g', 'a', { condition: 'gold-context', correct: right }),
    response('a-x', 'a', { condition: 'no-retrieval', correct: wrong }),
    response('a-o', 'a', { condition: 'reordered', correct: wrong }),
    response('b-n', 'b', { finalContext: half, correct: wrong }),
    response('b-g', 'b', { condition: 'gold-context', correct: { value: true, source: 'judge' } }),
    response('b-x', 'b', { condition: 'no-retrieval', correct: right }),
    response('b-o', 'b', { condition: 'reordered', correct: wrong }),
    response('c-n', 'c', { finalContext: full, correct: right }),
    response('c-g', 'c', { condition: 'gold-context', correct: wrong }),
    response('c-x', 'c', { condition: 'no-retrieval', correct: right }),
    response('c-x2', 'c', { condition: 'no-retrieval', correct: wrong }),
    response('d-n', 'd', { finalContext: half, correct: wrong }),
    response('d-g', 'd', { condition: 'gold-context' }),
    response('d-x', 'd', { condition: 'no-retrieval', correct: right }),
    response('d-s', 'd', { condition: 'distractors-only', behavior: 'answered' }),
    response('c-s', 'c', { condition: 'distractors-only', behavior: 'refused' }),
    response('b-s', 'b', { condition: 'distractors-only', behavior: null }),
  ];
  const { pairs, duplicates } = pairAcrossConditions(rs);
  it('pairs one response per condition per case, the first by id, counting duplicates', () => {
    expect(duplicates).toBe(1);
    expect(pairs.get('c')!.byCondition['no-retrieval']!.responseId).toBe('c-x');
    const paired = Object.entries(pairs.get('a')!.byCondition).flatMap(([condition, r]) => (r ? [condition] : []));
    expect(paired.sort()).toEqual(['gold-context', 'no-retrieval', 'normal', 'reordered']);
  });
  it('gold-context table: retrieval complete in the normal run × the gold answer right, saying where correctness came from', () => {
    const g = goldContextTable(pairs, cases);
    const ids = (k: string) => g.cells.find((c) => c.key === k)!.cases.map((c) => c.caseId);
    expect(ids('good-good')).toEqual(['a']);
    expect(ids('bad-retrieval-good-generation')).toEqual(['b']);
    expect(ids('good-retrieval-bad-generation')).toEqual(['c']);
    expect(ids('bad-bad')).toEqual([]);
    expect(g.correctnessFrom).toEqual({ human: 2, judge: 1 });
    expect(g.excluded.notAssessed).toBe(1);
    expect(g.cells[0].share.n).toBe(3);
  });
  it('no-retrieval baseline per case and per question type, with leak candidates and flagged leaks', () => {
    const b = noRetrievalBaseline(pairs, cases, { 'policy-and-amounts': 'strong' });
    const ids = (k: string) => b.cells.find((c) => c.key === k)!.cases.map((c) => c.caseId);
    expect(ids('both-right')).toEqual(['c']);
    expect(ids('only-with-retrieval')).toEqual(['a']);
    expect(ids('only-without-retrieval')).toEqual(['b', 'd']);
    expect(ids('both-wrong')).toEqual([]);
    expect(b.groups).toHaveLength(1);
    expect(b.groups[0].dependency).toBe('strong');
    expect([b.groups[0].rightWithoutRetrieval.count, b.groups[0].rightWithoutRetrieval.n]).toEqual([3, 4]);
    expect(b.leakCandidates.map((r) => r.caseId)).toEqual(['b', 'c']);
    expect(b.flagged).toEqual(['d']);
    expect(noRetrievalBaseline(pairs, cases, { 'policy-and-amounts': 'supplementary' }).groups[0].dependency).toBe('supplementary');
  });
  it('distractors only: answering is unsafe; unlabeled behaviour is left out; one response per case', () => {
    // a second distractors-only run of case d (answered too) is a duplicate, not another case
    const twice = pairAcrossConditions([...rs, response('d-s2', 'd', { condition: 'distractors-only', behavior: 'answered' })]);
    expect(twice.duplicates).toBe(duplicates + 1);
    const d = distractorsOnly(twice.pairs);
    expect([d.unsafe.count, d.unsafe.n]).toEqual([1, 2]);
    expect(d.responses.map((r) => r.responseId)).toEqual(['d-s']);
    expect(d.excluded.notLabeled).toBe(1);
    const [lo, hi] = wilson95(1, 2);
    expect(d.unsafe.low).toBeCloseTo(lo, 9);
    expect(d.unsafe.high).toBeCloseTo(hi, 9);
  });
  it('reordered: the share of cases whose correctness changes with the order alone', () => {
    const r = reorderedChange(pairs);
    expect([r.changed.count, r.changed.n]).toEqual([1, 2]);
    expect(r.cases.map((c) => c.caseId)).toEqual(['a']);
    // partly right to wrong is a change too, though neither is at the top
    const below = pairAcrossConditions([
      response('e-n', 'e', { correct: wrong, correctValue: '1' }),
      response('e-o', 'e', { condition: 'reordered', correct: wrong, correctValue: '0' }),
      response('f-n', 'f', { correct: wrong, correctValue: '1' }),
      response('f-o', 'f', { condition: 'reordered', correct: wrong, correctValue: '1' }),
    ]);
    expect(reorderedChange(below.pairs).cases.map((c) => c.caseId)).toEqual(['e']);
  });
  it('counts the runs of a case the system has no normal response of as left out, and still offers a right no-retrieval answer as a leak', () => {
    const withE = new Map([...cases, ['e', refundCase('e')]]);
    const orphans = pairAcrossConditions([
      ...rs,
      response('e-g', 'e', { condition: 'gold-context', correct: right }),
      response('e-x', 'e', { condition: 'no-retrieval', correct: right }),
      response('e-o', 'e', { condition: 'reordered', correct: wrong }),
    ]).pairs;
    const g = goldContextTable(orphans, withE);
    expect(g.excluded).toEqual({ noEvidence: 0, notAssessed: 1, noNormal: 1 });
    expect(g.cells[0].share.n).toBe(3);
    const b = noRetrievalBaseline(orphans, withE, {});
    expect(b.excluded).toEqual({ notAssessed: 0, noNormal: 1 });
    expect(b.cells.reduce((n, c) => n + c.cases.length, 0)).toBe(4);
    expect(b.leakCandidates.map((r) => r.caseId)).toEqual(['b', 'c', 'e']);
    const r = reorderedChange(orphans);
    expect(r.excluded).toEqual({ notAssessed: 0, noNormal: 1 });
    expect(r.changed.n).toBe(2);
  });
});

describe('faithfulness × correctness', () => {
  it('separates a faithful wrong answer (the context was wrong) from an unfaithful one', () => {
    const t = faithfulnessTable([
      response('1', 'a', { faithfulness: { value: 0.9, source: 'human' }, correct: wrong }),
      response('2', 'a', { faithfulness: { value: 0.2, source: 'judge' }, correct: wrong }),
      response('3', 'a', { faithfulness: { value: 0.5, source: 'human' }, correct: right }),
      response('4', 'a', { correct: right }),
    ], 0.5);
    const ids = (k: string) => t.cells.find((c) => c.key === k)!.responses.map((r) => r.responseId);
    expect(ids('faithful-wrong')).toEqual(['1']);
    expect(ids('unfaithful-wrong')).toEqual(['2']);
    expect(ids('faithful-right')).toEqual(['3']);
    expect(t.excluded.notAssessed).toBe(1);
  });
});

describe('citations', () => {
  const docs = new DocumentIndex(DOCS);
  const kase = refundCase('a');
  it('rule checks: cited chunk not in the context, unknown document, not visible, stale', () => {
    const r = response('r', 'a', {
      finalContext: [chunk(POLICY_V2, 'refund-policy', 'k2'), chunk(POLICY_V1, 'refund-policy', 'k1'), chunk('员工退款审批流程', 'staff-handbook', 'k3')],
      citations: [
        { start: 0, end: 4, chunkId: 'k2' },
        { start: 5, end: 9, chunkId: 'k9' },
        { start: 5, end: 9, docId: 'no-such-doc' },
        { start: 10, end: 12, chunkId: 'k3' },
        { start: 12, end: 14, chunkId: 'k1' },
      ],
    });
    expect(checkCitations(r, kase, docs).map((f) => [f.citation, f.tag])).toEqual([
      [1, 'wrong_source_id'], [2, 'wrong_source_id'], [3, 'inaccessible_citation'], [4, 'stale_citation'],
    ]);
  });
  it('correctness = supported ÷ cited claims; completeness = required claims with a supporting citation ÷ stated required claims', () => {
    const f = forbiddenClaimId('7 天内全额退款');
    const cites = [{ start: 0, end: 2 }];
    const figures = citationFigures([
      response('r1', 'a', { citations: cites, stated: marks({ c1: { stated: true, citation: 'supported' }, c2: { stated: true, citation: 'unsupported' }, [f]: { stated: true, citation: 'supported' } }) }),
      response('r2', 'a', { citations: cites, stated: marks({ c1: { stated: true, citation: 'none' }, c2: { stated: false } }) }),
    ], new Map([['a', kase]]), docs);
    expect([figures.correctness.count, figures.correctness.n]).toEqual([2, 3]);
    expect([figures.completeness.count, figures.completeness.n]).toEqual([1, 3]);
    // both responses answer case a: one cluster, so the interval counts it as one observation
    expect(figures.correctness).toMatchObject({ method: 'cluster-ratio', clusters: 1 });
    expect(figures.unsupported.map((r) => r.responseId)).toEqual(['r1']);
  });
  it('counts only what can be judged: the case\'s current claims, verdicts on an answer that cites, verdicts reviewers agree on', () => {
    const cites = [{ start: 0, end: 2 }];
    const figures = citationFigures([
      // marks of claims the case does not have (an old claim, a typo'd import) are left out
      response('r1', 'a', { citations: cites, stated: marks({ c1: { stated: true, citation: 'supported' }, c2: { stated: true, citation: 'supported' }, c7: { stated: true, citation: 'unsupported' } }) }),
      // a verdict on an answer without citations judges nothing: its stated claims have no supporting citation
      response('r2', 'a', { stated: marks({ c1: { stated: true, citation: 'supported' }, c2: { stated: false } }) }),
      // reviewers agree c1 and c2 are stated, not on c2's citation: c2 is left out of both figures
      response('r3', 'a', { citations: cites, stated: { ...marks({ c1: { stated: true, citation: 'unsupported' }, c2: { stated: true } }), citationsDisputed: ['c2'] } as DxResponse['stated'] }),
    ], new Map([['a', kase]]), docs);
    expect([figures.correctness.count, figures.correctness.n]).toEqual([2, 3]);
    expect([figures.completeness.count, figures.completeness.n]).toEqual([2, 4]);
    // a value that leaves a current claim unmarked (given before the claims changed) counts as not given
    const before = citationFigures([response('r4', 'a', { citations: cites, stated: marks({ c1: { stated: true, citation: 'supported' } }) })], new Map([['a', kase]]), docs);
    expect(before.correctness.n).toBe(0);
    expect(before.completeness.rate).toBeNull();
  });
  it('rule checks: a citation naming one document and a chunk of another cites a wrong source, seen by the chunk\'s scope', () => {
    const r = response('r', 'a', {
      finalContext: [chunk(POLICY_V2, 'refund-policy', 'k2'), chunk('员工退款审批流程', 'staff-handbook', 'k3')],
      citations: [{ start: 0, end: 2, docId: 'refund-policy', chunkId: 'k3' }, { start: 0, end: 2, docId: 'staff-handbook', chunkId: 'k2' }],
    });
    expect(checkCitations(r, kase, docs).map((f) => [f.citation, f.tag])).toEqual([[0, 'wrong_source_id'], [0, 'inaccessible_citation'], [1, 'wrong_source_id']]);
  });
});

describe('the layer of each failing response, by fixed precedence', () => {
  const docs = new DocumentIndex(DOCS);
  const f = forbiddenClaimId('7 天内全额退款');
  const cases = new Map(['stale', 'ranked', 'prior', 'agent', 'perm', 'drop', 'ok'].map((id) => [id, refundCase(id)]));
  const rs = [
    // the stale v1 policy in the context (and the evidence missing too: data comes first)
    response('r-stale', 'stale', { finalContext: [chunk(POLICY_V1)], correct: wrong }),
    // the evidence ranked 6th of the candidates, the context held the top 3
    response('r-ranked', 'ranked', {
      finalContext: [chunk('会员等级说明'), chunk('积分规则'), chunk('发票说明')],
      candidates: [chunk('会员等级说明'), chunk('积分规则'), chunk('发票说明'), chunk('客服时间'), chunk('优惠券'), chunk(POLICY_V2)],
      correct: wrong,
    }),
    // everything in the context, the answer states the forbidden 7-day prior
    response('r-prior', 'prior', { finalContext: [chunk(POLICY_V2)], stated: marks({ c1: false, c2: false, [f]: true }) }),
    // the agent never called retrieval
    response('r-agent', 'agent', { retrievalCalled: false, correct: wrong }),
    // a document the case's user may not see
    response('r-perm', 'perm', { finalContext: [chunk('员工退款审批流程', 'staff-handbook'), chunk(POLICY_V1)], correct: wrong }),
    // in the top of the candidates, dropped by assembly
    response('r-drop', 'drop', { finalContext: [chunk('积分规则'), chunk('年度会员购买后 30 天内可申请退款')], candidates: [chunk(POLICY_V2), chunk('积分规则')], correct: wrong }),
    response('r-ok', 'ok', { finalContext: [chunk(POLICY_V2)], correct: right }),
  ];
  const summary = layerSummary(rs, cases, docs);
  const of = (id: string) => summary.assignments.find((a) => a.responseId === id);
  it('names each root cause', () => {
    expect(of('r-perm')).toMatchObject({ layer: 'permission', reason: { code: 'permission-doc-in-context', docId: 'staff-handbook' } });
    expect(of('r-stale')).toMatchObject({ layer: 'data', reason: { code: 'stale-doc-in-context', docId: 'refund-policy', revision: 'v1' } });
    expect(of('r-agent')).toMatchObject({ layer: 'agent', reason: { code: 'never-retrieved' } });
    expect(of('r-ranked')).toMatchObject({ layer: 'retrieval', reason: { code: 'evidence-ranked-out', rank: 6, k: 3 } });
    expect(of('r-drop')).toMatchObject({ layer: 'context-assembly', reason: { code: 'evidence-dropped-by-assembly', rank: 1 } });
    expect(of('r-prior')).toMatchObject({ layer: 'generation', reason: { code: 'forbidden-stated-despite-context', claim: '7 天内全额退款' } });
    expect(of('r-ok')).toBeUndefined();
  });
  it('counts failures per layer and names the top only when it is alone there', () => {
    expect(summary.failing).toBe(6);
    expect(summary.assessed).toBe(7);
    expect(summary.counts.map((c) => c.share.count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(summary.top).toBeNull();
    const more = layerSummary([...rs, response('r-agent2', 'agent', { retrievalCalled: false, correct: wrong })], cases, docs);
    expect(more.top).toBe('agent');
  });
  it('blames assembly when the final context is empty though retrieval had the evidence, and places nothing without evidence', () => {
    const more = new Map([...cases, ['empty', refundCase('empty')], ['bare', refundCase('bare', { claims: [{ id: 'c1', text: '无证据的要点', evidence: [] }] })]]);
    const extra = layerSummary([
      response('r-empty', 'empty', { finalContext: [], candidates: [chunk(POLICY_V2), chunk('积分规则')], correct: wrong }),
      // no permission or data finding, and nothing to read the later layers off: in no layer, counted apart
      response('r-bare', 'bare', { finalContext: [chunk('积分规则')], correct: wrong }),
    ], more, docs);
    expect(extra.assignments).toEqual([{ caseId: 'empty', responseId: 'r-empty', layer: 'context-assembly', reason: { code: 'evidence-dropped-by-assembly', claim: '购买后 30 天内可以退款', rank: 1 } }]);
    expect([extra.failing, extra.unplaced, extra.assessed]).toEqual([1, 1, 2]);
  });
  it('places what fails without evidence by what the answer says: a forbidden claim, an answer where the case has none', () => {
    const noClaims = { claims: [] };
    const more = new Map([['unans', refundCase('unans', { ...noClaims, answerability: 'unanswerable' })], ['said', refundCase('said', noClaims)]]);
    const placed = layerSummary([
      response('r-unans', 'unans', { finalContext: [chunk('积分规则')], correct: wrong }),
      response('r-said', 'said', { finalContext: [chunk('积分规则')], stated: marks({ [f]: true }) }),
    ], more, docs);
    expect(placed.assignments.map((a) => [a.responseId, a.layer, a.reason])).toEqual([
      ['r-unans', 'generation', { code: 'answered-unanswerable', answerability: 'unanswerable' }],
      ['r-said', 'generation', { code: 'forbidden-stated', claim: '7 天内全额退款' }],
    ]);
    expect(placed.unplaced).toBe(0);
  });
});

describe('the "stated" step\'s list', () => {
  it('lists the required claims, then each forbidden claim once (two differing only in spacing are one)', () => {
    const list = statedClaimList([{ text: 'a' }, { text: 'b' }], ['7 天内全额退款', '7天内全额退款', '超过 30 天不退']);
    expect(list.map((c) => [c.text, c.forbidden])).toEqual([['a', false], ['b', false], ['7 天内全额退款', true], ['超过 30 天不退', true]]);
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });
});

describe('the "stated" value the figures use', () => {
  it('takes reviewers who agree on what is stated, leaving out only the citation verdicts they dispute', () => {
    const ann = { c1: { stated: true, citation: 'supported' }, c2: { stated: false } };
    const bob = { c1: { stated: true, citation: 'unsupported' }, c2: { stated: false } };
    expect(statedState(undefined, [ann, bob])).toEqual({ kind: 'value', source: 'reviewer', marks: { c1: { stated: true }, c2: { stated: false } }, citationsDisputed: ['c1'] });
    expect(statedState(undefined, [ann, { ...bob, c1: { stated: false } }])).toEqual({ kind: 'disagree' });
    expect(statedState(undefined, [ann, ann])).toEqual({ kind: 'value', source: 'reviewer', marks: ann });
  });

  it('compares reviewers on the case\'s current claims: a mark of a claim the case does not have makes no disagreement', () => {
    const ann = { c1: { stated: true } };
    const dan = { c1: { stated: true }, c7: { stated: false } };
    const current = { claims: ['c1'], forbidden: [] };
    expect(statedState(undefined, [ann, dan], current)).toEqual({ kind: 'value', source: 'reviewer', marks: { c1: { stated: true } }, of: current });
    expect(statedState(undefined, [ann, { c1: { stated: false }, c7: { stated: true } }], current)).toEqual({ kind: 'disagree' });
    // a value that leaves a current claim unmarked is not given: the other reviewer's is the value
    const both = { claims: ['c1', 'c7'], forbidden: [] };
    expect(statedState(undefined, [ann, dan], both)).toEqual({ kind: 'value', source: 'reviewer', marks: dan, of: both });
    expect(statedState(undefined, [ann], both)).toEqual({ kind: 'none' });
    // so is an adjudication of the claims as they were: the reviewers who marked the current ones decide
    expect(statedState(ann, [dan], both)).toEqual({ kind: 'value', source: 'reviewer', marks: dan, of: both });
    expect(statedState(dan, [ann], both)).toEqual({ kind: 'value', source: 'adjudicated', marks: dan, of: both });
  });

  it('resolves a value to the claim ids it was read with once, and trusts that only for those very ids', () => {
    const both = { claims: ['c1', 'c7'], forbidden: [] };
    // an adjudication that also marks a claim the case no longer has: its marks of the current claims
    const read = statedState({ c1: { stated: true }, c7: { stated: false }, c9: { stated: true } }, [], both);
    expect(read).toEqual({ kind: 'value', source: 'adjudicated', marks: { c1: { stated: true }, c7: { stated: false } }, of: both });
    expect(currentMarks(read, both)).toBe(read.kind === 'value' ? read.marks : null);
    // the case's ids now, another list (a claim added since): checked again, and the value misses the new claim
    expect(currentMarks(read, { claims: ['c1', 'c7', 'c8'], forbidden: [] })).toBeNull();
    expect(currentMarks(read, { claims: ['c1'], forbidden: [] })).toEqual({ c1: { stated: true } });
  });
});
