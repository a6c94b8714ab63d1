import { describe, expect, it } from 'vitest';
import { indexRevisions } from '../../shared/diagnosis/chunk-revision';
import { caseMarksOf, type MarkEvent } from '../../shared/cases/marks';

const claims = [{ text: '30 天内可退款', evidence: [{ docId: 'refund', quote: '30 天内可申请退款' }] }];
const revisions = indexRevisions([
  { docId: 'refund', revision: 'v1', accessScope: ['public'] },
  { docId: 'salary', revision: 'v1', accessScope: ['hr'] },
]);

let id = 0;
const event = (reviewerId: number, dimension: string, value: unknown, responseSeq: number | null = null): MarkEvent => ({
  id: ++id, reviewerId, dimension, responseSeq, value: value === null ? null : JSON.stringify(value),
});
const marksOf = (events: MarkEvent[], extra: { settled?: Record<string, unknown>; contexts?: { docId: string; text: string }[][]; caseScope?: string[] } = {}) =>
  caseMarksOf({ events, imported: { claims, referenceAnswer: '可以' }, settled: extra.settled ?? {}, caseScope: extra.caseScope ?? ['public'], contexts: extra.contexts ?? [] }, revisions);

describe('case marks', () => {
  it('counts a reviewer as labeler only while a current label of theirs is not cleared', () => {
    expect(marksOf([event(1, 'answerability', 'answerable'), event(2, 'questionType', 'fact')]).labelers).toEqual([1, 2]);
    expect(marksOf([event(2, 'questionType', 'fact'), event(2, 'questionType', null)]).labelers).toEqual([]);
  });

  it('finds disagreement per dimension and per response, on current values only, and not on claims', () => {
    expect(marksOf([event(1, 'answerability', 'answerable'), event(2, 'answerability', 'restricted')]).disagree).toBe(true);
    expect(marksOf([event(1, 'answerability', 'answerable'), event(2, 'answerability', 'restricted'), event(2, 'answerability', 'answerable')]).disagree).toBe(false);
    // the same dimension on two different responses is two items
    expect(marksOf([event(1, 'correctness', 2, 10), event(2, 'correctness', 0, 11)]).disagree).toBe(false);
    expect(marksOf([event(1, 'correctness', 2, 10), event(2, 'correctness', 0, 10)]).disagree).toBe(true);
    // a cleared label disagrees with nothing
    expect(marksOf([event(1, 'correctness', 2, 10), event(2, 'correctness', null, 10)]).disagree).toBe(false);
    const other = [{ text: '按天折算', evidence: [] }];
    expect(marksOf([event(1, 'claims', claims), event(2, 'claims', other)]).disagree).toBe(false);
  });

  it('marks an edit only when the claims or reference answer differ from the imported ones, as conflicts compare them', () => {
    expect(marksOf([event(1, 'claims', [{ text: ' 30 天内可退款 ', evidence: [{ docId: 'refund', quote: '30 天内可申请退款', start: 3 }] }])]).edited).toBe(false);
    expect(marksOf([event(1, 'referenceAnswer', '可以\r\n')]).edited).toBe(false);
    expect(marksOf([event(1, 'referenceAnswer', '可以，30 天内')]).edited).toBe(true);
    expect(marksOf([event(1, 'claims', [...claims, { text: '按天折算', evidence: [] }])]).edited).toBe(true);
    expect(marksOf([], { settled: { referenceAnswer: '可以，按天折算' } }).edited).toBe(true);
    expect(marksOf([], { settled: { claims } }).edited).toBe(false);
  });

  it('marks a permission leak when a final context holds a document the case may not see', () => {
    expect(marksOf([], { contexts: [[{ docId: 'refund', text: '…' }]] }).permissionLeak).toBe(false);
    expect(marksOf([], { contexts: [[{ docId: 'refund', text: '…' }], [{ docId: 'salary', text: '…' }]] }).permissionLeak).toBe(true);
    expect(marksOf([], { contexts: [[{ docId: 'salary', text: '…' }]], caseScope: ['hr'] }).permissionLeak).toBe(false);
    // a document not in the test set is "scope unknown", not a leak
    expect(marksOf([], { contexts: [[{ docId: 'elsewhere', text: '…' }]] }).permissionLeak).toBe(false);
  });
});
