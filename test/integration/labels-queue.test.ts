import { describe, expect, it } from 'vitest';
import { contract, type OpName, type OpOutput, type OpInput } from '../../shared/api/contract';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { labelSteps } from '../../shared/labeling';
import { getCaseDetail } from '../../db/case-queries';
import { saveDimensions } from '../../db/dimension-edits';
import { createReviewer, listReviewers, recordLabel } from '../../db/labels';
import { importLabelFileInto } from '../../server/interchange/label-import';
import { openTestSetFile, type Db } from '../../db/open';
import { insertRound } from '../../db/rounds';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { useTempDir } from '../helpers/temp-dir';
import { importRows, smallLabelingSet } from '../helpers/labeling-set';

/** Calls a labeling handler the way the dispatcher does: input parsed by the contract, output checked against it. */
function api(db: Db) {
  const handlers = createLabelingHandlers(() => db) as unknown as Record<string, (input: unknown) => unknown>;
  return async <N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> => {
    const parsed = contract[name].input.parse(input);
    return contract[name].output.parse(await handlers[name](parsed)) as OpOutput<N>;
  };
}

const SAMPLE_VALUES: Record<string, unknown> = {
  answerability: 'answerable', questionType: 'fact', claims: [], responseBehavior: 'answered', claimsStated: { c1: { stated: true } }, refusalCorrect: 'correct',
  correctness: 2, faithfulness: 1, failureLayer: 'none', failureTags: [],
};

/** Labels every step of a case for a reviewer. */
function finish(db: Db, reviewerId: number, caseId: string): void {
  for (const step of labelSteps(DEFAULT_DIMENSIONS, getCaseDetail(db, caseId).responses)) {
    recordLabel(db, { reviewerId, caseId, responseId: step.responseId, dimension: step.dimension, value: SAMPLE_VALUES[step.dimension] as never });
  }
}

const unlabeled = { source: 'unlabeled' } as const;
const tables = { source: 'filter', filters: { search: '', slice: 'table' } } as const;

describe('queues, progress and resume points on a real file', () => {
  const tempDir = useTempDir();

  it('the unlabeled queue skips finished cases, and navigation works from a case that just left it', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const nav = async (fromCaseId: string | null, direction: 'next' | 'previous' | 'nextUnfinished', queue: typeof unlabeled | typeof tables = unlabeled, reviewerId = ada) =>
      (await call('queue.navigate', { reviewerId, queue, fromCaseId, direction })).caseId;

    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toEqual({ total: 5, done: 0, resumeCaseId: 'c1', resumeStep: 0 });
    expect(await nav(null, 'next')).toBe('c1');
    expect(await nav('c5', 'next')).toBeNull();
    expect(await nav('c1', 'previous')).toBeNull();

    // c3 has three case steps; two labels leave it unfinished
    recordLabel(db, { reviewerId: ada, caseId: 'c3', responseId: null, dimension: 'answerability', value: 'answerable' });
    recordLabel(db, { reviewerId: ada, caseId: 'c3', responseId: null, dimension: 'questionType', value: 'fact' });
    expect(await nav('c2', 'next')).toBe('c3');
    recordLabel(db, { reviewerId: ada, caseId: 'c3', responseId: null, dimension: 'claims', value: [] });
    expect(await nav('c2', 'next')).toBe('c4');
    expect(await nav('c4', 'previous')).toBe('c2');
    expect(await nav('c3', 'next')).toBe('c4');
    expect(await nav('c3', 'previous')).toBe('c2');

    // a cleared label (undo back to nothing) makes the case unfinished again
    recordLabel(db, { reviewerId: ada, caseId: 'c3', responseId: null, dimension: 'claims', value: null });
    expect(await nav('c2', 'next')).toBe('c3');
    recordLabel(db, { reviewerId: ada, caseId: 'c3', responseId: null, dimension: 'claims', value: [] });

    finish(db, ada, 'c1'); // 3 case steps + 2 responses × 7
    expect(db.prepare('SELECT count(*) FROM label_events WHERE case_seq = 1').pluck().get()).toBe(17);
    expect(await nav(null, 'next')).toBe('c2');
    expect(await nav('c5', 'nextUnfinished')).toBe('c2'); // wraps around
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ total: 5, done: 2 });
    expect(await call('queue.open', { reviewerId: bo, queue: unlabeled })).toMatchObject({ total: 5, done: 0 });
    expect(await nav(null, 'next', unlabeled, bo)).toBe('c1');

    // a filter queue holds finished cases too; nextUnfinished skips them
    expect(await call('queue.open', { reviewerId: ada, queue: tables })).toMatchObject({ total: 3, done: 1, resumeCaseId: 'c4' });
    expect(await nav(null, 'next', tables)).toBe('c3');
    expect(await nav('c3', 'next', tables)).toBe('c4');
    expect(await nav('c1', 'next', tables)).toBe('c3');
    expect(await nav('c5', 'previous', tables)).toBe('c4');
    expect(await nav(null, 'nextUnfinished', tables)).toBe('c4');
    finish(db, ada, 'c4');
    finish(db, ada, 'c5');
    expect(await nav('c4', 'nextUnfinished', tables)).toBeNull();
    expect(await nav('c5', 'nextUnfinished')).toBe('c2');
    await expect(call('queue.navigate', { reviewerId: ada, queue: unlabeled, fromCaseId: 'zz', direction: 'next' })).rejects.toMatchObject({ code: 'not-found' });
    db.close();
  });

  it('progress follows new responses and changed dimensions, and is rebuilt for a file that predates it', async () => {
    const opened = await smallLabelingSet(tempDir());
    const { db } = opened;
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    finish(db, ada, 'c3');
    finish(db, ada, 'c2');
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 2 });
    // a new response on c3 adds five steps it has no labels for
    importRows(opened, 'responses', [{ id: 'r3a', caseId: 'c3', system: 'a@1', answer: '…' }]);
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 1 });
    expect((await call('queue.navigate', { reviewerId: ada, queue: unlabeled, fromCaseId: 'c2', direction: 'next' })).caseId).toBe('c3');
    // one more case dimension: nothing is finished; dropping it again restores both
    saveDimensions(db, [...DEFAULT_DIMENSIONS, { name: 'difficulty', type: 'ordinal', scope: 'case', options: [{ value: 1 }, { value: 2 }] }]);
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 0 });
    saveDimensions(db, DEFAULT_DIMENSIONS);
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 1 });
    finish(db, ada, 'c3');
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 2 });
    // a file whose progress table was never built gets it on first use
    db.exec("DELETE FROM label_progress; DELETE FROM settings WHERE key = 'label_progress'");
    db.close();
    const reopened = await openTestSetFile(opened.file, { create: false });
    expect(await api(reopened.db)('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 2 });
    reopened.db.close();
  });

  it('a "stated" label that leaves a current claim unmarked (brought in from another file) is asked again, by the queue and the step', async () => {
    const opened = await smallLabelingSet(tempDir());
    const { db } = opened;
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    finish(db, ada, 'c2');
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 1 });
    // marks of another file's claims: none of c2's claim "c1"
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c9: { stated: true } } });
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 0 });
    expect((await call('queue.navigate', { reviewerId: ada, queue: unlabeled, fromCaseId: 'c1', direction: 'next' })).caseId).toBe('c2');
    const item = await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: unlabeled, step: 0 });
    const open = item.steps.filter((step) => step.covers === false);
    expect(open.map((step) => [step.dimension, step.responseId])).toEqual([['claimsStated', 'r2a']]);
    // a file whose table was built before labels had to mark every current claim (it counted the case done):
    // built again on opening, and still open
    db.prepare("INSERT OR IGNORE INTO label_progress (reviewer_id, case_seq) SELECT ?, seq FROM cases WHERE id = 'c2'").run(ada);
    db.prepare("UPDATE settings SET value = '1' WHERE key = 'label_progress'").run();
    db.close();
    const reopened = await openTestSetFile(opened.file, { create: false });
    const again = api(reopened.db);
    expect(await again('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 0 });
    // given as the step gives it, every listed claim marked: finished again, and the step holds its label
    recordLabel(reopened.db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: false } } });
    expect(await again('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ done: 1 });
    expect((await again('labeling.item', { reviewerId: ada, caseId: 'c2', queue: unlabeled, step: 0 })).steps.some((step) => step.covers === false)).toBe(false);
    reopened.db.close();
  });

  it('a labels file of another test set whose "stated" value misses a claim here: imported with its warning, and the case is not finished', async () => {
    const opened = await smallLabelingSet(tempDir());
    const { db } = opened;
    const rows = labelSteps(DEFAULT_DIMENSIONS, getCaseDetail(db, 'c2').responses).map((step, i) => ({
      caseId: 'c2', responseId: step.responseId, dimension: step.dimension, reviewer: 'Ann', at: `2026-11-01T00:00:0${i}Z`,
      value: step.dimension === 'claimsStated' ? { c9: { stated: true } } : SAMPLE_VALUES[step.dimension],
    }));
    const file = (lines: unknown[]) => new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join('\n'));
    const imported = await importLabelFileInto({ db, path: opened.file }, 'ann.jsonl', file(rows));
    const line = rows.findIndex((r) => r.dimension === 'claimsStated') + 1;
    expect(imported.statedMismatches).toEqual([{ line, caseId: 'c2', unmarked: ['c1'], unknown: ['c9'] }]);
    const ann = listReviewers(db).find((r) => r.name === 'Ann')!.id;
    const call = api(db);
    expect(await call('queue.open', { reviewerId: ann, queue: unlabeled })).toMatchObject({ done: 0 });
    const item = await call('labeling.item', { reviewerId: ann, caseId: 'c2', queue: unlabeled, step: 0 });
    expect(item.steps.filter((step) => step.covers === false).map((step) => step.dimension)).toEqual(['claimsStated']);
    // the next file marks the claim: finished
    await importLabelFileInto({ db, path: opened.file }, 'ann-2.jsonl', file([{ ...rows[line - 1], value: { c1: { stated: true } }, at: '2026-11-02T00:00:00Z' }]));
    expect(await call('queue.open', { reviewerId: ann, queue: unlabeled })).toMatchObject({ done: 1 });
    db.close();
  });

  it('in a labeling round asking "claims this answer states", a label that leaves a claim unmarked does not count the case done', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const roundId = insertRound(db, {
      week: '2026-W49', seed: 1, size: 1, createdAt: '2026-12-01T00:00:00Z', notes: [],
      dimensions: [{ dimension: 'claimsStated', runId: null }], picks: [{ item: { key: 'c2/r2a', caseId: 'c2', responseId: 'r2a' }, reason: { kind: 'random' } }],
    });
    const round = { source: 'round', roundId } as const;
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c9: { stated: true } } });
    expect(await call('queue.open', { reviewerId: ada, queue: round })).toMatchObject({ total: 1, done: 0 });
    expect((await call('labeling.item', { reviewerId: ada, caseId: 'c2', queue: round, step: 0 })).steps.find((s) => s.dimension === 'claimsStated')!.covers).toBe(false);
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: 'r2a', dimension: 'claimsStated', value: { c1: { stated: true } } });
    expect(await call('queue.open', { reviewerId: ada, queue: round })).toMatchObject({ total: 1, done: 1 });
    db.close();
  });

  it('an answer whose citation span is empty, taken by an import before such spans were refused, still opens for labeling', async () => {
    const { db } = await smallLabelingSet(tempDir());
    db.prepare(`UPDATE responses SET citations = '[{"start":1,"end":1}]' WHERE id = 'r2a'`).run();
    const ada = createReviewer(db, 'Ada').id;
    const item = await api(db)('labeling.item', { reviewerId: ada, caseId: 'c2', queue: unlabeled, step: 0 });
    expect(item.detail.responses[0].citations).toEqual([{ start: 1, end: 1 }]);
    db.close();
  });

  it('the cached queue figures always equal a fresh count, through labels, undos, imports and other connections', async () => {
    const opened = await smallLabelingSet(tempDir());
    const { db } = opened;
    const call = api(db);
    const reviewers = [createReviewer(db, 'Ada').id, createReviewer(db, 'Bo').id];
    const queues = [unlabeled, tables, { source: 'filter', filters: { search: '', slice: 'time-sensitive' } } as const];
    const fresh = async () => {
      const other = await openTestSetFile(opened.file, { create: false });
      const otherCall = api(other.db);
      const out = [];
      for (const reviewerId of reviewers) for (const queue of queues) out.push(await otherCall('labeling.item', { reviewerId, caseId: 'c3', queue }));
      other.db.close();
      return out.map((item) => item.position);
    };
    const cached = async () => {
      const out = [];
      for (const reviewerId of reviewers) for (const queue of queues) out.push((await call('labeling.item', { reviewerId, caseId: 'c3', queue })).position);
      return out;
    };
    let random = 7;
    const next = (n: number) => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random % n;
    };
    const dims = ['answerability', 'questionType', 'claims'];
    const values: Record<string, unknown[]> = { answerability: ['answerable', null], questionType: ['fact', 'how-to'], claims: [[], null] };
    await cached();
    const dones = new Set<number>();
    for (let round = 0; round < 60; round += 1) {
      const reviewerId = reviewers[next(2)];
      if (next(5) === 0) {
        await call('labels.undo', { reviewerId });
      } else {
        const caseId = `c${3 + next(3)}`;
        const dimension = dims[next(3)];
        await call('labels.record', { reviewerId, caseId, responseId: null, dimension, value: values[dimension][next(2)] as never });
      }
      if (round === 30) {
        // a new case imported by another connection (the import worker)
        const other = await openTestSetFile(opened.file, { create: false });
        importRows(other, 'cases', [{ id: 'c6', query: '问题 6', slices: ['table'] }]);
        other.db.close();
      }
      if (round % 10 === 0) {
        const figures = await cached();
        expect(figures).toEqual(await fresh());
        figures.forEach((f) => dones.add(f?.done ?? -1));
      }
    }
    expect(dones.size).toBeGreaterThan(2); // cases really did become finished and unfinished along the way
    expect(await cached()).toEqual(await fresh());
    expect((await cached())[1]?.total).toBe(4);
    db.close();
  });

  it('a label given in a queue carries its resume point: a restart right after "saved" resumes past it', async () => {
    const opened = await smallLabelingSet(tempDir());
    let call = api(opened.db);
    const ada = (await call('reviewers.create', { name: 'Ada' })).id;
    await call('labels.record', { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable', resume: { queue: unlabeled, step: 1 } });
    // the window moved on to c2 and labeled its first step; no read of c2 reached the server before it stopped
    await call('labels.record', { reviewerId: ada, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'unanswerable', resume: { queue: unlabeled, step: 1 } });
    // a label given outside a queue leaves the resume point where it was
    await call('labels.record', { reviewerId: ada, caseId: 'c4', responseId: null, dimension: 'answerability', value: 'answerable' });
    opened.db.close();
    const again = await openTestSetFile(opened.file, { create: false });
    call = api(again.db);
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ resumeCaseId: 'c2', resumeStep: 1 });
    again.db.close();
  });

  it('labeling.item gives steps, position and the resume point; everything is there after closing and reopening the file', async () => {
    const opened = await smallLabelingSet(tempDir());
    let call = api(opened.db);
    const ada = (await call('reviewers.create', { name: 'Ada' })).id;
    await call('labels.record', { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
    await call('labels.record', { reviewerId: ada, caseId: 'c1', responseId: 'r1a', dimension: 'responseBehavior', value: 'refused' });
    const item = await call('labeling.item', { reviewerId: ada, caseId: 'c1', queue: unlabeled, step: 4 });
    expect(item.steps.map((s) => `${s.dimension}:${s.responseId ?? ''}`)).toEqual([
      'answerability:', 'questionType:', 'claims:',
      ...['r1a', 'r1b'].flatMap((r) => ['responseBehavior', 'claimsStated', 'refusalCorrect', 'correctness', 'faithfulness', 'failureLayer', 'failureTags'].map((d) => `${d}:${r}`)),
    ]);
    expect(item.steps[0].current?.value).toBe('answerable');
    expect(item.steps[1]).toMatchObject({ current: null, suggestion: 'policy-and-amounts', suggestionReason: 'imported-case-value' });
    expect(item.steps[5]).toMatchObject({ dimension: 'refusalCorrect', responseId: 'r1a', suggestion: 'incorrect', suggestionReason: 'over-refusal' });
    expect(item.steps[12]).toMatchObject({ dimension: 'refusalCorrect', responseId: 'r1b', suggestion: null, suggestionReason: 'behavior-unknown' });
    expect(item.position).toEqual({ index: 0, total: 5, done: 0 });
    expect(item.evidence).toEqual([{ claimIndex: 0, evidenceIndex: 0, docId: 'refund-policy', latestRevision: 'v1', status: 'found' }]);
    expect((await call('labeling.item', { reviewerId: ada, caseId: 'c4', queue: tables, step: 1 })).position).toEqual({ index: 1, total: 3, done: 0 });
    expect((await call('labeling.item', { reviewerId: ada, caseId: 'c2' })).position).toBeNull();

    // a newer revision of the document without the quote flags the evidence
    importRows(opened, 'documents', [{ docId: 'refund-policy', title: '退款政策', revision: 'v2', effectiveFrom: '2027-01-01', text: '年度会员购买后 14 天内可申请退款。' }]);
    expect((await call('labeling.item', { reviewerId: ada, caseId: 'c1' })).evidence[0]).toMatchObject({ latestRevision: 'v2', status: 'missing-in-latest' });

    opened.db.close();
    const again = await openTestSetFile(opened.file, { create: false });
    call = api(again.db);
    expect(await call('reviewers.list', {})).toEqual([{ id: ada, name: 'Ada' }]);
    expect(await call('queue.open', { reviewerId: ada, queue: unlabeled })).toEqual({ total: 5, done: 0, resumeCaseId: 'c1', resumeStep: 4 });
    expect(await call('queue.open', { reviewerId: ada, queue: { source: 'filter', filters: { slice: 'table' } } })).toMatchObject({ resumeCaseId: 'c4', resumeStep: 1 });
    const back = await call('labeling.item', { reviewerId: ada, caseId: 'c1' });
    expect(back.steps.filter((s) => s.current).map((s) => [s.dimension, s.responseId, s.current?.value])).toEqual([
      ['answerability', null, 'answerable'],
      ['responseBehavior', 'r1a', 'refused'],
    ]);
    expect((await call('labels.history', { caseId: 'c1' })).length).toBe(2);
    again.db.close();
  });
});
