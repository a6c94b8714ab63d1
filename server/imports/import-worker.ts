import { parentPort, workerData } from 'node:worker_threads';
import { backupTestSet, discardBackup, type BackupInfo } from '../../db/backups';
import { connect } from '../../db/open';
import { ApiError } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';
import { WRITE_GRANTED, type ImportWorkerData, type WorkerMessage } from './import-jobs';
import { addedNothing, importFailure, prepareImport, writeImport, type ImportProgress } from './import-pipeline';

const { data } = workerData as { data: ImportWorkerData };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const onProgress = (progress: ImportProgress) => post({ type: 'progress', ...progress });

/** Asks the app for the write lock: it holds its own writes until this import ends, so neither waits on a locked file. */
function writeTurn(): Promise<void> {
  return new Promise((resolve) => {
    const granted = (message: unknown) => {
      if (message !== WRITE_GRANTED) return;
      parentPort!.off('message', granted);
      resolve();
    };
    parentPort!.on('message', granted);
    post({ type: 'write-requested' });
  });
}

const db = connect(data.dbPath);
let backup: BackupInfo | null = null;
try {
  const prepared = prepareImport(db, data.request, onProgress);
  // A judge file imported before writes nothing, so it needs no backup either.
  if (!prepared.alreadyImported) {
    // A consistent copy of the file before anything is written into it, taken only once the file is known to be valid.
    try {
      // one step: the app keeps writing labels meanwhile, and a stepped copy would restart after each of them
      backup = await backupTestSet(db, data.dbPath, `import-${data.request.kind}`, { oneStep: true });
    } catch (error) {
      throw new ApiError('internal', say('err.import.no-backup', { file: data.request.fileName, reason: (error as Error).message }));
    }
  }
  await writeTurn();
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
