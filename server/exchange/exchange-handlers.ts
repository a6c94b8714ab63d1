import type { Handlers, OpOutput } from '../../shared/api/contract';
import type { exchangeOps } from '../../shared/api/exchange-ops';
import { backupTestSet, discardBackup } from '../../db/backups';
import { applyLabelPack, checkLabelPack, exportLabelPack, verifyLabelPack } from '../../db/label-packs';
import { readMeta, type Db } from '../../db/open';
import type { BackupService } from '../backups/backup-service';

export type ExchangeHandlers = Pick<Handlers, keyof typeof exchangeOps>;

export interface OpenFile {
  db: Db;
  path: string;
}

/**
 * A label pack import: verify the folder first (nothing is touched when it is
 * refused), then back the file up, then merge in one transaction. The CLI and
 * the app both use it. A pack that adds nothing (merged before) writes no
 * backup: each one written would push an older, useful one out of the pruning count.
 */
export async function importLabelPackInto(file: OpenFile, dir: string): Promise<OpOutput<'labels.importPack'>> {
  const pack = verifyLabelPack(dir, readMeta(file.db, 'test_set_id') ?? '');
  const { toAdd } = checkLabelPack(file.db, pack);
  const backup = toAdd > 0 ? await backupTestSet(file.db, file.path, 'label-pack') : null;
  try {
    return { ...applyLabelPack(file.db, pack), backupPath: backup?.path ?? null };
  } catch (error) {
    // the merge rolled back: the file is what the backup holds, and the backup would only count against older ones
    if (backup) discardBackup(backup.path);
    throw error;
  }
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
export function createExchangeHandlers(file: () => OpenFile, backups: BackupService): ExchangeHandlers {
  return {
    'labels.exportPack': ({ reviewerId, outDir }) => exportLabelPack(file().db, reviewerId, outDir),
    // after a running backup or restore, never while one reads or replaces the file
    'labels.importPack': ({ dir }) => backups.serial(() => importLabelPackInto(file(), dir)),
    'labels.reviewerCounts': () => reviewerEventCounts(file().db),
    'backups.list': () => backups.list(),
    'backups.create': () => backups.create(),
    'backups.settings': () => backups.settings(),
    'backups.saveSettings': (settings) => backups.saveSettings(settings),
    'backups.restore': ({ path }) => backups.restore(path),
  };
}
