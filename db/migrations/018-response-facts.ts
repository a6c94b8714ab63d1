import type { Migration } from './migration';

/**
 * What the Diagnosis figures read of each response's chunk lists, citations and trajectory, derived
 * once (shared/diagnosis/response-facts.ts), and where its lists hold its case's units (its rows of
 * the retrieval index), so that a page over 100,000 responses parses no list and reads one row per
 * response (db/response-facts.ts). A response without a row has its facts computed when a page next reads it
 * and kept then: files from before this version fill the table lazily, and nothing else changes.
 *
 * The triggers drop the rows a change makes wrong, whichever code writes it: any document revision
 * (staleness, scope and texts are read across documents), a response, a case's scope or as-of date,
 * its claims and evidence, the lead settling its claims, or its retrieval index rebuilt. `basis` in meta names the documents'
 * staleness the rows were computed under (a revision expires with the calendar): rows of another
 * basis are dropped and computed again.
 *
 * responses_diagnosis_read covers the page's read of one system's responses in id order: their rows
 * hold the chunk lists, so reading a column of the row itself (condition sits after them) would read
 * every list's pages. It replaces responses_system_id, its prefix.
 */
export const migration018: Migration = {
  version: 18,
  name: 'response facts for the Diagnosis page',
  sql: `
DROP INDEX responses_system_id;
CREATE INDEX responses_diagnosis_read ON responses(system, id, case_seq, condition, retrieval_called);

CREATE TABLE response_facts (
  response_seq INTEGER PRIMARY KEY REFERENCES responses(seq) ON DELETE CASCADE,
  facts TEXT NOT NULL
) STRICT;

CREATE TRIGGER response_facts_documents_insert AFTER INSERT ON documents BEGIN DELETE FROM response_facts; END;
CREATE TRIGGER response_facts_documents_update AFTER UPDATE ON documents BEGIN DELETE FROM response_facts; END;
CREATE TRIGGER response_facts_documents_delete AFTER DELETE ON documents BEGIN DELETE FROM response_facts; END;

CREATE TRIGGER response_facts_response_update AFTER UPDATE ON responses
  BEGIN DELETE FROM response_facts WHERE response_seq IN (OLD.seq, NEW.seq); END;
CREATE TRIGGER response_facts_response_delete AFTER DELETE ON responses
  BEGIN DELETE FROM response_facts WHERE response_seq = OLD.seq; END;

CREATE TRIGGER response_facts_case_update AFTER UPDATE OF access_scope, as_of ON cases
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = NEW.seq); END;

CREATE TRIGGER response_facts_claims_insert AFTER INSERT ON claims
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = NEW.case_seq); END;
CREATE TRIGGER response_facts_claims_update AFTER UPDATE ON claims
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq IN (OLD.case_seq, NEW.case_seq)); END;
CREATE TRIGGER response_facts_claims_delete AFTER DELETE ON claims
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = OLD.case_seq); END;

CREATE TRIGGER response_facts_evidence_insert AFTER INSERT ON evidence
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT r.seq FROM responses r JOIN claims c ON c.case_seq = r.case_seq WHERE c.id = NEW.claim_id); END;
CREATE TRIGGER response_facts_evidence_update AFTER UPDATE ON evidence
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT r.seq FROM responses r JOIN claims c ON c.case_seq = r.case_seq WHERE c.id IN (OLD.claim_id, NEW.claim_id)); END;
CREATE TRIGGER response_facts_evidence_delete AFTER DELETE ON evidence
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT r.seq FROM responses r JOIN claims c ON c.case_seq = r.case_seq WHERE c.id = OLD.claim_id); END;

-- the retrieval index is rebuilt for a case (its units) or a response (its lists, deleted first)
CREATE TRIGGER response_facts_units_insert AFTER INSERT ON retrieval_units
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = NEW.case_seq); END;
CREATE TRIGGER response_facts_units_delete AFTER DELETE ON retrieval_units
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = OLD.case_seq); END;
CREATE TRIGGER response_facts_lists_delete AFTER DELETE ON retrieval_lists
  BEGIN DELETE FROM response_facts WHERE response_seq = OLD.response_seq; END;

CREATE TRIGGER response_facts_settled_claims AFTER INSERT ON conflict_resolutions WHEN NEW.field = 'claims'
  BEGIN DELETE FROM response_facts WHERE response_seq IN (SELECT seq FROM responses WHERE case_seq = NEW.case_seq); END;
`,
};
