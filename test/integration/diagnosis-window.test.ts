import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract, type OpInput, type OpName, type OpOutput } from '../../shared/api/contract';
import { labelDimensions } from '../../db/agreement';
import { listDimensions } from '../../db/dimensions';
import { HOLDOUT_IN_QUEUES_KEY } from '../../db/holdout-visibility';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db, type OpenedTestSet } from '../../db/open';
import { writeSetting } from '../../db/settings';
import { createDiagnosisDataHandlers } from '../../server/diagnosis/data-handlers';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

/** Calls handlers the way the dispatcher does: input parsed by the contract, output checked against it. */
function api(db: Db) {
  const handlers = { ...createLabelingHandlers(() => db), ...createDiagnosisDataHandlers(() => db) } as unknown as Record<string, (input: unknown) => unknown>;
  return async <N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> => {
    const parsed = contract[name].input.parse(input);
    return contract[name].output.parse(await handlers[name](parsed)) as OpOutput<N>;
  };
}

const QUOTE = '年度会员购买后 30 天内可申请退款';

/**
 * Four cases citing one policy (v1 older, v2 current): c1 and c3 holdout, c2 and c4 dev. r1 (for
 * c1) kept the quote only among its candidates beyond k and had a chunk of the expired v1 in its
 * context, so the data proves rerank_drop and stale_revision for it.
 */
async function windowSet(dir: string): Promise<OpenedTestSet> {
  const opened = await openTestSetFile(join(dir, 'window.sqlite'), { create: true });
  importRows(opened, 'documents', [
    { docId: 'policy', title: '退款政策', revision: 'v1', effectiveFrom: '2025-01-01', text: '年度会员购买后 7 天内可申请退款。' },
    { docId: 'policy', title: '退款政策', revision: 'v2', effectiveFrom: '2026-01-01', text: `${QUOTE}。超过 30 天不予退款。` },
  ]);
  importRows(
    opened,
    'cases',
    [1, 2, 3, 4].map((i) => ({
      id: `c${i}`,
      query: `问题 ${i}`,
      referenceAnswer: '30 天内可退款',
      claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: QUOTE }] }],
      questionType: 'policy-and-amounts',
      answerability: 'answerable',
      split: i % 2 ? 'holdout' : 'dev',
      asOf: '2026-06-01',
    })),
  );
  importRows(opened, 'responses', [
    {
      id: 'r1', caseId: 'c1', system: 'a@1', answer: '7 天内可以退款',
      finalContext: [{ docId: 'policy', chunkId: 'policy@v1#1', revision: 'v1', text: '年度会员购买后 7 天内可申请退款。', rank: 1 }],
      candidates: [
        { docId: 'policy', chunkId: 'policy@v1#1', revision: 'v1', text: '年度会员购买后 7 天内可申请退款。', rank: 1 },
        { docId: 'other', chunkId: 'other#1', text: '无关内容', rank: 2 },
        { docId: 'policy', chunkId: 'policy@v2#1', revision: 'v2', text: `${QUOTE}。`, rank: 3 },
      ],
    },
    { id: 'r2', caseId: 'c2', system: 'a@1', answer: '30 天内可以退款', finalContext: [{ docId: 'policy', chunkId: 'policy@v2#1', revision: 'v2', text: `${QUOTE}。`, rank: 1 }] },
  ]);
  return opened;
}

describe('diagnosis in the window: failure tags, the holdout, re-check after a document change (real SQLite file)', () => {
  const tempDir = useTempDir();

  it('failureTags is a multi-select step: the data-proven tags are proposed, not saved, and a set is recorded once confirmed', async () => {
    const opened = await windowSet(tempDir());
    const { db } = opened;
    try {
      const call = api(db);
      const ada = createReviewer(db, 'Ada').id;
      expect(listDimensions(db).find((d) => d.name === 'failureTags')).toMatchObject({ type: 'multi-select', scope: 'response' });

      const item = await call('labeling.item', { reviewerId: ada, caseId: 'c1', queue: null, step: 0 });
      const tags = item.steps.find((s) => s.dimension === 'failureTags' && s.responseId === 'r1');
      expect(tags?.suggestion).toEqual(['stale_revision', 'rerank_drop']);
      expect(tags?.suggestionReason).toBe('data-proven-tags');
      expect(tags?.current).toBeNull();
      // proposed, never written unasked
      expect(db.prepare("SELECT count(*) FROM label_events WHERE dimension = 'failureTags'").pluck().get()).toBe(0);
      // a response whose data proves nothing gets no proposal
      const clean = (await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: null, step: 0 })).steps.find((s) => s.dimension === 'failureTags');
      expect(clean?.suggestion).toBeUndefined();

      await call('labels.record', { reviewerId: ada, caseId: 'c1', responseId: 'r1', dimension: 'failureTags', value: ['rerank_drop', 'chunk_boundary'] });
      const after = (await call('labeling.item', { reviewerId: ada, caseId: 'c1', queue: null, step: 0 })).steps.find((s) => s.dimension === 'failureTags' && s.responseId === 'r1');
      expect(after?.current?.value).toEqual(['rerank_drop', 'chunk_boundary']);
      expect(after?.suggestion).toBeUndefined();
      // "none apply" is an answer too
      await call('labels.record', { reviewerId: ada, caseId: 'c2', responseId: 'r2', dimension: 'failureTags', value: [] });
      expect(db.prepare("SELECT value FROM label_events WHERE dimension = 'failureTags' ORDER BY id DESC LIMIT 1").pluck().get()).toBe('[]');

      // a tag outside the taxonomy, or one given twice, is refused and nothing is written
      const before = db.prepare('SELECT count(*) FROM label_events').pluck().get();
      expect(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1', dimension: 'failureTags', value: ['bogus_tag'] })).toThrow(/not_indexed/);
      expect(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1', dimension: 'failureTags', value: ['rerank_drop', 'rerank_drop'] })).toThrow();
      expect(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1', dimension: 'failureTags', value: 'rerank_drop' })).toThrow();
      expect(db.prepare('SELECT count(*) FROM label_events').pluck().get()).toBe(before);

      // agreement compares one value per label: the set-valued dimension is left out, the others stay
      const compared = labelDimensions(db).map((d) => d.dimension.name);
      expect(compared).not.toContain('failureTags');
      expect(compared).toContain('failureLayer');
    } finally {
      db.close();
    }
  });

  it('holdout cases stay out of everyday queues unless asked for, and every opening of one is recorded and shown in health', async () => {
    const opened = await windowSet(tempDir());
    const { db } = opened;
    try {
      const call = api(db);
      const ada = createReviewer(db, 'Ada').id;
      const bo = createReviewer(db, 'Bo').id;

      const everyday = await call('queue.open', { reviewerId: ada, queue: { source: 'unlabeled' } });
      expect(everyday).toMatchObject({ total: 2, resumeCaseId: 'c2' });
      const walked: (string | null)[] = [];
      for (let at: string | null = null, i = 0; i < 4; i++) {
        at = (await call('queue.navigate', { reviewerId: ada, queue: { source: 'unlabeled' }, fromCaseId: at, direction: 'next' })).caseId;
        walked.push(at);
        if (at === null) break;
      }
      expect(walked).toEqual(['c2', 'c4', null]);
      expect((await call('queue.open', { reviewerId: ada, queue: { source: 'filter', filters: { search: '' } } })).total).toBe(2);
      // asked for: the holdout split itself
      expect((await call('queue.open', { reviewerId: ada, queue: { source: 'filter', filters: { search: '', split: 'holdout' } } })).total).toBe(2);
      // a test set that chose to walk its holdout every day
      writeSetting(db, HOLDOUT_IN_QUEUES_KEY, true);
      expect((await call('queue.open', { reviewerId: ada, queue: { source: 'unlabeled' } })).total).toBe(4);
      writeSetting(db, HOLDOUT_IN_QUEUES_KEY, false);
      expect((await call('queue.open', { reviewerId: ada, queue: { source: 'unlabeled' } })).total).toBe(2);

      expect((await call('diagnosis.health', {})).holdoutOpenings).toEqual({ total: 0, cases: 0, latest: [] });
      // reading a case for the Label screen is no opening (it reads ahead); a person's opening is noted apart
      await call('labeling.item', { reviewerId: ada, caseId: 'c1', queue: null, step: 0 });
      expect((await call('diagnosis.health', {})).holdoutOpenings.total).toBe(0);
      await call('holdout.noteOpening', { reviewerId: ada, caseId: 'c1', via: 'label' });
      // noted again after a save, with nothing else opened in between: still one opening
      await call('holdout.noteOpening', { reviewerId: ada, caseId: 'c1', via: 'label' });
      await call('holdout.noteOpening', { reviewerId: ada, caseId: 'c2', via: 'label' });
      await call('holdout.noteOpening', { reviewerId: bo, caseId: 'c3', via: 'label' });
      await call('holdout.noteOpening', { reviewerId: ada, caseId: 'c1', via: 'label' });
      const health = await call('diagnosis.health', {});
      expect(health.holdoutOpenings.total).toBe(3);
      expect(health.holdoutOpenings.cases).toBe(2);
      expect(health.holdoutOpenings.latest.map((o) => [o.caseId, o.reviewer, o.via])).toEqual([
        ['c1', 'Ada', 'label'],
        ['c3', 'Bo', 'label'],
        ['c1', 'Ada', 'label'],
      ]);
      expect(Number.isNaN(Date.parse(health.holdoutOpenings.latest[0].at))).toBe(false);
      // append-only
      expect(() => db.prepare("UPDATE holdout_openings SET via = 'case'").run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('after an import that gives a cited document a new revision, its cases are listed and walked as a re-check queue', async () => {
    const opened = await windowSet(tempDir());
    const { db } = opened;
    try {
      const call = api(db);
      const ada = createReviewer(db, 'Ada').id;
      const { mark } = await call('diagnosis.recheck', { since: null });
      expect((await call('diagnosis.recheck', { since: mark })).changes).toEqual([]);

      importRows(opened, 'documents', [
        { docId: 'policy', title: '退款政策', revision: 'v3', effectiveFrom: '2026-09-01', text: '年度会员购买后 14 天内可申请退款。' },
        { docId: 'unrelated', title: '其他', revision: 'v1', text: '与用例无关' },
      ]);
      const { changes } = await call('diagnosis.recheck', { since: mark });
      expect(changes.map((c) => c.docId)).toEqual(['policy']);
      expect(changes[0].newestRevision).toBe('v3');
      expect(changes[0].cases.map((c) => c.caseId)).toEqual(['c1', 'c2', 'c3', 'c4']);
      expect(changes[0].cases[0].quotes).toEqual([{ claim: 1, quote: QUOTE, found: false }]);

      // the queue walks exactly those cases, holdout included (asked for), and remembers where the reviewer was
      const queue = { source: 'cases', caseIds: changes[0].cases.map((c) => c.caseId), docId: 'policy' } as const;
      expect(await call('queue.open', { reviewerId: ada, queue })).toMatchObject({ total: 4, done: 0, resumeCaseId: 'c1' });
      const second = (await call('queue.navigate', { reviewerId: ada, queue, fromCaseId: 'c1', direction: 'next' })).caseId;
      expect(second).toBe('c2');
      const item = await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue, step: 1 });
      expect(item.position).toMatchObject({ index: 1, total: 4 });
      expect((await call('queue.open', { reviewerId: ada, queue: { ...queue, caseIds: [...queue.caseIds].reverse() } })).resumeCaseId).toBe('c2');
      expect((await call('queue.navigate', { reviewerId: ada, queue, fromCaseId: 'c4', direction: 'next' })).caseId).toBeNull();
    } finally {
      db.close();
    }
  });
});
