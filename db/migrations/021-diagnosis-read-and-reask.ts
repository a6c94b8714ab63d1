import type { Migration } from './migration';

/**
 * The Diagnosis screen reads one system's responses in id order: this index gives them so without
 * sorting the large rows (their chunk lists) in a temporary tree.
 */
export const migration021: Migration = {
  version: 21,
  name: 'diagnosis read and re-ask',
  sql: `
CREATE INDEX responses_system_id ON responses(system, id);
`,
};
