import type { Migration } from './migration';

/** The message of the triggers' refusal: a write on a case or response of an import still being published. */
export const IMPORT_PUBLISHING = 'touchstone: the case is still being imported';

/**
 * A staged import is copied into the test set in batches so the app's label saves go through between
 * them (db/import-stage.ts). Until its last step, the highest key of every table it appends to, as they
 * were before it, is kept here; an import that did not finish (refused half-way, or its process killed)
 * is taken back down to those keys, at once or when the file is next opened (db/import-rollback.ts).
 *
 * Meanwhile the app's only writes are labels (server/imports/write-turns.ts: every other write waits
 * until the import is published or taken back, so nothing else can land among its rows). Its cases and
 * responses show whole as their batches land, but no label may point at them: taking the import back
 * deletes them, and a label (append-only) would stop that or be left pointing at nothing. The triggers
 * refuse such a write with IMPORT_PUBLISHING (server/storage-errors.ts words it; the window keeps a
 * refused label and sends it again); the other tables they guard are a second line.
 */
/** The tables whose rows point at a case (and, with true, a response) without going with it, and are guarded. */
const GUARDED: readonly (readonly [string, boolean])[] = [
  ['label_events', true], ['round_items', true], ['adjudications', true], ['holdout_openings', false], ['conflict_resolutions', false],
];

export const migration019: Migration = {
  version: 19,
  name: 'staged imports published in batches: the unfinished import, taken back as a whole',
  sql: `
CREATE TABLE import_publishing (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  snapshot TEXT NOT NULL
) STRICT;
${GUARDED.map(([table, responseToo]) => `
CREATE TRIGGER ${table}_not_on_publishing BEFORE INSERT ON ${table}
  WHEN NEW.case_seq > (SELECT snapshot ->> 'cases' FROM import_publishing WHERE id = 1)${responseToo ? `
    OR NEW.response_seq > (SELECT snapshot ->> 'responses' FROM import_publishing WHERE id = 1)` : ''}
  BEGIN SELECT RAISE(ABORT, '${IMPORT_PUBLISHING}'); END;`).join('')}

-- a document taken back changes what the cases citing it are marked with, as one added does
CREATE TRIGGER case_marks_documents_delete AFTER DELETE ON documents
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (0); END;
`,
};
