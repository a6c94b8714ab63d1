import type { SettledFields, SettledValue } from '../shared/api/conflict-ops';
import { CONFLICT_FIELDS, fieldVersions, type ConflictField, type FieldCurrent, type FieldResolution } from '../shared/labeling/conflicts';
import type { LabelValue } from '../shared/domain/dimensions';
import { decodeLabelValue } from '../shared/labeling/values';
import type { Db } from './open';
import { statement } from './statements';

/** The lead's resolutions of a case's fields (table conflict_resolutions, append-only): the latest one is the settled value. */

interface ResolutionRow {
  field: ConflictField;
  value: string;
  considered: string;
  resolver: string;
  created_at: string;
  note: string | null;
}

function resolutionRows(db: Db, caseSeq: number, field: ConflictField | null): ResolutionRow[] {
  return statement(
    db,
    `SELECT r.field, r.value, r.considered, v.name AS resolver, r.created_at, r.note FROM conflict_resolutions r JOIN reviewers v ON v.id = r.resolver_id
      WHERE r.case_seq = ? AND (? IS NULL OR r.field = ?) ORDER BY r.id`,
  ).all(caseSeq, field, field) as ResolutionRow[];
}

export function resolutionsOf(db: Db, caseSeq: number, field: ConflictField): FieldResolution[] {
  return resolutionRows(db, caseSeq, field).map((row) => ({
    value: decodeLabelValue(row.value),
    considered: (JSON.parse(row.considered) as { value: FieldResolution['value'] }[]).map((c) => c.value),
    at: row.created_at,
  }));
}

const settledOf = (row: ResolutionRow): SettledValue => ({ value: decodeLabelValue(row.value), by: row.resolver, at: row.created_at, note: row.note });

/** Per field, the latest resolution's value (null: none, the imported value stands). */
export function settledFields(db: Db, caseSeq: number): SettledFields {
  const settled: SettledFields = { claims: null, referenceAnswer: null };
  for (const row of resolutionRows(db, caseSeq, null)) settled[row.field] = settledOf(row);
  return settled;
}

const FIELD_LIST = CONFLICT_FIELDS.map((f) => `'${f}'`).join(', ');

/**
 * What the case says now, for the Cases view: per field, the lead's resolution when there is one; else the
 * reviewers' edit when they hold one version only (one expert's edit, or several agreeing), as an 'edit';
 * else (no edit, or edits still in conflict) null, the imported value standing.
 */
export function currentFields(db: Db, caseSeq: number, imported: Record<ConflictField, LabelValue>): SettledFields {
  const fields = settledFields(db, caseSeq);
  const rows = statement(
    db,
    `SELECT e.dimension, e.uid, v.name AS reviewer, e.created_at, e.value FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id
      WHERE e.id IN (SELECT max(id) FROM label_events WHERE case_seq = ? AND response_seq IS NULL AND dimension IN (${FIELD_LIST}) GROUP BY dimension, reviewer_id)
      ORDER BY e.id`,
  ).all(caseSeq) as { dimension: ConflictField; uid: string; reviewer: string; created_at: string; value: string | null }[];
  for (const field of CONFLICT_FIELDS) {
    if (fields[field]) continue;
    const currents: FieldCurrent[] = rows
      .filter((row) => row.dimension === field && row.value !== null)
      .map((row) => ({ uid: row.uid, reviewer: row.reviewer, at: row.created_at, value: decodeLabelValue(row.value as string) }));
    const versions = fieldVersions(field, imported[field], currents);
    if (versions.length !== 1) continue;
    const holders = versions[0].holders;
    fields[field] = { value: versions[0].value, by: holders.map((h) => h.reviewer).join(', '), at: holders[holders.length - 1].at, note: null, source: 'edit' };
  }
  return fields;
}
