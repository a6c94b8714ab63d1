import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../db/open';
import { onReadProgress } from '../../db/read-progress';
import { openSqlite } from '../../db/sqlite';
import { ApiError } from '../../shared/api/contract';
import { keepPageCurrent } from './keep-current';
import { casesPage, layersPage, reportPage, requireSystem, warmPage } from './page-figures';
import type { PageAsk, PageReply, PageWorkerData } from './page-jobs';

/**
 * The Diagnosis page's reading and computing, on a connection of its own in a worker thread
 * (server/diagnosis/page-jobs.ts): at 100,000 responses a read of the file costs seconds, which must
 * not hold up the thread that saves labels. What it reads it keeps between asks (db/diagnosis-inputs.ts).
 */

const { path, readonly } = (workerData as { data: PageWorkerData }).data;
// read-only (as the command line opens a file), it waits for writers as connect() makes the app's connections wait
const db = readonly ? openSqlite(path, { readonly: true, fileMustExist: true }) : connect(path);
if (readonly) db.pragma('busy_timeout = 5000');
const stopKeepingCurrent = keepPageCurrent(db);
// the page waiting on a read shows how far it has come (server/diagnosis/page-jobs.ts keeps the latest)
onReadProgress(db, (progress) => parentPort!.postMessage({ progress } satisfies PageReply));

function answer(ask: PageAsk): unknown {
  switch (ask.op) {
    case 'report':
      requireSystem(db, ask.system, 'diagnosis.report');
      return reportPage(db, ask.system);
    case 'layers':
      requireSystem(db, ask.system, 'diagnosis.layers');
      return layersPage(db, ask.system);
    case 'cases':
      requireSystem(db, ask.ask.system, 'diagnosis.cases');
      return casesPage(db, ask.ask);
    case 'warm':
      warmPage(db, ask.system);
      return null;
  }
}

function failure(error: unknown): PageReply & { ok: false } {
  if (error instanceof ApiError) return { ok: false, id: -1, api: error.toBody() };
  const sqlite = error instanceof Database.SqliteError ? error.code : null;
  return { ok: false, id: -1, internal: error instanceof Error ? error.message : String(error), sqlite };
}

parentPort!.on('message', (ask: PageAsk) => {
  if (ask.op === 'close') {
    stopKeepingCurrent();
    db.close();
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, id: ask.id, value: answer(ask) } satisfies PageReply);
  } catch (error) {
    parentPort!.postMessage({ ...failure(error), id: ask.id } satisfies PageReply);
  }
});
