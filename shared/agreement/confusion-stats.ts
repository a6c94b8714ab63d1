/**
 * Agreement coefficients of two raters (people, judge) computed from their q×q confusion
 * matrix alone (rows: people, columns: judge, in the dimension's option order). Used for the
 * bootstrap, where a resample is only a new matrix of counts. Each formula is the one of the
 * reference function in shared/stats applied to the pairs behind the matrix (tests check it):
 *
 * - percent agreement: trace / N;
 * - Cohen's kappa (unweighted, linear, quadratic): scikit-learn's 1 − Σw·C / Σw·E with E the
 *   outer product of the margins / N; weights by option position;
 * - Gwet's AC1 with the categories observed (irrCAC default): pa = trace / N,
 *   π_k = (row_k + col_k) / 2N, pe = Σπ_k(1 − π_k) / (q_observed − 1);
 * - Krippendorff's alpha (ordinal, nominal), every pair a unit with two values: coincidences
 *   o = C + Cᵀ, value totals n_c = row_c + col_c.
 *
 * Undefined results are NaN, exactly where the reference functions give NaN.
 */

export type KappaWeights = 'none' | 'linear' | 'quadratic';

export function matrixTotal(counts: Float64Array): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  return total;
}

export function percentAgreementFromCounts(counts: Float64Array, q: number): number {
  const total = matrixTotal(counts);
  if (total === 0) return Number.NaN;
  let trace = 0;
  for (let i = 0; i < q; i++) trace += counts[i * q + i];
  return trace / total;
}

export function kappaFromCounts(counts: Float64Array, q: number, weights: KappaWeights): number {
  const rows = new Float64Array(q);
  const cols = new Float64Array(q);
  let total = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const v = counts[i * q + j];
      rows[i] += v;
      cols[j] += v;
      total += v;
    }
  }
  if (total === 0) return Number.NaN;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const w = weights === 'linear' ? Math.abs(i - j) : weights === 'quadratic' ? (i - j) * (i - j) : i === j ? 0 : 1;
      if (w === 0) continue;
      observed += w * counts[i * q + j];
      expected += (w * cols[i] * rows[j]) / total;
    }
  }
  if (expected === 0) return Number.NaN;
  return 1 - observed / expected;
}

export function gwetAc1FromCounts(counts: Float64Array, q: number): number {
  const margins = new Float64Array(q);
  let total = 0;
  let trace = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const v = counts[i * q + j];
      margins[i] += v;
      margins[j] += v;
      total += v;
    }
    trace += counts[i * q + i];
  }
  if (total === 0) return Number.NaN;
  const pa = trace / total;
  let observedCategories = 0;
  let spread = 0;
  for (let k = 0; k < q; k++) {
    if (margins[k] === 0) continue;
    observedCategories += 1;
    const pi = margins[k] / total / 2;
    spread += pi * (1 - pi);
  }
  const pe = observedCategories >= 2 ? spread / (observedCategories - 1) : 1e-15;
  return (pa - pe) / (1 - pe);
}

export function krippendorffFromCounts(counts: Float64Array, q: number, level: 'nominal' | 'ordinal'): number {
  if (q <= 1) return Number.NaN;
  const nv = new Float64Array(q);
  let pairs = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const v = counts[i * q + j];
      nv[i] += v;
      nv[j] += v;
      pairs += v;
    }
  }
  if (pairs === 0) return Number.NaN;
  const n = 2 * pairs;
  const cumulative = new Float64Array(q + 1);
  for (let i = 0; i < q; i++) cumulative[i + 1] = cumulative[i] + nv[i];
  const distance = (c: number, k: number): number => {
    if (c === k) return 0;
    if (level === 'nominal') return 1;
    const lo = Math.min(c, k);
    const hi = Math.max(c, k);
    const d = cumulative[hi + 1] - cumulative[lo] - (nv[c] + nv[k]) / 2;
    return d * d;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) {
      const d = distance(c, k);
      if (d === 0) continue;
      const o = c === k ? 2 * counts[c * q + c] : counts[c * q + k] + counts[k * q + c];
      observed += o * d;
      expected += ((nv[c] * nv[k]) / (n - 1)) * d;
    }
  }
  if (expected === 0) return Number.NaN;
  return 1 - observed / expected;
}
