import type { Db } from './open';
import { writeStamp } from './write-stamp';

/**
 * What a read computed from the file, kept while nothing is written (db/write-stamp.ts): the
 * Diagnosis page asks for its report and its layers in turn, and again on each visit and each
 * "show more", and at 100,000 responses computing them costs seconds. One value per (file, slot);
 * dropped after a minute unused so a large page does not hold its memory for the whole session.
 */

const KEEP_MS = 60_000;

interface Entry {
  key: string;
  value: unknown;
  stamp: string;
  timer: ReturnType<typeof setTimeout> | null;
}

const kept = new WeakMap<Db, Map<string, Entry>>();

/** A kept value and the write stamp it was read at: a later ask naming that stamp means this very value. */
export interface Kept<T> {
  value: T;
  stamp: string;
}

export function keptWhileUnwritten<T>(db: Db, slot: string, key: string, read: () => T): Kept<T> {
  let slots = kept.get(db);
  if (!slots) kept.set(db, (slots = new Map()));
  const last = slots.get(slot);
  const now = writeStamp(db);
  if (last && last.key === key && last.stamp === now) {
    keepFor(slots, slot, last);
    return { value: last.value as T, stamp: last.stamp };
  }
  if (last) forget(slots, slot, last);
  const value = read();
  // the read's own writes (the response facts it kept) leave the value right; a commit of another
  // connection meanwhile (data_version moved) may be half in it, so it is not kept, and it carries the
  // stamp from before that commit: a later ask naming it is refused
  const after = writeStamp(db);
  if (after.split(':')[0] !== now.split(':')[0]) return { value, stamp: now };
  const entry: Entry = { key, value, stamp: after, timer: null };
  slots.set(slot, entry);
  keepFor(slots, slot, entry);
  return { value, stamp: after };
}

/** Each use keeps the value another minute. */
function keepFor(slots: Map<string, Entry>, slot: string, entry: Entry): void {
  dropAfter(KEEP_MS, slots, entry, (s, e) => forget(s, slot, e));
}

/**
 * (Re)arms `entry`'s timer to `drop` it `ms` from now. The timer holds neither the entry nor what holds
 * it: a file closed and let go takes what was kept from it along, without waiting for the timer.
 */
export function dropAfter<H extends object, E extends { timer: ReturnType<typeof setTimeout> | null }>(ms: number, holder: H, entry: E, drop: (holder: H, entry: E) => void): void {
  if (entry.timer) clearTimeout(entry.timer);
  const holderRef = new WeakRef(holder);
  const entryRef = new WeakRef(entry);
  entry.timer = setTimeout(() => {
    const [h, e] = [holderRef.deref(), entryRef.deref()];
    if (h && e) drop(h, e);
  }, ms);
  entry.timer.unref();
}

function forget(slots: Map<string, Entry>, slot: string, entry: Entry): void {
  if (entry.timer) clearTimeout(entry.timer);
  if (slots.get(slot) === entry) slots.delete(slot);
}
