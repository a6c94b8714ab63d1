import type { Migration } from './migration';

export const migration003: Migration = {
  version: 3,
  name: 'labeling: per-reviewer finished cases (queue progress), undo lookup index',
  sql: `
-- Derived, maintained in the same transaction as every label event, undo, dimension change and
-- response import (db/label-progress.ts): a row means the reviewer has a current, non-null label
-- on every step of the case. Queue navigation and done / total counts over 100,000 cases read
-- this table instead of re-deriving every case's labels. It can always be rebuilt from
-- label_events (rebuildProgress); settings key 'label_progress' records that it has been built.
CREATE TABLE label_progress (
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  PRIMARY KEY (reviewer_id, case_seq)
) STRICT, WITHOUT ROWID;

-- Undo asks "has this event been undone already?" for each step it walks back.
CREATE INDEX label_events_undoes ON label_events(undoes_event_id) WHERE undoes_event_id IS NOT NULL;
`,
};
