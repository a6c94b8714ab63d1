import type { Migration } from './migration';

export const migration012: Migration = {
  version: 12,
  name: 'imported files: the sha256 of every file an import wrote, so the same file is recognised and skipped',
  sql: `
CREATE TABLE imported_files (
  sha256 TEXT NOT NULL,
  file_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  format TEXT NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;
CREATE INDEX imported_files_sha256 ON imported_files(sha256);
`,
};
