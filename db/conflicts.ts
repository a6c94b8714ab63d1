import { settleCaseMarks } from './case-marks';
import { ApiError } from '../shared/api/contract';
import type { OpenConflict, SettledValue } from '../shared/api/conflict-ops';
import type { LabelValue } from '../shared/domain/dimensions';
import { CONFLICT_FIELDS, detectConflict, fieldValueKey, sameUids, type ConflictField, type DetectedConflict, type FieldCurrent } from '../shared/labeling/conflicts';
import { decodeLabelValue, encodeLabelValue } from '../shared/labeling/values';
import { claimsOf } from './case-queries';
import { resolutionsOf, settledFields } from './case-fields';
import { indexRetrieval } from './retrieval-index';
import { caseContentChanged } from './reask';
import { requireCaseSeq, requireReviewer } from './labels';
import type { Db } from './open';
import { statement } from './statements';
import { text as say } from '../shared/messages/text';

/** Conflicts on a case's claims / reference answer, read from the label events (semantics: shared/labeling/conflicts.ts). */

const FIELD_LIST = CONFLICT_FIELDS.map((f) => `'${f}'`).join(', ');
const fieldOrder = (field: string) => CONFLICT_FIELDS.indexOf(field as ConflictField);
const at = (field: string) => ({ file: 'conflicts.resolve', line: null, field });

interface CurrentRow {
  case_seq: number;
  dimension: ConflictField;
  uid: string;
  reviewer: string;
  created_at: string;
  value: string | null;
}

/** Every reviewer's current value of the conflict fields, grouped per (case, field); only groups with two or more values. */
function currentsByField(db: Db, caseSeq: number | null): Map<string, { caseSeq: number; field: ConflictField; currents: FieldCurrent[] }> {
  const latest = caseSeq === null
    ? `SELECT max(id) FROM label_events WHERE dimension IN (${FIELD_LIST}) AND response_seq IS NULL GROUP BY case_seq, dimension, reviewer_id`
    : `SELECT max(id) FROM label_events WHERE case_seq = ? AND response_seq IS NULL AND dimension IN (${FIELD_LIST}) GROUP BY dimension, reviewer_id`;
  const rows = statement(
    db,
    `SELECT e.case_seq, e.dimension, e.uid, v.name AS reviewer, e.created_at, e.value FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id
      WHERE e.id IN (${latest}) ORDER BY e.case_seq, e.dimension, e.id`,
  ).all(...(caseSeq === null ? [] : [caseSeq])) as CurrentRow[];
  const groups = new Map<string, { caseSeq: number; field: ConflictField; currents: FieldCurrent[] }>();
  for (const row of rows) {
    if (row.value === null) continue;
    const key = `${row.case_seq}\u0000${row.dimension}`;
    const group = groups.get(key) ?? { caseSeq: row.case_seq, field: row.dimension, currents: [] };
    group.currents.push({ uid: row.uid, reviewer: row.reviewer, at: row.created_at, value: decodeLabelValue(row.value) });
    groups.set(key, group);
  }
  for (const [key, group] of groups) if (group.currents.length < 2) groups.delete(key);
  return groups;
}

function importedValue(db: Db, caseSeq: number, field: ConflictField): LabelValue {
  if (field === 'claims') return claimsOf(db, caseSeq);
  return (statement(db, 'SELECT reference_answer FROM cases WHERE seq = ?').get(caseSeq) as { reference_answer: string | null }).reference_answer;
}

function detectAll(db: Db, caseSeq: number | null): { caseSeq: number; imported: LabelValue; conflict: DetectedConflict }[] {
  const found: { caseSeq: number; imported: LabelValue; conflict: DetectedConflict }[] = [];
  const groups = [...currentsByField(db, caseSeq).values()].sort((a, b) => a.caseSeq - b.caseSeq || fieldOrder(a.field) - fieldOrder(b.field));
  for (const group of groups) {
    // reviewers who all hold the same value are never in conflict: no need to read the case
    if (new Set(group.currents.map((c) => fieldValueKey(group.field, c.value))).size < 2) continue;
    const imported = importedValue(db, group.caseSeq, group.field);
    const conflict = detectConflict(group.field, imported, group.currents, resolutionsOf(db, group.caseSeq, group.field));
    if (conflict) found.push({ caseSeq: group.caseSeq, imported, conflict });
  }
  return found;
}

/** The open conflict of one case field, or null. */
export function caseConflict(db: Db, caseSeq: number, field: ConflictField): DetectedConflict | null {
  return detectAll(db, caseSeq).find((c) => c.conflict.field === field)?.conflict ?? null;
}

/** Keys (case seq + field) of the open conflicts of these cases: compared before and after a merge. */
export function openConflictKeys(db: Db, caseSeqs: Iterable<number>): Set<string> {
  const keys = new Set<string>();
  for (const seq of new Set(caseSeqs)) for (const { conflict } of detectAll(db, seq)) keys.add(`${seq}\u0000${conflict.field}`);
  return keys;
}

/** Open conflicts in case order (claims before reference answer), a page of them and how many there are. */
export function listOpenConflicts(db: Db, offset: number, limit: number): { total: number; offset: number; rows: OpenConflict[] } {
  return db.transaction(() => {
    const all = detectAll(db, null);
    const caseOf = db.prepare('SELECT id, query FROM cases WHERE seq = ?');
    const rows = all.slice(offset, offset + limit).map(({ caseSeq, imported, conflict }): OpenConflict => {
      const c = caseOf.get(caseSeq) as { id: string; query: string };
      return {
        caseId: c.id, query: c.query, field: conflict.field, imported, settled: settledFields(db, caseSeq)[conflict.field],
        versions: conflict.versions, uids: conflict.uids,
      };
    });
    return { total: all.length, offset, rows };
  })();
}

export interface ResolveInput {
  caseId: string;
  field: ConflictField;
  reviewerId: number;
  seenUids: readonly string[];
  value: LabelValue;
  note?: string | null;
}

/**
 * Settles an open conflict (one transaction): refused when it is no longer
 * open or its versions are not exactly those the lead saw. Appends a
 * resolution recording what it considered; nothing is overwritten.
 */
export function resolveConflict(db: Db, input: ResolveInput, now: () => string = () => new Date().toISOString()): { caseId: string; field: ConflictField; settled: SettledValue } {
  return db.transaction(() => {
    const lead = requireReviewer(db, input.reviewerId, 'conflicts.resolve');
    const caseSeq = requireCaseSeq(db, input.caseId, 'conflicts.resolve');
    const what = say(input.field === 'claims' ? 'err.conflict.field.claims' : 'err.conflict.field.reference');
    const conflict = caseConflict(db, caseSeq, input.field);
    if (!conflict) {
      throw new ApiError('conflict', say('err.conflict.resolved', { what, caseId: input.caseId }), at('caseId'));
    }
    if (!sameUids(input.seenUids, conflict)) {
      throw new ApiError('conflict', say('err.conflict.changed', { what, caseId: input.caseId }), at('seenUids'));
    }
    const note = input.note?.trim() ? input.note.trim() : null;
    const considered = conflict.versions.flatMap((v) => v.holders.map((h) => ({ uid: h.uid, reviewer: h.reviewer, at: h.at, value: v.value })));
    const createdAt = now();
    const shownBefore = fieldValueKey(input.field, settledFields(db, caseSeq)[input.field]?.value ?? importedValue(db, caseSeq, input.field));
    db.prepare('INSERT INTO conflict_resolutions (case_seq, field, value, resolver_id, created_at, considered, note) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(caseSeq, input.field, encodeLabelValue(input.value), lead.id, createdAt, JSON.stringify(considered), note);
    // Settled claims are the ones retrieval is measured against.
    if (input.field === 'claims') indexRetrieval(db, [caseSeq]);
    // what every reviewer's "claims this answer states" judged has changed: asked again
    if (fieldValueKey(input.field, input.value) !== shownBefore) caseContentChanged(db, caseSeq);
    settleCaseMarks(db);
    return { caseId: input.caseId, field: input.field, settled: { value: input.value, by: lead.name, at: createdAt, note } };
  }).immediate();
}
