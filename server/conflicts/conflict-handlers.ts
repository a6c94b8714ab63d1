import type { Handlers } from '../../shared/api/contract';
import type { conflictOps } from '../../shared/api/conflict-ops';
import { listOpenConflicts, resolveConflict } from '../../db/conflicts';
import type { Db } from '../../db/open';

export type ConflictHandlers = Pick<Handlers, keyof typeof conflictOps>;

/** Conflicts on a case's claims / reference answer: listed for the lead, resolved by them. */
export function createConflictHandlers(db: () => Db): ConflictHandlers {
  return {
    'conflicts.list': ({ offset, limit }) => listOpenConflicts(db(), offset, limit),
    'conflicts.resolve': (input) => resolveConflict(db(), input),
  };
}
