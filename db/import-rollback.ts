import { APPENDED_TABLES, dropOrphanSearchRows, publishBatchRows, refreshAnsweredCases, settleBatchMarks, type StageSnapshot } from './import-stage';
import type { Db } from './open';
import { statement } from './statements';

/**
 * Taking back a staged import that did not finish publishing (db/import-stage.ts, import_publishing):
 * every row above the keys it kept, newest table first (children before their parents), a batch at a
 * time. The import does it when it fails; opening the file does it when the import's process was killed.
 */

function unfinishedSnapshot(db: Db): StageSnapshot | null {
  const listed = statement(db, "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'import_publishing')").pluck().get() === 1;
  if (!listed) return null;
  const snapshot = statement(db, 'SELECT snapshot FROM import_publishing WHERE id = 1').pluck().get() as string | undefined;
  return snapshot === undefined ? null : (JSON.parse(snapshot) as StageSnapshot);
}

export function hasUnfinishedImport(db: Db): boolean {
  return unfinishedSnapshot(db) !== null;
}

/**
 * Takes back up to one batch of the newest rows of an unfinished import, in the caller's (immediate)
 * transaction; true while there is more to take back. The last step drops the search rows of the cases
 * taken back and the record of the unfinished import.
 */
export function rollBackImportStep(db: Db): boolean {
  const snapshot = unfinishedSnapshot(db);
  if (!snapshot) return false;
  for (const [table, key] of [...APPENDED_TABLES].reverse()) {
    const highest = db.prepare(`SELECT coalesce(max(${key}), 0) FROM main.${table}`).pluck().get() as number;
    if (highest <= snapshot[table]) continue;
    const from = Math.max(snapshot[table] + 1, highest - publishBatchRows(table) + 1);
    const answered = table === 'responses'
      ? (db.prepare('SELECT DISTINCT case_seq FROM main.responses WHERE seq >= ? AND case_seq <= ?').pluck().all(from, snapshot.cases) as number[])
      : [];
    // a case's slices, claims, evidence, marks and labelers go with it, a response's retrieval lists with it (ON DELETE CASCADE)
    db.prepare(`DELETE FROM main.${table} WHERE ${key} >= ?`).run(from);
    refreshAnsweredCases(db, answered);
    settleBatchMarks(db);
    return true;
  }
  dropOrphanSearchRows(db);
  db.prepare('DELETE FROM main.import_publishing').run();
  return false;
}

/** Takes back a whole unfinished import, one short transaction per batch (opening a file). */
export function rollBackUnfinishedImport(db: Db): void {
  while (db.transaction(() => rollBackImportStep(db)).immediate());
}
