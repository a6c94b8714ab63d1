import type { Db } from './open';

/**
 * In-memory figures of open queues, so that "next case" does not count
 * 100,000 cases each time: per queue, the sorted seqs of the cases it counts
 * over (its universe: position = a binary search, total = the length), and per
 * reviewer the number of those cases they have finished.
 *
 * Kept exact without trusting anyone to remember to clear it:
 * - another connection committed (an import in the worker thread, the CLI):
 *   `PRAGMA data_version` moves → everything is recomputed;
 * - this connection imported, rebuilt progress or changed dimensions:
 *   invalidateQueues → everything is recomputed;
 * - a label changed whether a case is finished: refreshProgress notes the
 *   change as pending; once the writing function has committed (no transaction
 *   open any more) settleProgressChanges applies it to the cached done counts
 *   (±1 where the case is in the queue). Pending changes found at read time
 *   (their commit cannot be vouched for) clear the cache instead.
 * Inside an open transaction the cache is bypassed.
 */

interface Entry {
  seqs: Int32Array;
  done: Map<number, number>;
}

interface State {
  dataVersion: number;
  entries: Map<string, Entry>;
  pending: { reviewerId: number; caseSeq: number; finished: boolean }[];
}

const MAX_QUEUES = 16;
const states = new WeakMap<Db, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { dataVersion: -1, entries: new Map(), pending: [] };
    states.set(db, state);
  }
  return state;
}

export function invalidateQueues(db: Db): void {
  const state = stateOf(db);
  state.entries.clear();
  state.pending = [];
}

export function noteProgressChange(db: Db, reviewerId: number, caseSeq: number, finished: boolean): void {
  stateOf(db).pending.push({ reviewerId, caseSeq, finished });
}

export function containsSeq(seqs: Int32Array, seq: number): boolean {
  const i = lowerBound(seqs, seq);
  return i < seqs.length && seqs[i] === seq;
}

/** Index of the first element ≥ seq. */
export function lowerBound(seqs: Int32Array, seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqs[mid] < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Applies the progress changes of a write that has committed. Call right after the write function returned. */
export function settleProgressChanges(db: Db): void {
  if (db.inTransaction) return;
  const state = stateOf(db);
  for (const change of state.pending) {
    for (const entry of state.entries.values()) {
      const done = entry.done.get(change.reviewerId);
      if (done !== undefined && containsSeq(entry.seqs, change.caseSeq)) entry.done.set(change.reviewerId, done + (change.finished ? 1 : -1));
    }
  }
  state.pending = [];
}

/** The cached (or freshly computed) universe and done count of a queue for a reviewer. */
export function queueFigures(
  db: Db,
  key: string,
  reviewerId: number,
  computeSeqs: () => Int32Array,
  computeDone: () => number,
): { seqs: Int32Array; done: number } {
  if (db.inTransaction) return { seqs: computeSeqs(), done: computeDone() };
  const state = stateOf(db);
  const version = db.pragma('data_version', { simple: true }) as number;
  if (version !== state.dataVersion || state.pending.length > 0) {
    invalidateQueues(db);
    state.dataVersion = version;
  }
  let entry = state.entries.get(key);
  if (entry) {
    state.entries.delete(key); // most recently used goes last
  } else {
    entry = { seqs: computeSeqs(), done: new Map() };
    if (state.entries.size >= MAX_QUEUES) state.entries.delete(state.entries.keys().next().value!);
  }
  state.entries.set(key, entry);
  let done = entry.done.get(reviewerId);
  if (done === undefined) {
    done = computeDone();
    entry.done.set(reviewerId, done);
  }
  return { seqs: entry.seqs, done };
}
