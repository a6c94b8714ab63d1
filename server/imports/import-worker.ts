import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../db/open';
import type { ImportWorkerData, WorkerMessage } from './import-jobs';
import { importFailure, runImport } from './import-pipeline';

const { data } = workerData as { data: ImportWorkerData };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

const db = connect(data.dbPath);
try {
  const outcome = runImport(db, data.request, (progress) => post({ type: 'progress', ...progress }));
  post({ type: 'done', ...outcome });
} catch (error) {
  post({ type: 'failed', error: importFailure(error, data.request.fileName) });
} finally {
  db.close();
}
