import type { ReasonCode } from '../messages/reasons.en';
import type { Figure } from '../api/agreement-ops';
import type { Dimension } from '../domain/dimensions';
import { pointEstimates, validPairs, type AgreementPair } from '../agreement';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '../agreement/resample';
import { figureWithInterval, MIN_INTERVAL_CLUSTERS, MIN_INTERVAL_N, SMALL_N_INTERVAL_REASON } from '../agreement/figures';
import { bootstrapCIDetailed, driftState, meanBiasClusteredDetailed, meanDecidingN, type DriftState } from '../stats';
import { agreementKey } from './figures';
import { scaleOf } from './scale';

/**
 * Drift as a paired, case-level comparison of two judge versions on the same anchor items
 * (the judge at freeze, or the previous judge version, against the judge now):
 *
 * - mean shift: per item the move of the judge's score on the scale (now − before), its mean
 *   with the cluster-robust t interval by case (shared/stats meanBiasClustered);
 * - agreement change: the primary coefficient against the people now minus before, with a
 *   percentile bootstrap that resamples whole cases (both versions on the same resample).
 *
 * Each is flagged when its 95% interval excludes 0 and the point change is past the tolerance,
 * "no drift" when the whole interval lies inside ±tolerance, and "possible drift" otherwise —
 * including when too few items or cases give no interval (4 anchors cannot rule drift out).
 */

export interface DriftPair {
  caseId: string;
  itemKey: string;
  human: unknown;
  before: unknown;
  now: unknown;
}

export interface PairedChange {
  change: Figure;
  state: DriftState;
  /**
   * Possible drift only: the cases that would decide it if the change and its case-level spread
   * stayed as they are (null when no n does, or the spread is unknown).
   */
  decidingN?: number | null;
}

/**
 * The n (cases) that turns "possible drift" into flagged or none, from meanDecidingN: a change past
 * the tolerance is decided when its interval clears 0, one inside it when the interval clears the
 * nearer edge ±tolerance. The case-level standard deviation is the clustered standard error × √G,
 * so that at the current G the formula gives back today's interval.
 */
export function driftDecidingN(change: number, stdError: number, clusters: number, tolerance: number): number | null {
  if (!Number.isFinite(change) || !Number.isFinite(stdError) || clusters < 2) return null;
  const theta = Math.abs(change) > tolerance ? 0 : Math.sign(change || 1) * tolerance;
  return meanDecidingN(change, stdError * Math.sqrt(clusters), theta);
}

const noInterval = (value: number, reason: ReasonCode): Figure => figureWithInterval(value, null, [Number.NaN, Number.NaN], null, reason);

/** The judge's mean move on the scale, now − before; tolerance as a share of the scale. null for categorical dimensions. */
export function meanShiftChange(dimension: Dimension, pairs: readonly DriftPair[], toleranceShare: number): PairedChange | null {
  const scale = scaleOf(dimension);
  if (scale.range === null) return null;
  const before: number[] = [];
  const now: number[] = [];
  const cases: string[] = [];
  for (const p of pairs) {
    const a = scale.position(p.before);
    const b = scale.position(p.now);
    if (a === null || b === null) continue;
    before.push(a);
    now.push(b);
    cases.push(p.caseId);
  }
  if (now.length === 0) return null;
  const tolerance = toleranceShare * scale.range;
  const r = meanBiasClusteredDetailed(before, now, cases).value;
  const decidingN = driftDecidingN(r.meanBias, r.stdError, r.clusters, tolerance);
  if (now.length < MIN_INTERVAL_N || r.clusters < MIN_INTERVAL_CLUSTERS) {
    // the interval needs 10 items and 5 cases at least: whatever the formula says, not fewer
    return { change: noInterval(r.meanBias, SMALL_N_INTERVAL_REASON), state: 'possible', decidingN: decidingN === null ? null : Math.max(decidingN, MIN_INTERVAL_CLUSTERS) };
  }
  const lo = Math.max(-scale.range, r.ciLower);
  const hi = Math.min(scale.range, r.ciUpper);
  const state = driftState(r.meanBias, lo, hi, tolerance);
  return {
    change: { ...figureWithInterval(r.meanBias, null, [lo, hi], 'cluster-t', null), ciBounded: lo !== r.ciLower || hi !== r.ciUpper },
    state,
    decidingN: state === 'possible' ? decidingN : null,
  };
}

/** The primary agreement coefficient against the people, now − before, with a paired case bootstrap. */
export function agreementChange(dimension: Dimension, pairs: readonly DriftPair[], tolerance: number, opts: { resamples?: number; seed?: number } = {}): PairedChange | null {
  const key = agreementKey(dimension.type);
  if (!key || pairs.length === 0) return null;
  const asPair = (p: DriftPair, judge: unknown): AgreementPair => ({
    itemKey: p.itemKey, caseId: p.caseId, responseId: null, reviewer: null, human: p.human, judge, rationale: null, slices: [], questionType: null,
  });
  const coefficient = (list: readonly DriftPair[], side: 'before' | 'now') =>
    pointEstimates(dimension, validPairs(dimension, list.map((p) => asPair(p, p[side]))).valid).get(key)?.value ?? Number.NaN;
  const byCase = new Map<string, DriftPair[]>();
  for (const p of pairs) byCase.set(p.caseId, [...(byCase.get(p.caseId) ?? []), p]);
  const cases = [...byCase.values()];
  const point = coefficient(pairs, 'now') - coefficient(pairs, 'before');
  if (pairs.length < MIN_INTERVAL_N || cases.length < MIN_INTERVAL_CLUSTERS) return { change: noInterval(point, SMALL_N_INTERVAL_REASON), state: 'possible' };
  const ci = bootstrapCIDetailed(
    (idx) => {
      const chosen = idx.flatMap((i) => cases[i]);
      return coefficient(chosen, 'now') - coefficient(chosen, 'before');
    },
    cases.length,
    { resamples: opts.resamples ?? BOOTSTRAP_RESAMPLES, seed: opts.seed ?? BOOTSTRAP_SEED },
  );
  const change = figureWithInterval(point, Number.isFinite(point) ? null : 'coefficient-undefined', ci.value, 'bootstrap', ci.undefinedCode);
  return { change, state: driftState(point, ci.value[0], ci.value[1], tolerance) };
}

const RANK: Record<DriftState, number> = { none: 0, possible: 1, flagged: 2 };

/** The worst of several states (flagged over possible over none); none when there is nothing. */
export function worstState(states: readonly (DriftState | null | undefined)[]): DriftState {
  return states.reduce<DriftState>((w, s) => (s && RANK[s] > RANK[w] ? s : w), 'none');
}
