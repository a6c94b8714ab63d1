import type { Migration } from './migration';

/**
 * The Diagnosis screen reads one system's responses in id order: responses_system_id gives them so
 * without sorting the large rows (their chunk lists) in a temporary tree.
 *
 * case_content_changes: the last time the content every reviewer's "claims this answer states"
 * judges changed for all of them (the lead settled the claims or the reference answer, a tool
 * edited the forbidden claims), as the first label event id after it: labels of those steps older
 * than it are asked again (shared/labeling/steps.ts askAgainAfter).
 */
export const migration016: Migration = {
  version: 16,
  name: 'diagnosis read and re-ask',
  sql: `
CREATE INDEX responses_system_id ON responses(system, id);
CREATE TABLE case_content_changes (
  case_seq INTEGER PRIMARY KEY REFERENCES cases(seq) ON DELETE CASCADE,
  after_event INTEGER NOT NULL
) STRICT;
`,
};
