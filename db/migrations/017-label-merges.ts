import type { Migration } from './migration';

/**
 * A label-pack merge is written in batches so the app's label saves go through between them
 * (db/label-merge.ts). Until the merge finishes, each batch's range of event ids and each reviewer
 * it created is listed here; a merge that did not finish (refused half-way, or its process killed)
 * is taken back from these lists, at once or when the file is next opened. Those events are the only
 * label events that may ever be deleted.
 */
export const migration017: Migration = {
  version: 17,
  name: 'label-pack merges in batches: the unfinished merge, taken back as a whole',
  sql: `
CREATE TABLE label_merge_batches (
  first_id INTEGER PRIMARY KEY,
  last_id INTEGER NOT NULL
) STRICT;
CREATE TABLE label_merge_reviewers (reviewer_id INTEGER PRIMARY KEY) STRICT;

DROP TRIGGER label_events_no_delete;
CREATE TRIGGER label_events_no_delete BEFORE DELETE ON label_events
  WHEN NOT EXISTS (SELECT 1 FROM label_merge_batches b WHERE OLD.id BETWEEN b.first_id AND b.last_id)
  BEGIN SELECT RAISE(ABORT, 'label events are append-only'); END;
`,
};
