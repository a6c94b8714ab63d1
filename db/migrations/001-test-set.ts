import type { Migration } from './migration';

export const migration001: Migration = {
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
};
