import { isMissing, labelIndex, labelKey, sortedUniqueLabels, type Label } from './labels';
import { defined, nanBecause, type Detailed } from './undefined';

export type KrippendorffLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

export interface KrippendorffOptions {
  /**
   * The possible values, in order (the `krippendorff` package's `value_domain`). Needed for
   * ordinal alpha on string labels ("low" < "mid" < "high"). Default: the observed values,
   * sorted. A rating outside the domain makes the result undefined, as the package raises.
   */
  domain?: readonly Label[];
}

/**
 * Krippendorff's alpha as the `krippendorff` Python package (`krippendorff.alpha`), for
 * rows = items (units) and columns = raters (coders), `null` = missing.
 *
 * Coincidences o_ck = Σ_u (pairs of values c,k in unit u) / (m_u − 1) over units with
 * m_u ≥ 2 ratings (units with fewer are dropped); n_c = Σ_k o_ck; n = Σ n_c;
 * e_ck = (n_c n_k − [c=k] n_c) / (n − 1); alpha = 1 − Σ o·δ² / Σ e·δ².
 * δ²: nominal [c≠k]; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)²; interval (c − k)²;
 * ratio ((c − k)/(c + k))², taken as 0 when c + k = 0.
 *
 * Undefined (NaN) when the domain has fewer than two values, when no unit has two ratings,
 * when all pairable values are equal (0/0), or for non-numeric labels at interval/ratio level
 * (or ordinal without a `domain`).
 */
export function krippendorffAlphaDetailed(
  ratings: readonly (readonly (Label | null)[])[],
  level: KrippendorffLevel,
  opts: KrippendorffOptions = {},
): Detailed<number> {
  const observed = sortedUniqueLabels(ratings.flat().filter((v) => !isMissing(v)));
  const domain = opts.domain ? [...opts.domain] : observed;
  const index = labelIndex(domain);
  if (observed.some((label) => !index.has(labelKey(label)))) return nanBecause('label-out-of-domain');

  const numeric = domain.every((label) => typeof label === 'number');
  if ((level === 'interval' || level === 'ratio') && !numeric) return nanBecause('non-numeric-labels');
  if (level === 'ordinal' && !numeric && !opts.domain) return nanBecause('non-numeric-labels');
  if (observed.length === 0) return nanBecause('no-data');
  if (domain.length <= 1) return nanBecause('single-category');

  const V = domain.length;
  const o: number[][] = Array.from({ length: V }, () => new Array<number>(V).fill(0));
  let pairableUnits = 0;
  for (const row of ratings) {
    const counts = new Map<number, number>();
    let m = 0;
    for (const value of row) {
      if (isMissing(value)) continue;
      const c = index.get(labelKey(value))!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
      m += 1;
    }
    if (m < 2) continue;
    pairableUnits += 1;
    for (const [c, nc] of counts) {
      for (const [k, nk] of counts) {
        o[c][k] += (c === k ? nc * (nc - 1) : nc * nk) / (m - 1);
      }
    }
  }
  if (pairableUnits === 0) return nanBecause('no-pairable-items');

  const nv = o.map((row) => row.reduce((s, v) => s + v, 0));
  const n = nv.reduce((s, v) => s + v, 0);
  const distance = distanceFunction(level, domain, nv);

  let observedDisagreement = 0;
  let expectedDisagreement = 0;
  for (let c = 0; c < V; c++) {
    for (let k = 0; k < V; k++) {
      const d = distance(c, k);
      if (d === 0) continue;
      observedDisagreement += o[c][k] * d;
      expectedDisagreement += ((nv[c] * nv[k] - (c === k ? nv[c] : 0)) / (n - 1)) * d;
    }
  }
  if (expectedDisagreement === 0) return nanBecause('no-expected-disagreement');
  return defined(1 - observedDisagreement / expectedDisagreement);
}

export function krippendorffAlpha(
  ratings: readonly (readonly (Label | null)[])[],
  level: KrippendorffLevel,
  opts: KrippendorffOptions = {},
): number {
  return krippendorffAlphaDetailed(ratings, level, opts).value;
}

function distanceFunction(level: KrippendorffLevel, domain: readonly Label[], nv: readonly number[]): (c: number, k: number) => number {
  switch (level) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'ordinal': {
      // cumulative[i] = Σ_{g < i} n_g
      const cumulative = [0];
      for (const count of nv) cumulative.push(cumulative[cumulative.length - 1] + count);
      return (c, k) => {
        if (c === k) return 0;
        const lo = Math.min(c, k);
        const hi = Math.max(c, k);
        const between = cumulative[hi + 1] - cumulative[lo];
        const d = between - (nv[c] + nv[k]) / 2;
        return d * d;
      };
    }
    case 'interval':
      return (c, k) => {
        const d = (domain[c] as number) - (domain[k] as number);
        return d * d;
      };
    case 'ratio':
      return (c, k) => {
        const a = domain[c] as number;
        const b = domain[k] as number;
        if (a + b === 0) return 0;
        const d = (a - b) / (a + b);
        return d * d;
      };
  }
}
