import type { Handlers, OpOutput } from '../shared/api/contract';
import type { exchangeOps } from '../shared/api/exchange-ops';
import { backupTestSet, listBackups } from '../db/backups';
import { applyLabelPack, checkLabelPack, exportLabelPack, verifyLabelPack } from '../db/label-packs';
import { readMeta, type Db } from '../db/open';

export type ExchangeHandlers = Pick<Handlers, keyof typeof exchangeOps>;

export interface OpenFile {
  db: Db;
  path: string;
}

/**
 * A label pack import: verify the folder first (nothing is touched when it is
 * refused), then back the file up, then merge in one transaction. The CLI and
 * the app both use it.
 */
export async function importLabelPackInto(file: OpenFile, dir: string): Promise<OpOutput<'labels.importPack'>> {
  const pack = verifyLabelPack(dir, readMeta(file.db, 'test_set_id') ?? '');
  checkLabelPack(file.db, pack);
  const backup = await backupTestSet(file.db, file.path, 'label-pack');
  return { ...applyLabelPack(file.db, pack), backupPath: backup.path };
}

/** Team exchange and backups (issue 6). */
export function createExchangeHandlers(file: () => OpenFile): ExchangeHandlers {
  return {
    'labels.exportPack': ({ reviewerId, outDir }) => exportLabelPack(file().db, reviewerId, outDir),
    'labels.importPack': ({ dir }) => importLabelPackInto(file(), dir),
    'backups.list': () => listBackups(file().path),
  };
}
