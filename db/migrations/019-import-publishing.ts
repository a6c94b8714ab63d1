import type { Migration } from './migration';

/**
 * A staged import is copied into the test set in batches so the app's label saves go through between
 * them (db/import-stage.ts). Until its last step, the highest key of every table it appends to, as they
 * were before it, is kept here; an import that did not finish (refused half-way, or its process killed)
 * is taken back down to those keys, at once or when the file is next opened (db/import-rollback.ts).
 */
export const migration019: Migration = {
  version: 19,
  name: 'staged imports published in batches: the unfinished import, taken back as a whole',
  sql: `
CREATE TABLE import_publishing (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  snapshot TEXT NOT NULL
) STRICT;
`,
};
