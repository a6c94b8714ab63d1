/**
 * The steps of a read of one system's diagnosis, in the order they come (`facts` only when some
 * responses' facts are missing: the first read after an import or a change of documents), as the
 * page waiting on it shows them.
 */
export const READ_STEPS = ['cases', 'labels', 'responses', 'facts', 'layers', 'figures'] as const;
export type ReadStep = (typeof READ_STEPS)[number];

export interface ReadProgress {
  system: string;
  step: ReadStep;
  /** Of `total` (responses read, or whose facts are worked out); both 0 for a step not counted. */
  done: number;
  total: number;
}
