import { ApiError } from '../shared/api/contract';
import type { CaseRetrieval, ResponseRetrieval, RetrievalData, RetrievalListName } from '../shared/retrieval';
import type { Db } from './open';
import { retrievalIndexStale } from './retrieval-index';
import { text as say } from '../shared/messages/text';

/** Reads one system's normal responses from the retrieval index (db/retrieval-index.ts) for the metrics. */

export interface RetrievalSystem {
  system: string;
  /** Normal responses (diagnostic conditions are left out). */
  responses: number;
  /** How many of them carry a candidate list. */
  withCandidates: number;
}

export function retrievalSystems(db: Db): RetrievalSystem[] {
  return db.prepare(
    `SELECT r.system, count(*) AS responses, count(r.candidates) AS withCandidates
       FROM responses r WHERE r.condition = 'normal' GROUP BY r.system ORDER BY r.system`,
  ).all() as RetrievalSystem[];
}

export function loadRetrievalData(db: Db, system: string, list: RetrievalListName): RetrievalData {
  if (retrievalIndexStale(db)) {
    throw new ApiError('invalid-data', say('err.retrieval.not-indexed'));
  }
  const responseRows = db.prepare(
    `SELECT r.seq, r.id, c.id AS case_id, l.length FROM responses r INDEXED BY responses_retrieval JOIN cases c ON c.seq = r.case_seq
       LEFT JOIN retrieval_lists l ON l.response_seq = r.seq AND l.list = ?
      WHERE r.system = ? AND r.condition = 'normal' ORDER BY r.case_seq, r.id`,
  ).raw().all(list, system) as [number, string, string, number | null][];
  if (responseRows.length === 0) {
    const known = retrievalSystems(db).map((s) => s.system);
    throw new ApiError('not-found', known.length ? say('err.retrieval.unknown-system-list', { system, systems: known.join(', ') }) : say('err.retrieval.unknown-system', { system }), { file: 'retrieval', line: null, field: 'system' });
  }
  // Most chunks hold nothing: they share one empty list, and a chunk gets its own on its first unit.
  const nothing: number[] = [];
  const holdsBySeq = new Map<number, number[][]>();
  const responses: ResponseRetrieval[] = responseRows.map(([seq, id, caseId, length]) => {
    const holds = length === null ? null : (new Array(length).fill(nothing) as number[][]);
    if (holds) holdsBySeq.set(seq, holds);
    return { caseId, responseId: id, holds };
  });
  // hundreds of thousands of rows: read as three JSON arrays built by SQLite (better-sqlite3 spends
  // about a microsecond handing over each row; parsing a few long strings costs a fraction of that)
  const [seqText, positionText, unitText] = db.prepare(
    `SELECT json_group_array(response_seq), json_group_array(position), json_group_array(unit) FROM (
       SELECT h.response_seq, h.position, h.unit FROM retrieval_holds h JOIN responses r ON r.seq = h.response_seq
        WHERE r.system = ? AND r.condition = 'normal' AND h.list = ?)`,
  ).raw().get(system, list) as [string, string, string];
  const holdSeqs = JSON.parse(seqText) as number[];
  const positions = JSON.parse(positionText) as number[];
  const holdUnits = JSON.parse(unitText) as number[];
  for (let i = 0; i < holdSeqs.length; i++) {
    const holds = holdsBySeq.get(holdSeqs[i]);
    if (!holds) continue;
    const position = positions[i];
    const held = holds[position - 1];
    if (held === nothing) holds[position - 1] = [holdUnits[i]];
    else held.push(holdUnits[i]);
  }
  for (const holds of holdsBySeq.values()) for (const held of holds) if (held.length > 1) held.sort((a, b) => a - b);

  const cases = new Map<string, CaseRetrieval>();
  const caseSeqs = `SELECT DISTINCT case_seq FROM responses WHERE system = ? AND condition = 'normal'`;
  const caseRows = db.prepare(`SELECT seq, id, question_type, answerability FROM cases WHERE seq IN (${caseSeqs})`).raw().all(system) as [number, string, string | null, string | null][];
  const bySeq = new Map<number, CaseRetrieval>();
  for (const [seq, id, questionType, answerability] of caseRows) {
    const info: CaseRetrieval = { caseId: id, slices: [], questionType, answerability, units: [] };
    cases.set(id, info);
    bySeq.set(seq, info);
  }
  for (const [seq, slice] of db.prepare(`SELECT case_seq, slice FROM case_slices WHERE case_seq IN (${caseSeqs}) ORDER BY case_seq, position`).raw().iterate(system) as IterableIterator<[number, string]>) {
    bySeq.get(seq)?.slices.push(slice);
  }
  for (const [seq, docId, quote, grade, claims] of db.prepare(`SELECT case_seq, doc_id, quote, grade, claims FROM retrieval_units WHERE case_seq IN (${caseSeqs}) ORDER BY case_seq, unit`).raw().iterate(system) as IterableIterator<[number, string, string, number, string]>) {
    bySeq.get(seq)?.units.push({ docId, quote, grade, claims: JSON.parse(claims) as number[] });
  }
  return { cases, responses };
}
