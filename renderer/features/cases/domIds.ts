/** DOM ids shared between components and the keyboard hook. */
export const SEARCH_INPUT_ID = 'case-search';
export const CASE_LIST_ID = 'case-list';
export const caseRowDomId = (index: number) => `case-row-${index}`;
