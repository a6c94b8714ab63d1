/**
 * Numbered, forward-only migrations. `PRAGMA user_version` records the
 * schema version; a file newer than LATEST_SCHEMA_VERSION is refused.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'test set: documents, cases, claims, evidence, responses, judge runs, verdicts, search',
    sql: `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE documents (
  doc_id TEXT NOT NULL,
  revision TEXT NOT NULL,
  title TEXT NOT NULL,
  effective_from TEXT,
  expires_at TEXT,
  supersedes TEXT,
  superseded_by TEXT,
  access_scope TEXT NOT NULL DEFAULT '[]',
  text TEXT,
  PRIMARY KEY (doc_id, revision)
) STRICT;

CREATE TABLE cases (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  query TEXT NOT NULL,
  corpus_revision TEXT,
  access_scope TEXT NOT NULL DEFAULT '[]',
  reference_answer TEXT,
  forbidden_claims TEXT NOT NULL DEFAULT '[]',
  relevant_documents TEXT NOT NULL DEFAULT '[]',
  question_type TEXT,
  answerability TEXT,
  origin TEXT,
  split TEXT,
  grp TEXT
) STRICT;
CREATE INDEX cases_answerability ON cases(answerability);
CREATE INDEX cases_question_type ON cases(question_type);
CREATE INDEX cases_split ON cases(split);
CREATE INDEX cases_origin ON cases(origin);

CREATE TABLE case_slices (
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  slice TEXT NOT NULL,
  PRIMARY KEY (case_seq, slice)
) STRICT;
CREATE INDEX case_slices_slice ON case_slices(slice, case_seq);

CREATE TABLE claims (
  id INTEGER PRIMARY KEY,
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  UNIQUE (case_seq, position)
) STRICT;

CREATE TABLE evidence (
  id INTEGER PRIMARY KEY,
  claim_id INTEGER NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  doc_id TEXT NOT NULL,
  quote TEXT NOT NULL,
  start_offset INTEGER,
  end_offset INTEGER,
  UNIQUE (claim_id, position)
) STRICT;
CREATE INDEX evidence_doc ON evidence(doc_id);

CREATE TABLE responses (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  system TEXT NOT NULL,
  answer TEXT NOT NULL,
  retrieval_called INTEGER,
  final_context TEXT NOT NULL DEFAULT '[]',
  cost TEXT
) STRICT;
CREATE INDEX responses_case ON responses(case_seq);
CREATE INDEX responses_system ON responses(system);

CREATE TABLE judge_runs (
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  model_version TEXT NOT NULL,
  prompt_version TEXT NOT NULL,
  prompt_hash TEXT,
  source_file TEXT NOT NULL,
  source_sha256 TEXT NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;

CREATE TABLE verdicts (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES judge_runs(id) ON DELETE CASCADE,
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  response_seq INTEGER REFERENCES responses(seq) ON DELETE CASCADE,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  rationale TEXT
) STRICT;
CREATE INDEX verdicts_run_dimension ON verdicts(run_id, dimension);
CREATE INDEX verdicts_case ON verdicts(case_seq);

-- Search index over question, reference answer and claims. rowid = cases.seq.
-- trigram needs 3+ characters; shorter terms fall back to LIKE on the same table.
CREATE VIRTUAL TABLE cases_fts USING fts5(query, reference_answer, claims_text, tokenize = 'trigram');
`,
  },
  {
    version: 2,
    name: 'labeling: reviewers, dimension definitions, append-only label events, resume points, settings',
    sql: `
CREATE TABLE reviewers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at TEXT NOT NULL
) STRICT;

-- The label dimensions of this test set (SPEC defaults seeded in code), editable in Settings.
CREATE TABLE dimensions (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  definition TEXT NOT NULL
) STRICT;

-- Append-only: a change of mind, an undo or a cleared value is a new row. The current
-- label of (case, response, dimension, reviewer) is the row with the highest id.
CREATE TABLE label_events (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  response_seq INTEGER REFERENCES responses(seq),
  dimension TEXT NOT NULL,
  value TEXT,
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  created_at TEXT NOT NULL,
  reason TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('set', 'undo')),
  undoes_event_id INTEGER REFERENCES label_events(id),
  round_id INTEGER
) STRICT;
CREATE INDEX label_events_item ON label_events(case_seq, response_seq, dimension, reviewer_id, id);
CREATE INDEX label_events_reviewer ON label_events(reviewer_id, id);
CREATE TRIGGER label_events_no_update BEFORE UPDATE ON label_events
  BEGIN SELECT RAISE(ABORT, 'label events are append-only'); END;
CREATE TRIGGER label_events_no_delete BEFORE DELETE ON label_events
  BEGIN SELECT RAISE(ABORT, 'label events are append-only'); END;

-- Where each reviewer was in each queue, so a restart resumes exactly there.
CREATE TABLE resume_points (
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  queue_key TEXT NOT NULL,
  case_id TEXT NOT NULL,
  step INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (reviewer_id, queue_key)
) STRICT;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 3,
    name: 'labeling: per-reviewer finished cases (queue progress), undo lookup index',
    sql: `
-- Derived, maintained in the same transaction as every label event, undo, dimension change and
-- response import (db/label-progress.ts): a row means the reviewer has a current, non-null label
-- on every step of the case. Queue navigation and done / total counts over 100,000 cases read
-- this table instead of re-deriving every case's labels. It can always be rebuilt from
-- label_events (rebuildProgress); settings key 'label_progress' records that it has been built.
CREATE TABLE label_progress (
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  PRIMARY KEY (reviewer_id, case_seq)
) STRICT, WITHOUT ROWID;

-- Undo asks "has this event been undone already?" for each step it walks back.
CREATE INDEX label_events_undoes ON label_events(undoes_event_id) WHERE undoes_event_id IS NOT NULL;
`,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
