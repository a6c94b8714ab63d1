import type { RevealCell } from '../api/calibration-ops';
import type { Dimension } from '../domain/dimensions';
import { NUMERIC_TOLERANCE_SHARE } from '../agreement';
import { withinTolerance } from '../agreement/tolerance';
import { scaleOf } from './scale';

/**
 * The reveal's per-cell reading (cell = item × dimension):
 * - reviewers agree when their labels are identical (numeric ones too: a person types the value);
 *   `consensus` is then that value (what "accept" adjudicates), else null;
 * - the judge agrees when its verdict equals the consensus, numeric within NUMERIC_TOLERANCE_SHARE
 *   of the scale (the agreement engine's disagreement tolerance);
 * - order: reviewers disagree, then only the judge disagrees, then agreeing cells, then cells
 *   nobody labeled; within a group pick order, then dimension order.
 */

type Value = string | number;

export const sameValue = (a: unknown, b: unknown): boolean => a === b;

export function numericTolerance(dimension: Dimension): number | null {
  if (dimension.type !== 'numeric') return null;
  const range = scaleOf(dimension).range;
  return range === null ? null : NUMERIC_TOLERANCE_SHARE * range;
}

export function judgeMatches(dimension: Dimension, judge: unknown, human: unknown): boolean {
  const tolerance = numericTolerance(dimension);
  if (tolerance !== null && typeof judge === 'number' && typeof human === 'number') return withinTolerance(judge, human, tolerance);
  return sameValue(judge, human);
}

export type CellInput = Omit<RevealCell, 'humansAgree' | 'judgeAgrees' | 'disagreement' | 'consensus'>;

export function readCell(dimension: Dimension, cell: CellInput): RevealCell {
  const values = cell.labels.map((l) => l.value);
  const humansAgree = values.length >= 2 ? values.every((v) => sameValue(v, values[0])) : null;
  const consensus: Value | null = values.length >= 1 && values.every((v) => sameValue(v, values[0])) ? values[0] : null;
  const judgeAgrees = cell.judge && values.length > 0 ? values.every((v) => judgeMatches(dimension, cell.judge!.value, v)) : null;
  const disagreement = values.length === 0 ? 'unlabeled' : humansAgree === false ? 'humans' : judgeAgrees === false ? 'judge' : 'none';
  return { ...cell, humansAgree, judgeAgrees, disagreement, consensus };
}

const GROUP = { humans: 0, judge: 1, none: 2, unlabeled: 3 } as const;

export function orderCells(cells: RevealCell[], dimensionOrder: ReadonlyMap<string, number>): RevealCell[] {
  return [...cells].sort(
    (a, b) => GROUP[a.disagreement] - GROUP[b.disagreement] || a.position - b.position || (dimensionOrder.get(a.dimension) ?? 0) - (dimensionOrder.get(b.dimension) ?? 0),
  );
}
