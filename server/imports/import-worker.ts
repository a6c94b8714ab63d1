import { parentPort, workerData } from 'node:worker_threads';
import { backupTestSet, discardBackup, type BackupInfo } from '../../db/backups';
import { connect } from '../../db/open';
import type { ImportWorkerData, WorkerMessage } from './import-jobs';
import { addedNothing, importFailure, prepareImport, writeImport, type ImportProgress } from './import-pipeline';

const { data } = workerData as { data: ImportWorkerData };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const onProgress = (progress: ImportProgress) => post({ type: 'progress', ...progress });

const db = connect(data.dbPath);
let backup: BackupInfo | null = null;
try {
  const prepared = prepareImport(db, data.request, onProgress);
  // A judge file imported before writes nothing, so it needs no backup either.
  if (!prepared.alreadyImported) {
    // A consistent copy of the file before anything is written into it, taken only once the file is known to be valid.
    try {
      backup = await backupTestSet(db, data.dbPath, `import-${data.request.kind}`);
    } catch (error) {
      throw new Error(`no backup of the test set could be written before the import (${(error as Error).message})`);
    }
  }
  const outcome = writeImport(db, prepared, onProgress);
  // an import that added nothing (every case already there) left the file as the backup holds it
  if (backup && addedNothing(outcome.added)) discardBackup(backup.path);
  post({ type: 'done', ...outcome });
} catch (error) {
  if (backup) discardBackup(backup.path);
  post({ type: 'failed', error: importFailure(error, data.request.fileName) });
} finally {
  db.close();
}
