import { describe, expect, it } from 'vitest';
import { contract, type OpName, type OpOutput, type OpInput } from '../../shared/api/contract';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { labelSteps } from '../../shared/labeling';
import { getCaseDetail } from '../../db/case-queries';
import { caseHistory, createReviewer, recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { useTempDir } from '../helpers/temp-dir';
import { smallLabelingSet } from '../helpers/labeling-set';

/**
 * "Claims this answer states" is asked again when the reviewer edits the case's claims or its
 * reference answer after giving it: the queue counts the case as unfinished again, the step is
 * open again with its old label kept (history), and the same marks confirmed count as given again.
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

describe('a claims or reference-answer edit re-asks "claims this answer states"', () => {
  const tempDir = useTempDir();

  it('after a claims edit: unfinished in the queue, the step open with its old label, kept in history; confirming the same marks closes it', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    for (const step of labelSteps(DEFAULT_DIMENSIONS, getCaseDetail(db, 'c2').responses)) {
      recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: step.responseId, dimension: step.dimension, value: VALUES[step.dimension] as never });
    }
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
    for (const reviewerId of [ada, bo]) {
      for (const step of labelSteps(DEFAULT_DIMENSIONS, getCaseDetail(db, 'c2').responses)) {
        recordLabel(db, { reviewerId, caseId: 'c2', responseId: step.responseId, dimension: step.dimension, value: VALUES[step.dimension] as never });
      }
    }
    recordLabel(db, { reviewerId: bo, caseId: 'c2', responseId: null, dimension: 'referenceAnswer', value: '可以，30 天内按剩余天数退款。' });
    expect((await call('queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    expect((await call('queue.open', { reviewerId: bo, queue: unlabeled })).done).toBe(0);
    const step = (await call('labeling.item', { reviewerId: bo, caseId: 'c2', queue: null })).steps.find((s) => s.dimension === 'claimsStated')!;
    expect(step.current!.eventId).toBeLessThan(step.askAgainAfter!);
  });
});
