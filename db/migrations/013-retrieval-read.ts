import type { Migration } from './migration';

/**
 * The retrieval screen and CLI read one system's normal responses in case order: this index
 * covers that read (no temporary sort, and the large rows with their chunk lists are not touched).
 */
export const migration013: Migration = {
  version: 13,
  name: 'retrieval-read',
  sql: `
CREATE INDEX responses_retrieval ON responses(system, condition, case_seq, id);
`,
};
