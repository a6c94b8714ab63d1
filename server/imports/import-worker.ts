import { parentPort, workerData } from 'node:worker_threads';
import { backupTestSet, discardBackup, type BackupInfo } from '../../db/backups';
import { runOfJudgeFile } from '../../db/imported-files';
import {
  attachStage, beginPublish, checkForeignKeys, discardStage, dropOrphanSearchRows, finishPublish, indexStagedSearch, openStage, publishBatch, publishBatches,
  SEARCH_BATCH, stagedCaseRange, type Stage,
} from '../../db/import-stage';
import { hasUnfinishedImport, rollBackImportStep } from '../../db/import-rollback';
import { connect, type Db } from '../../db/open';
import { ApiError } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';
import type { ImportWorkerData, WorkerMessage } from './import-jobs';
import { shortWrite } from './worker-turns';
import { addedNothing, importFailure, prepareImport, writeImport, type ImportProgress } from './import-pipeline';

const { data } = workerData as { data: ImportWorkerData };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const onProgress = (progress: ImportProgress) => post({ type: 'progress', ...progress });

const db = connect(data.dbPath);

/** Takes back an unfinished import, newest rows first, one turn per batch. */
async function takeBack(db: Db): Promise<void> {
  checkForeignKeys(db, true);
  let more = hasUnfinishedImport(db);
  while (more) {
    await shortWrite(db, () => {
      more = rollBackImportStep(db);
    });
  }
}

let backup: BackupInfo | null = null;
let stage: Stage | null = null;
try {
  const prepared = prepareImport(db, data.request, onProgress);
  if (prepared.alreadyImported) {
    // a judge file imported before writes nothing, so it needs no backup either
    post({ type: 'done', ...prepared.outcome });
  } else {
    // A consistent copy of the file before anything is written into it, taken only once the file is known to be valid.
    try {
      // one step: the app keeps writing labels meanwhile, and a stepped copy would restart after each of them
      backup = await backupTestSet(db, data.dbPath, `import-${data.request.kind}`, { oneStep: true });
    } catch (error) {
      throw new ApiError('internal', say('err.import.no-backup', { file: data.request.fileName, reason: (error as Error).message }));
    }
    // the whole import, every check included, into a scratch copy of that backup: no lock on the test set meanwhile
    stage = openStage(backup.path);
    const staged = writeImport(stage.db, prepared, onProgress, { deferSearchIndex: true });
    stage.db.close();
    attachStage(db, stage);
    const { snapshot } = stage;
    // search rows a killed import left go first; from here on a failure takes the import back whole, and the
    // app writes nothing but labels until the import is published or taken back
    post({ type: 'publishing' });
    await shortWrite(db, () => {
      dropOrphanSearchRows(db);
      beginPublish(db, snapshot);
    });
    const range = stagedCaseRange(db, snapshot);
    if (range) {
      for (let from = range.first; from <= range.last; from += SEARCH_BATCH) {
        const to = Math.min(range.last, from + SEARCH_BATCH - 1);
        await shortWrite(db, () => indexStagedSearch(db, from, to));
      }
    }
    checkForeignKeys(db, false);
    for (const batch of publishBatches(db, snapshot)) await shortWrite(db, () => publishBatch(db, snapshot, batch));
    // the one step after which the import stays
    const { report } = prepared;
    await shortWrite(db, () =>
      finishPublish(db, {
        imported: { sha256: prepared.sha256, fileName: data.request.fileName, kind: data.request.kind, format: staged.format },
        newDimensions: report && report.createdDimensions.length > 0 ? report.newDimensions : [],
      }),
    );
    post({ type: 'published' });
    // an import that added nothing (every case already there) left the file as the backup holds it
    if (addedNothing(staged.added)) discardBackup(backup.path);
    post({ type: 'done', ...staged, runId: staged.added.judgeRuns ? runOfJudgeFile(db, prepared.sha256) : null });
  }
} catch (error) {
  if (backup) discardBackup(backup.path);
  // what was published of it taken back now, batch by batch (if that fails too, the file's next opening does it)
  if (stage) await takeBack(db).catch(() => {});
  post({ type: 'published' });
  post({ type: 'failed', error: importFailure(error, data.request.fileName) });
} finally {
  db.close();
  if (stage) discardStage(stage);
}
