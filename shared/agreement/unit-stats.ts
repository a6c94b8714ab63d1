import type { Label } from '../stats';
import { labelIndex, labelKey } from '../stats/labels';
import { forEachResample, groupItems, type ResamplingMethod } from './resample';

/**
 * Bootstrap replicates of the many-rater coefficients (Fleiss' kappa, Krippendorff's alpha
 * with missing ratings) over units (items), computed from weighted unit types instead of
 * re-running the generic functions on resampled rows. Each formula is the one of shared/stats:
 *
 * - Fleiss (statsmodels): P_u = (Σ_j n_uj² − m)/(m(m − 1)), p_j = Σ n_uj/(N m),
 *   κ = (mean P_u − Σ p_j²)/(1 − Σ p_j²); NaN when one category holds every rating;
 * - Krippendorff (krippendorff package): coincidences o_ck = Σ_u (pairs of c, k in u)/(m_u − 1)
 *   over units with two or more ratings, alpha = 1 − Σ o·δ²/Σ e·δ² with e from the value
 *   totals; interval level from the units' sums and sums of squares.
 *
 * With ≤ 5,000 units the resamples are exactly those of `bootstrapCI` (same stream), so the
 * intervals equal bootstrapCI with the generic function as statistic (tests check it).
 */

export type UnitStatistic = 'fleiss' | 'krippendorff-nominal' | 'krippendorff-ordinal' | 'krippendorff-interval';

export function unitReplicates(
  statistic: UnitStatistic,
  rows: readonly (readonly (Label | null)[])[],
  /** The ordered possible values (discrete statistics). */
  domain: readonly Label[],
  options: { resamples: number; seed: number; method?: ResamplingMethod },
): Float64Array {
  const out = new Float64Array(options.resamples).fill(Number.NaN);
  if (rows.length === 0) return out;
  const present = rows.map((row) => row.filter((v): v is Label => v !== null));
  const types = groupItems(present.map((values) => values.map((v) => labelKey(v)).sort().join('\u0000')));
  const representatives = types.representative.map((item) => present[item]);
  let b = 0;

  if (statistic === 'krippendorff-interval') {
    const m = representatives.map((v) => v.length);
    const s1 = representatives.map((v) => (v as number[]).reduce((s, x) => s + x, 0));
    const s2 = representatives.map((v) => (v as number[]).reduce((s, x) => s + x * x, 0));
    const lo = representatives.map((v) => Math.min(...(v as number[])));
    const hi = representatives.map((v) => Math.max(...(v as number[])));
    forEachResample(types, options, (w) => {
      let n = 0;
      let sum = 0;
      let squares = 0;
      let observed = 0;
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let t = 0; t < w.length; t++) {
        if (w[t] === 0 || m[t] < 2) continue;
        n += w[t] * m[t];
        sum += w[t] * s1[t];
        squares += w[t] * s2[t];
        observed += (w[t] * 2 * (m[t] * s2[t] - s1[t] * s1[t])) / (m[t] - 1);
        min = Math.min(min, lo[t]);
        max = Math.max(max, hi[t]);
      }
      if (n > 0 && max > min) {
        const mean = sum / n;
        const expected = (2 * n * (squares - n * mean * mean)) / (n - 1);
        out[b] = 1 - observed / expected;
      }
      b += 1;
    });
    return out;
  }

  const index = labelIndex(domain);
  const V = domain.length;
  const counts = representatives.map((values) => {
    const c = new Float64Array(V);
    for (const v of values) c[index.get(labelKey(v))!] += 1;
    return c;
  });
  const m = representatives.map((v) => v.length);

  if (statistic === 'fleiss') {
    const agreement = counts.map((c, t) => (c.reduce((s, x) => s + x * x, 0) - m[t]) / (m[t] * (m[t] - 1)));
    const totals = new Float64Array(V);
    forEachResample(types, options, (w) => {
      totals.fill(0);
      let units = 0;
      let ratings = 0;
      let meanAgreement = 0;
      for (let t = 0; t < w.length; t++) {
        if (w[t] === 0) continue;
        units += w[t];
        ratings += w[t] * m[t];
        meanAgreement += w[t] * agreement[t];
        for (let j = 0; j < V; j++) totals[j] += w[t] * counts[t][j];
      }
      meanAgreement /= units;
      let chance = 0;
      for (let j = 0; j < V; j++) chance += (totals[j] / ratings) * (totals[j] / ratings);
      out[b] = chance === 1 ? Number.NaN : (meanAgreement - chance) / (1 - chance);
      b += 1;
    });
    return out;
  }

  // Krippendorff nominal / ordinal: coincidences per unit type, summed with the weights
  const coincidences = counts.map((c, t) => {
    const o = new Float64Array(V * V);
    if (m[t] < 2) return o;
    for (let i = 0; i < V; i++) for (let k = 0; k < V; k++) o[i * V + k] = (i === k ? c[i] * (c[i] - 1) : c[i] * c[k]) / (m[t] - 1);
    return o;
  });
  const o = new Float64Array(V * V);
  const nv = new Float64Array(V);
  const cumulative = new Float64Array(V + 1);
  forEachResample(types, options, (w) => {
    o.fill(0);
    for (let t = 0; t < w.length; t++) {
      if (w[t] === 0) continue;
      const ot = coincidences[t];
      for (let x = 0; x < V * V; x++) o[x] += w[t] * ot[x];
    }
    nv.fill(0);
    let n = 0;
    for (let i = 0; i < V; i++) {
      for (let k = 0; k < V; k++) nv[i] += o[i * V + k];
      n += nv[i];
    }
    for (let i = 0; i < V; i++) cumulative[i + 1] = cumulative[i] + nv[i];
    let observed = 0;
    let expected = 0;
    if (V > 1 && n > 0) {
      for (let c = 0; c < V; c++) {
        for (let k = 0; k < V; k++) {
          if (c === k) continue;
          let d = 1;
          if (statistic === 'krippendorff-ordinal') {
            const between = cumulative[Math.max(c, k) + 1] - cumulative[Math.min(c, k)] - (nv[c] + nv[k]) / 2;
            d = between * between;
          }
          observed += o[c * V + k] * d;
          expected += ((nv[c] * nv[k]) / (n - 1)) * d;
        }
      }
    }
    out[b] = expected === 0 ? Number.NaN : 1 - observed / expected;
    b += 1;
  });
  return out;
}
