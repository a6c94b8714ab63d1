import type { Db } from './open';
import { readSetting } from './settings';

/** Settings key: true when holdout cases are shown everywhere by default (the demo, a team that chose so). */
export const HOLDOUT_IN_QUEUES_KEY = 'holdout_in_queues';

/** A person's own choice in the Cases view; none: the test set's setting decides. */
export type HoldoutChoice = 'include' | 'exclude';

/**
 * The one rule for whether holdout cases are shown (the Cases list, its counts and search, its
 * filtered export and the "label these" queue, and the everyday unlabeled queue), so the holdout
 * stays unseen unless asked for:
 * 1. the holdout split asked for by name (the split filter) shows them;
 * 2. else the person's own choice in the Cases view ("include holdout");
 * 3. else the test set's setting (Settings → Data and agent layers; on in the demo, whose tour
 *    starts with holdout cases), off unless chosen.
 * Lists of cases named one by one (a re-check list) and calibration rounds are always asked for.
 */
export function holdoutShown(db: Db, asked: { split?: string | null; holdout?: HoldoutChoice | null } = {}): boolean {
  if (asked.split === 'holdout') return true;
  if (asked.holdout) return asked.holdout === 'include';
  return readSetting<boolean>(db, HOLDOUT_IN_QUEUES_KEY) === true;
}

/** The SQL that leaves holdout cases out of `cases c`. */
export const NOT_HOLDOUT = "c.split IS NOT 'holdout'";
