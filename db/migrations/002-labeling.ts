import type { Migration } from './migration';

export const migration002: Migration = {
  version: 2,
  name: 'labeling: reviewers, dimension definitions, append-only label events, resume points, settings',
  sql: `
CREATE TABLE reviewers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at TEXT NOT NULL
) STRICT;

-- The label dimensions of this test set (SPEC defaults seeded in code), editable in Settings.
CREATE TABLE dimensions (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  definition TEXT NOT NULL
) STRICT;

-- Append-only: a change of mind, an undo or a cleared value is a new row. The current
-- label of (case, response, dimension, reviewer) is the row with the highest id.
CREATE TABLE label_events (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  response_seq INTEGER REFERENCES responses(seq),
  dimension TEXT NOT NULL,
  value TEXT,
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  created_at TEXT NOT NULL,
  reason TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('set', 'undo')),
  undoes_event_id INTEGER REFERENCES label_events(id),
  round_id INTEGER
) STRICT;
CREATE INDEX label_events_item ON label_events(case_seq, response_seq, dimension, reviewer_id, id);
CREATE INDEX label_events_reviewer ON label_events(reviewer_id, id);
CREATE TRIGGER label_events_no_update BEFORE UPDATE ON label_events
  BEGIN SELECT RAISE(ABORT, 'label events are append-only'); END;
CREATE TRIGGER label_events_no_delete BEFORE DELETE ON label_events
  BEGIN SELECT RAISE(ABORT, 'label events are append-only'); END;

-- Where each reviewer was in each queue, so a restart resumes exactly there.
CREATE TABLE resume_points (
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  queue_key TEXT NOT NULL,
  case_id TEXT NOT NULL,
  step INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (reviewer_id, queue_key)
) STRICT;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`,
};
