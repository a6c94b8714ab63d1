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
  {
    version: 4,
    name: 'calibration: rounds, round items, adjudications, round figures, anchor sets',
    sql: `
-- A weekly calibration round. Labels count as of the reveal: each reviewer's latest event with
-- id <= reveal_event_id (a label changed after seeing the judge does not count).
CREATE TABLE rounds (
  id INTEGER PRIMARY KEY,
  week TEXT NOT NULL,
  seed INTEGER NOT NULL,
  size INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('labeling', 'revealed', 'adjudicated', 'closed')),
  created_at TEXT NOT NULL,
  revealed_at TEXT,
  revealed_early INTEGER NOT NULL DEFAULT 0,
  reveal_event_id INTEGER,
  closed_at TEXT,
  notes TEXT NOT NULL DEFAULT '[]'
) STRICT;
-- A closed round is never changed again (status moves forward in db/rounds.ts).
CREATE TRIGGER rounds_closed_frozen BEFORE UPDATE ON rounds WHEN OLD.status = 'closed'
  BEGIN SELECT RAISE(ABORT, 'a closed round is never changed'); END;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds
  BEGIN SELECT RAISE(ABORT, 'calibration rounds are kept'); END;

-- The dimensions a round reviews and the judge run it compares with (the latest scoring each when it started).
CREATE TABLE round_dimensions (
  round_id INTEGER NOT NULL REFERENCES rounds(id),
  position INTEGER NOT NULL,
  dimension TEXT NOT NULL,
  run_id INTEGER REFERENCES judge_runs(id),
  PRIMARY KEY (round_id, dimension)
) STRICT;

-- The items picked, in pick order, and why (reason 'changed': the largest judge change; 'random').
CREATE TABLE round_items (
  round_id INTEGER NOT NULL REFERENCES rounds(id),
  position INTEGER NOT NULL,
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  response_seq INTEGER REFERENCES responses(seq),
  reason TEXT NOT NULL CHECK (reason IN ('changed', 'random')),
  dimension TEXT,
  from_run_id INTEGER REFERENCES judge_runs(id),
  to_run_id INTEGER REFERENCES judge_runs(id),
  from_value TEXT,
  to_value TEXT,
  delta REAL,
  magnitude REAL,
  PRIMARY KEY (round_id, position)
) STRICT;
CREATE INDEX round_items_case ON round_items(case_seq);
CREATE TRIGGER round_items_no_update BEFORE UPDATE ON round_items
  BEGIN SELECT RAISE(ABORT, 'the items of a round are recorded once'); END;
CREATE TRIGGER round_items_no_delete BEFORE DELETE ON round_items
  BEGIN SELECT RAISE(ABORT, 'the items of a round are recorded once'); END;
CREATE TRIGGER round_dimensions_no_update BEFORE UPDATE ON round_dimensions
  BEGIN SELECT RAISE(ABORT, 'the dimensions of a round are recorded once'); END;
CREATE TRIGGER round_dimensions_no_delete BEFORE DELETE ON round_dimensions
  BEGIN SELECT RAISE(ABORT, 'the dimensions of a round are recorded once'); END;

-- Append-only: the final value of a cell is its latest adjudication (a new decision supersedes).
CREATE TABLE adjudications (
  id INTEGER PRIMARY KEY,
  round_id INTEGER NOT NULL REFERENCES rounds(id),
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  response_seq INTEGER REFERENCES responses(seq),
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  note TEXT,
  source TEXT NOT NULL CHECK (source IN ('lead', 'unanimous')),
  decider_id INTEGER REFERENCES reviewers(id),
  from_event_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX adjudications_cell ON adjudications(round_id, case_seq, response_seq, dimension, id);
CREATE INDEX adjudications_dimension ON adjudications(dimension, case_seq);
CREATE TRIGGER adjudications_no_update BEFORE UPDATE ON adjudications
  BEGIN SELECT RAISE(ABORT, 'adjudications are append-only'); END;
CREATE TRIGGER adjudications_no_delete BEFORE DELETE ON adjudications
  BEGIN SELECT RAISE(ABORT, 'adjudications are append-only'); END;

-- The figures stored when a round closes (JSON of RoundFigures), per dimension; written once.
CREATE TABLE round_figures (
  round_id INTEGER NOT NULL REFERENCES rounds(id),
  position INTEGER NOT NULL,
  dimension TEXT NOT NULL,
  figures TEXT NOT NULL,
  PRIMARY KEY (round_id, dimension)
) STRICT;
CREATE TRIGGER round_figures_no_update BEFORE UPDATE ON round_figures
  BEGIN SELECT RAISE(ABORT, 'round figures are stored once'); END;
CREATE TRIGGER round_figures_no_delete BEFORE DELETE ON round_figures
  BEGIN SELECT RAISE(ABORT, 'round figures are stored once'); END;

-- Anchor sets: version N of a name is frozen (sealed = 1) in the transaction that writes it and
-- never edited afterwards: no update of a sealed set, no delete, no item added to, changed in or
-- removed from a sealed set. A change is version N+1.
CREATE TABLE anchor_sets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  frozen_at TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('frozen', 'imported')),
  summary TEXT NOT NULL,
  definitions TEXT NOT NULL,
  content_sha256 TEXT NOT NULL,
  sealed INTEGER NOT NULL DEFAULT 0 CHECK (sealed IN (0, 1)),
  UNIQUE (name, version)
) STRICT;
CREATE TRIGGER anchor_sets_sealed BEFORE UPDATE ON anchor_sets WHEN OLD.sealed = 1
  BEGIN SELECT RAISE(ABORT, 'an anchor set version is never edited after freezing; freeze a new version'); END;
CREATE TRIGGER anchor_sets_no_delete BEFORE DELETE ON anchor_sets
  BEGIN SELECT RAISE(ABORT, 'anchor set versions are kept'); END;

CREATE TABLE anchor_items (
  anchor_set_id INTEGER NOT NULL REFERENCES anchor_sets(id),
  position INTEGER NOT NULL,
  case_id TEXT NOT NULL,
  response_id TEXT,
  item TEXT NOT NULL,
  PRIMARY KEY (anchor_set_id, position)
) STRICT;
CREATE TRIGGER anchor_items_sealed_insert BEFORE INSERT ON anchor_items
  WHEN (SELECT sealed FROM anchor_sets WHERE id = NEW.anchor_set_id) = 1
  BEGIN SELECT RAISE(ABORT, 'an anchor set version is never edited after freezing; freeze a new version'); END;
CREATE TRIGGER anchor_items_no_update BEFORE UPDATE ON anchor_items
  BEGIN SELECT RAISE(ABORT, 'an anchor set version is never edited after freezing; freeze a new version'); END;
CREATE TRIGGER anchor_items_no_delete BEFORE DELETE ON anchor_items
  BEGIN SELECT RAISE(ABORT, 'an anchor set version is never edited after freezing; freeze a new version'); END;
`,
  },
  {
    version: 5,
    name: 'agreement: current labels of a dimension read in one pass (index only)',
    sql: `
-- Judge vs human reads the current label of every item of a dimension (per reviewer and item, the
-- event with the highest id): this index hands a dimension's events over grouped by reviewer and
-- item, in id order, so the last of each group is the current label (db/agreement.ts,
-- currentLabelColumns). It carries the value too, sparing a table lookup per event, but only a
-- short one: a longer value (claims with their evidence) is '' here and read from the table, so
-- large values are not stored twice. The query names this very expression.
CREATE INDEX label_events_dimension ON label_events(dimension, reviewer_id, case_seq, response_seq, id, iif(length(value) > 200, '', value));
`,
  },
  {
    version: 6,
    name: 'team exchange: conflict resolutions (a case field edited in two places, settled by the lead)',
    sql: `
-- Append-only: the settled value of (case, field) is its latest resolution. considered holds the
-- versions the lead saw: [{uid, reviewer, at, value}] (values normalised, shared/labeling/conflicts.ts).
CREATE TABLE conflict_resolutions (
  id INTEGER PRIMARY KEY,
  case_seq INTEGER NOT NULL REFERENCES cases(seq),
  field TEXT NOT NULL CHECK (field IN ('claims', 'referenceAnswer')),
  value TEXT NOT NULL,
  resolver_id INTEGER NOT NULL REFERENCES reviewers(id),
  created_at TEXT NOT NULL,
  considered TEXT NOT NULL,
  note TEXT
) STRICT;
CREATE INDEX conflict_resolutions_case ON conflict_resolutions(case_seq, field, id);
CREATE TRIGGER conflict_resolutions_no_update BEFORE UPDATE ON conflict_resolutions
  BEGIN SELECT RAISE(ABORT, 'conflict resolutions are append-only'); END;
CREATE TRIGGER conflict_resolutions_no_delete BEFORE DELETE ON conflict_resolutions
  BEGIN SELECT RAISE(ABORT, 'conflict resolutions are append-only'); END;
`,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
