/** A rating: a category name or a number. `null` (in rater matrices) is a missing rating. */
export type Label = string | number;

/**
 * Identity of a label: numbers by value, strings by their text; the number 1
 * and the string "1" are different labels.
 */
export function labelKey(label: Label): string {
  return typeof label === 'number' ? `n:${String(label)}` : `s:${label}`;
}

/** Compare strings by Unicode code point, as NumPy sorts `str` arrays (JS `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

/**
 * Order of labels as `np.unique` / `sorted` gives for a homogeneous list:
 * numbers ascending, strings by code point. (A mix of numbers and strings is
 * an error in scikit-learn and NumPy; here numbers come first, then strings.)
 */
export function compareLabels(a: Label, b: Label): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareCodePoints(a, b);
}

/** Distinct labels of the given lists, sorted with `compareLabels`. */
export function sortedUniqueLabels(...lists: readonly (readonly (Label | null | undefined)[])[]): Label[] {
  const seen = new Map<string, Label>();
  for (const list of lists) {
    for (const label of list) {
      if (label === null || label === undefined) continue;
      const key = labelKey(label);
      if (!seen.has(key)) seen.set(key, label);
    }
  }
  return [...seen.values()].sort(compareLabels);
}

/** Map from label key to its position in `labels` (first occurrence wins). */
export function labelIndex(labels: readonly Label[]): Map<string, number> {
  const index = new Map<string, number>();
  labels.forEach((label, position) => {
    const key = labelKey(label);
    if (!index.has(key)) index.set(key, position);
  });
  return index;
}

/** A rating counts as missing when it is null/undefined or a NaN number (as `np.nan` does). */
export function isMissing(label: Label | null | undefined): label is null | undefined {
  return label === null || label === undefined || (typeof label === 'number' && Number.isNaN(label));
}
