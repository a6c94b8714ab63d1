import { createHash } from 'node:crypto';
import type { Db } from '../../db/open';

/** How often the timer looks; a backup is due only once its interval has passed. */
export const CHECK_EVERY_MS = 30_000;

/** Where a reviewer was in a queue: viewing a case moves it, which alone is no reason for a copy of the file. */
const NOT_CONTENT = ['resume_points'];

/** The tables the app changes in place on its own connection (everything else it only appends to); all small. */
const CHANGED_IN_PLACE = ['settings', 'dimensions', 'rounds'];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The file's own tables (not SQLite's, not a search index's) that have rowids. */
function rowidTables(db: Db): string[] {
  return db
    .prepare(
      `SELECT t.name FROM sqlite_schema t
        WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          AND t.sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND t.sql NOT LIKE '%WITHOUT ROWID%'
          AND NOT EXISTS (SELECT 1 FROM sqlite_schema v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
        ORDER BY t.name`,
    )
    .pluck()
    .all() as string[];
}

/**
 * What the open file's content looks like "now", cheaply and blind to resume
 * points: `PRAGMA data_version` moves when another connection committed (an
 * import's worker, the CLI); on this connection a write shows as a new largest
 * rowid (label events and adjudications are append-only, and so is nearly
 * everything else), and the few small tables changed in place are read whole.
 * Only comparable for the same connection (a switch or reopen starts afresh).
 */
export function changeStamp(db: Db): string {
  const dataVersion = db.pragma('data_version', { simple: true }) as number;
  const tables = rowidTables(db).filter((name) => !NOT_CONTENT.includes(name));
  const largest = tables.map((name) => `(SELECT max(rowid) FROM ${quoted(name)})`).join(', ');
  const hash = createHash('sha1').update(largest ? (db.prepare(`SELECT json_array(${largest})`).pluck().get() as string) : '');
  for (const table of CHANGED_IN_PLACE.filter((name) => tables.includes(name))) {
    hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${quoted(table)} ORDER BY rowid`).raw().all()));
  }
  return `${dataVersion}:${hash.digest('hex')}`;
}

export interface Baseline {
  db: Db;
  /** When the last interval backup was taken, or watching this connection began. */
  at: number;
  stamp: string;
}

export type IntervalDecision = 'off' | 'no-file' | 'busy' | 'new-file' | 'not-due' | 'unchanged' | 'back-up';

export interface IntervalInput {
  now: number;
  intervalMinutes: number;
  /** The open file's connection; null when none is open (or it was closed). */
  db: Db | null;
  /** The file's change stamp, read only when the decision needs it (it scans every table). */
  stamp(): string;
  /** An import or a restore is running: never back up in the middle of one. */
  busy: boolean;
  baseline: Baseline | null;
}

/** The pure decision of one timer tick. */
export function decideIntervalBackup(input: IntervalInput): IntervalDecision {
  if (input.intervalMinutes <= 0) return 'off';
  if (!input.db) return 'no-file';
  if (!input.baseline || input.baseline.db !== input.db) return 'new-file';
  if (input.busy) return 'busy';
  if (input.now - input.baseline.at < input.intervalMinutes * 60_000) return 'not-due';
  if (input.stamp() === input.baseline.stamp) return 'unchanged';
  return 'back-up';
}

export interface IntervalBackupDeps {
  now(): number;
  intervalMinutes(): number;
  /** The open file's connection, or null. */
  db(): Db | null;
  busy(): boolean;
  backUp(db: Db): Promise<unknown>;
  /** A failed interval backup is reported, never thrown into the timer. */
  onError(error: unknown): void;
}

/**
 * Backs the open file up every N minutes while it changes. The timer lives
 * in the backend and is unref'ed, so it never keeps Node alive; `stop` ends it.
 */
export class IntervalBackups {
  private baseline: Baseline | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;

  constructor(private readonly deps: IntervalBackupDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.baseline = null;
  }

  /** A backup was just written by other means (Back up now): the interval counts from here. */
  noteBackup(db: Db): void {
    this.baseline = { db, at: this.deps.now(), stamp: changeStamp(db) };
  }

  async tick(): Promise<IntervalDecision> {
    if (this.running) return 'busy';
    const connection = this.deps.db();
    const db = connection?.open ? connection : null;
    const now = this.deps.now();
    let stamp: string | null = null;
    const stampOnce = () => (stamp ??= changeStamp(db!));
    const decision = decideIntervalBackup({ now, intervalMinutes: this.deps.intervalMinutes(), db, stamp: stampOnce, busy: this.deps.busy(), baseline: this.baseline });
    if (decision === 'new-file' && db) this.baseline = { db, at: now, stamp: stampOnce() };
    if (decision !== 'back-up' || !db) return decision;
    this.running = true;
    try {
      await this.deps.backUp(db);
      this.baseline = { db, at: now, stamp: stampOnce() };
    } catch (error) {
      this.deps.onError(error);
    } finally {
      this.running = false;
    }
    return decision;
  }
}
