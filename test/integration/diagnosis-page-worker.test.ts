import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { openSqlite } from '../../db/sqlite';
import { createDispatcher } from '../../server/dispatch';
import { createDiagnosisDataHandlers } from '../../server/diagnosis/data-handlers';
import { createDiagnosisHandlers } from '../../server/diagnosis/handlers';
import { reportPage, storedCases, storedHalf } from '../../server/diagnosis/page-figures';
import { listsStoredFor } from '../../db/diagnosis-pages';
import { lockPathOf } from '../../db/file-lock';
import { diagnosisInput, setCaseLeak } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { caseListAt, pageOf } from '../../shared/diagnosis/case-lists';
import { diagnose } from '../../shared/diagnosis/report';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { pageWorkerOf, resumeDiagnosisWorker, stopDiagnosisWorker } from '../../server/diagnosis/page-jobs';
import { TestSetSession } from '../../server/test-sets/test-set-session';
import type { Handlers, OpOutput } from '../../shared/api/contract';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

/**
 * How many connections of this process are open on the file (the app's and any worker's): each holds
 * the file's write-ahead log open (the file itself SQLite may keep open a while after a close, for the
 * process's locks).
 */
const connectionsTo = (path: string) => readdirSync('/proc/self/fd').filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) === `${resolve(path)}-wal`;
  } catch {
    return false;
  }
}).length;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 20_000) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const withoutVersion = <T extends { version: string }>({ version: _version, ...rest }: T) => rest;

/** Both halves of the page from a read of the file from scratch in this thread, as the page gets them. */
function fresh(db: Db, system: string) {
  const base = diagnosisInput(db, system, new Date().toISOString().slice(0, 10));
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as object;
  return { report: pageOf(plain(diagnose(base))), layers: pageOf(plain(layersReport(layersInput(db, system, base)))) };
}

/**
 * The app asks the Diagnosis page of a worker thread with a connection of its own
 * (server/diagnosis/page-jobs.ts), so reading 100,000 responses never holds up the thread that saves
 * labels. Its answers are the page's own; it sees what the app saves; it goes with the file.
 */
describe('the Diagnosis worker', () => {
  const tempDir = useTempDir();

  async function file() {
    const input = syntheticDiagnosis(200);
    const path = join(tempDir(), 'worker.sqlite');
    const { db } = await openTestSetFile(path, { create: true });
    writeDiagnosisFile(db, input);
    return { db, path, input };
  }

  const dispatcherOf = (db: Db) => {
    const dispatch = createDispatcher({ ...createDiagnosisHandlers(() => db), ...createDiagnosisDataHandlers(() => db) } as Handlers);
    return async <T>(name: string, ask: unknown): Promise<{ ok: true; value: T } | { ok: false; code: string; field: string | null | undefined }> => {
      const answer = await dispatch(name, ask);
      return answer.ok ? { ok: true, value: answer.value as T } : { ok: false, code: answer.error.code, field: answer.error.location?.field };
    };
  };

  it('answers the page as computed in this thread, sees the labels the app saves, and refuses as it does', async () => {
    const { db, path, input } = await file();
    const call = dispatcherOf(db);
    const appOnly = connectionsTo(path);
    const report = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    const layers = await call<OpOutput<'diagnosis.layers'>>('diagnosis.layers', { system: input.system });
    if (!report.ok || !layers.ok) throw new Error('no page');
    expect(connectionsTo(path)).toBeGreaterThan(appOnly);

    // the figures of a read of the file from scratch in this thread
    expect(withoutVersion(report.value)).toEqual(fresh(db, input.system).report);
    expect(withoutVersion(layers.value)).toEqual(fresh(db, input.system).layers);

    // "show more" names the page it continues
    const list = `layers.assignments@${report.value.layers.top}`;
    const more = await call<{ total: number; cases: { responseId: string }[] }>('diagnosis.cases', { system: input.system, version: report.value.version, part: 'report', list, offset: 0, limit: 500 });
    if (!more.ok) throw new Error('no list');
    expect(more.value.total).toBe(report.value.lists[list]);

    // a label saved on the app's connection: the next page has it, a "show more" of the old one is refused
    const target = input.responses.find((r) => r.responseId === more.value.cases[0].responseId)!;
    recordLabel(db, { reviewerId: createReviewer(db, 'Ada').id, caseId: target.caseId, responseId: target.responseId, dimension: 'correctness', value: 2 });
    expect(await call('diagnosis.cases', { system: input.system, version: report.value.version, part: 'report', list, offset: 0, limit: 10 })).toEqual({ ok: false, code: 'conflict', field: 'version' });
    const after = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    expect(after.ok && after.value.layers.failing).toBe(report.value.layers.failing - 1);

    // refusals come back as the page's own
    expect(await call('diagnosis.report', { system: 'nobody@0' })).toEqual({ ok: false, code: 'not-found', field: 'system' });
    expect(await call('diagnosis.cases', { system: input.system, version: after.ok ? after.value.version : '', part: 'report', list: 'quadrant.claimRecall', offset: 0, limit: 10 })).toEqual({ ok: false, code: 'not-found', field: 'list' });

    // stopped (the file is closing, or its content being replaced), its connection is gone and none other
    // is opened: the page the file stores is still answered here, one to compute is refused
    await stopDiagnosisWorker(db);
    expect(connectionsTo(path)).toBe(appOnly);
    const stored = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    expect(stored.ok && withoutVersion(stored.value)).toEqual(fresh(db, input.system).report);
    recordLabel(db, { reviewerId: createReviewer(db, 'Bo').id, caseId: target.caseId, responseId: target.responseId, dimension: 'correctness', value: 0 });
    expect(await call('diagnosis.report', { system: input.system })).toEqual({ ok: false, code: 'no-test-set', field: undefined });
    expect(connectionsTo(path)).toBe(appOnly);
    // a replacement that did not happen (a restore that failed): the file's page is computed again
    resumeDiagnosisWorker(db);
    const resumed = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    expect(resumed.ok && withoutVersion(resumed.value)).toEqual(fresh(db, input.system).report);
    await stopDiagnosisWorker(db);
    db.close();
  });

  it('reads a file diagnosed before ahead when it opens, and goes when the file is closed', async () => {
    const { db, path, input } = await file();
    reportPage(db, input.system);
    // what the read computes and keeps the first time, and the stored lists: a read ahead writes them again
    db.prepare('DELETE FROM response_facts').run();
    db.prepare('DELETE FROM diagnosis_page_lists').run();
    db.close();
    const facts = () => {
      const raw = openSqlite(path, { readonly: true, fileMustExist: true });
      const n = raw.prepare('SELECT count(*) FROM response_facts').pluck().get() as number;
      raw.close();
      return n;
    };
    expect(facts()).toBe(0);

    const session = new TestSetSession(join(tempDir(), 'data'));
    await session.open(path);
    await session.checked();
    await until(() => facts() === input.responses.length, 'read ahead');
    await until(() => connectionsTo(path) === 2, 'the app and its worker');
    // … and its lists: "show more" on the stored page is answered on the app's connection
    const app = session.require().db;
    await until(() => listsStoredFor(app, input.system) !== null, 'lists stored');
    const page = storedHalf(app, input.system, 'report')!;
    const expected = fresh(app, input.system);
    expect(withoutVersion(page)).toEqual(expected.report);
    const longest = Object.entries(page.lists).sort((a, b) => b[1] - a[1])[0][0];
    const rows = storedCases(app, { system: input.system, version: page.version, part: 'report', list: longest, offset: 0, limit: 100_000 });
    expect(rows?.cases).toEqual(caseListAt(JSON.parse(JSON.stringify(diagnose(diagnosisInput(app, input.system)))) as object, longest));
    // closing (the app quitting) lets the write lock go only once the worker's connection is closed too
    const closing = session.close();
    expect(existsSync(lockPathOf(path))).toBe(true);
    // asked again while under way (the app quitting meanwhile): settles with the first
    const again = session.close();
    await again;
    expect(connectionsTo(path)).toBe(0);
    expect(existsSync(lockPathOf(path))).toBe(false);
    await closing;
  });

  it('keeps a page it was asked current after a case edit', async () => {
    const { db, path, input } = await file();
    db.close();
    const session = new TestSetSession(join(tempDir(), 'data'));
    await session.open(path);
    await session.checked();
    const app = session.require().db;
    const ask = dispatcherOf(app);
    expect((await ask('diagnosis.report', { system: input.system })).ok).toBe(true);
    expect(storedHalf(app, input.system, 'report')).not.toBeNull();

    // a label: the page takes it in when asked (labels alone start no read: diagnosis-keep-current.test.ts)
    const r = input.responses[0];
    recordLabel(app, { reviewerId: createReviewer(app, 'Li Hua').id, caseId: r.caseId, responseId: r.responseId, dimension: 'correctness', value: 0 });
    expect((await ask('diagnosis.report', { system: input.system })).ok).toBe(true);

    // a case edited on the app's connection: the next page would read the file whole; the worker reads it
    // once writes pause and stores the page, so the visit after it is answered from the file
    const edited = input.responses.find((x) => x.condition === 'no-retrieval')!.caseId;
    expect(setCaseLeak(app, edited, true)).toBe(true);
    expect(storedHalf(app, input.system, 'report')).toBeNull();
    await until(() => storedHalf(app, input.system, 'report') !== null, 'the page read again after the edit');
    const expected = fresh(app, input.system);
    expect(withoutVersion(storedHalf(app, input.system, 'report')!)).toEqual(expected.report);
    expect(withoutVersion(storedHalf(app, input.system, 'layers')!)).toEqual(expected.layers);
    await session.close();
  }, 60_000);

  it('starts no worker, so writes nothing, until the file is known sound', async () => {
    const { db, path, input } = await file();
    const worker = pageWorkerOf(db);
    let sound!: () => void;
    // as the app holds it while the file's integrity check runs
    worker.holdUntil(new Promise<void>((resolve) => (sound = resolve)));
    const asked = worker.ask<{ system: string }>({ op: 'report', system: input.system });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(connectionsTo(path)).toBe(1);
    expect(db.prepare('SELECT count(*) FROM diagnosis_pages').pluck().get()).toBe(0);
    sound();
    expect((await asked).system).toBe(input.system);
    expect(connectionsTo(path)).toBe(2);
    expect(db.prepare('SELECT count(*) FROM diagnosis_pages').pluck().get()).toBe(1);
    await stopDiagnosisWorker(db);
    db.close();
  });

  it('opens a file whose stored pages cannot be read, and still answers the page', async () => {
    const { db, path, input } = await file();
    // as a file damaged or written by a build that kept its pages otherwise
    db.exec('DROP TABLE diagnosis_pages');
    db.close();
    const session = new TestSetSession(join(tempDir(), 'data'));
    await session.open(path);
    await session.checked();
    // the read ahead at opening finds no page to read ahead: nothing thrown where nothing would catch it
    await new Promise((r) => setTimeout(r, 200));
    const ask = dispatcherOf(session.require().db);
    // computed from the file (the stored copy is a convenience too)
    const page = await ask<{ system: string }>('diagnosis.report', { system: input.system });
    expect(page.ok && page.value.system).toBe(input.system);
    await session.close();
  });

  it('reads nothing ahead in a file never diagnosed', async () => {
    const { db, path } = await file();
    db.close();
    const session = new TestSetSession(join(tempDir(), 'data'));
    await session.open(path);
    await session.checked();
    // the app's own connection alone (the integrity check's goes as it ends), and no facts computed, long
    // after a read ahead would have started (the test above)
    await until(() => connectionsTo(path) === 1, 'the app alone');
    await new Promise((r) => setTimeout(r, 3000));
    expect(connectionsTo(path)).toBe(1);
    expect(session.require().db.prepare('SELECT count(*) FROM response_facts').pluck().get()).toBe(0);
    await session.close();
    expect(connectionsTo(path)).toBe(0);
  });
});
