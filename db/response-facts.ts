import Database from 'better-sqlite3';
import { indexRevisions, newestFirst } from '../shared/diagnosis/chunk-revision';
import { DocumentIndex } from '../shared/diagnosis/documents';
import { responseFacts, type FactsContext } from '../shared/diagnosis/response-facts';
import type { DxCase, DxChunk, DxCitation, DxDocument, ResponseFacts } from '../shared/diagnosis/types';
import type { ListHolds } from '../shared/diagnosis/evidence';
import type { StopState, ToolCall } from '../shared/domain/schemas';
import type { RetrievalList } from './retrieval-index';
import { knownRevisions } from './known-revisions';
import { REPORT_EVERY } from './read-progress';
import type { Db } from './open';
import { statement } from './statements';

/**
 * The response_facts table (db/migrations/018-response-facts.ts): per response what the Diagnosis
 * figures read of its chunk lists, citations and trajectory, and where its lists hold its case's
 * units (the retrieval index's rows for it). A page reads the rows; a response
 * without one (new, or made out of date by a change the table's triggers saw) has them computed
 * here from its stored lists and kept, unless the file is open read-only (`touchstone diagnose`
 * never writes: there they are computed and not kept).
 */

const BASIS_KEY = 'response_facts_basis';

// the rules the facts were worked out by (shared/diagnosis/response-facts.ts): a new rule makes rows
// kept by an earlier version of the app out of date, so it is named with the basis
const RULES = 'r2';

/** The rules and the documents' staleness the facts depend on (it moves with the calendar as revisions expire). */
const basisOf = (documents: readonly DxDocument[]) => `${RULES}:${documents.map((d) => (d.stale ? '1' : '0')).join('')}`;

/**
 * The writes of a read that asked to put them off (db/diagnosis-inputs.ts reads in one snapshot: a
 * write there would hold the file's write lock for the rest of the read, seconds at 100,000
 * responses, while the app saves labels on another connection).
 */
const deferred = new WeakMap<Db, (() => void)[]>();

function writeWhenFree(db: Db, write: () => void): void {
  const writes = deferred.get(db);
  if (writes) writes.push(write);
  else write();
}

/**
 * Runs `read` with the facts' writes put off, then runs them in one short transaction when
 * `stillRight` says (inside it) that what the read saw has not changed since; else drops them (the next
 * read computes them again).
 */
export function withFactWritesAfter<T>(db: Db, read: () => T, stillRight: () => boolean): T {
  const writes: (() => void)[] = [];
  deferred.set(db, writes);
  let result: T;
  try {
    result = read();
  } finally {
    deferred.delete(db);
  }
  if (writes.length === 0 || db.readonly) return result;
  try {
    db.transaction(() => {
      if (!stillRight()) return;
      for (const write of writes) write();
    }).immediate();
  } catch (error) {
    // another connection holds the write lock: they are computed again next time
    if (!(error instanceof Database.SqliteError)) throw error;
  }
  return result;
}

/**
 * Whether the stored rows were computed under these documents' staleness (`use`), and whether facts
 * computed now are kept (`keep`). When the basis moved, a writable file drops the rows (facts are
 * computed again as pages read them); a read-only one ignores them.
 */
export function factsBasisHolds(db: Db, documents: readonly DxDocument[]): { use: boolean; keep: boolean } {
  const basis = basisOf(documents);
  const stored = statement(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(BASIS_KEY) as string | undefined;
  if (stored === basis) return { use: true, keep: true };
  if (db.readonly) return { use: false, keep: false };
  const settle = () => {
    db.prepare('DELETE FROM response_facts').run();
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(BASIS_KEY, basis);
  };
  if (deferred.has(db)) {
    // settled with the read's other writes, before the facts it computes now are kept
    writeWhenFree(db, settle);
    return { use: false, keep: true };
  }
  try {
    db.transaction(settle).immediate();
    return { use: true, keep: true };
  } catch (error) {
    // another connection holds the write lock: the rows are left for a later read to settle
    if (error instanceof Database.SqliteError) return { use: false, keep: false };
    throw error;
  }
}

/**
 * Stored as one flat object without the fields that hold their usual value (most responses have no
 * stale chunk, leak, suggestion or agent record), so a page parses a few bytes per response.
 */
const USUAL: Omit<ResponseFacts, 'agent'> & ResponseFacts['agent'] = {
  contextLength: 0, citations: 0, hiddenDoc: null, staleDoc: null, citationTags: [], stale: [], leaks: { leaked: [], scopeUnknown: 0 }, suggestions: [],
  retrievalCalled: null, stopState: null, searches: null, tokens: null, latencyMs: null,
};
const USUAL_JSON = new Map(Object.entries(USUAL).map(([key, value]) => [key, JSON.stringify(value)]));

/** What a response keeps: its facts and where its lists hold its case's units (from the retrieval index). */
export interface KeptFacts {
  facts: ResponseFacts;
  holds: { context: ListHolds; candidates: ListHolds };
}

/** A list's holds as [length, unit, position, unit, position, …]. */
const packHolds = (holds: ListHolds) => [holds.length, ...[...holds.first].flat()];
function unpackHolds(packed: number[] | undefined): ListHolds {
  const first = new Map<number, number>();
  if (!packed) return { length: 0, first };
  for (let i = 1; i < packed.length; i += 2) first.set(packed[i], packed[i + 1]);
  return { length: packed[0], first };
}

export function encodeFacts({ facts, holds }: KeptFacts): string {
  const { agent, ...rest } = facts;
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...rest, ...agent })) if (JSON.stringify(value) !== USUAL_JSON.get(key)) flat[key] = value;
  if (holds.context.length > 0 || holds.context.first.size > 0) flat.contextHolds = packHolds(holds.context);
  if (holds.candidates.length > 0 || holds.candidates.first.size > 0) flat.candidateHolds = packHolds(holds.candidates);
  return JSON.stringify(flat);
}

export function decodeFacts(stored: string): KeptFacts {
  // a field left out holds its usual value (never stored as null when another value is usual)
  const f = JSON.parse(stored) as Partial<typeof USUAL> & { contextHolds?: number[]; candidateHolds?: number[] };
  return {
    facts: {
      contextLength: f.contextLength ?? USUAL.contextLength,
      citations: f.citations ?? USUAL.citations,
      hiddenDoc: f.hiddenDoc ?? USUAL.hiddenDoc,
      staleDoc: f.staleDoc ?? USUAL.staleDoc,
      citationTags: f.citationTags ?? USUAL.citationTags,
      stale: f.stale ?? USUAL.stale,
      leaks: f.leaks ?? USUAL.leaks,
      suggestions: f.suggestions ?? USUAL.suggestions,
      agent: { retrievalCalled: f.retrievalCalled ?? null, stopState: f.stopState ?? null, searches: f.searches ?? null, tokens: f.tokens ?? null, latencyMs: f.latencyMs ?? null },
    },
    holds: { context: unpackHolds(f.contextHolds), candidates: unpackHolds(f.candidateHolds) },
  };
}

/** Where a response's lists hold its case's units, as the retrieval index keeps them (each unit's first position). */
function indexedHolds(db: Db, seq: number): KeptFacts['holds'] {
  const holds = { context: { length: 0, first: new Map<number, number>() }, candidates: { length: 0, first: new Map<number, number>() } };
  for (const [list, length] of statement(db, 'SELECT list, length FROM retrieval_lists WHERE response_seq = ?').raw().all(seq) as [RetrievalList, number][]) holds[list].length = length;
  for (const [list, position, unit] of statement(db, 'SELECT list, position, unit FROM retrieval_holds WHERE response_seq = ?').raw().all(seq) as [RetrievalList, number, number][]) {
    const known = holds[list].first.get(unit);
    if (known === undefined || position < known) holds[list].first.set(unit, position);
  }
  return holds;
}

interface StoredRow {
  seq: number;
  final_context: string;
  candidates: string | null;
  citations: string;
  trajectory: string;
  cost: string | null;
  stop_state: string | null;
  retrieval_called: number | null;
}

const parseList = <T>(text: string | null): T[] => (text ? (JSON.parse(text) as T[]) : []);

/** What facts are worked out with: the documents as the report reads them, and every revision of the file. */
export function factsContext(db: Db, documents: readonly DxDocument[]): FactsContext {
  const revisions = indexRevisions(knownRevisions(db));
  return {
    documents: new DocumentIndex(documents),
    revisions,
    newestText: (docId) => {
      const list = revisions.get(docId);
      return list ? (newestFirst(list)[0].text ?? null) : null;
    },
  };
}

/**
 * Computes the facts of these responses (response seq → its case and the case's as-of date) from
 * their stored lists and keeps them when the file can be written. `counted` is told how many are
 * done every REPORT_EVERY (db/read-progress.ts).
 */
export function computeFacts(
  db: Db,
  responses: ReadonlyMap<number, { kase: DxCase; asOf: string | null }>,
  documents: readonly DxDocument[],
  keep: boolean,
  counted: (done: number) => void = () => undefined,
): Map<number, KeptFacts> {
  const out = new Map<number, KeptFacts>();
  if (responses.size === 0) return out;
  const context = factsContext(db, documents);
  const read = statement(db, 'SELECT seq, final_context, candidates, citations, trajectory, cost, stop_state, retrieval_called FROM responses WHERE seq = ?');
  for (const [seq, { kase, asOf }] of responses) {
    const row = read.get(seq) as StoredRow | undefined;
    if (!row) continue;
    const facts = responseFacts(
      {
        response: {
          responseId: '', caseId: kase.caseId, condition: 'normal', stated: { kind: 'none' }, correct: null, faithfulness: null, behavior: null,
          retrievalCalled: row.retrieval_called === null ? null : row.retrieval_called === 1,
          finalContext: parseList<DxChunk>(row.final_context),
          candidates: parseList<DxChunk>(row.candidates),
          citations: parseList<DxCitation>(row.citations),
        },
        trajectory: parseList<ToolCall>(row.trajectory),
        cost: row.cost ? (JSON.parse(row.cost) as FactsCost) : null,
        stopState: row.stop_state as StopState | null,
      },
      kase,
      asOf,
      context,
    );
    out.set(seq, { facts, holds: indexedHolds(db, seq) });
    if (out.size % REPORT_EVERY === 0) counted(out.size);
  }
  if (keep && !db.readonly) {
    const rows = [...out].map(([seq, kept]) => [seq, encodeFacts(kept)] as const);
    const write = () => {
      const insert = statement(db, 'INSERT OR REPLACE INTO response_facts (response_seq, facts) VALUES (?, ?)');
      for (const [seq, facts] of rows) insert.run(seq, facts);
    };
    writeWhenFree(db, () => {
      try {
        db.transaction(write).immediate();
      } catch (error) {
        // another connection holds the write lock: they are computed again next time
        if (!(error instanceof Database.SqliteError)) throw error;
      }
    });
  }
  return out;
}

export type FactsCost = { inputTokens?: number | null; outputTokens?: number | null; latencyMs?: number | null; toolCalls?: number | null };
