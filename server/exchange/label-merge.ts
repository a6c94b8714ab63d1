import type { OpOutput } from '../../shared/api/contract';
import { backupTestSet, discardBackup, type BackupInfo } from '../../db/backups';
import { conflictsOpenedSince, editedCases, planPack, verifyLabelPack } from '../../db/label-packs';
import { finishMerge, MERGE_BATCH, writeMergeBatch } from '../../db/label-merge';
import { hasUnfinishedMerge, rollBackMergeStep } from '../../db/merge-rollback';
import { openConflictKeys } from '../../db/conflicts';
import { readMeta, type Db } from '../../db/open';
import { settleProgressChanges } from '../../db/queue-cache';

export interface OpenFile {
  db: Db;
  path: string;
}

/** Runs one short write transaction on the file: at once (the command line), or in a worker's turn on the write lock (the app). */
export type WriteTurn = (write: () => void) => Promise<void>;

/** The command line and tests: the file to itself, each write at once. */
export const writeNow = (db: Db): WriteTurn => async (write) => {
  db.transaction(write).immediate();
};

/** Takes back an unfinished merge, newest batch first, one turn per batch. */
async function takeBack(db: Db, turn: WriteTurn): Promise<void> {
  let more = hasUnfinishedMerge(db);
  while (more) {
    await turn(() => {
      more = rollBackMergeStep(db);
    });
  }
}

/**
 * A label pack import: verify the folder and check every event against the file first (nothing is
 * touched when it is refused), then back the file up, then add the new events in batches
 * (db/label-merge.ts): a failure takes back every batch, so the merge adds all or nothing. A pack
 * that adds nothing (merged before) writes no backup: each one written would push an older, useful
 * one out of the pruning count.
 */
export async function mergeLabelPack(file: OpenFile, dir: string, turn: WriteTurn): Promise<OpOutput<'labels.importPack'>> {
  const { db } = file;
  const pack = verifyLabelPack(dir, readMeta(db, 'test_set_id') ?? '');
  // a merge of this file killed earlier, and not yet taken back by an opening of the file
  await takeBack(db, turn);
  const plan = db.transaction(() => planPack(db, pack))();
  const wanted = pack.manifest.reviewer.toLocaleLowerCase();
  const outcome = (added: number, reviewerCreated: boolean, conflictsOpened: number, backup: BackupInfo | null): OpOutput<'labels.importPack'> => ({
    reviewer: plan.reviewers.get(wanted)?.name ?? pack.manifest.reviewer, reviewerCreated, testSetId: plan.testSetId,
    eventCount: pack.events.length, added, alreadyPresent: plan.alreadyPresent, conflictsOpened, backupPath: backup?.path ?? null,
  });
  if (plan.planned.length === 0) return outcome(0, false, 0, null);

  // one step: the app keeps writing labels meanwhile, and a stepped copy would restart after each of them
  const backup = await backupTestSet(db, file.path, 'label-pack', { oneStep: true });
  try {
    let reviewersCreated = 0;
    const edited = editedCases(plan);
    const openBefore = openConflictKeys(db, edited);
    for (let from = 0; from < plan.planned.length; from += MERGE_BATCH) {
      await turn(() => {
        reviewersCreated += writeMergeBatch(db, plan, from, Math.min(plan.planned.length, from + MERGE_BATCH));
      });
      settleProgressChanges(db);
    }
    const conflictsOpened = conflictsOpenedSince(db, edited, openBefore);
    await turn(() => finishMerge(db));
    return outcome(plan.planned.length, reviewersCreated > 0, conflictsOpened, backup);
  } catch (error) {
    // if taking back fails as well, the file's next opening does it
    await takeBack(db, turn).catch(() => {});
    // the merge was taken back: the file is what the backup holds, and the backup would only count against older ones
    discardBackup(backup.path);
    throw error;
  }
}
