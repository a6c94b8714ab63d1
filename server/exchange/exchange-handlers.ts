import type { Handlers, OpOutput } from '../../shared/api/contract';
import type { exchangeOps } from '../../shared/api/exchange-ops';
import { exportLabelPack } from '../../db/label-packs';
import { hasUnfinishedMerge, rollBackUnfinishedMerge } from '../../db/merge-rollback';
import type { Db } from '../../db/open';
import type { BackupService } from '../backups/backup-service';
import type { WriteTurns } from '../imports/write-turns';
import { mergeLabelPack, writeNow, type OpenFile } from './label-merge';
import { mergeInWorker } from './merge-jobs';

export type ExchangeHandlers = Pick<Handlers, keyof typeof exchangeOps>;

/** A label pack import with the file to itself (the command line): the same merge as the app's, each batch written at once. */
export function importLabelPackInto(file: OpenFile, dir: string): Promise<OpOutput<'labels.importPack'>> {
  return mergeLabelPack(file, dir, writeNow(file.db));
}

/** Every reviewer with their event count; the count and the newest event come from the reviewer index. */
export function reviewerEventCounts(db: Db): OpOutput<'labels.reviewerCounts'> {
  return db
    .prepare(
      `SELECT v.id, v.name,
              (SELECT count(*) FROM label_events e WHERE e.reviewer_id = v.id) AS eventCount,
              (SELECT created_at FROM label_events e WHERE e.reviewer_id = v.id ORDER BY e.id DESC LIMIT 1) AS lastEventAt
         FROM reviewers v ORDER BY v.name COLLATE NOCASE, v.id`,
    )
    .all() as OpOutput<'labels.reviewerCounts'>;
}

/** Team exchange (label packs between reviewers) and backups. */
export function createExchangeHandlers(file: () => OpenFile, backups: BackupService, turns: WriteTurns): ExchangeHandlers {
  return {
    'labels.exportPack': ({ reviewerId, outDir }) => exportLabelPack(file().db, reviewerId, outDir),
    // after a running backup or restore, never while one reads or replaces the file
    'labels.importPack': ({ dir }) =>
      backups.serial(async () => {
        const open = file();
        try {
          // in a worker: the app's label saves go through between the merge's batches
          return await mergeInWorker(open.path, dir, turns);
        } catch (error) {
          // a worker that died half-way left its batches: taken back here rather than at the next opening
          if (open.db.open && hasUnfinishedMerge(open.db)) rollBackUnfinishedMerge(open.db);
          throw error;
        }
      }),
    'labels.reviewerCounts': () => reviewerEventCounts(file().db),
    'backups.list': () => backups.list(),
    'backups.create': () => backups.create(),
    'backups.settings': () => backups.settings(),
    'backups.saveSettings': (settings) => backups.saveSettings(settings),
    'backups.restore': ({ path }) => backups.restore(path),
  };
}
