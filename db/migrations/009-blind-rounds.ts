import type { Migration } from './migration';

export const migration009: Migration = {
  version: 9,
  name: 'calibration: blind rounds (labels given inside the round), who revealed, deleting a round with no labels',
  sql: `
-- A round's labels are the events given inside it: id > start_event_id (the newest label event
-- when the round started) and, once revealed, id <= reveal_event_id. NULL: a round started before
-- this was recorded, whose labels are every event up to the reveal (as they were counted then).
ALTER TABLE rounds ADD COLUMN start_event_id INTEGER;
-- Who revealed (an early reveal is recorded with who and when).
ALTER TABLE rounds ADD COLUMN revealed_by INTEGER REFERENCES reviewers(id);
UPDATE rounds SET start_event_id = (SELECT coalesce(max(e.id), 0) FROM label_events e WHERE e.created_at <= rounds.created_at)
 WHERE status = 'labeling';

-- A round still being labeled with no label of its own may be deleted (the server checks the
-- labels); any other round is kept, and so are its items and dimensions.
DROP TRIGGER rounds_no_delete;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds WHEN OLD.status <> 'labeling'
  BEGIN SELECT RAISE(ABORT, 'calibration rounds are kept once revealed'); END;
DROP TRIGGER round_items_no_delete;
CREATE TRIGGER round_items_no_delete BEFORE DELETE ON round_items
  WHEN (SELECT status FROM rounds WHERE id = OLD.round_id) <> 'labeling'
  BEGIN SELECT RAISE(ABORT, 'the items of a round are recorded once'); END;
DROP TRIGGER round_dimensions_no_delete;
CREATE TRIGGER round_dimensions_no_delete BEFORE DELETE ON round_dimensions
  WHEN (SELECT status FROM rounds WHERE id = OLD.round_id) <> 'labeling'
  BEGIN SELECT RAISE(ABORT, 'the dimensions of a round are recorded once'); END;
`,
};
