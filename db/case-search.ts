import type { CaseFilters } from '../shared/api/contract';

export type FacetName = 'answerability' | 'questionType' | 'slice' | 'split' | 'origin' | 'leak';

/** A case the lead flagged as a leak (answered right without retrieval) has the value 'leak'. */
export const LEAK_COLUMN = "iif(c.leak = 1, 'leak', NULL)";

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** FTS5 trigram indexes 3-character windows: shorter terms (退款) must scan with LIKE. */
const TRIGRAM_MIN_CHARS = 3;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

export function searchTerms(search: string): string[] {
  return search.trim().split(/\s+/u).filter((t) => t.length > 0);
}

/**
 * WHERE clause over `cases c` for the filters, leaving out one facet when
 * counting that facet. With `searchHits`, the cases already found for the
 * search text (temp.search_hits) stand in for the search, so several queries
 * over one search scan the text once.
 */
export function caseWhere(filters: CaseFilters, except?: FacetName, searchHits = false): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (searchHits) clauses.push('c.seq IN (SELECT seq FROM temp.search_hits)');
  for (const term of searchHits ? [] : searchTerms(filters.search ?? '')) {
    if ([...term].length >= TRIGRAM_MIN_CHARS) {
      clauses.push('c.seq IN (SELECT rowid FROM cases_fts WHERE cases_fts MATCH ?)');
      params.push(ftsPhrase(term));
    } else {
      const like = `%${escapeLike(term)}%`;
      clauses.push(
        "c.seq IN (SELECT rowid FROM cases_fts WHERE query LIKE ? ESCAPE '\\' OR reference_answer LIKE ? ESCAPE '\\' OR claims_text LIKE ? ESCAPE '\\')",
      );
      params.push(like, like, like);
    }
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
  if (filters.slice && except !== 'slice') {
    clauses.push('c.seq IN (SELECT case_seq FROM case_slices WHERE slice = ?)');
    params.push(filters.slice);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
