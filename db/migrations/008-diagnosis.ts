import type { Migration } from './migration';

export const migration008: Migration = {
  version: 8,
  name: 'diagnosis: response citations, the case leak flag',
  sql: `
-- The answer's citations as imported: [{start, end, docId?, chunkId?, quote?}] (code-point offsets
-- into the answer), checked by rule (shared/diagnosis/citations.ts).
ALTER TABLE responses ADD COLUMN citations TEXT NOT NULL DEFAULT '[]';
-- Set by the lead for a case answered right without retrieval: it measures the model's memory.
ALTER TABLE cases ADD COLUMN leak INTEGER NOT NULL DEFAULT 0 CHECK (leak IN (0, 1));
CREATE INDEX cases_leak ON cases(leak) WHERE leak = 1;
`,
};
