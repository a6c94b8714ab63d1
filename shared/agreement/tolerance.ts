/**
 * "The judge agrees" on a numeric dimension: |judge − human| within the tolerance, a share of the
 * scale. One definition for the reveal, the disagreement lists and the agreement engine. The
 * small allowance keeps a difference that is exactly the tolerance on paper (0.9 − 0.7 against
 * 0.2, which floating point makes 0.20000000000000007) on the agreeing side everywhere.
 */
export function withinTolerance(judge: number, human: number, tolerance: number): boolean {
  return Math.abs(judge - human) <= tolerance + 1e-12 * Math.max(1, Math.abs(tolerance), Math.abs(judge), Math.abs(human));
}
