import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { tableCounts } from '../../db/maintenance';
import { createBackend, type Backend } from '../../server/backend';
import { runImport } from '../../server/imports/import-pipeline';
import { importRows, smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value as T;
}

/** Wilson score interval written out independently of shared/stats. */
function wilson95(x: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = x / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

type Item = { verdicts: { dimension: string; responseId: string | null; value: unknown; judge: string }[]; steps: { dimension: string; responseId: string | null }[] };

describe('blind labeling on the demo test set', () => {
  const tempDir = useTempDir();

  it('no verdict reaches the reviewer before their own label for that step is saved', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    const ada = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Ada' });
    const caseId = 'refund-annual-day20';
    const responseId = 'r-3.2-refund-annual-day20';
    const item = () => call<Item>(backend, 'labeling.item', { reviewerId: ada.id, caseId, queue: { source: 'unlabeled' } });

    const before = await item();
    expect(before.steps.length).toBeGreaterThan(3);
    expect(before.verdicts).toEqual([]);
    // a label on another response or another dimension reveals nothing of this one
    await call(backend, 'labels.record', { reviewerId: ada.id, caseId, responseId: 'r-3.1-refund-annual-day20', dimension: 'correctness', value: 0 });
    await call(backend, 'labels.record', { reviewerId: ada.id, caseId, responseId, dimension: 'refusalCorrect', value: 'correct' });
    const ofThisResponse = (verdicts: Item['verdicts']) => verdicts.filter((v) => v.responseId === responseId);
    expect(ofThisResponse((await item()).verdicts)).toEqual([]);

    await call(backend, 'labels.record', { reviewerId: ada.id, caseId, responseId, dimension: 'correctness', value: 1 });
    const after = await item();
    // the demo's two runs both scored it
    expect(ofThisResponse(after.verdicts)).toEqual(expect.arrayContaining([
      { dimension: 'correctness', responseId, value: 2, rationale: expect.any(String), judge: 'judge-model-x 2026-10-15 · rag-judge-v4', runId: 1 },
    ]));
    expect(ofThisResponse(after.verdicts).every((v) => v.dimension === 'correctness')).toBe(true);
    // another reviewer is still blind
    const bo = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Bo' });
    expect((await call<Item>(backend, 'labeling.item', { reviewerId: bo.id, caseId })).verdicts).toEqual([]);
    // undoing the label back to nothing hides the verdict again
    await call(backend, 'labels.undo', { reviewerId: ada.id });
    expect(ofThisResponse((await item()).verdicts)).toEqual([]);
    await backend.close();
  });
});

describe('judge verdicts must fit the test set’s dimensions', () => {
  const tempDir = useTempDir();
  const verdict = (dimension: string, value: string | number, responseId = 'r1a') => ({
    caseId: 'c1', responseId, judge: { model: 'j', version: '1', promptVersion: 'p1' }, dimension, value,
  });

  it('refuses a value outside the dimension with file, line and field, and writes nothing; unknown dimensions pass', async () => {
    const opened = await smallLabelingSet(tempDir());
    const before = tableCounts(opened.db);
    let error: unknown;
    try {
      importRows(opened, 'judge', [verdict('correctness', 2), verdict('tone', 'warm'), verdict('correctness', 3, 'r1b')], 'judge-run.jsonl');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).location).toEqual({ file: 'judge-run.jsonl', line: 3, field: 'value' });
    expect((error as ApiError).message).toContain('value 3 does not fit dimension "correctness" (expected one of 0, 1, 2)');
    expect(tableCounts(opened.db)).toEqual(before);
    expect(() => importRows(opened, 'judge', [verdict('faithfulness', 1.2)])).toThrow(/does not fit dimension "faithfulness" \(expected a number from 0 to 1\)/);
    importRows(opened, 'judge', [verdict('correctness', 2), verdict('tone', 'warm'), verdict('faithfulness', 0.5), verdict('responseBehavior', 'refused')]);
    expect(tableCounts(opened.db).verdicts).toBe(4);
    opened.db.close();
  });
});

describe('refusal cross-table from human labels', () => {
  const tempDir = useTempDir();

  it('counts, rates, Wilson intervals and thresholds per question type, for one reviewer or the latest of anyone', async () => {
    const dir = tempDir();
    const path = join(dir, 'report.sqlite');
    const opened = await openTestSetFile(path, { create: true });
    const { db } = opened;
    // policy: p1..p8 answerable, u1..u4 unanswerable (u4 imported as answerable, relabeled by a person); how-to: h1..h3
    const cases = [
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ id: `p${i}`, questionType: 'policy-and-amounts', answerability: 'answerable' })),
      ...[1, 2, 3].map((i) => ({ id: `u${i}`, questionType: 'policy-and-amounts', answerability: 'unanswerable' })),
      { id: 'u4', questionType: 'policy-and-amounts', answerability: 'answerable' },
      ...[1, 2, 3].map((i) => ({ id: `h${i}`, questionType: 'how-to', answerability: 'answerable' })),
      { id: 'f1', questionType: 'policy-and-amounts', answerability: 'false-premise' },
    ].map((c) => ({ ...c, query: `q ${c.id}` }));
    runImport(db, { kind: 'cases', format: 'jsonl', fileName: 'cases.jsonl', bytes: Buffer.from(cases.map((c) => JSON.stringify(c)).join('\n')) });
    const responses = cases.flatMap((c) => [
      { id: `s-${c.id}`, caseId: c.id, system: 's@1', answer: 'a' },
      { id: `t-${c.id}`, caseId: c.id, system: 't@1', answer: 'a' },
    ]);
    runImport(db, { kind: 'responses', format: 'jsonl', fileName: 'responses.jsonl', bytes: Buffer.from(responses.map((r) => JSON.stringify(r)).join('\n')) });
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const label = (reviewerId: number, caseId: string, behavior: string, correctness?: number) => {
      recordLabel(db, { reviewerId, caseId, responseId: `s-${caseId}`, dimension: 'responseBehavior', value: behavior });
      if (correctness !== undefined) recordLabel(db, { reviewerId, caseId, responseId: `s-${caseId}`, dimension: 'correctness', value: correctness });
    };
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) label(ada, id, 'answered', 2);
    label(ada, 'p6', 'answered', 0);
    label(ada, 'p7', 'refused');
    label(ada, 'p8', 'refused');
    for (const id of ['u1', 'u2', 'u3']) label(ada, id, 'refused');
    recordLabel(db, { reviewerId: ada, caseId: 'u4', responseId: null, dimension: 'answerability', value: 'unanswerable' });
    label(ada, 'u4', 'answered');
    label(ada, 'h1', 'answered', 2);
    label(ada, 'h2', 'answered', 2);
    label(ada, 'h3', 'answered'); // correctness not labeled: left out of the correct-answer n
    label(ada, 'f1', 'corrected-premise');
    // Bo, later, thinks p1 was a refusal; the other system's labels never count
    label(bo, 'p1', 'refused');
    recordLabel(db, { reviewerId: ada, caseId: 'p1', responseId: 't-p1', dimension: 'responseBehavior', value: 'refused' });
    db.close();

    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test', initialTestSet: path });
    expect(await call(backend, 'reports.systems', {})).toEqual([{ system: 's@1', responses: 16 }, { system: 't@1', responses: 16 }]);

    type Report = { labeledResponses: number; groups: { questionType: string; stakes: string | null; threshold: Record<string, number>; cells: { answerability: string; behavior: string; count: number; caseIds: string[] }[]; correctAnswer: { successes: number; n: number; rate: number | null; ci95: [number | null, number | null] }; overRefusal: { successes: number; n: number; rate: number | null; ci95: [number | null, number | null] }; correctRefusal: { successes: number; n: number; rate: number | null; ci95: [number | null, number | null] }; pass: Record<string, { state: string; decidingN: number | null } | null> }[] };
    const mine = await call<Report>(backend, 'reports.refusalCrossTable', { system: 's@1', reviewerId: ada });
    expect(mine.labeledResponses).toBe(16);
    expect(mine.groups.map((g) => g.questionType)).toEqual(['policy-and-amounts', 'how-to']);
    const [policy, howTo] = mine.groups;
    const expectRate = (rate: Report['groups'][number]['correctAnswer'], x: number, n: number) => {
      expect(rate).toMatchObject({ successes: x, n });
      expect(rate.rate).toBeCloseTo(x / n, 12);
      const [lo, hi] = wilson95(x, n);
      expect(rate.ci95[0]).toBeCloseTo(Math.max(0, lo), 10);
      expect(rate.ci95[1]).toBeCloseTo(Math.min(1, hi), 10);
    };
    expectRate(policy.correctAnswer, 5, 8);
    expectRate(policy.overRefusal, 2, 8);
    expectRate(policy.correctRefusal, 3, 4);
    // three states on the Wilson interval: 5/8 ≤ 86% < 90% fails; 2/8 against ≤ 10% and 3/4 against ≥ 95% straddle,
    // deciding at ⌊1.96²·0.09/0.15²⌋ + 1 = 16 and ⌊1.96²·0.0475/0.2²⌋ + 1 = 5
    expect(policy.pass).toEqual({
      correctAnswer: { state: 'fails', decidingN: null },
      overRefusal: { state: 'inconclusive', decidingN: 16 },
      correctRefusal: { state: 'inconclusive', decidingN: 5 },
    });
    const cell = (g: Report['groups'][number], a: string, b: string) => g.cells.find((c) => c.answerability === a && c.behavior === b);
    expect(cell(policy, 'unanswerable', 'answered')).toMatchObject({ count: 1, caseIds: ['u4'] });
    expect(cell(policy, 'answerable', 'refused')).toMatchObject({ count: 2, caseIds: ['p7', 'p8'] });
    expect(cell(policy, 'false-premise', 'corrected-premise')).toMatchObject({ count: 1, caseIds: ['f1'] });
    expectRate(howTo.correctAnswer, 2, 2);
    expect(howTo.overRefusal).toMatchObject({ successes: 0, n: 3, rate: 0 });
    expect(howTo.correctRefusal).toEqual({ successes: 0, n: 0, rate: null, ci95: [null, null] });
    // 2/2 against ≥ 70% and 0/3 against ≤ 5%: far too few to tell (9 and 73 would decide them)
    expect(howTo.pass).toEqual({
      correctAnswer: { state: 'inconclusive', decidingN: 9 },
      overRefusal: { state: 'inconclusive', decidingN: 73 },
      correctRefusal: null,
    });

    // the latest label of anyone: Bo's later "refused" on p1 wins
    const anyone = await call<Report>(backend, 'reports.refusalCrossTable', { system: 's@1' });
    expectRate(anyone.groups[0].correctAnswer, 4, 8);
    expectRate(anyone.groups[0].overRefusal, 3, 8);
    expect((await call<Report>(backend, 'reports.refusalCrossTable', { system: 's@1', reviewerId: bo })).labeledResponses).toBe(1);

    // release thresholds: defaults by stakes, saved per question type, kept in the file, applied by the report
    const defaults = await call<Record<string, Record<string, number>>>(backend, 'settings.releaseThresholds', {});
    expect(defaults['policy-and-amounts']).toEqual({ minCorrectAnswerRate: 0.9, maxOverRefusalRate: 0.1, minCorrectRefusalRate: 0.95 });
    expect(defaults['how-to']).toEqual({ minCorrectAnswerRate: 0.7, maxOverRefusalRate: 0.05, minCorrectRefusalRate: 0.8 });
    const lenient = { minCorrectAnswerRate: 0.6, maxOverRefusalRate: 0.25, minCorrectRefusalRate: 0.75 };
    const saved = await call<Record<string, unknown>>(backend, 'settings.saveReleaseThresholds', { thresholds: { ...defaults, 'policy-and-amounts': lenient } });
    expect(saved['policy-and-amounts']).toEqual(lenient);
    await backend.close();

    const reopened = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test', initialTestSet: path });
    expect((await call<Record<string, unknown>>(reopened, 'settings.releaseThresholds', {}))['policy-and-amounts']).toEqual(lenient);
    const again = await call<Report>(reopened, 'reports.refusalCrossTable', { system: 's@1', reviewerId: ada });
    expect(again.groups[0].threshold).toEqual(lenient);
    // 5/8 against ≥ 60% needs ⌊1.96²·0.24/0.025²⌋ + 1 = 1476 to decide; 2/8 and 3/4 sit exactly on 25% and 75%
    expect(again.groups[0].pass).toEqual({
      correctAnswer: { state: 'inconclusive', decidingN: 1476 },
      overRefusal: { state: 'inconclusive', decidingN: null },
      correctRefusal: { state: 'inconclusive', decidingN: null },
    });
    const refused = await reopened.dispatch('settings.saveReleaseThresholds', { thresholds: { fact: { ...lenient, maxOverRefusalRate: 1.5 } } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    reopened.close();
  });
});
