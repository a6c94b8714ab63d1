import { ApiError, type ImportCounts } from '../shared/api/contract';
import { text, type LocalText } from '../shared/messages/text';
import type { CaseRecord, DocumentRecord, ResponseRecord, VerdictRecord } from '../shared/domain/schemas';
import { valueProblem } from '../shared/domain/dimensions';
import { formatLocation } from '../shared/import/errors';
import { listDimensions } from './dimensions';
import { settleCaseMarks } from './case-marks';
import { searchRowsSql } from './case-search';
import { refreshProgress } from './label-progress';
import { indexRetrieval } from './retrieval-index';
import { invalidateQueues } from './queue-cache';
import type { Db } from './open';

export interface Lined<T> {
  record: T;
  line: number;
}

export interface RecordsToWrite {
  documents: Lined<DocumentRecord>[];
  cases: Lined<CaseRecord>[];
  responses: Lined<ResponseRecord>[];
  verdicts: Lined<VerdictRecord>[];
}

export interface ImportSourceInfo {
  fileName: string;
  sha256: string;
  /**
   * Ragas / DeepEval cases get ids derived from their question, so a results
   * file names the same cases as the test-set file imported before it: an
   * identical existing case (or response) is reused.
   */
  reuseIdenticalCases?: boolean;
  /** A staged import indexes its cases' search rows in the test set itself (db/import-stage.ts), not in the scratch copy. */
  deferSearchIndex?: boolean;
}

/** A refusal of the whole file; the English message starts with where (the window shows the location beside it). */
function refused(source: ImportSourceInfo, line: number, field: string, problem: LocalText): ApiError {
  const error = new ApiError('invalid-data', text('err.import.refused', { problem }), { file: source.fileName, line, field });
  error.message = formatLocation(source.fileName, line, field) + error.message;
  return error;
}

const json = (value: unknown) => JSON.stringify(value ?? []);

/**
 * Writes parsed records in one transaction. Every cross-record rule (ids
 * already in the file, unknown docIds and caseIds) is checked inside it, so
 * a refusal rolls back everything and the file is exactly as before.
 */
export function writeRecords(db: Db, records: RecordsToWrite, source: ImportSourceInfo, onProgress?: (done: number) => void): ImportCounts {
  // New cases and responses change every queue's figures.
  try {
    return writeRecordsInTransaction(db, records, source, onProgress);
  } finally {
    invalidateQueues(db);
  }
}

function writeRecordsInTransaction(db: Db, records: RecordsToWrite, source: ImportSourceInfo, onProgress?: (done: number) => void): ImportCounts {
  const counts: ImportCounts = { documents: 0, cases: 0, responses: 0, verdicts: 0, judgeRuns: 0 };
  const statements = {
    storedDocument: db.prepare('SELECT * FROM documents WHERE doc_id = ? AND revision = ?'),
    docIdKnown: db.prepare('SELECT 1 FROM documents WHERE doc_id = ? LIMIT 1').pluck(),
    insertDocument: db.prepare(
      `INSERT INTO documents (doc_id, revision, title, effective_from, expires_at, supersedes, superseded_by, access_scope, text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    caseSeq: db.prepare('SELECT seq FROM cases WHERE id = ?').pluck(),
    sameCase: db.prepare('SELECT 1 FROM cases WHERE id = ? AND query = ? AND reference_answer IS ?').pluck(),
    insertCase: db.prepare(
      `INSERT INTO cases (id, query, corpus_revision, access_scope, reference_answer, forbidden_claims, relevant_documents, question_type, answerability, origin, split, grp, metadata, leak, as_of, must_retrieve)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertSlice: db.prepare('INSERT OR IGNORE INTO case_slices (case_seq, position, slice) VALUES (?, ?, ?)'),
    insertClaim: db.prepare('INSERT INTO claims (case_seq, position, text) VALUES (?, ?, ?)'),
    insertEvidence: db.prepare('INSERT INTO evidence (claim_id, position, doc_id, quote, start_offset, end_offset, grade) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    // New cases get seqs above every stored one, so "seq >= the first new seq" is exactly this import's cases.
    indexNewCases: db.prepare(`INSERT INTO cases_fts (rowid, query, reference_answer, claims_text) ${searchRowsSql('main')} WHERE c.seq >= ?`),
    response: db.prepare('SELECT seq, case_seq, answer FROM responses WHERE id = ?'),
    insertResponse: db.prepare(
      'INSERT INTO responses (id, case_seq, system, answer, retrieval_called, final_context, candidates, condition, cost, citations, stop_state, trajectory) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertRun: db.prepare(
      `INSERT INTO judge_runs (model, model_version, prompt_version, prompt_hash, source_file, source_sha256, imported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertVerdict: db.prepare('INSERT INTO verdicts (run_id, case_seq, response_seq, dimension, value, rationale, threshold) VALUES (?, ?, ?, ?, ?, ?, ?)'),
  };
  let written = 0;
  const tick = () => {
    written += 1;
    if (onProgress && written % 1000 === 0) onProgress(written);
  };

  db.transaction(() => {
    for (const { record: d, line } of records.documents) {
      const row = [d.title, d.effectiveFrom ?? null, d.expiresAt ?? null, d.supersedes ?? null, d.supersededBy ?? null, json(d.accessScope), d.text ?? null] as const;
      const stored = statements.storedDocument.get(d.docId, d.revision) as Record<string, unknown> | undefined;
      if (stored) {
        // The same revision again (e.g. a context shared by two Ragas files) is already there; any difference is a conflict.
        const columns = ['title', 'effective_from', 'expires_at', 'supersedes', 'superseded_by', 'access_scope', 'text'];
        const fields = ['title', 'effectiveFrom', 'expiresAt', 'supersedes', 'supersededBy', 'accessScope', 'text'];
        const differing = columns.findIndex((column, i) => stored[column] !== row[i]);
        if (differing === -1) continue;
        throw refused(source, line, fields[differing], text('err.import.document-changed', { docId: d.docId, revision: d.revision, field: fields[differing] }));
      }
      statements.insertDocument.run(d.docId, d.revision, ...row);
      counts.documents += 1;
      tick();
    }

    // Cases name few distinct documents, and none are added while cases are written.
    const knownDocs = new Map<string, boolean>();
    const isKnownDoc = (docId: string) => {
      let known = knownDocs.get(docId);
      if (known === undefined) knownDocs.set(docId, (known = statements.docIdKnown.get(docId) !== undefined));
      return known;
    };
    let firstNewSeq: number | null = null;
    // Cases whose claims or responses this import adds: their retrieval index is rebuilt below.
    const casesToIndex = new Set<number>();
    for (const { record: c, line } of records.cases) {
      if (statements.caseSeq.get(c.id) !== undefined) {
        if (source.reuseIdenticalCases && statements.sameCase.get(c.id, c.query, c.referenceAnswer ?? null)) continue;
        throw refused(source, line, 'id', text('err.import.case-exists', { id: c.id }));
      }
      c.relevantDocuments.forEach((docId, i) => {
        if (!isKnownDoc(docId)) throw refused(source, line, `relevantDocuments.${i}`, text('err.import.unknown-document', { docId }));
      });
      c.claims.forEach((claim, ci) =>
        claim.evidence.forEach((e, ei) => {
          if (!isKnownDoc(e.docId)) throw refused(source, line, `claims.${ci}.evidence.${ei}.docId`, text('err.import.unknown-document', { docId: e.docId }));
        }),
      );
      const seq = Number(
        statements.insertCase.run(
          c.id, c.query, c.corpusRevision ?? null, json(c.accessScope), c.referenceAnswer ?? null, json(c.forbiddenClaims), json(c.relevantDocuments),
          c.questionType ?? null, c.answerability ?? null, c.origin ?? null, c.split ?? null, c.group ?? null,
          c.metadata ? JSON.stringify(c.metadata) : null, c.leak ? 1 : 0,
          c.asOf ?? null, c.mustRetrieve === null || c.mustRetrieve === undefined ? null : Number(c.mustRetrieve),
        ).lastInsertRowid,
      );
      firstNewSeq ??= seq;
      casesToIndex.add(seq);
      c.slices.forEach((slice, position) => statements.insertSlice.run(seq, position, slice));
      c.claims.forEach((claim, position) => {
        const claimId = Number(statements.insertClaim.run(seq, position, claim.text).lastInsertRowid);
        claim.evidence.forEach((e, ep) => statements.insertEvidence.run(claimId, ep, e.docId, e.quote, e.start ?? null, e.end ?? null, e.grade ?? null));
      });
      counts.cases += 1;
      tick();
    }
    // One pass over the new rows indexes them several times faster than a search row per case.
    if (firstNewSeq !== null && !source.deferSearchIndex) {
      // search rows a killed staged import left above every case match nothing, but hold the rowids of these cases
      db.prepare('DELETE FROM cases_fts WHERE rowid >= ?').run(firstNewSeq);
      statements.indexNewCases.run(firstNewSeq);
    }

    // A new response adds steps to its case: a case a reviewer had finished may no longer be.
    const labeledCase = db.prepare('SELECT 1 FROM label_events WHERE case_seq = ? LIMIT 1').pluck();
    const casesGainingSteps = new Set<number>();
    for (const { record: r, line } of records.responses) {
      const caseSeq = statements.caseSeq.get(r.caseId) as number | undefined;
      if (caseSeq === undefined) throw refused(source, line, 'caseId', text('err.import.unknown-case', { id: r.caseId }));
      const stored = statements.response.get(r.id) as { case_seq: number; answer: string } | undefined;
      if (stored) {
        // A foreign results file repeats the answers its test-set file (or an earlier results file) brought.
        if (source.reuseIdenticalCases && stored.case_seq === caseSeq && stored.answer === r.answer) continue;
        throw refused(source, line, 'id', text(source.reuseIdenticalCases ? 'err.import.response-exists-other-answer' : 'err.import.response-exists', { id: r.id }));
      }
      statements.insertResponse.run(
        r.id, caseSeq, r.system, r.answer, r.retrievalCalled === null || r.retrievalCalled === undefined ? null : Number(r.retrievalCalled),
        json(r.finalContext), r.candidates ? JSON.stringify(r.candidates) : null, r.condition ?? 'normal', r.cost ? JSON.stringify(r.cost) : null, json(r.citations),
        r.stopState ?? null, json(r.trajectory),
      );
      casesToIndex.add(caseSeq);
      if (labeledCase.get(caseSeq)) casesGainingSteps.add(caseSeq);
      counts.responses += 1;
      tick();
    }
    indexRetrieval(db, casesToIndex);
    if (casesGainingSteps.size > 0) {
      const dimensions = listDimensions(db);
      for (const caseSeq of casesGainingSteps) refreshProgress(db, caseSeq, null, dimensions);
    }

    if (records.verdicts.length > 0) {
      // A verdict on a dimension the test set defines must be a value of that dimension; other dimensions are the judge's own.
      const dimensions = new Map(listDimensions(db).map((d) => [d.name, d]));
      const judge = records.verdicts[0].record.judge;
      const runId = Number(
        statements.insertRun.run(judge.model, judge.version, judge.promptVersion, judge.promptHash ?? null, source.fileName, source.sha256, new Date().toISOString())
          .lastInsertRowid,
      );
      counts.judgeRuns = 1;
      for (const { record: v, line } of records.verdicts) {
        const caseSeq = statements.caseSeq.get(v.caseId) as number | undefined;
        if (caseSeq === undefined) throw refused(source, line, 'caseId', text('err.import.unknown-case', { id: v.caseId }));
        const dimension = dimensions.get(v.dimension);
        // marks per claim are a value of "claims this answer states" only; a judge's own dimension takes a string or number
        const problem = dimension ? valueProblem(dimension, v.value) : typeof v.value === 'object' ? text('err.value.string-or-number') : null;
        if (problem) throw refused(source, line, 'value', text('err.value.misfit', { value: JSON.stringify(v.value), dimension: v.dimension, problem }));
        let responseSeq: number | null = null;
        if (v.responseId) {
          const response = statements.response.get(v.responseId) as { seq: number; case_seq: number } | undefined;
          if (!response) throw refused(source, line, 'responseId', text('err.import.unknown-response', { id: v.responseId }));
          if (response.case_seq !== caseSeq) throw refused(source, line, 'responseId', text('err.import.response-other-case', { id: v.responseId, caseId: v.caseId }));
          responseSeq = response.seq;
        }
        statements.insertVerdict.run(runId, caseSeq, responseSeq, v.dimension, JSON.stringify(v.value), v.rationale ?? null, v.threshold ?? null);
        counts.verdicts += 1;
        tick();
      }
    }
    settleCaseMarks(db);
  }).immediate();
  return counts;
}
