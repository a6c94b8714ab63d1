import type { Handlers } from '../../shared/api/contract';
import type { Db } from '../../db/open';
import { exportToFolder } from './exports';

export function createInterchangeHandlers(db: () => Db): Pick<Handlers, 'exports.write'> {
  return {
    'exports.write': ({ what, format, runId, filters, outDir }) => exportToFolder(db(), what, format, outDir, runId ?? null, filters ?? null),
  };
}
