import { copyFileSync, rmSync } from 'node:fs';
import { ApiError } from '../shared/api/contract';
import type { Dimension } from '../shared/domain/dimensions';
import { text } from '../shared/messages/text';
import { saveDimensions } from './dimension-edits';
import { listDimensions } from './dimensions';
import { rememberImportedFile } from './imported-files';
import { searchRowsSql } from './case-search';
import { settleCaseMarks } from './case-marks';
import { refreshProgress } from './label-progress';
import { indexRetrieval } from './retrieval-index';
import type { Db } from './open';
import { openSqlite } from './sqlite';

/**
 * A staged import: the file is written into a scratch copy of the test set (taken from the backup made
 * before the import), where the one import implementation runs unchanged and holds no lock on the test
 * set. Its search rows go into the test set in short batches, invisible until their cases exist. Then
 * the rows are copied in short batches too, and one short last step makes them stay: until then the
 * keys from before the import are kept in the file, and an import that stops half-way (refused, or
 * killed) is taken back down to them, so it adds all of its rows or none. The app's label saves wait
 * only for one of those short steps, never for the whole import.
 */

/** Tables an import appends to, by their integer key: the rows above the copy's highest key are the import's. */
const APPENDED = [
  ['documents', 'rowid'],
  ['cases', 'seq'],
  ['claims', 'id'],
  ['evidence', 'id'],
  ['responses', 'seq'],
  ['judge_runs', 'id'],
  ['verdicts', 'id'],
] as const;
type Appended = (typeof APPENDED)[number][0];
export type StageSnapshot = Record<Appended, number>;

/** The tables with their keys, parents before their children (taking an import back goes the other way). */
export const APPENDED_TABLES: readonly (readonly [Appended, string])[] = APPENDED;

/**
 * The order publishing copies them: everything a new case holds or answers it before the case itself,
 * so a case shows with its claims, evidence, responses and verdicts or not at all. The connection
 * that publishes checks no foreign keys meanwhile (checkForeignKeys): every row was checked
 * in the stage, and the last batches bring the cases the earlier ones refer to.
 */
const PUBLISH_ORDER: readonly Appended[] = ['documents', 'judge_runs', 'claims', 'evidence', 'responses', 'verdicts', 'cases'];

/** Off while a connection publishes (children go in before their case), on again to take an import back (deleting a case takes its rows with it). */
export function checkForeignKeys(db: Db, on: boolean): void {
  db.pragma(`foreign_keys = ${on ? 'ON' : 'OFF'}`);
}

/** Cases whose search rows one short write adds. */
export const SEARCH_BATCH = 2000;

export interface Stage {
  path: string;
  db: Db;
  snapshot: StageSnapshot;
}

function highestKeys(db: Db, schema: 'main' | 'stage'): StageSnapshot {
  return Object.fromEntries(
    APPENDED.map(([table, key]) => [table, db.prepare(`SELECT coalesce(max(${key}), 0) FROM ${schema}.${table}`).pluck().get() as number]),
  ) as StageSnapshot;
}

/**
 * The scratch copy, beside the backup it is copied from (`<backup>.staging.partial`, removed when the file is next opened
 * if a killed import left it, never listed). Durability does not matter here: a crash discards it anyway.
 */
export function openStage(backupPath: string): Stage {
  const path = `${backupPath}.staging.partial`;
  copyFileSync(backupPath, path);
  const db = openSqlite(path, { fileMustExist: true });
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  return { path, db, snapshot: highestKeys(db, 'main') };
}

export function discardStage(stage: Stage): void {
  if (stage.db.open) stage.db.close();
  for (const file of [stage.path, `${stage.path}-journal`, `${stage.path}-wal`, `${stage.path}-shm`]) rmSync(file, { force: true });
}

/** Attaches the staged copy to the test set's connection as `stage`. */
export function attachStage(db: Db, stage: Stage): void {
  db.prepare('ATTACH DATABASE ? AS stage').run(stage.path);
}

/** The staged cases' seqs, for indexing their search rows batch by batch. */
export function stagedCaseRange(db: Db, snapshot: StageSnapshot): { first: number; last: number } | null {
  const last = db.prepare('SELECT max(seq) FROM stage.cases').pluck().get() as number | null;
  return last === null || last <= snapshot.cases ? null : { first: snapshot.cases + 1, last };
}

/**
 * Search rows left by an import killed before it published (rows above every case) go first: they match
 * no case, but their rowids are the ones the next cases get.
 */
export function dropOrphanSearchRows(db: Db): void {
  db.prepare('DELETE FROM main.cases_fts WHERE rowid > (SELECT coalesce(max(seq), 0) FROM main.cases)').run();
}

/** One short write: the search rows of staged cases `from`..`to` (no case of the test set has these seqs yet). */
export function indexStagedSearch(db: Db, from: number, to: number): void {
  db.prepare(`INSERT INTO main.cases_fts (rowid, query, reference_answer, claims_text) ${searchRowsSql('stage')} WHERE c.seq BETWEEN ? AND ?`).run(from, to);
}

export interface PublishExtras {
  imported: { sha256: string; fileName: string; kind: string; format: string };
  /** Dimensions the import defines (a foreign judge's metrics, when asked to). */
  newDimensions: readonly Dimension[];
}

/**
 * Rows of one table one short write copies into the test set (or takes back): some 30 ms on a quiet
 * machine, so a few times that on a loaded one. A case brings its slices, retrieval units and seven
 * index entries; a response re-derives its case's marks, retrieval index and progress.
 */
const BATCH_ROWS: Partial<Record<Appended, number>> = { cases: 2000, responses: 500 };
export const publishBatchRows = (table: Appended): number => BATCH_ROWS[table] ?? 5000;

/** One short write of publishing: the staged rows of `table` keyed `from`..`to` (a case's slices with it). */
export interface PublishBatch {
  table: Appended;
  from: number;
  to: number;
}

/**
 * The first step of publishing, in the caller's transaction: refused when another writer added cases,
 * documents, responses or runs since the copy was taken (their keys would collide); otherwise the keys
 * from before the import are kept in import_publishing, so an import that stops half-way is taken back
 * down to them (db/import-rollback.ts).
 */
export function beginPublish(db: Db, snapshot: StageSnapshot): void {
  refuseMovedKeys(db, snapshot);
  db.prepare('INSERT INTO main.import_publishing (id, snapshot) VALUES (1, ?)').run(JSON.stringify(snapshot));
}

function refuseMovedKeys(db: Db, expected: StageSnapshot): void {
  const now = highestKeys(db, 'main');
  const moved = APPENDED.find(([table]) => now[table] !== expected[table]);
  if (moved) throw new ApiError('conflict', text('err.import.changed-meanwhile', { table: moved[0] }));
}

/** The batches written so far were taken back meanwhile (the file was opened again while the import ran): the rest must not land alone. */
function refuseTakenBack(db: Db, table: string): void {
  const publishing = db.prepare('SELECT EXISTS (SELECT 1 FROM main.import_publishing)').pluck().get() === 1;
  if (!publishing) throw new ApiError('conflict', text('err.import.changed-meanwhile', { table }));
}

/** The staged rows in short writes, in PUBLISH_ORDER (the connection's foreign keys off: checkForeignKeys). */
export function publishBatches(db: Db, snapshot: StageSnapshot): PublishBatch[] {
  const staged = highestKeys(db, 'stage');
  const batches: PublishBatch[] = [];
  for (const table of PUBLISH_ORDER) {
    const rows = publishBatchRows(table);
    for (let from = snapshot[table] + 1; from <= staged[table]; from += rows) {
      batches.push({ table, from, to: Math.min(staged[table], from + rows - 1) });
    }
  }
  return batches;
}

/**
 * One short write of publishing. A case shows once its batch is written, with everything the batches
 * before it brought (its slices and retrieval units come with it); until finishPublish the whole import
 * is taken back if it stops. Refused when another writer added rows to the table meanwhile.
 */
export function publishBatch(db: Db, snapshot: StageSnapshot, { table, from, to }: PublishBatch): void {
  refuseTakenBack(db, table);
  const key = APPENDED.find(([name]) => name === table)![1];
  const above = db.prepare(`SELECT EXISTS (SELECT 1 FROM main.${table} WHERE ${key} >= ?)`).pluck().get(from) === 1;
  if (above) throw new ApiError('conflict', text('err.import.changed-meanwhile', { table }));
  db.prepare(`INSERT INTO main.${table} SELECT * FROM stage.${table} WHERE ${key} BETWEEN ? AND ?`).run(from, to);
  if (table === 'cases') {
    db.prepare('INSERT INTO main.case_slices SELECT * FROM stage.case_slices WHERE case_seq BETWEEN ? AND ?').run(from, to);
    db.prepare('INSERT INTO main.retrieval_units SELECT * FROM stage.retrieval_units WHERE case_seq BETWEEN ? AND ?').run(from, to);
    // their responses went in before them: their marks are derived now that the cases are there
    db.prepare('INSERT OR IGNORE INTO main.case_marks_dirty (case_seq) SELECT DISTINCT case_seq FROM stage.responses WHERE seq > ? AND case_seq BETWEEN ? AND ?')
      .run(snapshot.responses, from, to);
  }
  if (table === 'responses') {
    // the retrieval index of a new case's responses, as the stage built it
    const range = { from, to, cases: snapshot.cases };
    const ofNewCases = 'SELECT seq FROM stage.responses WHERE seq BETWEEN :from AND :to AND case_seq > :cases';
    db.prepare(`INSERT INTO main.retrieval_lists SELECT * FROM stage.retrieval_lists WHERE response_seq IN (${ofNewCases})`).run(range);
    db.prepare(`INSERT INTO main.retrieval_holds SELECT * FROM stage.retrieval_holds WHERE response_seq IN (${ofNewCases})`).run(range);
    const answered = db.prepare('SELECT DISTINCT case_seq FROM stage.responses WHERE seq BETWEEN :from AND :to AND case_seq <= :cases').pluck().all(range) as number[];
    refreshAnsweredCases(db, answered);
  }
  settleBatchMarks(db);
}

/**
 * The marks of the cases a batch touched, derived in its step rather than by the next label saved
 * (after new document revisions every case's are, which no short step can do: the next write does it).
 */
export function settleBatchMarks(db: Db): void {
  if (db.prepare('SELECT NOT EXISTS (SELECT 1 FROM main.case_marks_dirty WHERE case_seq = 0)').pluck().get() === 1) settleCaseMarks(db);
}

/**
 * Cases that were there before and got responses (or lost them, when an import is taken back): their
 * retrieval index and marks re-derived from the test set itself, and the progress of the reviewers who
 * labeled them (a finished case may not be any more). In the caller's transaction.
 */
export function refreshAnsweredCases(db: Db, caseSeqs: readonly number[]): void {
  if (caseSeqs.length === 0) return;
  indexRetrieval(db, caseSeqs);
  const dirty = db.prepare('INSERT OR IGNORE INTO main.case_marks_dirty (case_seq) VALUES (?)');
  const labeled = db.prepare('SELECT EXISTS (SELECT 1 FROM main.label_events WHERE case_seq = ?)').pluck();
  const dimensions = listDimensions(db);
  for (const caseSeq of caseSeqs) {
    dirty.run(caseSeq);
    if (labeled.get(caseSeq) === 1) refreshProgress(db, caseSeq, null, dimensions);
  }
}

/**
 * The last step of publishing, in the caller's transaction: new dimensions, the file's record, and the
 * end of import_publishing (from here on the import stays).
 */
export function finishPublish(db: Db, extras: PublishExtras): void {
  refuseTakenBack(db, 'cases');
  if (extras.newDimensions.length > 0) {
    const current = listDimensions(db);
    const known = new Set(current.map((d) => d.name));
    saveDimensions(db, [...current, ...extras.newDimensions.filter((d) => !known.has(d.name))]);
  }
  rememberImportedFile(db, extras.imported);
  db.prepare('DELETE FROM main.import_publishing').run();
}
