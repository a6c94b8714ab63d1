import type { CaseFilters } from '../shared/api/contract';
import { holdoutShown, NOT_HOLDOUT } from './holdout-visibility';
import type { Db } from './open';
import { statement } from './statements';

export type FacetName = 'answerability' | 'questionType' | 'slice' | 'split' | 'origin' | 'leak' | 'labeled' | 'flag';

/** A case the lead flagged as a leak (answered right without retrieval) has the value 'leak'. */
const LEAK_COLUMN = "iif(c.leak = 1, 'leak', NULL)";

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** FTS5 trigram indexes 3-character windows: a shorter term (退款) is looked up by the windows it starts. */
const TRIGRAM_MIN_CHARS = 3;

const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

export function searchTerms(search: string): string[] {
  return search.trim().split(/\s+/u).filter((t) => t.length > 0);
}

/**
 * The FTS5 query for one term. A term of 3+ characters is a phrase. A shorter one is every indexed
 * trigram that begins with it, read from the index's own vocabulary (a range of terms, not a scan of
 * the cases): every column ends in two newlines (migration 016, the import writer), so a term at the
 * end of a text begins a trigram too, and no search term holds a newline. Null: no trigram begins
 * with it, so nothing matches.
 */
function ftsQuery(db: Db, term: string): string | null {
  if ([...term].length >= TRIGRAM_MIN_CHARS) return ftsPhrase(term);
  const folded = term.toLowerCase();
  const expansions = shortTermExpansions(db);
  const known = expansions.get(folded);
  if (known !== undefined) return known;
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cases_fts_terms USING fts5vocab(main, cases_fts, 'row')");
  const grams = statement(db, 'SELECT term FROM temp.cases_fts_terms WHERE term >= ? AND term < ?').pluck().all(folded, `${folded}\u{10FFFF}`) as string[];
  const query = grams.length === 0 ? null : grams.map(ftsPhrase).join(' OR ');
  // inside a transaction the stamp may yet roll back to a value that named other cases: nothing is kept
  if (db.inTransaction) return query;
  if (expansions.size >= SHORT_TERMS_KEPT) expansions.delete(expansions.keys().next().value as string);
  expansions.set(folded, query);
  return query;
}

/**
 * Reading a short term's trigrams from the vocabulary decodes each trigram's whole document list (the
 * vocabulary counts documents), as costly as the search itself for a common term; the list and the counts
 * of one keystroke both need it, and so does typing it again. The index changes only with the cases
 * (facet_stamp.n moves with every case insert or delete), so the expansions are kept until it moves.
 */
const SHORT_TERMS_KEPT = 256;
const expansionsOf = new WeakMap<Db, { stamp: number; terms: Map<string, string | null> }>();

function shortTermExpansions(db: Db): Map<string, string | null> {
  const stamp = statement(db, 'SELECT n FROM facet_stamp').pluck().get() as number;
  let kept = expansionsOf.get(db);
  if (!kept || kept.stamp !== stamp) expansionsOf.set(db, (kept = { stamp, terms: new Map() }));
  return kept.terms;
}

/**
 * The FTS5 query for a search text: every term must match. Undefined: no search; null: a term
 * nothing begins with, so nothing matches.
 */
export function searchQuery(db: Db, search: string): string | null | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  const queries = terms.map((term) => ftsQuery(db, term));
  if (queries.some((q) => q === null)) return null;
  return queries.length === 1 ? queries[0] : queries.map((q) => `(${q})`).join(' AND ');
}

/**
 * WHERE clause over `cases c` for the filters, leaving out one facet when
 * counting that facet. Holdout cases are left out unless asked for (db/holdout-visibility.ts); that
 * belongs to the split facet, so the split counts still say how many holdout cases there are.
 */
export function caseWhere(db: Db, filters: CaseFilters, except?: FacetName): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const query = searchQuery(db, filters.search ?? '');
  if (query === null) {
    clauses.push('0');
  } else if (query !== undefined) {
    clauses.push('c.seq IN (SELECT rowid FROM cases_fts WHERE cases_fts MATCH ?)');
    params.push(query);
  }
  const equal: [FacetName, string, string | null | undefined][] = [
    ['answerability', 'c.answerability', filters.answerability],
    ['questionType', 'c.question_type', filters.questionType],
    ['split', 'c.split', filters.split],
    ['origin', 'c.origin', filters.origin],
    ['leak', LEAK_COLUMN, filters.leak],
  ];
  for (const [facet, column, value] of equal) {
    if (value && facet !== except) {
      clauses.push(`${column} = ?`);
      params.push(value);
    }
  }
  if (except !== 'split' && !holdoutShown(db, filters)) clauses.push(NOT_HOLDOUT);
  if (filters.labeled && except !== 'labeled') {
    const me = filters.reviewerId ?? null;
    const sql = {
      'by-me': 'c.seq IN (SELECT case_seq FROM case_labelers WHERE reviewer_id IS ?)',
      'not-by-me': 'c.seq NOT IN (SELECT case_seq FROM case_labelers WHERE reviewer_id IS ?)',
      'by-others': 'c.seq IN (SELECT case_seq FROM case_labelers WHERE reviewer_id IS NOT ?)',
      disagree: 'c.seq IN (SELECT case_seq FROM case_marks WHERE disagree = 1)',
    }[filters.labeled];
    clauses.push(sql);
    if (filters.labeled !== 'disagree') params.push(me);
  }
  if (filters.flag && except !== 'flag') {
    clauses.push(`c.seq IN (SELECT case_seq FROM case_marks WHERE ${filters.flag === 'edited' ? 'edited' : 'permission_leak'} = 1)`);
  }
  if (filters.slice && except !== 'slice') {
    clauses.push('c.seq IN (SELECT case_seq FROM case_slices WHERE slice = ?)');
    params.push(filters.slice);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * Each case's search row, read from `schema` (the test set, or an import's stage). Each text ends in two
 * newlines, so a 1–2 character term at its end still begins a trigram.
 */
export const searchRowsSql = (schema: 'main' | 'stage') => `SELECT c.seq, c.query || char(10, 10), coalesce(c.reference_answer, '') || char(10, 10),
       coalesce((SELECT group_concat(text, char(10) ORDER BY position) FROM ${schema}.claims WHERE case_seq = c.seq), '') || char(10, 10)
  FROM ${schema}.cases c`;
