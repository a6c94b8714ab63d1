import type { Migration } from './migration';

/**
 * What the Cases view filters and counts beyond a case's own fields, derived and kept in the file:
 * who labeled a case, whether reviewers disagree on it, whether an expert edited its claims or
 * reference answer, whether a response leaked content its user may not see (db/case-marks.ts).
 * Triggers only note which cases changed (case_marks_dirty; case_seq 0: every case, after new
 * document revisions change what a user may see); the marks are re-derived for those cases in the
 * writer's own transaction, or at the next read. Short search terms use the trigram index (the
 * indexed texts end in two newlines). facet_stamp moves with every change a facet count
 * depends on, so counts kept in memory know when they are stale.
 */
export const migration014: Migration = {
  version: 14,
  name: 'case marks: labelers, disagreement, expert edits, permission leaks; facet change stamp; short terms by the search index',
  sql: `
CREATE TABLE case_labelers (
  case_seq INTEGER NOT NULL REFERENCES cases(seq) ON DELETE CASCADE,
  reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
  PRIMARY KEY (case_seq, reviewer_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX case_labelers_reviewer ON case_labelers(reviewer_id, case_seq);

-- One row per case with at least one mark; every column 0 or 1.
CREATE TABLE case_marks (
  case_seq INTEGER PRIMARY KEY REFERENCES cases(seq) ON DELETE CASCADE,
  disagree INTEGER NOT NULL DEFAULT 0,
  edited INTEGER NOT NULL DEFAULT 0,
  permission_leak INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE case_marks_dirty (case_seq INTEGER PRIMARY KEY) STRICT;
-- every existing case is derived once, at the first read or write after this migration
INSERT INTO case_marks_dirty VALUES (0);

CREATE TRIGGER case_marks_label AFTER INSERT ON label_events
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (NEW.case_seq); END;
CREATE TRIGGER case_marks_resolution AFTER INSERT ON conflict_resolutions
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (NEW.case_seq); END;
CREATE TRIGGER case_marks_response AFTER INSERT ON responses
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (NEW.case_seq); END;
CREATE TRIGGER case_marks_response_update AFTER UPDATE OF final_context, case_seq ON responses
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (NEW.case_seq); END;
CREATE TRIGGER case_marks_documents AFTER INSERT ON documents
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (0); END;
CREATE TRIGGER case_marks_documents_update AFTER UPDATE OF access_scope ON documents
  BEGIN INSERT OR IGNORE INTO case_marks_dirty VALUES (0); END;

-- Search: every indexed text ends in two newlines, so a 1–2 character term at the end of a text
-- begins a trigram too and short terms are found through the index (db/case-search.ts).
UPDATE cases_fts SET query = query || char(10, 10), reference_answer = reference_answer || char(10, 10), claims_text = claims_text || char(10, 10);

-- The facet index reads these columns of every case: from this index, not the wide case rows.
CREATE INDEX cases_facet_columns ON cases(answerability, question_type, split, origin, leak);

-- n: the cases and their slices changed; marks: a case's labelers or marks changed
CREATE TABLE facet_stamp (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL, marks INTEGER NOT NULL) STRICT;
INSERT INTO facet_stamp VALUES (1, 0, 0);
CREATE TRIGGER facet_stamp_case_insert AFTER INSERT ON cases BEGIN UPDATE facet_stamp SET n = n + 1; END;
CREATE TRIGGER facet_stamp_case_delete AFTER DELETE ON cases BEGIN UPDATE facet_stamp SET n = n + 1; END;
CREATE TRIGGER facet_stamp_case_update AFTER UPDATE OF answerability, question_type, split, origin, leak ON cases BEGIN UPDATE facet_stamp SET n = n + 1; END;
CREATE TRIGGER facet_stamp_slice_insert AFTER INSERT ON case_slices BEGIN UPDATE facet_stamp SET n = n + 1; END;
CREATE TRIGGER facet_stamp_slice_delete AFTER DELETE ON case_slices BEGIN UPDATE facet_stamp SET n = n + 1; END;
CREATE TRIGGER facet_stamp_labeler_insert AFTER INSERT ON case_labelers BEGIN UPDATE facet_stamp SET marks = marks + 1; END;
CREATE TRIGGER facet_stamp_labeler_delete AFTER DELETE ON case_labelers BEGIN UPDATE facet_stamp SET marks = marks + 1; END;
CREATE TRIGGER facet_stamp_marks_insert AFTER INSERT ON case_marks BEGIN UPDATE facet_stamp SET marks = marks + 1; END;
CREATE TRIGGER facet_stamp_marks_update AFTER UPDATE ON case_marks BEGIN UPDATE facet_stamp SET marks = marks + 1; END;
CREATE TRIGGER facet_stamp_marks_delete AFTER DELETE ON case_marks BEGIN UPDATE facet_stamp SET marks = marks + 1; END;
`,
};
