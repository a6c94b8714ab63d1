import type { Db } from './open';

/**
 * Moves when this connection wrote (total_changes) or another one committed (data_version): a
 * result read from the file stays right while its stamp does.
 */
export const writeStamp = (db: Db): string => `${db.pragma('data_version', { simple: true })}:${db.prepare('SELECT total_changes()').pluck().get()}`;
