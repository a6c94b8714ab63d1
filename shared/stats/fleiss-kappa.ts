import { isMissing, labelIndex, labelKey, sortedUniqueLabels, type Label } from './labels';
import { defined, nanBecause, type Detailed } from './undefined';

/**
 * Fleiss' kappa as statsmodels `fleiss_kappa(table, method='fleiss')`, taking raw ratings
 * (rows = items, columns = raters) and first building the items × categories count table as
 * `aggregate_raters` does (categories = the observed values).
 *
 * p_j = column share of all ratings; P_i = (Σ_j n_ij² − m) / (m(m − 1));
 * κ = (mean P_i − Σ p_j²) / (1 − Σ p_j²).
 *
 * Every item must have the same number m ≥ 2 of ratings (statsmodels asserts this); missing
 * ratings (`null`) are not allowed in that sense: an item with a `null` has fewer ratings.
 * Undefined (NaN) otherwise, when there are no items, or when only one category is used.
 */
export function fleissKappaDetailed(ratings: readonly (readonly (Label | null)[])[]): Detailed<number> {
  if (ratings.length === 0) return nanBecause('no-data');
  const rows = ratings.map((row) => row.filter((v): v is Label => !isMissing(v)));
  const m = rows[0].length;
  if (rows.some((row) => row.length !== m)) return nanBecause('unequal-raters-per-item');
  if (m === 0) return nanBecause('no-data');
  if (m < 2) return nanBecause('one-rater-per-item');

  const categories = sortedUniqueLabels(rows.flat());
  const index = labelIndex(categories);
  const q = categories.length;
  const totals = new Array<number>(q).fill(0);
  let meanAgreement = 0;
  for (const row of rows) {
    const counts = new Array<number>(q).fill(0);
    for (const value of row) counts[index.get(labelKey(value))!] += 1;
    let sumSquares = 0;
    for (let j = 0; j < q; j++) {
      sumSquares += counts[j] * counts[j];
      totals[j] += counts[j];
    }
    meanAgreement += (sumSquares - m) / (m * (m - 1));
  }
  meanAgreement /= rows.length;
  const grand = rows.length * m;
  let chance = 0;
  for (const total of totals) chance += (total / grand) * (total / grand);
  if (chance === 1) return nanBecause('single-category');
  return defined((meanAgreement - chance) / (1 - chance));
}

export function fleissKappa(ratings: readonly (readonly (Label | null)[])[]): number {
  return fleissKappaDetailed(ratings).value;
}

/**
 * Items × categories count table, as statsmodels `aggregate_raters` (categories sorted).
 * Missing ratings are skipped.
 */
export function aggregateRaters(ratings: readonly (readonly (Label | null)[])[]): { table: number[][]; categories: Label[] } {
  const categories = sortedUniqueLabels(ratings.flat().filter((v) => !isMissing(v)));
  const index = labelIndex(categories);
  const table = ratings.map((row) => {
    const counts = new Array<number>(categories.length).fill(0);
    for (const value of row) if (!isMissing(value)) counts[index.get(labelKey(value))!] += 1;
    return counts;
  });
  return { table, categories };
}
