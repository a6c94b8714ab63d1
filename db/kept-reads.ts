import type { Db } from './open';
import { writeStamp } from './write-stamp';

/**
 * What a read computed from the file, kept while nothing is written (db/write-stamp.ts): the
 * Diagnosis page asks for its report and its layers in turn, and again on each visit, and at
 * 100,000 responses each costs seconds. One value per (file, slot); dropped after a minute unused
 * so a large page does not hold its memory for the whole session.
 */

const KEEP_MS = 60_000;
const kept = new WeakMap<Db, Map<string, { key: string; value: unknown }>>();

export function keptWhileUnwritten<T>(db: Db, slot: string, key: string, read: () => T): T {
  let slots = kept.get(db);
  if (!slots) kept.set(db, (slots = new Map()));
  const last = slots.get(slot);
  if (last && last.key === `${key}\u0000${writeStamp(db)}`) return last.value as T;
  const before = writeStamp(db);
  const value = read();
  // the read's own writes (the response facts it kept) leave the value right; a commit of another
  // connection meanwhile (data_version moved) may be half in it, so it is not kept
  const after = writeStamp(db);
  if (after.split(':')[0] !== before.split(':')[0]) return value;
  const entry = { key: `${key}\u0000${after}`, value };
  slots.set(slot, entry);
  setTimeout(() => {
    if (slots.get(slot) === entry) slots.delete(slot);
  }, KEEP_MS).unref();
  return value;
}
