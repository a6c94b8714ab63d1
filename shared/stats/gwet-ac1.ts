import { isMissing, labelIndex, labelKey, sortedUniqueLabels, type Label } from './labels';
import { defined, nanBecause, type Detailed } from './undefined';

export interface GwetAc1Options {
  /**
   * All possible categories, used or not (irrCAC `categ.labels`). They enter the chance
   * agreement through q, the number of categories. Ratings outside this list are ignored
   * as if missing. Default: the categories observed.
   */
  categories?: readonly Label[];
}

/**
 * Gwet's AC1 for any number of raters with missing ratings, as irrCAC `gwet.ac1.raw`
 * (unweighted, unrounded). Rows are items, columns raters, `null` a missing rating.
 *
 * - Items with no (in-category) rating are dropped; n = number of remaining items.
 * - pa = mean over items rated by ≥ 2 raters of Σ_k r_ik(r_ik − 1) / (r_i(r_i − 1)).
 * - π_k = (1/n) Σ_i r_ik / r_i over all n items — items with a single rating count here.
 * - pe = Σ_k π_k(1 − π_k) / (q − 1); AC1 = (pa − pe) / (1 − pe).
 *
 * Undefined (NaN) when no item has two ratings. Like irrCAC, when only one category
 * exists (q = 1) it sets pe = 1e-15 and so returns 1 rather than NaN.
 * Unlike R irrCAC, string labels are compared exactly (irrCAC upper-cases and trims them).
 */
export function gwetAC1Detailed(
  ratings: readonly (readonly (Label | null)[])[],
  opts: GwetAc1Options = {},
): Detailed<number> {
  const categories = opts.categories
    ? dedupe(opts.categories)
    : sortedUniqueLabels(ratings.flat().filter((v) => !isMissing(v)));
  const q = categories.length;
  if (q === 0) return nanBecause('no-data');
  const index = labelIndex(categories);

  // Count table: items × categories, items without any in-category rating dropped.
  const counts: number[][] = [];
  for (const row of ratings) {
    const itemCounts = new Array<number>(q).fill(0);
    let any = false;
    for (const value of row) {
      if (isMissing(value)) continue;
      const k = index.get(labelKey(value));
      if (k === undefined) continue;
      itemCounts[k] += 1;
      any = true;
    }
    if (any) counts.push(itemCounts);
  }
  const n = counts.length;
  if (n === 0) return nanBecause('no-data');

  let paSum = 0;
  let n2more = 0;
  const pi = new Array<number>(q).fill(0);
  for (const itemCounts of counts) {
    const ri = itemCounts.reduce((s, v) => s + v, 0);
    if (ri >= 2) {
      let agree = 0;
      for (const c of itemCounts) agree += c * (c - 1);
      paSum += agree / (ri * (ri - 1));
      n2more += 1;
    }
    for (let k = 0; k < q; k++) pi[k] += itemCounts[k] / ri / n;
  }
  if (n2more === 0) return nanBecause('no-pairable-items');
  const pa = paSum / n2more;
  const pe = q >= 2 ? pi.reduce((s, p) => s + p * (1 - p), 0) / (q - 1) : 1e-15;
  return defined((pa - pe) / (1 - pe));
}

export function gwetAC1(ratings: readonly (readonly (Label | null)[])[], opts: GwetAc1Options = {}): number {
  return gwetAC1Detailed(ratings, opts).value;
}

function dedupe(labels: readonly Label[]): Label[] {
  const seen = new Set<string>();
  return labels.filter((label) => {
    const key = labelKey(label);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
