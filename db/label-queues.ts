import { ApiError } from '../shared/api/contract';
import type { QueueSpec } from '../shared/api/labeling-ops';
import { queueKey } from '../shared/labeling/queue-key';
import { caseWhere, type SqlWhere } from './case-search';
import { ensureProgress } from './label-progress';
import type { Db } from './open';
import { lowerBound, queueFigures } from './queue-cache';
import { roundCaseSeqs, roundDoneCases, roundExists } from './rounds';
import { text as say } from '../shared/messages/text';
import { holdoutShown, NOT_HOLDOUT } from './holdout-visibility';

/**
 * Queues walk cases in test-set order (cases.seq). Holdout cases are left out of the
 * 'unlabeled' and 'filter' queues unless asked for (db/holdout-visibility.ts).
 *
 * - 'unlabeled': its members are the cases this reviewer has not finished
 *   (label_progress). Membership shrinks as they label, so navigation is by
 *   seq relative to the case they are on, whether or not that case is still a
 *   member. Progress: total = every case of the test set, done = the cases this
 *   reviewer finished, index = the case's place among all cases.
 * - 'filter': the cases matching the Cases view's filters (caseWhere); total =
 *   the matching cases, done = those this reviewer finished, index = the case's
 *   place among the matching cases.
 *
 * next / previous: the neighbouring member after / before the given case.
 * nextUnfinished: the first unfinished member after the given case, else
 * (wrapping around) the first unfinished member of the queue — possibly the
 * given case itself — and null when every member is finished.
 * A null fromCaseId starts at the beginning: the first member (the first
 * unfinished one for nextUnfinished), whatever the direction.
 *
 * - 'cases': a named list of case ids (the cases a document change touched),
 *   walked like a filter.
 *
 * - 'round': the cases of a calibration round, in pick order (a case picked
 *   for two of its responses comes once, where first picked) — not test-set
 *   order. total = the round's cases, done = those on which this reviewer
 *   labeled every round cell inside the round (earlier labels do not count: the
 *   round is labeled blind, from scratch), index = the case's place in pick order (a case outside the round: total).
 *   From a case outside the round, next goes to the first member and previous
 *   to the last.
 */

const and = (where: SqlWhere, clause: string, params: unknown[] = []): SqlWhere => ({
  sql: where.sql ? `${where.sql} AND ${clause}` : `WHERE ${clause}`,
  params: [...where.params, ...params],
});

const UNFINISHED = 'NOT EXISTS (SELECT 1 FROM label_progress p WHERE p.reviewer_id = ? AND p.case_seq = c.seq)';

/**
 * Holdout cases stay out of everyday queues (all unlabeled, a filter of the Cases view) unless asked
 * for (db/holdout-visibility.ts); a named list of cases and a calibration round are asked for.
 */
function holdoutWalked(db: Db, spec: QueueSpec): boolean {
  if (spec.source === 'cases' || spec.source === 'round') return true;
  return holdoutShown(db, spec.source === 'filter' ? spec.filters : {});
}

/** The cases the queue counts over (its progress bar). */
function universe(db: Db, spec: QueueSpec): SqlWhere {
  if (spec.source === 'round') return { sql: 'WHERE c.seq IN (SELECT case_seq FROM round_items WHERE round_id = ?)', params: [spec.roundId] };
  if (spec.source === 'cases') return { sql: 'WHERE c.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(spec.caseIds)] };
  // a filter's where leaves the holdout out by the same rule (caseWhere)
  if (spec.source === 'filter') return caseWhere(db, spec.filters);
  return holdoutWalked(db, spec) ? { sql: '', params: [] } : { sql: `WHERE ${NOT_HOLDOUT}`, params: [] };
}

/** The queue cache's key: the queue, and whether holdout cases are in it (the setting can change). */
const cacheKey = (db: Db, spec: QueueSpec) => `${queueKey(spec)}${holdoutWalked(db, spec) ? '+holdout' : ''}`;

function requireRoundQueue(db: Db, roundId: number, op: string): void {
  if (!roundExists(db, roundId)) throw new ApiError('not-found', say('err.round.unknown', { roundId }), { file: op, line: null, field: 'queue.roundId' });
}

/** A round queue's cases in pick order (the round must exist). */
function roundOrder(db: Db, roundId: number, op: string): number[] {
  requireRoundQueue(db, roundId, op);
  return roundCaseSeqs(db, roundId);
}

/** The cases navigation lands on. */
function members(db: Db, spec: QueueSpec, reviewerId: number): SqlWhere {
  return spec.source === 'unlabeled' ? and(universe(db, spec), UNFINISHED, [reviewerId]) : universe(db, spec);
}

function seqOf(db: Db, caseId: string, op: string): number {
  const seq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck().get(caseId) as number | undefined;
  if (seq === undefined) throw new ApiError('not-found', say('err.case.unknown', { id: caseId }), { file: op, line: null, field: 'fromCaseId' });
  return seq;
}

export interface QueueCounts {
  total: number;
  done: number;
}

/** The queue's universe (sorted seqs) and this reviewer's done count, from the queue cache. */
function figures(db: Db, reviewerId: number, spec: QueueSpec): { seqs: Int32Array; done: number } {
  ensureProgress(db);
  const where = universe(db, spec);
  return queueFigures(
    db,
    cacheKey(db, spec),
    reviewerId,
    () => Int32Array.from(db.prepare(`SELECT c.seq FROM cases c ${where.sql} ORDER BY c.seq`).pluck().all(...where.params) as number[]),
    () =>
      where.sql === ''
        ? (db.prepare('SELECT count(*) FROM label_progress WHERE reviewer_id = ?').pluck().get(reviewerId) as number)
        : (db.prepare(`SELECT count(*) FROM cases c JOIN label_progress p ON p.case_seq = c.seq AND p.reviewer_id = ? ${where.sql}`).pluck().get(reviewerId, ...where.params) as number),
  );
}

export function queueCounts(db: Db, reviewerId: number, spec: QueueSpec): QueueCounts {
  if (spec.source === 'round') return { total: roundOrder(db, spec.roundId, 'queue').length, done: roundDoneCases(db, spec.roundId, reviewerId).size };
  const { seqs, done } = figures(db, reviewerId, spec);
  return { total: seqs.length, done };
}

/** The case's 0-based place in the queue's universe (where it is or would be) and the queue's progress. */
export function queuePosition(db: Db, reviewerId: number, spec: QueueSpec, caseSeq: number): { index: number; total: number; done: number } {
  if (spec.source === 'round') {
    const order = roundOrder(db, spec.roundId, 'labeling.item');
    const index = order.indexOf(caseSeq);
    return { index: index < 0 ? order.length : index, total: order.length, done: roundDoneCases(db, spec.roundId, reviewerId).size };
  }
  const { seqs, done } = figures(db, reviewerId, spec);
  return { index: lowerBound(seqs, caseSeq), total: seqs.length, done };
}

function firstMember(db: Db, where: SqlWhere, order: 'ASC' | 'DESC' = 'ASC'): string | null {
  return (db.prepare(`SELECT c.id FROM cases c ${where.sql} ORDER BY c.seq ${order} LIMIT 1`).pluck().get(...where.params) as string | undefined) ?? null;
}

const idOfSeq = (db: Db, seq: number | undefined): string | null =>
  seq === undefined ? null : ((db.prepare('SELECT id FROM cases WHERE seq = ?').pluck().get(seq) as string | undefined) ?? null);

export function navigateQueue(
  db: Db,
  reviewerId: number,
  spec: QueueSpec,
  fromCaseId: string | null,
  direction: 'next' | 'previous' | 'nextUnfinished',
): string | null {
  ensureProgress(db);
  if (spec.source === 'round') return navigateRound(db, reviewerId, spec.roundId, fromCaseId, direction);
  const all = members(db, spec, reviewerId);
  const unfinished = spec.source === 'unlabeled' ? all : and(all, UNFINISHED, [reviewerId]);
  const seq = fromCaseId === null ? null : seqOf(db, fromCaseId, 'queue.navigate');
  if (direction === 'nextUnfinished') {
    return (seq === null ? null : firstMember(db, and(unfinished, 'c.seq > ?', [seq]))) ?? firstMember(db, unfinished);
  }
  if (spec.source === 'filter' || spec.source === 'cases') {
    // A filter's (a list's) members are its universe: step through the cached seqs instead of re-running the filter.
    const { seqs } = figures(db, reviewerId, spec);
    if (seq === null) return idOfSeq(db, seqs[0]);
    const at = lowerBound(seqs, seq);
    return direction === 'next' ? idOfSeq(db, seqs[seqs[at] === seq ? at + 1 : at]) : idOfSeq(db, at > 0 ? seqs[at - 1] : undefined);
  }
  if (seq === null) return firstMember(db, all);
  return direction === 'next' ? firstMember(db, and(all, 'c.seq > ?', [seq])) : firstMember(db, and(all, 'c.seq < ?', [seq]), 'DESC');
}

function navigateRound(db: Db, reviewerId: number, roundId: number, fromCaseId: string | null, direction: 'next' | 'previous' | 'nextUnfinished'): string | null {
  const order = roundOrder(db, roundId, 'queue.navigate');
  const seq = fromCaseId === null ? null : seqOf(db, fromCaseId, 'queue.navigate');
  const at = seq === null ? -1 : order.indexOf(seq);
  if (direction === 'nextUnfinished') {
    const finished = roundDoneCases(db, roundId, reviewerId);
    const after = order.slice(at + 1).find((s) => !finished.has(s));
    return idOfSeq(db, after ?? order.find((s) => !finished.has(s)));
  }
  if (seq === null) return idOfSeq(db, order[0]);
  if (at < 0) return idOfSeq(db, direction === 'next' ? order[0] : order[order.length - 1]);
  return idOfSeq(db, direction === 'next' ? order[at + 1] : at > 0 ? order[at - 1] : undefined);
}

// ---- resume points -----------------------------------------------------------------------------

export function saveResumePoint(db: Db, reviewerId: number, spec: QueueSpec, caseId: string, step: number): void {
  db.prepare(
    `INSERT INTO resume_points (reviewer_id, queue_key, case_id, step, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (reviewer_id, queue_key) DO UPDATE SET case_id = excluded.case_id, step = excluded.step, updated_at = excluded.updated_at`,
  ).run(reviewerId, queueKey(spec), caseId, step, new Date().toISOString());
}

/**
 * Where this reviewer left off in this queue: the saved case and step when
 * that case still exists, otherwise the queue's first unfinished case at step
 * 0, otherwise null (an empty queue, or every case finished).
 */
export function resumePoint(db: Db, reviewerId: number, spec: QueueSpec): { caseId: string | null; step: number } {
  const saved = db
    .prepare('SELECT r.case_id, r.step FROM resume_points r JOIN cases c ON c.id = r.case_id WHERE r.reviewer_id = ? AND r.queue_key = ?')
    .get(reviewerId, queueKey(spec)) as { case_id: string; step: number } | undefined;
  if (saved) return { caseId: saved.case_id, step: saved.step };
  return { caseId: navigateQueue(db, reviewerId, spec, null, 'nextUnfinished'), step: 0 };
}
