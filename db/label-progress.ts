import { CLAIMS_STATED, coversStep, type StatedIds } from '../shared/diagnosis/claims-stated';
import type { Dimension } from '../shared/domain/dimensions';
import { isCaseFinished, labelSteps, stepKey } from '../shared/labeling/steps';
import { decodeLabelValue } from '../shared/labeling/values';
import { contentChangedAt, contentChangesByCase } from './content-changed-at';
import { listDimensions } from './dimensions';
import type { Db } from './open';
import { invalidateQueues, noteProgressChange } from './queue-cache';
import { readSetting, writeSetting } from './settings';
import { statedIdsBySeq } from './stated-ids';
import { statement } from './statements';

/**
 * `label_progress` holds (reviewer, case) for every case the reviewer has
 * finished: a current, non-null label of theirs on every step of labelSteps.
 * It is derived from label_events and kept in step inside the transaction of
 * each change that can move it: a label event or undo (refreshProgress for
 * that case and reviewer), new responses on a case (refreshProgress for the
 * case, every reviewer), a change of the case's content for everyone (db/reask.ts, every
 * reviewer), a change of the dimension set (rebuildProgress).
 * Anything else that appends label events (a label-pack import) must call
 * refreshProgress for the cases it touched, or rebuildProgress.
 */

const PROGRESS_KEY = 'label_progress';
// 2: a "stated" label must also mark every current claim of its case (`covers`); rows built without that are built again
const PROGRESS_VERSION = 2;

interface EventRow {
  response_id: string | null;
  dimension: string;
  value: string | null;
  reviewer_id: number;
  id: number;
}

function finishedBy(dimensions: readonly Dimension[], responses: { id: string; system: string }[], events: readonly EventRow[], changedForAll: number | null, stated: () => StatedIds | undefined): Set<number> {
  const latest = new Map<number, Map<string, { eventId: number; value: ReturnType<typeof decodeLabelValue> }>>();
  for (const e of events) {
    let mine = latest.get(e.reviewer_id);
    if (!mine) latest.set(e.reviewer_id, (mine = new Map()));
    const key = stepKey(e.dimension, e.response_id);
    const known = mine.get(key);
    if (!known || known.eventId < e.id) mine.set(key, { eventId: e.id, value: e.value === null ? null : decodeLabelValue(e.value) });
  }
  const steps = labelSteps(dimensions, responses);
  const finished = new Set<number>();
  const covers = coversStep(stated);
  for (const [reviewerId, labels] of latest) if (isCaseFinished(steps, labels, changedForAll, covers)) finished.add(reviewerId);
  return finished;
}

const responsesOf = (db: Db, caseSeq: number) =>
  statement(db, 'SELECT id, system FROM responses WHERE case_seq = ?').all(caseSeq) as { id: string; system: string }[];

const eventsOf = (db: Db, caseSeq: number, reviewerId: number | null) =>
  (reviewerId === null
    ? statement(db, 'SELECT r.id AS response_id, e.dimension, e.value, e.reviewer_id, e.id FROM label_events e LEFT JOIN responses r ON r.seq = e.response_seq WHERE e.case_seq = ?').all(caseSeq)
    : statement(db, 'SELECT r.id AS response_id, e.dimension, e.value, e.reviewer_id, e.id FROM label_events e LEFT JOIN responses r ON r.seq = e.response_seq WHERE e.case_seq = ? AND +e.reviewer_id = ?').all(caseSeq, reviewerId)) as EventRow[];

/** Re-derives whether one case is finished, for one reviewer or (null) for every reviewer with labels on it. */
export function refreshProgress(db: Db, caseSeq: number, reviewerId: number | null, dimensions: readonly Dimension[] = listDimensions(db)): void {
  const events = eventsOf(db, caseSeq, reviewerId);
  const finished = finishedBy(dimensions, responsesOf(db, caseSeq), events, contentChangedAt(db, caseSeq), () => statedIdsBySeq(db, [caseSeq]).get(caseSeq));
  const reviewers = reviewerId === null ? new Set(events.map((e) => e.reviewer_id)) : new Set([reviewerId]);
  const insert = statement(db, 'INSERT OR IGNORE INTO label_progress (reviewer_id, case_seq) VALUES (?, ?)');
  const remove = statement(db, 'DELETE FROM label_progress WHERE reviewer_id = ? AND case_seq = ?');
  for (const r of reviewers) {
    const changed = finished.has(r) ? insert.run(r, caseSeq).changes : remove.run(r, caseSeq).changes;
    if (changed > 0) noteProgressChange(db, r, caseSeq, finished.has(r));
  }
}

/** Re-derives the whole table from label_events (after a dimension change, or once for a file from before it existed). */
export function rebuildProgress(db: Db): void {
  invalidateQueues(db);
  try {
    rebuildProgressRows(db);
  } finally {
    invalidateQueues(db);
  }
}

function rebuildProgressRows(db: Db): void {
  db.transaction(() => {
    const dimensions = listDimensions(db);
    const changes = contentChangesByCase(db);
    // the claim ids of the cases with a "stated" label (read before the events: one statement at a time)
    const stated = statedIdsBySeq(db, db.prepare('SELECT DISTINCT case_seq FROM label_events WHERE dimension = ?').pluck().all(CLAIMS_STATED) as number[]);
    const responses = new Map<number, { id: string; system: string }[]>();
    const responseRows = db
      .prepare('SELECT case_seq, id, system FROM responses WHERE case_seq IN (SELECT DISTINCT case_seq FROM label_events)')
      .all() as { case_seq: number; id: string; system: string }[];
    for (const r of responseRows) {
      const list = responses.get(r.case_seq);
      if (list) list.push(r);
      else responses.set(r.case_seq, [r]);
    }
    // Read everything first: better-sqlite3 cannot run another statement while one is iterating.
    const finished: [number, number][] = [];
    let currentCase = -1;
    let batch: EventRow[] = [];
    const take = () => {
      if (batch.length === 0) return;
      for (const reviewerId of finishedBy(dimensions, responses.get(currentCase) ?? [], batch, changes.get(currentCase) ?? null, () => stated.get(currentCase))) finished.push([reviewerId, currentCase]);
    };
    const events = db
      .prepare('SELECT e.case_seq, r.id AS response_id, e.dimension, e.value, e.reviewer_id, e.id FROM label_events e LEFT JOIN responses r ON r.seq = e.response_seq ORDER BY e.case_seq')
      .iterate() as IterableIterator<EventRow & { case_seq: number }>;
    for (const row of events) {
      if (row.case_seq !== currentCase) {
        take();
        currentCase = row.case_seq;
        batch = [];
      }
      batch.push(row);
    }
    take();
    db.prepare('DELETE FROM label_progress').run();
    const insert = db.prepare('INSERT INTO label_progress (reviewer_id, case_seq) VALUES (?, ?)');
    for (const [reviewerId, caseSeq] of finished) insert.run(reviewerId, caseSeq);
    writeSetting(db, PROGRESS_KEY, PROGRESS_VERSION);
  })();
}

const checked = new WeakSet<Db>();

/** Builds label_progress once for a file whose labels predate it (a no-op on later calls). */
export function ensureProgress(db: Db): void {
  if (checked.has(db)) return;
  if (readSetting<number>(db, PROGRESS_KEY) !== PROGRESS_VERSION) rebuildProgress(db);
  checked.add(db);
}
