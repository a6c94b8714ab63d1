import { labelIndex, labelKey, sortedUniqueLabels, type Label } from './labels';
import { defined, nanBecause, type Detailed } from './undefined';

export interface CohenKappaOptions {
  /** Disagreement weights by label position: |i-j| or (i-j)². Unweighted by default. */
  weights?: 'linear' | 'quadratic';
  /**
   * Labels to use, in order (the order matters for weights). Pairs in which either label is
   * not listed are left out, as scikit-learn's `confusion_matrix(labels=...)` does. Default:
   * the sorted union of both raters' labels. Duplicates are dropped (first one kept).
   */
  labels?: readonly Label[];
}

/**
 * Cohen's kappa as scikit-learn `cohen_kappa_score`:
 * κ = 1 − Σ w·C / Σ w·E, with C the confusion matrix over `labels`, E = outer(row sums,
 * column sums)/N and w the disagreement weights (1 − I, |i−j| or (i−j)²).
 *
 * Undefined (NaN) when the lists differ in length or are empty, when none of `labels`
 * occurs, or when Σ w·E = 0 (e.g. both raters used one and the same category).
 */
export function cohenKappaDetailed(
  human: readonly Label[],
  judge: readonly Label[],
  opts: CohenKappaOptions = {},
): Detailed<number> {
  if (human.length !== judge.length) return nanBecause('length-mismatch');
  if (human.length === 0) return nanBecause('no-data');

  const labels = opts.labels ? sortedUniqueLabelsKeepOrder(opts.labels) : sortedUniqueLabels(human, judge);
  const index = labelIndex(labels);
  const q = labels.length;
  if (opts.labels && !human.some((label) => index.has(labelKey(label)))) return nanBecause('labels-not-present');

  const confusion: number[][] = Array.from({ length: q }, () => new Array<number>(q).fill(0));
  let total = 0;
  for (let i = 0; i < human.length; i++) {
    const r = index.get(labelKey(human[i]));
    const c = index.get(labelKey(judge[i]));
    if (r === undefined || c === undefined) continue;
    confusion[r][c] += 1;
    total += 1;
  }
  if (total === 0) return nanBecause('labels-not-present');

  const rowSums = confusion.map((row) => row.reduce((s, v) => s + v, 0));
  const colSums = labels.map((_, c) => confusion.reduce((s, row) => s + row[c], 0));

  const weight = (i: number, j: number): number => {
    if (opts.weights === 'linear') return Math.abs(i - j);
    if (opts.weights === 'quadratic') return (i - j) * (i - j);
    return i === j ? 0 : 1;
  };

  let observed = 0;
  let expected = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const w = weight(i, j);
      if (w === 0) continue;
      observed += w * confusion[i][j];
      // sklearn: expected = np.outer(sum0, sum1) / N, sum0 = column sums, sum1 = row sums
      expected += (w * colSums[i] * rowSums[j]) / total;
    }
  }
  if (expected === 0) return nanBecause('single-category');
  return defined(1 - observed / expected);
}

export function cohenKappa(human: readonly Label[], judge: readonly Label[], opts: CohenKappaOptions = {}): number {
  return cohenKappaDetailed(human, judge, opts).value;
}

function sortedUniqueLabelsKeepOrder(labels: readonly Label[]): Label[] {
  const seen = new Set<string>();
  const out: Label[] = [];
  for (const label of labels) {
    const key = labelKey(label);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(label);
  }
  return out;
}
