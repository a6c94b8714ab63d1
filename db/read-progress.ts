import type { ReadProgress, ReadStep } from '../shared/diagnosis/read-steps';
import type { Db } from './open';

/**
 * How far a read of one system's diagnosis has come, for the page that waits on it: at 100,000
 * responses a read of the whole file takes seconds (more the first time, when each response's facts
 * are worked out), and a person waiting should see it move (shared/diagnosis/read-steps.ts). Only a
 * connection given a listener reports: the Diagnosis worker's.
 */

const listeners = new WeakMap<Db, (progress: ReadProgress | null) => void>();

/** `listener` is told each step, and null when the read and its figures are done (or failed). */
export function onReadProgress(db: Db, listener: (progress: ReadProgress | null) => void): void {
  listeners.set(db, listener);
}

/** Runs a read (and the figures computed from it), telling the listener when it is over however it ended. */
export function reading<T>(db: Db, read: () => T): T {
  try {
    return read();
  } finally {
    listeners.get(db)?.(null);
  }
}

/** Tells the connection's listener, if it has one. */
export function reportRead(db: Db, system: string, step: ReadStep, done = 0, total = 0): void {
  listeners.get(db)?.({ system, step, done, total });
}

/** Every this many rows a counted step reports again (a message per row would cost more than the row). */
export const REPORT_EVERY = 2_000;
