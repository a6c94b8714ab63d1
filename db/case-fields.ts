import type { SettledFields, SettledValue } from '../shared/api/conflict-ops';
import type { ConflictField, FieldResolution } from '../shared/labeling/conflicts';
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
