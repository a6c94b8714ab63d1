import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../db/open';
import { ApiError } from '../../shared/api/contract';
import { shortWrite } from '../imports/worker-turns';
import { mergeLabelPack } from './label-merge';
import type { MergeWorkerData, MergeWorkerMessage } from './merge-jobs';

/** A label-pack merge on its own connection: verifying, checking and backing up hold no lock, each batch is one short turn. */
const { data } = workerData as { data: MergeWorkerData };
const post = (message: MergeWorkerMessage) => parentPort!.postMessage(message);

const db = connect(data.dbPath);
try {
  const outcome = await mergeLabelPack({ db, path: data.dbPath }, data.dir, (write) => shortWrite(db, write));
  post({ type: 'done', outcome });
} catch (error) {
  if (error instanceof ApiError) post({ type: 'failed', error: error.toBody(), code: null });
  // a storage fault (disk full, read-only file) keeps its SQLite code, which the app words for the user
  else post({ type: 'failed', error: null, message: (error as Error).message, code: (error as { code?: unknown }).code ?? null });
} finally {
  db.close();
}
