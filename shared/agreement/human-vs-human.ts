import { reasonSentence, type ReasonCode } from '../messages/reasons.en';
import type { AgreementWarning, Coefficient, CoefficientKey, HumanAgreement, HumanDisagreement } from '../api/agreement-ops';
import type { Dimension } from '../domain/dimensions';
import {
  cohenKappaDetailed, fleissKappaDetailed, krippendorffAlphaDetailed, pearsonDetailed, type Detailed, type Label,
} from '../stats';
import { labelKey } from '../stats/labels';
import { nanBecause } from '../stats/undefined';
import { coefficient, figureWithInterval, num, percentileInterval, rateFigure } from './figures';
import {
  bootstrapReplicates, DISAGREEMENT_LIMIT, fitValue, isDiscrete, MIN_RELIABLE_N, NUMERIC_TOLERANCE_SHARE, optionValues, validPairs,
} from './judge-vs-human';
import { unitReplicates } from './unit-stats';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from './resample';

/**
 * Human vs human (inter-annotator agreement) for one dimension, over the items that carry
 * current labels from two or more reviewers:
 * - two reviewers: Cohen's kappa (quadratic-weighted on the option order for ordinal
 *   dimensions; Pearson for numeric ones) and Krippendorff's alpha;
 * - three or more: Fleiss' kappa over the items labeled by every one of them (statsmodels
 *   needs the same number of ratings per item) and Krippendorff's alpha over all items
 *   (missing ratings allowed); percent agreement is the share of items where everyone agrees.
 * Intervals: percentile bootstrap over items (2,000 resamples, fixed seed), computed from
 * counts like the judge-vs-human ones (equal to `bootstrapCI` with the generic function up to
 * 5,000 items; see unit-stats.ts).
 */


export interface LabeledItem {
  itemKey: string | number;
  caseId: string;
  responseId: string | null;
  /** Current labels, one per reviewer. */
  labels: readonly { reviewer: string; value: unknown }[];
}

export interface HumanVsHumanInput {
  dimension: Dimension;
  items: readonly LabeledItem[];
  options?: { resamples?: number; seed?: number; disagreementLimit?: number };
}

export const NO_DOUBLE_LABELS_REASON: ReasonCode = 'no-double-labels';
export const NO_COMPLETE_ITEMS_REASON: ReasonCode = 'no-complete-items';

function alphaLevel(dimension: Dimension): 'nominal' | 'ordinal' | 'interval' {
  return dimension.type === 'ordinal' ? 'ordinal' : dimension.type === 'numeric' ? 'interval' : 'nominal';
}

export function humanVsHumanDimension(input: HumanVsHumanInput): HumanAgreement {
  const { dimension } = input;
  const resamples = input.options?.resamples ?? BOOTSTRAP_RESAMPLES;
  const seed = input.options?.seed ?? BOOTSTRAP_SEED;
  const labels = isDiscrete(dimension.type) ? optionValues(dimension) : [];

  // keep values that fit the dimension
  let excluded = 0;
  const items: { item: LabeledItem; values: Map<string, Label> }[] = [];
  for (const item of input.items) {
    const values = new Map<string, Label>();
    for (const label of item.labels) {
      const fitted = fitValue(dimension, label.value);
      if (fitted) values.set(label.reviewer, fitted.label);
      else excluded += 1;
    }
    if (values.size >= 2) items.push({ item, values });
  }
  const raters = [...new Set(items.flatMap(({ values }) => [...values.keys()]))].sort((a, b) => a.localeCompare(b));
  const warnings: AgreementWarning[] = [];
  if (excluded > 0) warnings.push({ code: 'excluded-values', params: { count: excluded } });
  if (items.length > 0 && items.length < MIN_RELIABLE_N) warnings.push({ code: 'small-n', params: { n: items.length, min: MIN_RELIABLE_N } });

  const matrix: (Label | null)[][] = items.map(({ values }) => raters.map((r) => values.get(r) ?? null));
  const complete = matrix.filter((row) => row.every((v) => v !== null)) as Label[][];
  const method: HumanAgreement['method'] = raters.length < 2 || items.length === 0 ? null : raters.length === 2 ? 'cohen' : 'fleiss';

  const coefficients: Coefficient[] = [];
  if (method !== null) {
    const n = items.length;
    const level = alphaLevel(dimension);
    const alphaKey: CoefficientKey = level === 'ordinal' ? 'krippendorffOrdinal' : level === 'interval' ? 'krippendorffInterval' : 'krippendorffNominal';
    const alpha = (rows: (Label | null)[][]) => krippendorffAlphaDetailed(rows, level, level === 'ordinal' ? { domain: labels } : {});
    const push = (key: CoefficientKey, point: Detailed<number>, replicates: Float64Array, code: ReasonCode | null = point.undefinedCode) => {
      const interval = Number.isNaN(point.value) ? ([Number.NaN, Number.NaN] as [number, number]) : percentileInterval(replicates);
      const intervalReason: ReasonCode | null = Number.isNaN(point.value) ? code : 'no-valid-resamples';
      coefficients.push(coefficient(key, figureWithInterval(point.value, code, interval, 'bootstrap', intervalReason)));
    };

    const everyoneAgrees = matrix.filter((row) => {
      const present = row.filter((v): v is Label => v !== null);
      return present.every((v) => labelKey(v) === labelKey(present[0]));
    }).length;
    if (dimension.type !== 'numeric') coefficients.push(coefficient('percentAgreement', rateFigure(everyoneAgrees, n)));

    if (method === 'cohen') {
      // two people: the first (by name) in the role of "human", the second in that of "judge"
      const a = matrix.map((r) => r[0] as Label);
      const b = matrix.map((r) => r[1] as Label);
      const pairKey: CoefficientKey = dimension.type === 'numeric' ? 'pearson' : dimension.type === 'ordinal' ? 'kappaQuadratic' : 'cohenKappa';
      let point: Detailed<number>;
      if (dimension.type === 'numeric') {
        const r = pearsonDetailed(a as number[], b as number[]);
        point = { value: r.value.statistic, undefinedCode: r.undefinedCode, undefinedReason: r.undefinedReason };
      } else point = dimension.type === 'ordinal' ? cohenKappaDetailed(a, b, { weights: 'quadratic', labels }) : cohenKappaDetailed(a, b);
      const pairs = a.map((h, i) => ({ itemKey: i, caseId: '', responseId: null, reviewer: null, human: h, judge: b[i], rationale: null, slices: [], questionType: null }));
      const { replicates } = bootstrapReplicates(dimension, validPairs(dimension, pairs).valid, { resamples, seed }, [pairKey, alphaKey]);
      push(pairKey, point, replicates.get(pairKey)!);
      push(alphaKey, alpha(matrix), replicates.get(alphaKey)!);
    } else {
      if (dimension.type !== 'numeric') {
        const point: Detailed<number> = complete.length === 0 ? nanBecause('no-data') : fleissKappaDetailed(complete);
        const code = complete.length === 0 ? NO_COMPLETE_ITEMS_REASON : point.undefinedCode;
        push('fleissKappa', point, unitReplicates('fleiss', complete, labels, { resamples, seed }), code);
      }
      push(alphaKey, alpha(matrix), unitReplicates(`krippendorff-${level}`, matrix, labels, { resamples, seed }));
    }
  }

  // disagreements: the labels differ (numeric: by more than the tolerance)
  const tolerance =
    dimension.type === 'numeric' && dimension.min != null && dimension.max != null ? NUMERIC_TOLERANCE_SHARE * (dimension.max - dimension.min) : Number.NaN;
  const disagreeing: HumanDisagreement[] = [];
  for (const { item, values } of items) {
    const present = [...values.values()];
    const differs =
      dimension.type === 'numeric'
        ? Math.max(...(present as number[])) - Math.min(...(present as number[])) > (Number.isFinite(tolerance) ? tolerance : 0)
        : present.some((v) => labelKey(v) !== labelKey(present[0]));
    if (!differs) continue;
    disagreeing.push({
      caseId: item.caseId,
      responseId: item.responseId,
      query: null,
      labels: [...values].sort(([a], [b]) => a.localeCompare(b)).map(([reviewer, value]) => ({ reviewer, value })),
    });
  }
  disagreeing.sort((a, b) => a.caseId.localeCompare(b.caseId) || (a.responseId ?? '').localeCompare(b.responseId ?? ''));

  return {
    dimension: dimension.name,
    type: dimension.type,
    labels,
    items: items.length,
    raters,
    method,
    completeItems: complete.length,
    reason: method === null ? reasonSentence(NO_DOUBLE_LABELS_REASON) : null,
    reasonCode: method === null ? NO_DOUBLE_LABELS_REASON : null,
    coefficients,
    disagreements: {
      total: disagreeing.length,
      tolerance: num(tolerance),
      items: disagreeing.slice(0, input.options?.disagreementLimit ?? DISAGREEMENT_LIMIT),
    },
    warnings,
  };
}
