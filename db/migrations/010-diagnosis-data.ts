import type { Migration } from './migration';

export const migration010: Migration = {
  version: 10,
  name: 'diagnosis data: case asOf and mustRetrieve, response stop state and trajectory, case edits with history',
  sql: `
-- asOf: the date the question is asked (staleness is judged at it). must_retrieve: NULL = the
-- question type's default (settings key 'must_retrieve_types').
ALTER TABLE cases ADD COLUMN as_of TEXT;
ALTER TABLE cases ADD COLUMN must_retrieve INTEGER;
ALTER TABLE responses ADD COLUMN stop_state TEXT;
ALTER TABLE responses ADD COLUMN trajectory TEXT NOT NULL DEFAULT '[]';

-- Append-only history of case fields changed by a tool (conflict sets, the split tool). The
-- cases row holds the current value; every change is here with its before/after, who and why.
CREATE TABLE case_edits (
  id INTEGER PRIMARY KEY,
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  field TEXT NOT NULL CHECK (field IN ('forbiddenClaims', 'slices', 'split')),
  before TEXT,
  after TEXT,
  by TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX case_edits_case ON case_edits(case_seq, id);
CREATE TRIGGER case_edits_no_update BEFORE UPDATE ON case_edits
  BEGIN SELECT RAISE(ABORT, 'case edits are append-only'); END;

`,
};
