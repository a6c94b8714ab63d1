import Database from 'better-sqlite3';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Db } from './open';
import { statement } from './statements';

/**
 * The Diagnosis page of a system kept in the file (db/migrations/021-diagnosis-pages.ts), by the basis
 * of the read it was computed from (db/diagnosis-inputs.ts `currentBasis`): a reopened file whose
 * basis has not moved shows it without reading 100,000 responses again. It is a copy of what can be
 * computed again, so a file that refuses the write (read-only, full, busy) simply keeps none.
 */

export type PagePart = 'report' | 'layers';

/** The page's two halves as stored (JSON of each), when stored for `basis`. */
export function storedPage(db: Db, system: string, basis: string): { report: string; layers: string } | null {
  const row = statement(db, 'SELECT report, layers FROM diagnosis_pages WHERE system = ? AND basis = ?').get(system, basis) as { report: string; layers: string } | undefined;
  return row ?? null;
}

/** The system whose page was stored last (the one a person looked at last), if any. */
export function lastStoredSystem(db: Db): string | null {
  return (statement(db, 'SELECT system FROM diagnosis_pages ORDER BY stored_at DESC LIMIT 1').pluck().get() as string | undefined) ?? null;
}

/** The basis the system's stored lists were written for (null: none stored): all are written at once, so any row says. */
export function listsStoredFor(db: Db, system: string): string | null {
  return (statement(db, 'SELECT basis FROM diagnosis_page_lists WHERE system = ? LIMIT 1').pluck().get(system) as string | undefined) ?? null;
}

/** One whole list of the stored page (its path in the report), when stored for `basis`. */
export function storedList(db: Db, system: string, basis: string, part: PagePart, path: string): unknown[] | null {
  const row = statement(db, 'SELECT cases FROM diagnosis_page_lists WHERE system = ? AND part = ? AND path = ? AND basis = ?').pluck().get(system, part, path, basis) as Buffer | undefined;
  return row ? (JSON.parse(inflateRawSync(row).toString('utf8')) as unknown[]) : null;
}

/**
 * Keeps the page for `basis`, and with it the whole lists when given (a page brought up to date after a
 * label passes none: they stay with the basis they were written for, and "show more" on a reopened file
 * computes them). Returns whether the file took it.
 */
export function storePage(
  db: Db,
  system: string,
  basis: string,
  page: { report: unknown; layers: unknown },
  lists: { part: PagePart; path: string; cases: unknown[] }[] | null,
): boolean {
  if (db.readonly) return false;
  // serialised and compressed before the write lock is taken: the app may be saving a label meanwhile
  const report = JSON.stringify(page.report);
  const layers = JSON.stringify(page.layers);
  // level 1: the lists are repetitive JSON (tens of megabytes at 100,000 responses) and shrink tenfold at little cost
  const packed = lists?.map((list) => ({ ...list, cases: deflateRawSync(JSON.stringify(list.cases), { level: 1 }) })) ?? null;
  try {
    db.transaction(() => {
      statement(db, 'INSERT INTO diagnosis_pages (system, basis, report, layers, stored_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (system) DO UPDATE SET basis = excluded.basis, report = excluded.report, layers = excluded.layers, stored_at = excluded.stored_at').run(
        system, basis, report, layers, new Date().toISOString(),
      );
      if (!packed) return;
      statement(db, 'DELETE FROM diagnosis_page_lists WHERE system = ?').run(system);
      const insert = statement(db, 'INSERT INTO diagnosis_page_lists (system, part, path, basis, cases) VALUES (?, ?, ?, ?, ?)');
      for (const list of packed) insert.run(system, list.part, list.path, basis, list.cases);
    }).immediate();
    return true;
  } catch (error) {
    if (error instanceof Database.SqliteError) return false;
    throw error;
  }
}
