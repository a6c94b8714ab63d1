import type { Migration } from './migration';

export const migration007: Migration = {
  version: 7,
  name: 'retrieval: candidates, response condition, evidence grade, and which chunk holds which unit',
  sql: `
ALTER TABLE responses ADD COLUMN candidates TEXT;
ALTER TABLE responses ADD COLUMN condition TEXT NOT NULL DEFAULT 'normal';
CREATE INDEX responses_system_condition ON responses(system, condition);
-- NULL: no grade given, which counts as 1 (kept apart so an export gives back what was imported).
ALTER TABLE evidence ADD COLUMN grade INTEGER CHECK (grade BETWEEN 1 AND 3);

-- The retrieval index (shared/retrieval/README.md), rebuilt for a case whenever its claims or
-- responses change, so that metrics at any k are one pass over small integer rows.
-- A case's units: distinct (docId, normalised quote) over the evidence of its settled claims,
-- else its imported ones. claims: JSON array of the positions of the claims citing it.
CREATE TABLE retrieval_units (
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  unit INTEGER NOT NULL,
  doc_id TEXT NOT NULL,
  quote TEXT NOT NULL,
  grade INTEGER NOT NULL,
  claims TEXT NOT NULL,
  PRIMARY KEY (case_seq, unit)
) STRICT;

-- Per response and list, its length (chunks in rank order) ...
CREATE TABLE retrieval_lists (
  response_seq INTEGER NOT NULL REFERENCES responses(seq) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('candidates', 'context')),
  length INTEGER NOT NULL,
  PRIMARY KEY (response_seq, list)
) STRICT, WITHOUT ROWID;

-- ... and which chunk (1-based position in rank order) holds which unit.
CREATE TABLE retrieval_holds (
  response_seq INTEGER NOT NULL REFERENCES responses(seq) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('candidates', 'context')),
  position INTEGER NOT NULL,
  unit INTEGER NOT NULL,
  PRIMARY KEY (response_seq, list, position, unit)
) STRICT, WITHOUT ROWID;

-- Files that had responses before this version are indexed when next opened for writing.
INSERT INTO meta (key, value) SELECT 'retrieval_index_stale', '1' WHERE EXISTS (SELECT 1 FROM responses);
`,
};
