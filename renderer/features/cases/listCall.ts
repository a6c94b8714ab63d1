import type { CaseFilters, OpInput } from '../../../shared/api/contract';

/** Rows per 'cases.list' call (the contract allows up to 1000). */
export const PAGE_SIZE = 200;

/**
 * One page of the list. Who "me" is changes the rows only through the labeled filter (the counts always),
 * so without it the reviewer is left out: the first page asked for at a cold open, before anyone is at the
 * keyboard, is the page the Cases view asks for once they are.
 */
export function listCall(filters: CaseFilters, page: number): OpInput<'cases.list'> {
  const { reviewerId, ...rest } = filters;
  return { filters: filters.labeled ? filters : rest, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
}

/** The first page with no filter: what the Cases view shows first. */
export const FIRST_PAGE: OpInput<'cases.list'> = listCall({ search: '' }, 0);
