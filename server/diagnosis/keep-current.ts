import { diagnosisGeneration, heldRead } from '../../db/diagnosis-inputs';
import type { Db } from '../../db/open';
import { warmPage } from './page-figures';

/**
 * While the Diagnosis worker keeps a read (the page was asked in the last quarter of an hour), it keeps
 * the page current. A write that makes the next page read the file whole (an import, a case edited, a
 * document, a conflict settled) is read again once writes pause, and the page stored with its lists: the
 * next visit shows it at once, not after a read of every response (seconds at 100,000). Labels alone
 * start nothing: a page after them takes in just those labels, and a read per label would keep a core busy.
 */

// a look is two one-row reads
const LOOK_MS = 3_000;
// at 100,000 responses a read whole costs seconds of a core: at most one per half minute while a lead edits cases
const GAP_MS = 30_000;

/** Starts looking every `lookMs`; returns the stop. */
export function keepPageCurrent(db: Db, lookMs = LOOK_MS, gapMs = GAP_MS): () => void {
  // the file's commit count (data_version) at the last look that found the read behind: a read waits until one look finds no commit since
  let behindAt: number | null = null;
  let lastRead = -Infinity;
  let failedAt: number | null = null;
  const look = () => {
    const held = db.open && !db.readonly ? heldRead(db) : null;
    const generation = held ? diagnosisGeneration(db) : null;
    if (!held || generation === held.generation) {
      behindAt = null;
      return;
    }
    const commits = db.pragma('data_version', { simple: true }) as number;
    if (behindAt !== commits) {
      behindAt = commits;
      return;
    }
    if (Date.now() - lastRead < gapMs) return;
    // a read that failed for this generation is not tried again: the page asked shows why
    if (failedAt === generation) return;
    behindAt = null;
    try {
      warmPage(db, held.system, 'to-keep-current');
    } catch (error) {
      failedAt = generation;
      throw error;
    } finally {
      lastRead = Date.now();
    }
  };
  const timer = setInterval(() => {
    try {
      look();
    } catch {
      // keeping current is a convenience: a file busy or gone shows when the page itself is asked
    }
  }, lookMs);
  timer.unref();
  return () => clearInterval(timer);
}
