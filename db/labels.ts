import { text } from '../shared/messages/text';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../shared/api/contract';
import type { LabelEvent, Reviewer } from '../shared/api/labeling-ops';
import { recordableDimension, valueProblem, type LabelValue } from '../shared/domain/dimensions';
import type { CurrentLabel } from '../shared/labeling/item';
import { contentChangedAt } from './content-changed-at';
import { askAgainAfter, askedAgain, CONTENT_DEPENDENT_DIMENSIONS, stepKey } from '../shared/labeling/steps';
import { decodeLabelValue, encodeLabelValue, sameLabelValue } from '../shared/labeling/values';
import { listDimensions } from './dimensions';
import { settleCaseMarks } from './case-marks';
import { refreshProgress } from './label-progress';
import { blindRoundStart } from './rounds';
import type { Db } from './open';
import { settleProgressChanges } from './queue-cache';

/** Label events: append-only rows; the current label of (case, response, dimension, reviewer) is its latest row. */

const at = (op: string, field: string) => ({ file: op, line: null, field });
const nowIso = () => new Date().toISOString();

// ---- reviewers ---------------------------------------------------------------------------------

export function listReviewers(db: Db): Reviewer[] {
  return db.prepare('SELECT id, name FROM reviewers ORDER BY name COLLATE NOCASE, id').all() as Reviewer[];
}

/** A new reviewer; names are unique ignoring case (also beyond ASCII: "Ärzte" and "ärzte" are one name). */
export function createReviewer(db: Db, rawName: string): Reviewer {
  const name = rawName.trim();
  if (!name) throw new ApiError('invalid-input', text('err.reviewer.name-empty'), at('reviewers.create', 'name'));
  return db.transaction(() => {
    const folded = name.toLocaleLowerCase();
    const clash = listReviewers(db).find((r) => r.name.toLocaleLowerCase() === folded || r.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new ApiError('conflict', text('err.reviewer.exists', { name: clash.name }), at('reviewers.create', 'name'));
    const id = Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run(name, nowIso()).lastInsertRowid);
    return { id, name };
  }).immediate();
}

export function requireReviewer(db: Db, reviewerId: number, op: string): Reviewer {
  const row = db.prepare('SELECT id, name FROM reviewers WHERE id = ?').get(reviewerId) as Reviewer | undefined;
  if (!row) throw new ApiError('not-found', text('err.reviewer.unknown-id', { id: reviewerId }), at(op, 'reviewerId'));
  return row;
}

export function requireCaseSeq(db: Db, caseId: string, op: string): number {
  const seq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck().get(caseId) as number | undefined;
  if (seq === undefined) throw new ApiError('not-found', text('err.case.unknown', { id: caseId }), at(op, 'caseId'));
  return seq;
}

// ---- recording ---------------------------------------------------------------------------------

export interface RecordLabelInput {
  reviewerId: number;
  caseId: string;
  responseId: string | null;
  dimension: string;
  value: LabelValue;
  reason?: string | null;
  /** Made by the client, so a call retried after a lost answer or a storage failure is written once. */
  uid?: string | null;
}

export interface RecordedLabel {
  eventId: number;
  at: string;
  /** The value before this call (equal to `value` when nothing was appended). */
  previousValue: LabelValue;
  /** False when the value was already the current one (a repeated key press appends nothing). */
  appended: boolean;
}

interface StoredEvent {
  id: number;
  value: string | null;
  created_at: string;
}

const latestOfItem = (db: Db, caseSeq: number, responseSeq: number | null, dimension: string, reviewerId: number, beforeId = Number.MAX_SAFE_INTEGER) =>
  db
    .prepare(
      `SELECT id, value, created_at FROM label_events
        WHERE case_seq = ? AND response_seq IS ? AND dimension = ? AND reviewer_id = ? AND id < ?
        ORDER BY id DESC LIMIT 1`,
    )
    .get(caseSeq, responseSeq, dimension, reviewerId, beforeId) as StoredEvent | undefined;

/** The reviewer's current claims and reference-answer labels of the case and its change for everyone, as askAgainAfter reads them. */
function contentEditedAt(db: Db, caseSeq: number, reviewerId: number): number | null {
  const current = new Map<string, { value: LabelValue; eventId: number }>();
  for (const dimension of ['claims', 'referenceAnswer']) {
    const latest = latestOfItem(db, caseSeq, null, dimension, reviewerId);
    if (latest) current.set(stepKey(dimension, null), { value: latest.value === null ? null : decodeLabelValue(latest.value), eventId: latest.id });
  }
  return askAgainAfter(current, contentChangedAt(db, caseSeq));
}

const insertEvent = (
  db: Db,
  e: {
    caseSeq: number; responseSeq: number | null; dimension: string; value: LabelValue; reviewerId: number; at: string; reason: string | null;
    kind: 'set' | 'undo'; undoes: number | null; uid?: string | null;
  },
) =>
  Number(
    db
      .prepare(
        `INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, reason, kind, undoes_event_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.uid ?? randomUUID(), e.caseSeq, e.responseSeq, e.dimension, encodeLabelValue(e.value), e.reviewerId, e.at, e.reason, e.kind, e.undoes).lastInsertRowid,
  );

/**
 * Appends one label event, after checking the reviewer, the case, the
 * dimension, its scope (a case dimension takes responseId null; a response
 * dimension names a response of this very case) and that the value fits the
 * dimension. Recording the current value again appends nothing and answers
 * with the current event (unless that event predates a blind round on the case).
 */
export function recordLabel(db: Db, input: RecordLabelInput, now: () => string = nowIso): RecordedLabel {
  const recorded = appendLabel(db, input, now);
  settleProgressChanges(db);
  settleCaseMarks(db);
  return recorded;
}

function appendLabel(db: Db, input: RecordLabelInput, now: () => string): RecordedLabel {
  const op = 'labels.record';
  return db.transaction((): RecordedLabel => {
    requireReviewer(db, input.reviewerId, op);
    const caseSeq = requireCaseSeq(db, input.caseId, op);
    const dimensions = listDimensions(db);
    const dimension = recordableDimension(dimensions, input.dimension);
    if (!dimension) {
      throw new ApiError('invalid-input', text('err.label.unknown-dimension', { dimension: input.dimension, dimensions: dimensions.map((d) => `"${d.name}"`).join(', ') }), at(op, 'dimension'));
    }
    let responseSeq: number | null = null;
    if (dimension.scope === 'case') {
      if (input.responseId !== null) {
        throw new ApiError('invalid-input', text('err.label.case-scope', { dimension: dimension.name }), at(op, 'responseId'));
      }
    } else {
      if (input.responseId === null) {
        throw new ApiError('invalid-input', text('err.label.response-scope', { dimension: dimension.name, caseId: input.caseId }), at(op, 'responseId'));
      }
      const response = db.prepare('SELECT seq, case_seq FROM responses WHERE id = ?').get(input.responseId) as { seq: number; case_seq: number } | undefined;
      if (!response) throw new ApiError('invalid-input', text('err.response.unknown', { id: input.responseId }), at(op, 'responseId'));
      if (response.case_seq !== caseSeq) {
        throw new ApiError('invalid-input', text('err.label.response-other-case', { responseId: input.responseId, caseId: input.caseId }), at(op, 'responseId'));
      }
      responseSeq = response.seq;
    }
    const problem = valueProblem(dimension, input.value);
    if (problem) {
      throw new ApiError('invalid-input', text('err.value.misfit', { value: JSON.stringify(input.value), dimension: dimension.name, problem }), at(op, 'value'));
    }

    if (input.uid) {
      const replayed = eventOfUid(db, input.uid);
      if (replayed) return sameEventOrRefuse(replayed, { caseSeq, responseSeq, dimension: dimension.name, reviewerId: input.reviewerId, value: input.value }, db);
    }
    const current = latestOfItem(db, caseSeq, responseSeq, dimension.name, input.reviewerId);
    const previousValue = current ? decodeLabelValue(current.value) : null;
    // The same value again appends nothing — except inside a blind round, where a label given
    // before the round started must be given again to count (the round is labeled from scratch).
    const roundStart = blindRoundStart(db, caseSeq);
    // …and a "claims this answer states" label asked again after a claims edit, confirmed unchanged, counts as given again
    const after = CONTENT_DEPENDENT_DIMENSIONS.has(dimension.name) ? contentEditedAt(db, caseSeq, input.reviewerId) : null;
    const askedAgainNow = current !== undefined && current !== null && askedAgain(dimension.name, { eventId: current.id }, after);
    if (current && sameLabelValue(previousValue, input.value) && !(roundStart !== null && current.id <= roundStart) && !askedAgainNow) {
      return { eventId: current.id, at: current.created_at, previousValue, appended: false };
    }
    const reason = input.reason?.trim() ? input.reason.trim() : null;
    const createdAt = now();
    const eventId = insertEvent(db, {
      caseSeq, responseSeq, dimension: dimension.name, value: input.value, reviewerId: input.reviewerId, at: createdAt, reason, kind: 'set', undoes: null, uid: input.uid,
    });
    refreshProgress(db, caseSeq, input.reviewerId, dimensions);
    return { eventId, at: createdAt, previousValue, appended: true };
  }).immediate();
}

interface UidEvent extends StoredEvent {
  case_seq: number;
  response_seq: number | null;
  dimension: string;
  reviewer_id: number;
  kind: 'set' | 'undo';
}

const eventOfUid = (db: Db, uid: string) =>
  db.prepare('SELECT id, value, created_at, case_seq, response_seq, dimension, reviewer_id, kind FROM label_events WHERE uid = ?').get(uid) as UidEvent | undefined;

/** A retried call whose event is already written answers with that event; a uid reused for another label is refused. */
function sameEventOrRefuse(
  stored: UidEvent,
  asked: { caseSeq: number; responseSeq: number | null; dimension: string; reviewerId: number; value: LabelValue },
  db: Db,
): RecordedLabel {
  const same = stored.kind === 'set' && stored.case_seq === asked.caseSeq && stored.response_seq === asked.responseSeq && stored.dimension === asked.dimension
    && stored.reviewer_id === asked.reviewerId && sameLabelValue(decodeLabelValue(stored.value), asked.value);
  if (!same) throw new ApiError('conflict', text('err.label.uid-taken'), at('labels.record', 'uid'));
  const before = latestOfItem(db, stored.case_seq, stored.response_seq, stored.dimension, stored.reviewer_id, stored.id);
  return { eventId: stored.id, at: stored.created_at, previousValue: before ? decodeLabelValue(before.value) : null, appended: false };
}

// ---- reading -----------------------------------------------------------------------------------

/** This reviewer's current label of every (response, dimension) of a case, keyed by stepKey. */
export function currentLabels(db: Db, caseSeq: number, reviewerId: number): Map<string, CurrentLabel> {
  const rows = db
    .prepare(
      `SELECT e.id, r.id AS response_id, e.dimension, e.value, e.created_at, e.reason FROM label_events e
         LEFT JOIN responses r ON r.seq = e.response_seq
        WHERE e.case_seq = ? AND +e.reviewer_id = ? ORDER BY e.id`,
    )
    .all(caseSeq, reviewerId) as { id: number; response_id: string | null; dimension: string; value: string | null; created_at: string; reason: string | null }[];
  const current = new Map<string, CurrentLabel>();
  for (const row of rows) {
    current.set(stepKey(row.dimension, row.response_id), { eventId: row.id, value: decodeLabelValue(row.value), at: row.created_at, reason: row.reason });
  }
  return current;
}

/** Every label event of a case, oldest first, each with the value it replaced in its own (response, dimension, reviewer) chain. */
export function caseHistory(db: Db, caseId: string): LabelEvent[] {
  const caseSeq = requireCaseSeq(db, caseId, 'labels.history');
  const rows = db
    .prepare(
      `SELECT e.id, v.name AS reviewer, e.reviewer_id, e.dimension, r.id AS response_id, e.value, e.reason, e.created_at, e.kind, e.undoes_event_id
         FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id LEFT JOIN responses r ON r.seq = e.response_seq
        WHERE e.case_seq = ? ORDER BY e.id`,
    )
    .all(caseSeq) as {
    id: number; reviewer: string; reviewer_id: number; dimension: string; response_id: string | null; value: string | null;
    reason: string | null; created_at: string; kind: 'set' | 'undo'; undoes_event_id: number | null;
  }[];
  const chain = new Map<string, LabelValue>();
  return rows.map((row) => {
    const key = `${row.reviewer_id}\u0000${stepKey(row.dimension, row.response_id)}`;
    const value = decodeLabelValue(row.value);
    const previousValue = chain.has(key) ? chain.get(key)! : null;
    chain.set(key, value);
    return {
      eventId: row.id,
      reviewer: row.reviewer,
      dimension: row.dimension,
      responseId: row.response_id,
      value,
      previousValue,
      reason: row.reason,
      at: row.created_at,
      kind: row.kind,
      undoesEventId: row.undoes_event_id,
    };
  });
}

// ---- undo --------------------------------------------------------------------------------------

export interface UndoOutcome {
  undone: boolean;
  caseId: string | null;
  dimension: string | null;
  responseId: string | null;
  restoredValue: LabelValue;
  eventId: number | null;
  /** The value and reason of the change undone (what a redo writes again). */
  undoneValue: LabelValue;
  undoneReason: string | null;
}

/**
 * Undoes this reviewer's most recent change that is not undone yet: appends an
 * 'undo' event pointing at it, whose value is the value its item had just
 * before it (null when it was the first). Pressing undo again walks further
 * back: the undone change and the undo events are skipped, so the next undo
 * takes the change before that one — across items and cases, newest first.
 */
export function undoLast(db: Db, reviewerId: number, now: () => string = nowIso): UndoOutcome {
  const outcome = appendUndo(db, reviewerId, now);
  settleProgressChanges(db);
  settleCaseMarks(db);
  return outcome;
}

function appendUndo(db: Db, reviewerId: number, now: () => string): UndoOutcome {
  return db.transaction((): UndoOutcome => {
    requireReviewer(db, reviewerId, 'labels.undo');
    const undone = db.prepare('SELECT 1 FROM label_events WHERE undoes_event_id = ? LIMIT 1').pluck();
    const sets = db
      .prepare("SELECT id, case_seq, response_seq, dimension, value, reason FROM label_events WHERE reviewer_id = ? AND kind = 'set' AND id < ? ORDER BY id DESC LIMIT 64");
    type Candidate = { id: number; case_seq: number; response_seq: number | null; dimension: string; value: string | null; reason: string | null };
    let target: Candidate | undefined;
    let before = Number.MAX_SAFE_INTEGER;
    search: for (;;) {
      const page = sets.all(reviewerId, before) as Candidate[];
      if (page.length === 0) break;
      for (const candidate of page) {
        if (!undone.get(candidate.id)) {
          target = candidate;
          break search;
        }
      }
      before = page[page.length - 1].id;
    }
    if (!target) return { undone: false, caseId: null, dimension: null, responseId: null, restoredValue: null, eventId: null, undoneValue: null, undoneReason: null };
    const prior = latestOfItem(db, target.case_seq, target.response_seq, target.dimension, reviewerId, target.id);
    const restoredValue = prior ? decodeLabelValue(prior.value) : null;
    const eventId = insertEvent(db, {
      caseSeq: target.case_seq, responseSeq: target.response_seq, dimension: target.dimension, value: restoredValue,
      reviewerId, at: now(), reason: null, kind: 'undo', undoes: target.id,
    });
    refreshProgress(db, target.case_seq, reviewerId);
    const caseId = db.prepare('SELECT id FROM cases WHERE seq = ?').pluck().get(target.case_seq) as string;
    const responseId = target.response_seq === null ? null : (db.prepare('SELECT id FROM responses WHERE seq = ?').pluck().get(target.response_seq) as string);
    return { undone: true, caseId, dimension: target.dimension, responseId, restoredValue, eventId, undoneValue: decodeLabelValue(target.value), undoneReason: target.reason };
  }).immediate();
}
