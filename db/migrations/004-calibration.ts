import type { Migration } from './migration';

export const migration004: Migration = {
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
};
