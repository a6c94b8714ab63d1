import type { PickReason } from '../api/calibration-ops';
import { isSingleValued, type Dimension } from '../domain/dimensions';
import { mulberry32 } from '../stats';
import { randomIndex } from '../stats/bootstrap';
import type { CodedNote } from './round-notes';
import { changeOf, scaleOf } from './scale';

/**
 * The weekly round's pick (SPEC workflow 5). Pure: the caller reads runs, verdicts and items.
 *
 * Items: a response (its response-level dimensions) or a case (its case-level dimensions).
 *
 * Comparable judge runs, per dimension: the latest run scoring the dimension (highest id = the
 * latest import), and the latest earlier run scoring it with the same judge model and the same
 * prompt version (the model version and prompt hash may differ: that is the update whose effect
 * the round looks for). A run with another model or prompt version starts a new lineage and is
 * never compared across.
 *
 * Changed half (⌊size/2⌋ items): per item, the largest |Δ| over the dimensions as a share of the
 * dimension's scale (categorical: 1 for any change; see scale.ts), only items that changed;
 * largest first, ties broken by a shuffle seeded with the round's seed (never by id: every
 * categorical change has magnitude 1, and ids would pick the first cases of the file). Items of
 * the previous round are excluded from the changed half only (with no new judge run in between
 * it would otherwise re-pick last week's items).
 * Random half: the rest, drawn uniformly without replacement with mulberry32(seed) from every
 * eligible item not already in the changed half, in (case id, response id) order — last week's
 * items included, so it stays a simple random sample of the eligible items and the round's
 * population estimates can use it. Same seed, same data → same pick. When fewer items changed
 * than the changed half wants, random fills the rest; when fewer items are eligible than asked
 * for, the round is smaller. Each case is noted, as a code with its figures (round-notes.ts words it).
 */

export interface SamplerRun {
  id: number;
  model: string;
  modelVersion: string;
  promptVersion: string;
}

/** Verdicts in file order per run: a later verdict of the same (run, dimension, item) replaces an earlier one. */
export interface SamplerVerdict {
  runId: number;
  dimension: string;
  itemKey: string;
  value: unknown;
}

export interface SamplerItem {
  key: string;
  caseId: string;
  responseId: string | null;
}

export interface SamplerInput {
  size: number;
  seed: number;
  /** The test set's dimension definitions in labeling order (order breaks ties within an item). */
  dimensions: readonly Dimension[];
  runs: readonly SamplerRun[];
  verdicts: Iterable<SamplerVerdict>;
  /** Every item that can be picked. */
  eligible: readonly SamplerItem[];
  /** Keys of the previous round's items. */
  exclude: ReadonlySet<string>;
}

export interface RoundPick {
  item: SamplerItem;
  reason: PickReason;
}

export interface Comparison {
  dimension: string;
  fromRunId: number;
  toRunId: number;
}

export interface SamplerOutput {
  picks: RoundPick[];
  changedWanted: number;
  comparisons: Comparison[];
  notes: CodedNote[];
}

export const itemKey = (caseId: string, responseId: string | null): string => JSON.stringify([caseId, responseId]);

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const compareItems = (a: Pick<SamplerItem, 'caseId' | 'responseId'>, b: Pick<SamplerItem, 'caseId' | 'responseId'>): number =>
  byCode(a.caseId, b.caseId) || (a.responseId === b.responseId ? 0 : a.responseId === null ? -1 : b.responseId === null ? 1 : byCode(a.responseId, b.responseId));

/** For each dimension, the two latest comparable runs (or why there are none). */
export function comparableRuns(runs: readonly SamplerRun[], scoring: ReadonlyMap<string, ReadonlySet<number>>, dimensions: readonly Dimension[]): { comparisons: Comparison[]; missing: string[] } {
  const comparisons: Comparison[] = [];
  const missing: string[] = [];
  const newestFirst = [...runs].sort((a, b) => b.id - a.id);
  for (const d of dimensions) {
    const scored = scoring.get(d.name);
    if (!scored || scored.size === 0) continue;
    const withD = newestFirst.filter((r) => scored.has(r.id));
    const latest = withD[0];
    const previous = withD.slice(1).find((r) => r.model === latest.model && r.promptVersion === latest.promptVersion);
    if (previous) comparisons.push({ dimension: d.name, fromRunId: previous.id, toRunId: latest.id });
    else missing.push(d.name);
  }
  return { comparisons, missing };
}

export function pickRound(input: SamplerInput): SamplerOutput {
  const notes: CodedNote[] = [];
  const size = Math.max(0, Math.floor(input.size));
  const changedWanted = Math.floor(size / 2);
  const dimensions = input.dimensions.filter(isSingleValued);
  const dimensionOrder = new Map(dimensions.map((d, i) => [d.name, i]));

  // latest value per (run, dimension, item)
  const values = new Map<string, Map<string, unknown>>(); // `${run}\u0000${dimension}` → item → value
  const scoring = new Map<string, Set<number>>();
  for (const v of input.verdicts) {
    if (!dimensionOrder.has(v.dimension)) continue;
    const key = `${v.runId}\u0000${v.dimension}`;
    let map = values.get(key);
    if (!map) values.set(key, (map = new Map()));
    map.set(v.itemKey, v.value);
    let runs = scoring.get(v.dimension);
    if (!runs) scoring.set(v.dimension, (runs = new Set()));
    runs.add(v.runId);
  }
  const { comparisons } = comparableRuns(input.runs, scoring, dimensions);

  const eligible = [...input.eligible].sort(compareItems);
  const byKey = new Map(eligible.map((item) => [item.key, item]));
  const excluded = eligible.filter((item) => input.exclude.has(item.key)).length;

  // the largest change per item
  const best = new Map<string, Extract<PickReason, { kind: 'changed' }>>();
  for (const c of comparisons) {
    const dimension = dimensions.find((d) => d.name === c.dimension)!;
    const scale = scaleOf(dimension);
    const from = values.get(`${c.fromRunId}\u0000${c.dimension}`)!;
    const to = values.get(`${c.toRunId}\u0000${c.dimension}`)!;
    for (const [key, toValue] of to) {
      if (!from.has(key) || !byKey.has(key) || input.exclude.has(key)) continue;
      const fromValue = from.get(key);
      const change = changeOf(dimension, fromValue, toValue, scale);
      if (!change || change.magnitude === 0) continue;
      const known = best.get(key);
      if (known && (known.magnitude > change.magnitude || (known.magnitude === change.magnitude && dimensionOrder.get(known.dimension)! < dimensionOrder.get(c.dimension)!))) continue;
      best.set(key, {
        kind: 'changed', dimension: c.dimension, fromRunId: c.fromRunId, toRunId: c.toRunId,
        fromValue: fromValue as string | number, toValue: toValue as string | number, delta: change.delta, magnitude: change.magnitude,
      });
    }
  }
  // ties: a seeded shuffle of the candidates (in id order, so the same data gives the same order), then a stable sort by size
  const candidates = [...best].map(([key, reason]) => ({ item: byKey.get(key)!, reason })).sort((a, b) => compareItems(a.item, b.item));
  const tieBreak = mulberry32(input.seed ^ 0x5bd1e995);
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = randomIndex(tieBreak, i + 1);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const changed = candidates.sort((a, b) => b.reason.magnitude - a.reason.magnitude).slice(0, changedWanted);

  if (comparisons.length === 0) {
    if (changedWanted > 0) notes.push({ code: 'no-comparable-runs', values: {} });
  } else if (changed.length < changedWanted) {
    notes.push({ code: 'few-changed', values: { changed: changed.length, wanted: changedWanted } });
  }

  // the random half (and whatever the changed half could not fill)
  const taken = new Set(changed.map((p) => p.item.key));
  const pool = eligible.filter((item) => !taken.has(item.key));
  const wanted = size - changed.length;
  const next = mulberry32(input.seed);
  const random: RoundPick[] = [];
  for (let i = 0; i < Math.min(wanted, pool.length); i += 1) {
    const j = i + randomIndex(next, pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    random.push({ item: pool[i], reason: { kind: 'random' } });
  }
  if (excluded > 0) notes.push({ code: 'previous-excluded', values: { excluded } });
  const picked = changed.length + random.length;
  if (picked < size) {
    notes.push({ code: 'few-eligible', values: { eligible: eligible.length, picked, size } });
  }
  return { picks: [...changed, ...random], changedWanted, comparisons, notes };
}
