import Database from 'better-sqlite3';
import { DIAGNOSIS_DELTA_TABLES } from './migrations/020-diagnosis-basis';
import type { LayersInput } from '../shared/diagnosis/layers-report';
import type { DiagnosisInput } from '../shared/diagnosis/types';
import { diagnosisInput, diagnosisSettings, relabeled } from './diagnosis';
import { layersInput, relayered } from './diagnosis-layers';
import { dropAfter } from './kept-reads';
import { reportRead } from './read-progress';
import { withFactWritesAfter } from './response-facts';
import type { Db } from './open';
import { statement } from './statements';
import { casesById } from '../shared/diagnosis/derived-once';
import { statedIdsOf } from '../shared/diagnosis/claims-stated';

/**
 * What the Diagnosis page reads of one system, kept between its visits: at 100,000 responses reading
 * it costs seconds, while people labelling between two visits change a handful of responses. So a
 * kept read takes in only the labels, adjudications and verdicts added since (their ids are
 * increasing and their rows never change) and reads those responses' labels again; any other write
 * to what it read moves the generation (db/migrations/020-diagnosis-basis.ts) and it is read whole.
 * The thresholds and the dependency per question type are read at each ask (they only steer the
 * computing). One read per file, dropped a quarter of an hour after its last use, so its memory goes with it.
 */

// long enough for a stretch of labelling between two visits (the Diagnosis worker reads a file ahead
// when it opens); at 100,000 responses the read and what its responses derive hold ~400 MB, so it is
// not kept for the whole session
const KEEP_MS = 15 * 60_000;

export interface DiagnosisInputs {
  base: DiagnosisInput;
  layers: LayersInput;
}

/** The inputs, how they were come by, and the basis they are right for (db/diagnosis-pages.ts keeps a page by it). */
export interface InputsRead extends DiagnosisInputs {
  /** Read whole from the file, brought up to date with the labels since the kept read, or the kept read as it was. */
  read: 'whole' | 'relabelled' | 'kept';
  /** Null when writers were not asked to move the generation for this read (a read-only or busy file): then no later read can tell it is still right. */
  basis: string | null;
}

type DeltaTable = (typeof DIAGNOSIS_DELTA_TABLES)[number];

interface Basis {
  generation: number;
  /** Whether writers move the generation (some reader keeps it). */
  kept: boolean;
  indexStale: boolean;
  /** The highest id of each label table the read took in. */
  last: Record<DeltaTable, number>;
}

interface Entry {
  system: string;
  key: string;
  basis: Basis;
  inputs: DiagnosisInputs;
  /**
   * Each response's place in the base list and in the layers list, by id: built on the first relabelling. The
   * layers list holds the base list's responses in its order, leaving out any without its case (a file written
   * with its foreign keys off): only then are the two places apart.
   */
  places: { base: Map<string, number>; layers: Map<string, number> } | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** When it is let go (ms since the epoch): a quarter of an hour after the page last asked it. */
  until: number;
}

const kept = new WeakMap<Db, Entry>();

/** The system whose read is kept and the generation it was read at, if one is kept. */
export function heldRead(db: Db): { system: string; generation: number } | null {
  const entry = kept.get(db);
  return entry ? { system: entry.system, generation: entry.basis.generation } : null;
}

function basisNow(db: Db): Basis {
  const last = Object.fromEntries(
    DIAGNOSIS_DELTA_TABLES.map((table) => [table, statement(db, `SELECT coalesce(max(id), 0) FROM ${table}`).pluck().get() as number]),
  ) as Record<DeltaTable, number>;
  const row = statement(db, 'SELECT generation, kept FROM diagnosis_basis WHERE id = 1').get() as { generation: number; kept: number };
  return {
    generation: row.generation,
    kept: row.kept === 1,
    indexStale: statement(db, "SELECT 1 FROM meta WHERE key = 'retrieval_index_stale'").get() !== undefined,
    last,
  };
}

/**
 * What a read of one system's inputs on one day is right for, as a key: equal keys, equal inputs, as long
 * as writers move the generation (the file's `kept` was set for it).
 */
function keyOf(basis: Basis, system: string, today: string, settings: DiagnosisInput['settings']): string {
  return JSON.stringify([system, today, basis.generation, basis.indexStale, basis.last, settings]);
}

/** The file's generation of what the Diagnosis page reads. */
export const diagnosisGeneration = (db: Db): number => statement(db, 'SELECT generation FROM diagnosis_basis WHERE id = 1').pluck().get() as number;

/**
 * Moves the generation past `generation` (the file's before its content was replaced by a backup's):
 * a page or read kept for the old content, or stored in the backup, can then not pass for the new.
 */
export function moveGenerationPast(db: Db, generation: number): void {
  statement(db, 'UPDATE diagnosis_basis SET generation = max(generation, ?) + 1, kept = 0 WHERE id = 1').run(generation);
}

/** The key of what a read of the file now would be, when writers move the generation (else null: no stored read can be trusted). */
export function currentBasis(db: Db, system: string, today: string): string | null {
  return db.transaction(() => {
    const now = basisNow(db);
    return now.kept ? keyOf(now, system, today, diagnosisSettings(db)) : null;
  })();
}

/** The responses with a label, adjudication or verdict added after `since`. */
function touchedSince(db: Db, since: Basis['last']): number[] {
  return statement(
    db,
    `SELECT response_seq FROM label_events WHERE id > ? AND response_seq IS NOT NULL
      UNION SELECT response_seq FROM adjudications WHERE id > ? AND response_seq IS NOT NULL
      UNION SELECT response_seq FROM verdicts WHERE id > ? AND response_seq IS NOT NULL`,
  )
    .pluck()
    .all(since.label_events, since.adjudications, since.verdicts) as number[];
}

function readWhole(db: Db, system: string, today: string): DiagnosisInputs {
  const base = diagnosisInput(db, system, today);
  reportRead(db, system, 'layers');
  return { base, layers: layersInput(db, system, base) };
}

/** The kept read with the touched responses' labels read again: new lists of responses, every untouched one the same object. */
function relabel(db: Db, system: string, entry: Entry, touched: readonly number[]): DiagnosisInputs {
  const { base, layers } = entry.inputs;
  if (!entry.places) {
    const inBase = new Map(base.responses.map((r, i) => [r.responseId, i]));
    entry.places = { base: inBase, layers: layers.responses.length === base.responses.length ? inBase : new Map(layers.responses.map((r, i) => [r.responseId, i])) };
  }
  const { base: places, layers: layerPlaces } = entry.places;
  const keptOf = <T>(list: readonly T[], at: ReadonlyMap<string, number>) => (id: string): T | undefined => {
    const i = at.get(id);
    return i === undefined ? undefined : list[i];
  };
  const cases = casesById(base.cases);
  const newBase = relabeled(db, system, touched, keptOf(base.responses, places), (caseId) => cases.get(caseId));
  const newLayers = relayered(db, system, touched, newBase, keptOf(layers.responses, layerPlaces), (caseId) => {
    const kase = cases.get(caseId);
    return kase && statedIdsOf(kase);
  });
  // a copy of the lists with the new objects in their places: no pass over every response
  const responses = base.responses.slice();
  for (const [id, r] of newBase) responses[places.get(id)!] = r;
  const layerResponses = layers.responses.slice();
  for (const [id, r] of newLayers) layerResponses[layerPlaces.get(id)!] = r;
  return { base: { ...base, responses }, layers: { ...layers, responses: layerResponses } };
}

/**
 * One system's diagnosis inputs as of `today` (the documents' staleness is a day's), read whole or
 * brought up to date from the kept read, in one snapshot of the file.
 */
export function diagnosisInputs(db: Db, system: string, today: string, asked: 'by-page' | 'to-keep-current' = 'by-page'): InputsRead {
  asksToKeep(db);
  let snapshot: Basis | null = null;
  // the facts the read computes are kept once it ends, if no write since changed what they derive from
  return withFactWritesAfter(
    db,
    () => readInputs(db, system, today, asked, (now) => (snapshot = now)),
    () => snapshot !== null && snapshot.kept && basisNow(db).generation === snapshot.generation,
  );
}

/**
 * `asked`: by the page, which keeps the read another quarter of an hour; or to keep a kept read current
 * (server/diagnosis/page-worker.ts), which lets it go when the page's last ask would have.
 */
function readInputs(db: Db, system: string, today: string, asked: 'by-page' | 'to-keep-current', seen: (now: Basis) => void): InputsRead {
  return db.transaction((): InputsRead => {
    const now = basisNow(db);
    seen(now);
    const key = `${system}\u0000${today}`;
    const last = kept.get(db);
    let entry: Entry;
    let read: InputsRead['read'] = 'kept';
    // the label tables only grow: fewer rows than the kept read took in is another file's content (a restore)
    const grown = last !== undefined && DIAGNOSIS_DELTA_TABLES.every((table) => now.last[table] >= last.basis.last[table]);
    if (last && grown && last.key === key && last.basis.generation === now.generation && last.basis.indexStale === now.indexStale) {
      const touched = touchedSince(db, last.basis.last);
      if (touched.length === 0) entry = last;
      else {
        const inputs = relabel(db, system, last, touched);
        entry = { ...last, basis: now, inputs };
        read = 'relabelled';
      }
    } else {
      entry = { system, key, basis: now, inputs: readWhole(db, system, today), places: null, timer: null, until: 0 };
      read = 'whole';
    }
    const settings = diagnosisSettings(db);
    // kept in the snapshot read: every write committed after it moves the generation
    if (now.kept) keep(db, last, entry, asked === 'by-page' || !last ? Date.now() + KEEP_MS : last.until);
    else if (last) forget(db, last);
    return { base: { ...entry.inputs.base, settings }, layers: entry.inputs.layers, read, basis: now.kept ? keyOf(now, system, today, settings) : null };
  })();
}

/**
 * Asks writers to move the generation from now on, before the read, in a write of its own: the read
 * then finds `kept` set in its snapshot, and every write after that snapshot, by any connection (the
 * app saving labels while a worker reads), moves the generation past it. A file open read-only cannot
 * ask, nor can one that refuses the write (busy, full): then the read keeps nothing. A write between
 * the ask and the read clears `kept` again, and that read keeps nothing either.
 */
function asksToKeep(db: Db): void {
  if (db.readonly || statement(db, 'SELECT kept FROM diagnosis_basis WHERE id = 1').pluck().get() === 1) return;
  try {
    statement(db, 'UPDATE diagnosis_basis SET kept = 1 WHERE id = 1').run();
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
  }
}

function keep(db: Db, last: Entry | undefined, entry: Entry, until: number): void {
  if (last?.timer) clearTimeout(last.timer);
  kept.set(db, entry);
  entry.until = until;
  dropAfter(Math.max(0, until - Date.now()), db, entry, forget);
}

function forget(db: Db, entry: Entry): void {
  if (entry.timer) clearTimeout(entry.timer);
  if (kept.get(db) === entry) kept.delete(db);
}
