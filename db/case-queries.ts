import type { CaseDetail, CaseFilters, CaseSummary } from '../shared/api/contract';
import type { CaseFlag } from '../shared/cases/filters';
import { settleCaseMarks } from './case-marks';
import { ApiError } from '../shared/api/contract';
import type { CaseRecord, Claim, DocumentRecord, ResponseRecord } from '../shared/domain/schemas';
import { isClaimsValue } from '../shared/domain/dimensions';
import { currentFields, settledFields } from './case-fields';
import { caseWhere } from './case-search';
import type { Db } from './open';
import { statement } from './statements';
import { text as say } from '../shared/messages/text';

interface CaseRow {
  seq: number;
  id: string;
  query: string;
  corpus_revision: string | null;
  access_scope: string;
  reference_answer: string | null;
  forbidden_claims: string;
  relevant_documents: string;
  question_type: string | null;
  answerability: string | null;
  origin: string | null;
  split: string | null;
  grp: string | null;
  leak: number;
  as_of: string | null;
  must_retrieve: number | null;
  metadata: string | null;
}

export function listCases(db: Db, filters: CaseFilters, offset: number, limit: number): CaseSummary[] {
  settleCaseMarks(db);
  const where = caseWhere(db, filters);
  const rows = db
    .prepare(
      `SELECT c.seq, c.id, c.query, c.answerability, c.question_type, c.origin, c.split, c.leak,
              (SELECT group_concat(slice, char(31)) FROM (SELECT slice FROM case_slices WHERE case_seq = c.seq ORDER BY position)) AS slices,
              (SELECT count(*) FROM responses r WHERE r.case_seq = c.seq) AS response_count,
              (SELECT permission_leak | (edited << 1) FROM case_marks m WHERE m.case_seq = c.seq) AS marks
         FROM cases c ${where.sql} ORDER BY c.seq LIMIT ? OFFSET ?`,
    )
    .all(...where.params, limit, offset) as (Pick<CaseRow, 'seq' | 'id' | 'query' | 'answerability' | 'question_type' | 'origin' | 'split' | 'leak'> & { slices: string | null; response_count: number; marks: number | null })[];
  return rows.map((r) => ({
    id: r.id,
    query: r.query,
    answerability: r.answerability,
    questionType: r.question_type,
    origin: r.origin,
    split: r.split,
    slices: r.slices ? r.slices.split('\u001f') : [],
    responseCount: r.response_count,
    flags: flagsOf(r.marks ?? 0),
    leak: r.leak === 1,
  }));
}

function flagsOf(marks: number): CaseFlag[] {
  const flags: CaseFlag[] = [];
  if (marks & 1) flags.push('permission-leak');
  if (marks & 2) flags.push('edited');
  return flags;
}

export function claimsOf(db: Db, caseSeq: number): Claim[] {
  const claims = statement(db, 'SELECT id, text FROM claims WHERE case_seq = ? ORDER BY position').all(caseSeq) as { id: number; text: string }[];
  const evidenceOf = statement(db, 'SELECT doc_id, quote, start_offset, end_offset, grade FROM evidence WHERE claim_id = ? ORDER BY position');
  return claims.map((claim) => ({
    text: claim.text,
    evidence: (evidenceOf.all(claim.id) as { doc_id: string; quote: string; start_offset: number | null; end_offset: number | null; grade: number | null }[]).map((e) => ({
      docId: e.doc_id,
      quote: e.quote,
      ...(e.start_offset !== null ? { start: e.start_offset } : {}),
      ...(e.end_offset !== null ? { end: e.end_offset } : {}),
      ...(e.grade !== null ? { grade: e.grade } : {}),
    })),
  }));
}

function toCaseRecord(db: Db, row: CaseRow): CaseRecord {
  const slices = db.prepare('SELECT slice FROM case_slices WHERE case_seq = ? ORDER BY position').pluck().all(row.seq) as string[];
  return {
    id: row.id,
    query: row.query,
    corpusRevision: row.corpus_revision,
    accessScope: JSON.parse(row.access_scope) as string[],
    referenceAnswer: row.reference_answer,
    claims: claimsOf(db, row.seq),
    forbiddenClaims: JSON.parse(row.forbidden_claims) as string[],
    relevantDocuments: JSON.parse(row.relevant_documents) as string[],
    slices,
    questionType: row.question_type,
    answerability: row.answerability as CaseRecord['answerability'],
    origin: row.origin as CaseRecord['origin'],
    split: row.split as CaseRecord['split'],
    group: row.grp,
    ...(row.leak === 1 ? { leak: true } : {}),
    // Only when set, so that files without them export exactly as before.
    ...(row.as_of !== null ? { asOf: row.as_of } : {}),
    ...(row.must_retrieve !== null ? { mustRetrieve: row.must_retrieve === 1 } : {}),
    // Only cases that came with metadata carry the field, so native exports stay as they were imported.
    ...(row.metadata ? { metadata: JSON.parse(row.metadata) as Record<string, unknown> } : {}),
  };
}

interface DocumentRow {
  doc_id: string;
  revision: string;
  title: string;
  effective_from: string | null;
  expires_at: string | null;
  supersedes: string | null;
  superseded_by: string | null;
  access_scope: string;
  text: string | null;
}

export function toDocumentRecord(row: DocumentRow): DocumentRecord {
  return {
    docId: row.doc_id,
    title: row.title,
    revision: row.revision,
    effectiveFrom: row.effective_from,
    expiresAt: row.expires_at,
    supersedes: row.supersedes,
    supersededBy: row.superseded_by,
    accessScope: JSON.parse(row.access_scope) as string[],
    text: row.text,
  };
}

interface ResponseRow {
  id: string;
  case_id: string;
  system: string;
  answer: string;
  retrieval_called: number | null;
  final_context: string;
  candidates: string | null;
  condition: string;
  cost: string | null;
  stop_state: string | null;
  trajectory: string;
  citations: string;
}

function toResponseRecord(row: ResponseRow): ResponseRecord {
  return {
    id: row.id,
    caseId: row.case_id,
    system: row.system,
    answer: row.answer,
    retrievalCalled: row.retrieval_called === null ? null : row.retrieval_called === 1,
    finalContext: JSON.parse(row.final_context) as ResponseRecord['finalContext'],
    ...(row.candidates !== null ? { candidates: JSON.parse(row.candidates) as ResponseRecord['finalContext'] } : {}),
    ...(row.condition !== 'normal' ? { condition: row.condition as ResponseRecord['condition'] } : {}),
    cost: row.cost === null ? null : (JSON.parse(row.cost) as ResponseRecord['cost']),
    ...(row.stop_state !== null ? { stopState: row.stop_state as ResponseRecord['stopState'] } : {}),
    trajectory: JSON.parse(row.trajectory) as ResponseRecord['trajectory'],
    // only responses that came with citations carry the field, so native exports stay as they were imported
    ...(row.citations !== '[]' ? { citations: JSON.parse(row.citations) as ResponseRecord['citations'] } : {}),
  };
}

/**
 * One case with its documents and responses. `settled` holds the lead's resolutions; with `edits` (the Cases
 * view) also a field one expert (or several agreeing) edited without conflict.
 */
export function getCaseDetail(db: Db, id: string, options: { edits?: boolean } = {}): CaseDetail {
  const row = db.prepare('SELECT * FROM cases WHERE id = ?').get(id) as CaseRow | undefined;
  if (!row) throw new ApiError('not-found', say('err.case.unknown', { id }), { file: 'cases.get', line: null, field: 'id' });
  const record = toCaseRecord(db, row);
  const docIds = new Set<string>(record.relevantDocuments);
  const settled = options.edits
    ? currentFields(db, row.seq, { claims: record.claims, referenceAnswer: record.referenceAnswer ?? null })
    : settledFields(db, row.seq);
  for (const claim of [...record.claims, ...(isClaimsValue(settled.claims?.value) ? settled.claims.value : [])]) for (const e of claim.evidence) docIds.add(e.docId);
  const documentsOf = db.prepare('SELECT * FROM documents WHERE doc_id = ? ORDER BY rowid');
  const documents = [...docIds].flatMap((docId) => (documentsOf.all(docId) as DocumentRow[]).map(toDocumentRecord));
  const responses = (
    db.prepare('SELECT r.*, c.id AS case_id FROM responses r JOIN cases c ON c.seq = r.case_seq WHERE r.case_seq = ? ORDER BY r.system, r.id').all(row.seq) as ResponseRow[]
  ).map(toResponseRecord);
  return { case: record, documents, responses, settled };
}

/** Every case in import order (or those the Cases view's filters show), as native records (the export format). */
export function* iterateCases(db: Db, filters: CaseFilters | null = null): Generator<CaseRecord> {
  if (filters) settleCaseMarks(db);
  const where = filters ? caseWhere(db, filters) : { sql: '', params: [] };
  const rows = db.prepare(`SELECT * FROM cases c ${where.sql} ORDER BY seq`).all(...where.params) as CaseRow[];
  for (const row of rows) yield toCaseRecord(db, row);
}

export function* iterateResponses(db: Db): Generator<ResponseRecord> {
  const rows = db.prepare('SELECT r.*, c.id AS case_id FROM responses r JOIN cases c ON c.seq = r.case_seq ORDER BY r.seq').iterate() as IterableIterator<ResponseRow>;
  for (const row of rows) yield toResponseRecord(row);
}

export function* iterateDocuments(db: Db): Generator<DocumentRecord> {
  for (const row of db.prepare('SELECT * FROM documents ORDER BY rowid').iterate() as IterableIterator<DocumentRow>) {
    yield toDocumentRecord(row);
  }
}
