import type { ContextChunk } from '../shared/domain/schemas';
import { settledClaimsOf } from '../shared/labeling/conflicts';
import { citationsOfClaims, distinctUnits, holdsOfList, inRankOrder, type RetrievalUnit } from '../shared/retrieval';
import { settledFields } from './case-fields';
import { claimsOf } from './case-queries';
import type { Db } from './open';
import { statement } from './statements';

/**
 * The retrieval index (tables retrieval_units, retrieval_lists, retrieval_holds):
 * which chunk of which response's list holds which unit of its case, computed
 * once when a case's claims or responses change so that any k is a cheap pass.
 */

export type RetrievalList = 'candidates' | 'context';

const STALE_KEY = 'retrieval_index_stale';

/** The units of a case: from its settled claims after a conflict resolution, else from the imported ones. */
export function caseUnits(db: Db, caseSeq: number): RetrievalUnit[] {
  const claims = settledClaimsOf(settledFields(db, caseSeq)) ?? claimsOf(db, caseSeq);
  return distinctUnits(citationsOfClaims(claims));
}

/** Rebuilds the index of these cases and all their responses (inside the caller's transaction, if any). */
export function indexRetrieval(db: Db, caseSeqs: Iterable<number>): void {
  const run = () => {
    for (const caseSeq of caseSeqs) indexCase(db, caseSeq);
  };
  if (db.inTransaction) run();
  else db.transaction(run).immediate();
}

function indexCase(db: Db, caseSeq: number): void {
  const units = caseUnits(db, caseSeq);
  statement(db, 'DELETE FROM retrieval_units WHERE case_seq = ?').run(caseSeq);
  const insertUnit = statement(db, 'INSERT INTO retrieval_units (case_seq, unit, doc_id, quote, grade, claims) VALUES (?, ?, ?, ?, ?, ?)');
  units.forEach((unit, u) => insertUnit.run(caseSeq, u, unit.docId, unit.quote, unit.grade, JSON.stringify(unit.claims)));

  const responses = statement(db, 'SELECT seq, final_context, candidates FROM responses WHERE case_seq = ?').all(caseSeq) as {
    seq: number; final_context: string; candidates: string | null;
  }[];
  const deleteLists = statement(db, 'DELETE FROM retrieval_lists WHERE response_seq = ?');
  const deleteHolds = statement(db, 'DELETE FROM retrieval_holds WHERE response_seq = ?');
  const insertList = statement(db, 'INSERT INTO retrieval_lists (response_seq, list, length) VALUES (?, ?, ?)');
  const insertHold = statement(db, 'INSERT INTO retrieval_holds (response_seq, list, position, unit) VALUES (?, ?, ?, ?)');
  const normalized = new Map<string, string>();
  for (const response of responses) {
    deleteLists.run(response.seq);
    deleteHolds.run(response.seq);
    const lists: [RetrievalList, string | null][] = [['context', response.final_context], ['candidates', response.candidates]];
    for (const [list, stored] of lists) {
      // A response without candidates has no candidate list at all (not an empty one).
      if (stored === null) continue;
      const chunks = inRankOrder(JSON.parse(stored) as ContextChunk[]);
      insertList.run(response.seq, list, chunks.length);
      holdsOfList(units, chunks, normalized).forEach((held, i) => {
        for (const u of held) insertHold.run(response.seq, list, i + 1, u);
      });
    }
  }
}

/** Indexes every case of a file whose responses predate the index (migrated from an older version). */
export function ensureRetrievalIndex(db: Db): void {
  if (db.readonly) return;
  if (!statement(db, 'SELECT 1 FROM meta WHERE key = ?').get(STALE_KEY)) return;
  db.transaction(() => {
    indexRetrieval(db, db.prepare('SELECT seq FROM cases ORDER BY seq').pluck().all() as number[]);
    db.prepare('DELETE FROM meta WHERE key = ?').run(STALE_KEY);
  }).immediate();
}

/** Whether the stored index is out of date (a read-only open of a file not yet indexed). */
export const retrievalIndexStale = (db: Db): boolean => statement(db, 'SELECT 1 FROM meta WHERE key = ?').get(STALE_KEY) !== undefined;
