import { refOf, type ResponseRef } from './quadrant';
import { pushTo, rate, type Rate } from './rate';
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
  const placed = new Map<FaithfulnessCell, ResponseRef[]>();
  let notAssessed = 0;
  for (const r of responses) {
    if (!r.faithfulness || !r.correct) {
      notAssessed += 1;
      continue;
    }
    const key: FaithfulnessCell = `${r.faithfulness.value >= threshold ? 'faithful' : 'unfaithful'}-${r.correct.value ? 'right' : 'wrong'}`;
    pushTo(placed, key, refOf(r));
  }
  const total = [...placed.values()].reduce((sum, refs) => sum + refs.length, 0);
  return {
    threshold,
    cells: FAITHFULNESS_CELLS.map((key) => ({ key, share: rate(placed.get(key)?.length ?? 0, total), responses: placed.get(key) ?? [] })),
    excluded: { notAssessed },
  };
}
