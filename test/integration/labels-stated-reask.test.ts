import { describe, expect, it } from 'vitest';
import { contract, type OpName, type OpOutput, type OpInput } from '../../shared/api/contract';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { labelSteps } from '../../shared/labeling';
import { getCaseDetail } from '../../db/case-queries';
import { parseNumberRule } from '../../shared/diagnosis/conflict-set';
import { buildConflictSet } from '../../db/conflict-set';
import { caseConflict, resolveConflict } from '../../db/conflicts';
import { caseHistory, createReviewer, recordLabel, requireCaseSeq } from '../../db/labels';
import type { Db } from '../../db/open';
import { diagnosisInput } from '../../db/diagnosis';
import { statedIdsOfCases } from '../../db/stated-ids';
import { statedIdsOf } from '../../shared/diagnosis/claims-stated';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { useTempDir } from '../helpers/temp-dir';
import { smallLabelingSet } from '../helpers/labeling-set';

/**
 * "Claims this answer states" is asked again when the reviewer edits the case's claims or its
 * reference answer after giving it: the queue counts the case as unfinished again, the step is
 * open again with its old label kept (history), and the same marks confirmed count as given again.
 * The same for every reviewer when the case's content changes for all of them: the lead settling
 * the claims or the reference answer after a conflict, the conflict-set builder adding forbidden
 * claims; the step then says why. A settlement that leaves the case as it was shown asks nothing.
 */
function api(db: Db) {
  const handlers = createLabelingHandlers(() => db) as unknown as Record<string, (input: unknown) => unknown>;
  return async <N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> => {
    const parsed = contract[name].input.parse(input);
    return contract[name].output.parse(await handlers[name](parsed)) as OpOutput<N>;
  };
}

const CLAIMS = [{ id: 'c1', text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }];
const VALUES: Record<string, unknown> = {
  answerability: 'answerable', questionType: 'fact', claims: CLAIMS, responseBehavior: 'answered', claimsStated: { c1: { stated: true } },
  refusalCorrect: 'correct', correctness: 2, faithfulness: 1, failureLayer: 'none', failureTags: [],
};
const unlabeled = { source: 'unlabeled' } as const;

/** Every step of the case labeled by one reviewer. */
function labelAll(db: Db, reviewerId: number, caseId: string): void {
  for (const step of labelSteps(DEFAULT_DIMENSIONS, getCaseDetail(db, caseId).responses)) {
    recordLabel(db, { reviewerId, caseId, responseId: step.responseId, dimension: step.dimension, value: VALUES[step.dimension] as never });
  }
}

describe('a claims or reference-answer edit re-asks "claims this answer states"', () => {
  const tempDir = useTempDir();

  it('after a claims edit: unfinished in the queue, the step open with its old label, kept in history; confirming the same marks closes it', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    labelAll(db, ada, 'c2');
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    const statedStep = async () => (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    const before = await statedStep();
    expect(before.current!.value).toEqual({ c1: { stated: true } });
    expect(before.askAgainAfter! < before.current!.eventId).toBe(true);

    // the claim's text is edited after the label
    const edit = recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: null, dimension: 'claims', value: [{ ...CLAIMS[0], text: '购买后 30 天内可以退款' }] });
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(0);
    expect((await call('queue.navigate', { reviewerId: ada, queue: unlabeled, fromCaseId: 'c1', direction: 'nextUnfinished' })).caseId).toBe('c2');
    const asked = await statedStep();
    expect(asked.askAgainAfter).toBe(edit.eventId);
    expect(asked.current!.eventId).toBeLessThan(edit.eventId);
    expect(asked.current!.value).toEqual({ c1: { stated: true } });

    // the same marks confirmed: a new event (the old one stays in history), the case finished again
    const again = recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } });
    expect(again.appended).toBe(true);
    expect(caseHistory(db, 'c2').filter((e) => e.dimension === 'claimsStated')).toHaveLength(2);
    expect((await statedStep()).current!.eventId).toBe(again.eventId);
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    // once answered, the same value again appends nothing
    expect(recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } }).appended).toBe(false);
  });

  it('a reference-answer edit re-asks it too; another reviewer\'s edit does not touch my label', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    for (const reviewerId of [ada, bo]) labelAll(db, reviewerId, 'c2');
    recordLabel(db, { reviewerId: bo, caseId: 'c2', responseId: null, dimension: 'referenceAnswer', value: '可以，30 天内按剩余天数退款。' });
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    expect((await call('queue.open', { reviewerId: bo, queue: unlabeled })).done).toBe(0);
    const step = (await call('labeling.item', { reviewerId: bo, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect(step.current!.eventId).toBeLessThan(step.askAgainAfter!);
  });
});

/** Two reviewers hold different versions of a field of c2, and the lead settles it on `value`. */
function settle(db: Db, field: 'claims' | 'referenceAnswer', versions: [unknown, unknown], value: unknown): void {
  const [bo, cy] = [createReviewer(db, `Bo-${field}`).id, createReviewer(db, `Cy-${field}`).id];
  recordLabel(db, { reviewerId: bo, caseId: 'c2', responseId: null, dimension: field, value: versions[0] as never });
  recordLabel(db, { reviewerId: cy, caseId: 'c2', responseId: null, dimension: field, value: versions[1] as never });
  const lead = createReviewer(db, `Lead-${field}`).id;
  const conflict = caseConflict(db, requireCaseSeq(db, 'c2', 'test'), field)!;
  resolveConflict(db, { caseId: 'c2', field, reviewerId: lead, seenUids: conflict.uids, value: value as never });
}

describe('a change of the case for everyone re-asks "claims this answer states"', () => {
  const tempDir = useTempDir();

  it('the lead settling the claims: unfinished in the queue, the step open with its old label and the reason; confirming the same marks closes it', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    labelAll(db, ada, 'c2');
    const statedStep = async () => (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    const before = await statedStep();
    expect(before.askAgainAfter ?? 0).toBeLessThan(before.current!.eventId);

    const rewritten = [{ ...CLAIMS[0], text: '购买后 30 天内可以退款' }];
    settle(db, 'claims', [rewritten, [CLAIMS[0], { text: '按剩余天数折算', evidence: [] }]], rewritten);
    expect(getCaseDetail(db, 'c2').settled?.claims?.value).toEqual(rewritten);
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(0);
    expect((await call('queue.navigate', { reviewerId: ada, queue: unlabeled, fromCaseId: 'c1', direction: 'nextUnfinished' })).caseId).toBe('c2');
    const asked = await statedStep();
    expect(asked.current!.eventId).toBeLessThan(asked.askAgainAfter!);
    expect(asked.askAgainBecause).toBe('case-changed');
    expect(asked.current!.value).toEqual({ c1: { stated: true } });
    // the other steps of the case are not asked again
    const others = (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.filter((s) => s.dimension !== 'claimsStated');
    expect(others.every((s) => s.askAgainAfter === undefined)).toBe(true);

    const again = recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } });
    expect(again.appended).toBe(true);
    expect(caseHistory(db, 'c2').filter((e) => e.dimension === 'claimsStated')).toHaveLength(2);
    expect((await statedStep()).current!.eventId).toBe(again.eventId);
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    expect(recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } }).appended).toBe(false);
  });

  it('settled claims that add one: the Label queue asks for the very claim ids the Diagnosis figures read, and a label of the old one claim no longer answers the step', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    labelAll(db, ada, 'c2');
    const two = [CLAIMS[0], { text: '按剩余天数折算', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }];
    settle(db, 'claims', [two, [{ ...CLAIMS[0], text: '购买后 30 天内可以退款' }]], two);
    const figures = diagnosisInput(db, 'a@1', '2026-12-03').cases.find((c) => c.caseId === 'c2')!;
    const queue = statedIdsOfCases(db, ['c2']).get('c2')!;
    expect(queue).toEqual(statedIdsOf(figures));
    expect(queue.claims).toEqual(['c1', 'c2']);
    // Ada marks the first claim again: still open, her label misses the settled second one
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } });
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(0);
    const step = (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect(step.covers).toBe(false);
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true }, c2: { stated: false } } });
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
  });

  it('the lead settling the reference answer re-asks it too, for every reviewer who labeled it', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const dan = createReviewer(db, 'Dan').id;
    labelAll(db, ada, 'c2');
    labelAll(db, dan, 'c2');
    settle(db, 'referenceAnswer', ['30 天内可退款，按剩余天数折算。', '一个月内可以退款。'], '30 天内可退款，按剩余天数折算。');
    for (const reviewerId of [ada, dan]) {
      expect((await call('queue.open', { reviewerId, queue: unlabeled })).done).toBe(0);
      const step = (await call('labeling.item', { reviewerId, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
      expect(step.current!.eventId).toBeLessThan(step.askAgainAfter!);
      expect(step.askAgainBecause).toBe('case-changed');
    }
  });

  it('a settlement that keeps what the case showed asks nothing again', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    labelAll(db, ada, 'c2');
    // two edits, and the lead keeps the imported claim (written with other spacing)
    settle(db, 'claims', [[{ ...CLAIMS[0], text: '一个月内可退款' }], [CLAIMS[0], { text: '按剩余天数折算', evidence: [] }]], [{ ...CLAIMS[0], text: ` ${CLAIMS[0].text} ` }]);
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    const step = (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect(step.askAgainAfter ?? 0).toBeLessThan(step.current!.eventId);
  });

  it('the conflict-set builder adding forbidden claims re-asks the cases it changed, and only those', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    labelAll(db, ada, 'c1');
    labelAll(db, ada, 'c2');
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(2);
    // c1 is an answerable policy case citing a number: it gets the implied forbidden claim; c2 (how-to) does not
    const outcome = buildConflictSet(db, { types: ['policy-and-amounts'], n: 5, rule: parseNumberRule('times:2')!, shiftDays: 365, seed: 1, by: 'Lead', outName: 'conflict.jsonl' });
    const changed = outcome.cases.map((c) => c.id);
    expect(changed).toContain('c1');
    expect(changed).not.toContain('c2');
    expect(getCaseDetail(db, 'c1').case.forbiddenClaims.length).toBeGreaterThan(0);
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    const steps = (await call('labeling.item', { reviewerId: ada, caseId: 'c1', queue: null })).steps.filter((s) => s.dimension === 'claimsStated');
    expect(steps).toHaveLength(2);
    for (const step of steps) {
      expect(step.current!.eventId).toBeLessThan(step.askAgainAfter!);
      expect(step.askAgainBecause).toBe('case-changed');
    }
    const untouched = (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect(untouched.askAgainAfter ?? 0).toBeLessThan(untouched.current!.eventId);
  });
});
