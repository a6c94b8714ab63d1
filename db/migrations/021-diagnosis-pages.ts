import type { Migration } from './migration';

/**
 * The Diagnosis page of each system as last computed, kept in the file with the basis it was computed
 * on (db/diagnosis-pages.ts): at 100,000 responses computing it costs seconds, and a file reopened with
 * nothing written since shows the same figures. The page itself (every figure, each list cut to its
 * first cases) in `diagnosis_pages`; the whole lists "show more" reads, compressed, one row each in
 * `diagnosis_page_lists`, with the basis of the read that wrote them (a page brought up to date after a
 * label does not write them again).
 */
export const migration021: Migration = {
  version: 21,
  name: 'the Diagnosis page kept in the file',
  sql: `
CREATE TABLE diagnosis_pages (
  system TEXT PRIMARY KEY,
  basis TEXT NOT NULL,
  report TEXT NOT NULL,
  layers TEXT NOT NULL,
  stored_at TEXT NOT NULL
) STRICT;
CREATE TABLE diagnosis_page_lists (
  system TEXT NOT NULL,
  part TEXT NOT NULL CHECK (part IN ('report', 'layers')),
  path TEXT NOT NULL,
  basis TEXT NOT NULL,
  cases BLOB NOT NULL,
  PRIMARY KEY (system, part, path)
) STRICT;
`,
};
