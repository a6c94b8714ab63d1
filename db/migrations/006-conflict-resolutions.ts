import type { Migration } from './migration';

export const migration006: Migration = {
  version: 6,
  name: 'team exchange: conflict resolutions (a case field edited in two places, settled by the lead)',
  sql: `
-- Append-only: the settled value of (case, field) is its latest resolution. considered holds the
-- versions the lead saw: [{uid, reviewer, at, value}] (values normalised, shared/labeling/conflicts.ts).
CREATE TABLE conflict_resolutions (
  id INTEGER PRIMARY KEY,
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  field TEXT NOT NULL CHECK (field IN ('claims', 'referenceAnswer')),
  value TEXT NOT NULL,
  resolver_id INTEGER NOT NULL REFERENCES reviewers(id),
  created_at TEXT NOT NULL,
  considered TEXT NOT NULL,
  note TEXT
) STRICT;
CREATE INDEX conflict_resolutions_case ON conflict_resolutions(case_seq, field, id);
CREATE TRIGGER conflict_resolutions_no_update BEFORE UPDATE ON conflict_resolutions
  BEGIN SELECT RAISE(ABORT, 'conflict resolutions are append-only'); END;
CREATE TRIGGER conflict_resolutions_no_delete BEFORE DELETE ON conflict_resolutions
  BEGIN SELECT RAISE(ABORT, 'conflict resolutions are append-only'); END;
`,
};
