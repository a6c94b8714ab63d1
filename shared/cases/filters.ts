/** The Cases view's filters on who labeled a case (me: the reviewer labeling in the window). */
export const LABELED_FILTERS = ['by-me', 'not-by-me', 'by-others', 'disagree'] as const;
export type LabeledFilter = (typeof LABELED_FILTERS)[number];

/** Marks shown on a case row and filtered on (semantics: shared/cases/marks.ts). */
export const CASE_FLAGS = ['permission-leak', 'edited'] as const;
export type CaseFlag = (typeof CASE_FLAGS)[number];
