import type { Migration } from './migration';

export const migration011: Migration = {
  version: 11,
  name: 'interchange: case metadata from foreign files, the pass threshold of a verdict',
  sql: `
-- A foreign record's own fields that have no column (a Langfuse item's metadata, a DeepEval golden's
-- name and comments): JSON object, shown with the case and exported back. NULL: none.
ALTER TABLE cases ADD COLUMN metadata TEXT;
-- The pass threshold the judge applied (DeepEval metricsData.threshold, promptfoo's assertion threshold). NULL: none given.
ALTER TABLE verdicts ADD COLUMN threshold REAL;
CREATE INDEX judge_runs_sha256 ON judge_runs(source_sha256);
`,
};
