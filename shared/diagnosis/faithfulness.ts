import { refOf, type ResponseRef } from './quadrant';
import { rate, type Rate } from './rate';
import type { DxResponse } from './types';

export const FAITHFULNESS_CELLS = ['faithful-right', 'faithful-wrong', 'unfaithful-right', 'unfaithful-wrong'] as const;
export type FaithfulnessCell = (typeof FAITHFULNESS_CELLS)[number];

export interface FaithfulnessTable {
  threshold: number;
  cells: { key: FaithfulnessCell; share: Rate; responses: ResponseRef[] }[];
  excluded: { notAssessed: number };
}

/**
 * Faithfulness and correctness read together. A faithful but wrong answer repeated its context:
 * the context itself was wrong (look at the data layer); an unfaithful one added what the context
 * does not say (generation).
 */
export function faithfulnessTable(responses: readonly DxResponse[], threshold: number): FaithfulnessTable {
  // per cell, in FAITHFULNESS_CELLS' order: unfaithful × 2 + wrong
  const placed: ResponseRef[][] = FAITHFULNESS_CELLS.map(() => []);
  let notAssessed = 0;
  for (const r of responses) {
    if (!r.faithfulness || !r.correct) {
      notAssessed += 1;
      continue;
    }
    placed[(r.faithfulness.value >= threshold ? 0 : 2) + (r.correct.value ? 0 : 1)].push(refOf(r));
  }
  const total = placed.reduce((sum, refs) => sum + refs.length, 0);
  return {
    threshold,
    cells: FAITHFULNESS_CELLS.map((key, at) => ({ key, share: rate(placed[at].length, total), responses: placed[at] })),
    excluded: { notAssessed },
  };
}
