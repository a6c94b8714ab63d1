import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../shared/api/contract';
import { backupTestSet } from '../../db/backups';
import { getCaseDetail, listCases } from '../../db/case-queries';
import type { LabelValue } from '../../shared/domain/dimensions';
import { attachStage, beginPublish, checkForeignKeys, discardStage, indexStagedSearch, openStage, publishBatch, publishBatches } from '../../db/import-stage';
import { createReviewer, recordLabel } from '../../db/labels';
import { connect, openTestSetFile, type Db } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { prepareImport, runImport, writeImport, type ImportRequest } from '../../server/imports/import-pipeline';
import { storageFaultBody, storageFaultReason } from '../../server/storage-errors';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

async function call<T>(backend: Backend, name: string, input: unknown = {}): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

async function importThroughApp(file: string, dataDir: string, request: { kind: string; fileName: string; text: string }): Promise<ImportJob> {
  const backend = await createBackend({ dataDir, mode: 'browser', version: 'test', initialTestSet: file });
  try {
    const source = { fileName: request.fileName, contentBase64: Buffer.from(request.text).toString('base64') };
    const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: request.kind, format: 'jsonl', source });
    for (;;) {
      const job = await call<ImportJob>(backend, 'imports.status', { jobId });
      if (job.state !== 'running') return job;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await backend.close();
  }
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const NEW_CASES = jsonl(Array.from({ length: 30 }, (_, i) => ({
  id: `new-${i}`, query: `新问题 ${i}：年费会员怎么退款`, referenceAnswer: '30 天内可退款',
  claims: [{ text: `要点 ${i}`, evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }], slices: ['table'],
})));
const casesRequest = (): ImportRequest => ({ kind: 'cases', format: 'jsonl', fileName: 'new.jsonl', bytes: Buffer.from(NEW_CASES) });
const searchIds = (db: Db, search: string) => listCases(db, { search }, 0, 100).map((r) => r.id).sort();

/** Every row an import writes or recomputes, in a stable order. */
function dump(db: Db): Record<string, unknown[]> {
  const tables = ['documents', 'cases', 'case_slices', 'claims', 'evidence', 'responses', 'retrieval_units', 'retrieval_lists', 'retrieval_holds', 'label_progress', 'verdicts', 'case_marks', 'case_labelers', 'case_marks_dirty'];
  const rows: Record<string, unknown[]> = Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM ${t}`).all().map((row) => JSON.stringify(row)).sort()]));
  rows.judge_runs = db.prepare('SELECT id, model, model_version, prompt_version, source_file, source_sha256 FROM judge_runs ORDER BY id').all();
  rows.search = db.prepare('SELECT rowid, query, reference_answer, claims_text FROM cases_fts ORDER BY rowid').all();
  rows.imported = db.prepare('SELECT sha256, file_name, kind, format FROM imported_files ORDER BY 1').all();
  return rows;
}

/** What the worker does up to the publishing step (the five cases of the set have seqs 1–5), then the process dies. */
async function stageAndIndexSearch(opened: { db: Db; file: string }): Promise<void> {
  const backup = await backupTestSet(opened.db, opened.file, 'import-cases');
  const stage = openStage(backup.path);
  writeImport(stage.db, prepareImport(stage.db, casesRequest()), undefined, { deferSearchIndex: true });
  stage.db.close();
  attachStage(opened.db, stage);
  opened.db.transaction(() => indexStagedSearch(opened.db, 6, 35)).immediate();
  opened.db.exec('DETACH DATABASE stage');
  discardStage(stage);
}

/** The new cases staged as the app stages them, publishing begun (search rows in, foreign keys off): its batches are the caller's to write. */
async function stageAndBeginPublishing(opened: { db: Db; file: string }) {
  const backup = await backupTestSet(opened.db, opened.file, 'import-cases');
  const stage = openStage(backup.path);
  writeImport(stage.db, prepareImport(stage.db, casesRequest()), undefined, { deferSearchIndex: true });
  stage.db.close();
  attachStage(opened.db, stage);
  const write = (step: () => void) => opened.db.transaction(step).immediate();
  write(() => beginPublish(opened.db, stage.snapshot));
  write(() => indexStagedSearch(opened.db, 6, 35));
  checkForeignKeys(opened.db, false);
  return { stage, write, batches: publishBatches(opened.db, stage.snapshot) };
}

describe('staged imports', () => {
  const tempDir = useTempDir();

  it('write exactly what the direct import writes: new cases, responses to labeled cases (progress, retrieval index, marks), verdicts', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    // c3 finished by Ada before it gets a response: the import makes it unfinished again
    for (const [dimension, value] of [['answerability', 'answerable']] as const) recordLabel(opened.db, { reviewerId: ada.id, caseId: 'c3', responseId: null, dimension, value });
    runImport(opened.db, { kind: 'documents', format: 'jsonl', fileName: 'salary.jsonl', bytes: Buffer.from(jsonl([{ docId: 'salary', title: '薪酬表', revision: 'v1', accessScope: ['hr'], text: '员工薪酬明细。' }])) });
    opened.db.close();
    const direct = join(dir, 'direct.sqlite');
    copyFileSync(opened.file, direct);

    const files = [
      { kind: 'cases', fileName: 'new.jsonl', text: NEW_CASES },
      {
        kind: 'responses', fileName: 'responses.jsonl', text: jsonl([
          { id: 'r3', caseId: 'c3', system: 'a@1', answer: '30 天内可以退', finalContext: [{ text: '年度会员购买后 30 天内可申请退款。', rank: 1, docId: 'refund-policy' }] },
          { id: 'rn1', caseId: 'new-1', system: 'a@1', answer: '可以', finalContext: [{ text: '无关', rank: 1 }, { text: '30 天内可申请退款', rank: 2 }] },
          // new-2's user (no scope given: public) may not see the salary table: a permission leak, marked by the import
          { id: 'rn2', caseId: 'new-2', system: 'a@1', answer: '两万', finalContext: [{ docId: 'salary', chunkId: 'salary#1', text: '员工薪酬明细', rank: 1 }] },
        ]),
      },
      {
        kind: 'judge', fileName: 'judge.jsonl', text: jsonl([
          { caseId: 'c3', responseId: 'r3', judge: { model: 'm', version: '1', promptVersion: 'p' }, dimension: 'correctness', value: 2 },
        ]),
      },
    ];
    for (const file of files) expect(await importThroughApp(opened.file, join(dir, 'data'), file)).toMatchObject({ state: 'done' });
    const directDb = connect(direct);
    for (const file of files) runImport(directDb, { kind: file.kind as ImportRequest['kind'], format: 'jsonl', fileName: file.fileName, bytes: Buffer.from(file.text) });
    const stagedDb = connect(opened.file);
    try {
      const staged = dump(stagedDb);
      expect(staged.cases).toHaveLength(35);
      expect(staged.retrieval_holds.length).toBeGreaterThan(0);
      // the marks of the cases the import answered are derived by the import, not left to the next label saved
      expect(staged.case_marks.length).toBeGreaterThan(0);
      expect(staged.case_marks_dirty).toEqual([]);
      expect(staged).toEqual(dump(directDb));
      expect(searchIds(stagedDb, '年费会员')).toHaveLength(30);
    } finally {
      stagedDb.close();
      directDb.close();
    }
  }, 240_000);

  it('killed after writing search rows but before publishing: nothing is visible, and the same file imports cleanly afterwards', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const before = dump(opened.db);
    await stageAndIndexSearch(opened);
    opened.db.close();

    let db = connect(opened.file);
    const after = dump(db);
    expect({ ...after, search: undefined }).toEqual({ ...before, search: undefined });
    expect(db.prepare('SELECT count(*) FROM cases').pluck().get()).toBe(5);
    expect(searchIds(db, '年费会员')).toEqual([]);
    db.close();

    // through the app (staged again) and through the command line (direct): each lands whole, found once by search
    expect(await importThroughApp(opened.file, join(dir, 'data'), { kind: 'cases', fileName: 'new.jsonl', text: NEW_CASES })).toMatchObject({ state: 'done', added: { cases: 30 } });
    db = connect(opened.file);
    expect(searchIds(db, '年费会员')).toHaveLength(30);
    db.close();
  });

  it('the direct import after a killed staged one is not blocked by the search rows it left', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    await stageAndIndexSearch(opened);
    expect(runImport(opened.db, casesRequest()).added.cases).toBe(30);
    expect(searchIds(opened.db, '年费会员')).toHaveLength(30);
    opened.db.close();
  });

  it('killed half-way through publishing: each case shown is whole, and the next opening takes the import back whole', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const before = dump(opened.db);
    const { stage, write, batches } = await stageAndBeginPublishing(opened);
    expect(batches.map((b) => b.table)).toEqual(['claims', 'evidence', 'cases']);
    for (const batch of batches.slice(0, 2)) write(() => publishBatch(opened.db, stage.snapshot, batch));
    // a reader sees nothing of the import before its cases go in
    expect(listCases(opened.db, {}, 0, 100)).toHaveLength(5);
    expect(searchIds(opened.db, '年费会员')).toEqual([]);
    // half of the cases (6..20, new-0..new-14), then the process dies: each shown with its claim, evidence and slice
    write(() => publishBatch(opened.db, stage.snapshot, { table: 'cases', from: 6, to: 20 }));
    expect(searchIds(opened.db, '年费会员')).toHaveLength(15);
    const shown = getCaseDetail(opened.db, 'new-14');
    expect(shown.case.claims.map((c) => c.evidence.map((e) => e.quote))).toEqual([['30 天内可申请退款']]);
    expect(shown.case.slices).toEqual(['table']);
    opened.db.exec('DETACH DATABASE stage');
    opened.db.close();
    discardStage(stage);

    const reopened = await openTestSetFile(opened.file, { create: false });
    expect(dump(reopened.db)).toEqual(before);
    expect(searchIds(reopened.db, '年费会员')).toEqual([]);
    expect(reopened.db.prepare('SELECT count(*) FROM import_publishing').pluck().get()).toBe(0);
    reopened.db.close();

    expect(await importThroughApp(opened.file, join(dir, 'data'), { kind: 'cases', fileName: 'new.jsonl', text: NEW_CASES })).toMatchObject({ state: 'done', added: { cases: 30 } });
    const db = connect(opened.file);
    expect(searchIds(db, '年费会员')).toHaveLength(30);
    expect(db.prepare('SELECT count(*) FROM evidence').pluck().get()).toBe(35);
    db.close();
  });

  it('while an import publishes, a label on one of its cases is refused as "importing" (the window keeps it) and the import can still be taken back', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    const { stage, write, batches } = await stageAndBeginPublishing(opened);
    for (const batch of batches.slice(0, 2)) write(() => publishBatch(opened.db, stage.snapshot, batch));
    write(() => publishBatch(opened.db, stage.snapshot, { table: 'cases', from: 6, to: 20 }));
    checkForeignKeys(opened.db, true);
    expect(getCaseDetail(opened.db, 'new-3').case.id).toBe('new-3');

    // the app's connection: a case of the import is shown, but a label on it would stop the import being taken back
    const app = connect(opened.file);
    const refused = (() => {
      try {
        recordLabel(app, { reviewerId: ada.id, caseId: 'new-3', responseId: null, dimension: 'answerability', value: 'answerable' });
        return null;
      } catch (error) {
        return error as { code?: unknown; message?: unknown };
      }
    })();
    expect(refused).not.toBeNull();
    expect(storageFaultReason(refused?.code, refused?.message)).toBe('importing');
    expect(storageFaultBody(refused, opened.file, 'labels.record')).toMatchObject({ code: 'storage-unavailable', reason: 'importing' });
    // a case from before the import takes labels as ever
    recordLabel(app, { reviewerId: ada.id, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'unanswerable' });
    app.close();
    opened.db.exec('DETACH DATABASE stage');
    opened.db.close();
    discardStage(stage);

    // the process dies; the next opening takes the import back, and the label saved meanwhile stays
    const reopened = await openTestSetFile(opened.file, { create: false });
    expect(listCases(reopened.db, {}, 0, 100).map((r) => r.id).sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(reopened.db.prepare("SELECT e.value FROM label_events e JOIN cases c ON c.seq = e.case_seq WHERE c.id = 'c1'").pluck().all()).toEqual(['"unanswerable"']);
    expect(reopened.db.prepare('SELECT count(*) FROM label_events').pluck().get()).toBe(1);
    reopened.db.close();
  });

  it('a write that fails half-way through publishing in the app takes back what was published at once: the file is as before', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const before = dump(opened.db);
    // the stage never publishes, so only the test set's copy of the cases refuses (after their claims and evidence went in)
    opened.db.exec(`CREATE TRIGGER cases_fail BEFORE INSERT ON cases WHEN EXISTS (SELECT 1 FROM import_publishing)
      BEGIN SELECT RAISE(ABORT, 'the disk refused a write'); END`);
    opened.db.close();

    const job = await importThroughApp(opened.file, join(dir, 'data'), { kind: 'cases', fileName: 'new.jsonl', text: NEW_CASES });
    expect(job).toMatchObject({ state: 'failed', error: { message: expect.stringContaining('the disk refused a write') } });
    const db = connect(opened.file);
    expect(dump(db)).toEqual(before);
    expect(db.prepare('SELECT count(*) FROM import_publishing').pluck().get()).toBe(0);
    db.close();
  });

  it('responses to labeled cases taken back at the last step: their retrieval index, marks and the reviewer\'s progress are as before', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    // c3 finished by Ada (no responses yet): the responses make it unfinished until they are taken back
    for (const [dimension, value] of [['answerability', 'answerable'], ['questionType', 'how-to'], ['claims', []]] as const) {
      recordLabel(opened.db, { reviewerId: ada.id, caseId: 'c3', responseId: null, dimension, value: value as LabelValue });
    }
    runImport(opened.db, { kind: 'documents', format: 'jsonl', fileName: 'salary.jsonl', bytes: Buffer.from(jsonl([{ docId: 'salary', title: '薪酬表', revision: 'v1', accessScope: ['hr'], text: '员工薪酬明细。' }])) });
    const before = dump(opened.db);
    expect(before.label_progress).toHaveLength(1);
    // the last step refuses while the responses are in the file; taking them back then empties import_publishing
    opened.db.exec(`CREATE TRIGGER finish_fails BEFORE DELETE ON import_publishing WHEN EXISTS (SELECT 1 FROM responses WHERE id = 'r3')
      BEGIN SELECT RAISE(ABORT, 'the disk refused a write'); END`);
    opened.db.close();

    const responses = jsonl([
      { id: 'r3', caseId: 'c3', system: 'a@1', answer: '两万', finalContext: [{ docId: 'salary', chunkId: 'salary#1', text: '员工薪酬明细', rank: 1 }, { text: '30 天内可申请退款', rank: 2 }] },
      { id: 'r4', caseId: 'c4', system: 'a@1', answer: '可以', finalContext: [{ docId: 'refund-policy', text: '年度会员购买后 30 天内可申请退款。', rank: 1 }] },
    ]);
    const job = await importThroughApp(opened.file, join(dir, 'data'), { kind: 'responses', fileName: 'responses.jsonl', text: responses });
    expect(job).toMatchObject({ state: 'failed', error: { message: expect.stringContaining('the disk refused a write') } });
    const db = connect(opened.file);
    expect(dump(db)).toEqual(before);
    db.close();
  });

  it('publishing is refused, and nothing of the import shows, when another writer added cases since the copy was taken', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const backup = await backupTestSet(opened.db, opened.file, 'import-cases');
    const stage = openStage(backup.path);
    const prepared = prepareImport(stage.db, casesRequest());
    writeImport(stage.db, prepared, undefined, { deferSearchIndex: true });
    stage.db.close();
    runImport(opened.db, { kind: 'cases', format: 'jsonl', fileName: 'other.jsonl', bytes: Buffer.from(jsonl([{ id: 'other', query: '别的问题' }])) });
    attachStage(opened.db, stage);
    expect(() => opened.db.transaction(() => beginPublish(opened.db, stage.snapshot)).immediate()).toThrow(/another program added to this test set/);
    expect(opened.db.prepare('SELECT id FROM cases ORDER BY seq').pluck().all()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'other']);
    opened.db.exec('DETACH DATABASE stage');
    discardStage(stage);
    opened.db.close();
  });
});
