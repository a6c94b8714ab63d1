import { ApiError } from '../shared/api/contract';
import type { JudgeRef, PickReason, RoundFigures, RoundStatus, RoundSummary } from '../shared/api/calibration-ops';
import type { StoredRoundFigures } from '../shared/calibration/figures';
import { readStoredNotes, storedNotes, type CodedNote } from '../shared/calibration/round-notes';
import { itemKey, type RoundPick, type SamplerItem, type SamplerRun, type SamplerVerdict } from '../shared/calibration/sampler';
import { CLAIMS_STATED, coversStep } from '../shared/diagnosis/claims-stated';
import { listDimensions } from './dimensions';
import { statedIdsBySeq } from './stated-ids';
import type { Db } from './open';
import { text as say } from '../shared/messages/text';

/** The SQL of calibration rounds (migrations 4 and 9). No logic beyond reading and writing rows. */

interface RoundRow {
  id: number;
  week: string;
  seed: number;
  size: number;
  status: RoundStatus;
  created_at: string;
  revealed_at: string | null;
  revealed_early: number;
  reveal_event_id: number | null;
  start_event_id: number | null;
  revealed_by: number | null;
  revealed_by_name: string | null;
  closed_at: string | null;
  notes: string;
}

export interface StoredRound extends RoundSummary {
  /** Labels count as of this label event id (set at the reveal); null before. */
  revealEventId: number | null;
  /** The round's labels are the events after this id (the newest event when it started); 0 for a round started before this was recorded. */
  startEventId: number;
}

const SUMMARY_SQL = `SELECT r.*, (SELECT name FROM reviewers v WHERE v.id = r.revealed_by) AS revealed_by_name, (SELECT count(*) FROM round_items i WHERE i.round_id = r.id) AS items,
  (SELECT count(*) FROM round_items i WHERE i.round_id = r.id AND i.reason = 'changed') AS changed_items FROM rounds r`;

const toRound = (row: RoundRow & { items: number; changed_items: number }): StoredRound => ({
  id: row.id,
  week: row.week,
  seed: row.seed,
  size: row.size,
  items: row.items,
  changedItems: row.changed_items,
  status: row.status,
  createdAt: row.created_at,
  revealedAt: row.revealed_at,
  revealedEarly: row.revealed_early === 1,
  revealedBy: row.revealed_by === null ? null : { reviewerId: row.revealed_by, name: row.revealed_by_name ?? '' },
  closedAt: row.closed_at,
  notes: readStoredNotes(row.notes),
  revealEventId: row.reveal_event_id,
  startEventId: row.start_event_id ?? 0,
});

export function listRounds(db: Db): StoredRound[] {
  return (db.prepare(`${SUMMARY_SQL} ORDER BY r.id DESC`).all() as (RoundRow & { items: number; changed_items: number })[]).map(toRound);
}

export function requireRound(db: Db, roundId: number, op: string): StoredRound {
  const row = db.prepare(`${SUMMARY_SQL} WHERE r.id = ?`).get(roundId) as (RoundRow & { items: number; changed_items: number }) | undefined;
  if (!row) {
    const ids = db.prepare('SELECT id FROM rounds ORDER BY id').pluck().all() as number[];
    throw new ApiError('not-found', ids.length ? say('err.round.unknown-list', { roundId, rounds: ids.join(', ') }) : say('err.round.none', { roundId }), {
      file: op, line: null, field: 'roundId',
    });
  }
  return toRound(row);
}

// ---- sampler input -----------------------------------------------------------------------------

interface JudgeRunRow {
  id: number;
  model: string;
  model_version: string;
  prompt_version: string;
}

export function judgeRuns(db: Db): SamplerRun[] {
  return (db.prepare('SELECT id, model, model_version, prompt_version FROM judge_runs ORDER BY id').all() as JudgeRunRow[]).map((r) => ({
    id: r.id, model: r.model, modelVersion: r.model_version, promptVersion: r.prompt_version,
  }));
}

export function judgeRef(db: Db, runId: number | null): JudgeRef | null {
  if (runId === null) return null;
  const r = db.prepare('SELECT id, model, model_version, prompt_version FROM judge_runs WHERE id = ?').get(runId) as JudgeRunRow | undefined;
  return r ? { runId: r.id, model: r.model, modelVersion: r.model_version, promptVersion: r.prompt_version } : null;
}

/** Every verdict in file order (id), with its item key. */
export function* allVerdicts(db: Db): Generator<SamplerVerdict> {
  const rows = db
    .prepare(
      `SELECT v.run_id, v.dimension, c.id, r.id, v.value FROM verdicts v JOIN cases c ON c.seq = v.case_seq
         LEFT JOIN responses r ON r.seq = v.response_seq ORDER BY v.id`,
    )
    .raw()
    .all() as [number, string, string, string | null, string][];
  for (const [runId, dimension, caseId, responseId, value] of rows) yield { runId, dimension, itemKey: itemKey(caseId, responseId), value: JSON.parse(value) as unknown };
}

/**
 * Items a round can pick: every response (with its case), every case without responses, and
 * every case the judge scored at case level (case-level verdicts).
 */
export function eligibleItems(db: Db): SamplerItem[] {
  const rows = db
    .prepare(
      `SELECT c.id AS case_id, r.id AS response_id FROM responses r JOIN cases c ON c.seq = r.case_seq
       UNION SELECT c.id, NULL FROM cases c WHERE NOT EXISTS (SELECT 1 FROM responses r WHERE r.case_seq = c.seq)
       UNION SELECT c.id, NULL FROM cases c WHERE EXISTS (SELECT 1 FROM verdicts v WHERE v.case_seq = c.seq AND v.response_seq IS NULL)`,
    )
    .all() as { case_id: string; response_id: string | null }[];
  return rows.map((r) => ({ key: itemKey(r.case_id, r.response_id), caseId: r.case_id, responseId: r.response_id }));
}

/** Item keys of the latest round before a new one. */
export function previousRoundItems(db: Db): { roundId: number | null; keys: Set<string> } {
  const roundId = (db.prepare('SELECT max(id) FROM rounds').pluck().get() as number | null) ?? null;
  if (roundId === null) return { roundId: null, keys: new Set() };
  return { roundId, keys: new Set(roundItems(db, roundId).map((i) => itemKey(i.caseId, i.responseId))) };
}

/** Per dimension, the latest judge run with verdicts on it. */
export function latestRunPerDimension(db: Db): Map<string, number> {
  const rows = db.prepare('SELECT dimension, max(run_id) AS run_id FROM verdicts GROUP BY dimension').all() as { dimension: string; run_id: number }[];
  return new Map(rows.map((r) => [r.dimension, r.run_id]));
}

// ---- writing a round ---------------------------------------------------------------------------

export interface NewRound {
  week: string;
  seed: number;
  size: number;
  createdAt: string;
  notes: CodedNote[];
  dimensions: { dimension: string; runId: number | null }[];
  picks: RoundPick[];
}

export function insertRound(db: Db, round: NewRound): number {
  const id = Number(
    db.prepare(
      `INSERT INTO rounds (week, seed, size, status, created_at, notes, start_event_id)
       VALUES (?, ?, ?, 'labeling', ?, ?, (SELECT coalesce(max(id), 0) FROM label_events))`,
    ).run(round.week, round.seed, round.size, round.createdAt, storedNotes(round.notes)).lastInsertRowid,
  );
  const insertDimension = db.prepare('INSERT INTO round_dimensions (round_id, position, dimension, run_id) VALUES (?, ?, ?, ?)');
  round.dimensions.forEach((d, i) => insertDimension.run(id, i, d.dimension, d.runId));
  const caseSeq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck();
  const responseSeq = db.prepare('SELECT seq FROM responses WHERE id = ?').pluck();
  const insertItem = db.prepare(
    `INSERT INTO round_items (round_id, position, case_seq, response_seq, reason, dimension, from_run_id, to_run_id, from_value, to_value, delta, magnitude)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  round.picks.forEach((p, i) => {
    const r = p.reason;
    const changed = r.kind === 'changed' ? r : null;
    insertItem.run(
      id, i, caseSeq.get(p.item.caseId), p.item.responseId === null ? null : responseSeq.get(p.item.responseId), r.kind,
      changed?.dimension ?? null, changed?.fromRunId ?? null, changed?.toRunId ?? null,
      changed ? JSON.stringify(changed.fromValue) : null, changed ? JSON.stringify(changed.toValue) : null, changed?.delta ?? null, changed?.magnitude ?? null,
    );
  });
  return id;
}

export function setRevealed(db: Db, roundId: number, at: string, early: boolean, byReviewerId: number | null): void {
  const watermark = (db.prepare('SELECT coalesce(max(id), 0) FROM label_events').pluck().get() as number) ?? 0;
  db.prepare("UPDATE rounds SET status = 'revealed', revealed_at = ?, revealed_early = ?, reveal_event_id = ?, revealed_by = ? WHERE id = ? AND status = 'labeling'")
    .run(at, early ? 1 : 0, watermark, byReviewerId, roundId);
}

/** Removes a round still being labeled (the caller checks it has no label of its own). */
export function deleteRound(db: Db, roundId: number): void {
  db.prepare('DELETE FROM round_items WHERE round_id = ?').run(roundId);
  db.prepare('DELETE FROM round_dimensions WHERE round_id = ?').run(roundId);
  db.prepare('DELETE FROM rounds WHERE id = ?').run(roundId);
}

/** Ids of the rounds started in an ISO week. */
export function roundsOfWeek(db: Db, week: string): number[] {
  return db.prepare('SELECT id FROM rounds WHERE week = ? ORDER BY id').pluck().all(week) as number[];
}

/** Whether a case holds an item of a round still being labeled blind (its verdicts stay hidden). */
export function inBlindRound(db: Db, caseSeq: number): boolean {
  return db.prepare("SELECT 1 FROM round_items i JOIN rounds r ON r.id = i.round_id WHERE i.case_seq = ? AND r.status = 'labeling' LIMIT 1").get(caseSeq) !== undefined;
}

/** Case ids holding an item of a round still being labeled blind (their verdicts stay hidden everywhere). */
export function blindCaseIds(db: Db): Set<string> {
  return new Set(
    db.prepare("SELECT DISTINCT c.id FROM round_items i JOIN rounds r ON r.id = i.round_id JOIN cases c ON c.seq = i.case_seq WHERE r.status = 'labeling'").pluck().all() as string[],
  );
}

/** The newest label event when the round started: its labels are the events after it. */
export function roundStartEventId(db: Db, roundId: number): number {
  return (db.prepare('SELECT coalesce(start_event_id, 0) FROM rounds WHERE id = ?').pluck().get(roundId) as number | undefined) ?? 0;
}

export function setStatus(db: Db, roundId: number, status: RoundStatus, closedAt: string | null = null): void {
  db.prepare('UPDATE rounds SET status = ?, closed_at = coalesce(?, closed_at) WHERE id = ?').run(status, closedAt, roundId);
}

// ---- reading a round ---------------------------------------------------------------------------

export interface StoredRoundItem {
  position: number;
  caseSeq: number;
  responseSeq: number | null;
  caseId: string;
  responseId: string | null;
  query: string;
  system: string | null;
  answer: string | null;
  questionType: string | null;
  reason: PickReason;
}

export function roundItems(db: Db, roundId: number): StoredRoundItem[] {
  const rows = db
    .prepare(
      `SELECT i.*, c.id AS case_id, c.query, c.question_type, r.id AS response_id, r.system, r.answer FROM round_items i
         JOIN cases c ON c.seq = i.case_seq LEFT JOIN responses r ON r.seq = i.response_seq
        WHERE i.round_id = ? ORDER BY i.position`,
    )
    .all(roundId) as {
    position: number; case_seq: number; response_seq: number | null; reason: 'changed' | 'random'; dimension: string | null; from_run_id: number | null;
    to_run_id: number | null; from_value: string | null; to_value: string | null; delta: number | null; magnitude: number | null;
    case_id: string; query: string; question_type: string | null; response_id: string | null; system: string | null; answer: string | null;
  }[];
  return rows.map((r) => ({
    position: r.position,
    caseSeq: r.case_seq,
    responseSeq: r.response_seq,
    caseId: r.case_id,
    responseId: r.response_id,
    query: r.query,
    system: r.system,
    answer: r.answer,
    questionType: r.question_type,
    reason:
      r.reason === 'changed'
        ? {
            kind: 'changed', dimension: r.dimension ?? '', fromRunId: r.from_run_id ?? 0, toRunId: r.to_run_id ?? 0,
            fromValue: JSON.parse(r.from_value ?? 'null') as string | number, toValue: JSON.parse(r.to_value ?? 'null') as string | number,
            delta: r.delta, magnitude: r.magnitude ?? 0,
          }
        : { kind: 'random' },
  }));
}

/** The round's cases in pick order, each once (where first picked). */
export function roundCaseSeqs(db: Db, roundId: number): number[] {
  return db.prepare('SELECT case_seq FROM round_items WHERE round_id = ? GROUP BY case_seq ORDER BY min(position)').pluck().all(roundId) as number[];
}

export function roundExists(db: Db, roundId: number): boolean {
  return db.prepare('SELECT 1 FROM rounds WHERE id = ?').get(roundId) !== undefined;
}

export function roundDimensionRows(db: Db, roundId: number): { dimension: string; runId: number | null }[] {
  return (db.prepare('SELECT dimension, run_id FROM round_dimensions WHERE round_id = ? ORDER BY position').all(roundId) as { dimension: string; run_id: number | null }[]).map(
    (r) => ({ dimension: r.dimension, runId: r.run_id }),
  );
}

export interface CellLabel {
  eventId: number;
  caseSeq: number;
  responseSeq: number | null;
  dimension: string;
  reviewerId: number;
  reviewer: string;
  value: unknown;
  at: string;
}

/**
 * The round's labels on its cases: per (case, response, dimension, reviewer) the latest event
 * with fromEventId < id ≤ upToEventId (no upper bound when null) — labels given before the round
 * started are not round labels; cleared labels (NULL) are left out.
 */
export function roundLabels(db: Db, roundId: number, fromEventId: number, upToEventId: number | null): CellLabel[] {
  const rows = db
    .prepare(
      `SELECT e.id, e.case_seq, e.response_seq, e.dimension, e.reviewer_id, v.name, e.value, e.created_at FROM label_events e
         JOIN reviewers v ON v.id = e.reviewer_id
        WHERE e.case_seq IN (SELECT case_seq FROM round_items WHERE round_id = ?) AND e.id > ? AND e.id <= ? ORDER BY e.id`,
    )
    .raw()
    .all(roundId, fromEventId, upToEventId ?? Number.MAX_SAFE_INTEGER) as [number, number, number | null, string, number, string, string | null, string][];
  const latest = new Map<string, CellLabel | null>();
  for (const [id, caseSeq, responseSeq, dimension, reviewerId, reviewer, value, at] of rows) {
    latest.set(`${caseSeq}\u0000${responseSeq ?? ''}\u0000${dimension}\u0000${reviewerId}`, value === null ? null : {
      eventId: id, caseSeq, responseSeq, dimension, reviewerId, reviewer, value: JSON.parse(value) as unknown, at,
    });
  }
  return [...latest.values()].filter((l): l is CellLabel => l !== null);
}

export interface ItemVerdict {
  caseSeq: number;
  responseSeq: number | null;
  value: unknown;
  rationale: string | null;
}

/** A run's verdicts on a dimension (only on a round's cases when roundId is given), the latest per item, keyed `${caseSeq}:${responseSeq ?? ''}`. */
export function runVerdicts(db: Db, runId: number, dimension: string, roundId: number | null = null): Map<string, ItemVerdict> {
  const rows = (
    roundId === null
      ? db.prepare('SELECT case_seq, response_seq, value, rationale FROM verdicts WHERE run_id = ? AND dimension = ? ORDER BY id').raw().all(runId, dimension)
      : db
          .prepare(
            `SELECT case_seq, response_seq, value, rationale FROM verdicts
              WHERE run_id = ? AND dimension = ? AND case_seq IN (SELECT case_seq FROM round_items WHERE round_id = ?) ORDER BY id`,
          )
          .raw()
          .all(runId, dimension, roundId)
  ) as [number, number | null, string, string | null][];
  const out = new Map<string, ItemVerdict>();
  for (const [caseSeq, responseSeq, value, rationale] of rows) out.set(seqKey(caseSeq, responseSeq), { caseSeq, responseSeq, value: JSON.parse(value) as unknown, rationale });
  return out;
}

export const seqKey = (caseSeq: number, responseSeq: number | null): string => `${caseSeq}:${responseSeq ?? ''}`;

// ---- adjudications -----------------------------------------------------------------------------

export interface StoredAdjudication {
  id: number;
  caseSeq: number;
  responseSeq: number | null;
  dimension: string;
  value: string | number;
  note: string | null;
  source: 'lead' | 'unanimous';
  deciderReviewerId: number | null;
  decider: string | null;
  at: string;
  fromEventIds: number[];
}

export function insertAdjudication(
  db: Db,
  a: { roundId: number; caseSeq: number; responseSeq: number | null; dimension: string; value: unknown; note: string | null; source: 'lead' | 'unanimous'; deciderId: number | null; fromEventIds: number[]; at: string },
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO adjudications (round_id, case_seq, response_seq, dimension, value, note, source, decider_id, from_event_ids, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(a.roundId, a.caseSeq, a.responseSeq, a.dimension, JSON.stringify(a.value), a.note, a.source, a.deciderId, JSON.stringify(a.fromEventIds), a.at).lastInsertRowid,
  );
}

/** The round's current adjudication per cell (the latest), keyed `${caseSeq}:${responseSeq}\u0000${dimension}`. */
export function latestAdjudications(db: Db, roundId: number): Map<string, StoredAdjudication> {
  const rows = db
    .prepare(
      `SELECT a.id, a.case_seq, a.response_seq, a.dimension, a.value, a.note, a.source, a.decider_id, v.name AS decider, a.created_at, a.from_event_ids
         FROM adjudications a LEFT JOIN reviewers v ON v.id = a.decider_id WHERE a.round_id = ? ORDER BY a.id`,
    )
    .all(roundId) as {
    id: number; case_seq: number; response_seq: number | null; dimension: string; value: string; note: string | null; source: 'lead' | 'unanimous';
    decider_id: number | null; decider: string | null; created_at: string; from_event_ids: string;
  }[];
  const out = new Map<string, StoredAdjudication>();
  for (const r of rows) {
    out.set(`${seqKey(r.case_seq, r.response_seq)}\u0000${r.dimension}`, {
      id: r.id, caseSeq: r.case_seq, responseSeq: r.response_seq, dimension: r.dimension, value: JSON.parse(r.value) as string | number, note: r.note,
      source: r.source, deciderReviewerId: r.decider_id, decider: r.decider, at: r.created_at, fromEventIds: JSON.parse(r.from_event_ids) as number[],
    });
  }
  return out;
}

export function reviewerNamesOfEvents(db: Db, eventIds: readonly number[]): string[] {
  if (eventIds.length === 0) return [];
  const names = new Set<string>();
  const statement = db.prepare('SELECT v.name FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id WHERE e.id = ?').pluck();
  for (const id of new Set(eventIds)) {
    const name = statement.get(id) as string | undefined;
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

// ---- figures -----------------------------------------------------------------------------------

export function insertFigures(db: Db, roundId: number, figures: readonly RoundFigures[]): void {
  const insert = db.prepare('INSERT INTO round_figures (round_id, position, dimension, figures) VALUES (?, ?, ?, ?)');
  figures.forEach((f, i) => insert.run(roundId, i, f.dimension, JSON.stringify(f)));
}

/** The figures as stored when the round closed (older rounds in older shapes: see StoredRoundFigures). */
export function roundFigures(db: Db, roundId: number): StoredRoundFigures[] {
  return (db.prepare('SELECT figures FROM round_figures WHERE round_id = ? ORDER BY position').pluck().all(roundId) as string[]).map((t) => JSON.parse(t) as StoredRoundFigures);
}

/** Closed rounds started before this one, newest first. */
export function closedRoundsBefore(db: Db, roundId: number): number[] {
  return db.prepare("SELECT id FROM rounds WHERE status = 'closed' AND id < ? ORDER BY id DESC").pluck().all(roundId) as number[];
}

/** Every closed round, oldest week first (then round id). */
export function closedRounds(db: Db): { roundId: number; week: string; closedAt: string }[] {
  const rounds = db.prepare("SELECT id, week, closed_at FROM rounds WHERE status = 'closed' ORDER BY week, id").all() as { id: number; week: string; closed_at: string }[];
  return rounds.map((r) => ({ roundId: r.id, week: r.week, closedAt: r.closed_at }));
}

export function caseSlices(db: Db, caseSeqs: readonly number[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const statement = db.prepare('SELECT slice FROM case_slices WHERE case_seq = ? ORDER BY position').pluck();
  for (const seq of new Set(caseSeqs)) out.set(seq, statement.all(seq) as string[]);
  return out;
}

/**
 * The final human value of every item and dimension settled in a closed round: its latest
 * adjudication, the latest closed round winning (for the agreement engine's 'adjudicated'
 * reference). Keyed by case seq and response seq.
 */
export function adjudicatedValues(db: Db, dimension: string): { caseSeq: number; responseSeq: number | null; value: string | number; roundId: number }[] {
  const rows = db
    .prepare(
      `SELECT a.case_seq, a.response_seq, a.value, a.round_id FROM adjudications a JOIN rounds r ON r.id = a.round_id
        WHERE a.dimension = ? AND r.status = 'closed' ORDER BY a.round_id, a.id`,
    )
    .raw()
    .all(dimension) as [number, number | null, string, number][];
  const latest = new Map<string, { caseSeq: number; responseSeq: number | null; value: string | number; roundId: number }>();
  for (const [caseSeq, responseSeq, value, roundId] of rows) latest.set(seqKey(caseSeq, responseSeq), { caseSeq, responseSeq, value: JSON.parse(value) as string | number, roundId });
  return [...latest.values()];
}

/**
 * The round's cases on which this reviewer has labeled every round cell inside the round (labels
 * from before the start do not count), each label answering its step as it stands: a round queue's "done".
 */
export function roundDoneCases(db: Db, roundId: number, reviewerId: number): Set<number> {
  const scopes = new Map(listDimensions(db).map((d) => [d.name, d.scope]));
  const dimensions = roundDimensionRows(db, roundId).map((d) => ({ name: d.dimension, scope: scopes.get(d.dimension) ?? 'response' }));
  const round = db.prepare('SELECT coalesce(start_event_id, 0) AS start, reveal_event_id AS reveal FROM rounds WHERE id = ?').get(roundId) as { start: number; reveal: number | null } | undefined;
  if (!round) return new Set();
  // a "stated" label counts when it marks every current claim of its case, as in the Label queue (db/label-progress.ts)
  const stated = dimensions.some((d) => d.name === CLAIMS_STATED) ? statedIdsBySeq(db, roundCaseSeqs(db, roundId)) : null;
  const labeled = new Set(
    roundLabels(db, roundId, round.start, round.reveal)
      .filter((l) => l.reviewerId === reviewerId && coversStep(() => stated?.get(l.caseSeq))(l.dimension, l.value))
      .map((l) => `${seqKey(l.caseSeq, l.responseSeq)}\u0000${l.dimension}`),
  );
  const open = new Set<number>();
  const cases = new Set<number>();
  for (const item of db.prepare('SELECT case_seq, response_seq FROM round_items WHERE round_id = ?').all(roundId) as { case_seq: number; response_seq: number | null }[]) {
    cases.add(item.case_seq);
    for (const d of dimensions) {
      if ((item.response_seq === null) !== (d.scope === 'case')) continue;
      if (!labeled.has(`${seqKey(item.case_seq, item.response_seq)}\u0000${d.name}`)) open.add(item.case_seq);
    }
  }
  return new Set([...cases].filter((c) => !open.has(c)));
}

/** Where the newest round still labeling this case started (its labels are the events after it), or null. */
export function blindRoundStart(db: Db, caseSeq: number): number | null {
  return (db
    .prepare("SELECT max(coalesce(r.start_event_id, 0)) FROM rounds r JOIN round_items i ON i.round_id = r.id WHERE r.status = 'labeling' AND i.case_seq = ?")
    .pluck()
    .get(caseSeq) as number | null) ?? null;
}
