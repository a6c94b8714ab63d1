import type { Migration } from './migration';

/**
 * Every opening of a holdout case (who, when, from which screen), so the test-set health panel
 * can show whether the holdout stayed unseen. Append-only, like label events.
 */
export const migration015: Migration = {
  version: 15,
  name: 'holdout openings',
  sql: `
CREATE TABLE holdout_openings (
  id INTEGER PRIMARY KEY,
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  reviewer_id INTEGER REFERENCES reviewers(id),
  via TEXT NOT NULL CHECK (via IN ('label', 'case')),
  opened_at TEXT NOT NULL
) STRICT;
CREATE INDEX holdout_openings_case ON holdout_openings(case_seq, id);
CREATE TRIGGER holdout_openings_no_update BEFORE UPDATE ON holdout_openings
  BEGIN SELECT RAISE(ABORT, 'holdout openings are append-only'); END;
`,
};
