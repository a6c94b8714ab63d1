import { holdsOfList, type MatchChunk } from './holds';
import { distinctUnits, type RetrievalUnit, type UnitCitation } from './units';

/** Every retrieval figure of one ranked list at one cutoff. Undefined figures are NaN (allFound: null). */
export interface RetrievalFigures {
  hit: number;
  recall: number;
  precision: number;
  reciprocalRank: number;
  ndcg: number;
  allFound: boolean | null;
  claimRecall: number;
  /** Distinct units of the case. */
  units: number;
  /** Units held by some chunk of the top. */
  unitsFound: number;
  /** Chunks of the top holding at least one unit. */
  relevantChunks: number;
}

export const METRIC_KEYS = ['hit', 'recall', 'precision', 'reciprocalRank', 'ndcg', 'claimRecall'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** What the cheap pass needs of a unit: its grade and the claims citing it. */
export type UnitGrades = readonly Pick<RetrievalUnit, 'grade' | 'claims'>[];

/**
 * The figures from a precomputed holds list (for each chunk in rank order, the
 * indices of the units it holds): any k is one pass over the first k chunks.
 */
export function metricsFromHolds(units: UnitGrades, holds: readonly (readonly number[])[], k: number): RetrievalFigures {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a whole number ≥ 0, got ${k}`);
  const n = units.length;
  if (n === 0) {
    return { hit: NaN, recall: NaN, precision: NaN, reciprocalRank: NaN, ndcg: NaN, allFound: null, claimRecall: NaN, units: 0, unitsFound: 0, relevantChunks: 0 };
  }
  const top = Math.min(k, holds.length);
  const found = new Uint8Array(n);
  let unitsFound = 0;
  let relevantChunks = 0;
  let firstRank = 0;
  let dcg = 0;
  for (let i = 0; i < top; i++) {
    const held = holds[i];
    if (held.length === 0) continue;
    relevantChunks += 1;
    if (firstRank === 0) firstRank = i + 1;
    // The gain is the best grade among units no higher-ranked chunk already held.
    let gain = 0;
    for (const u of held) {
      if (found[u]) continue;
      if (units[u].grade > gain) gain = units[u].grade;
    }
    for (const u of held) {
      if (!found[u]) {
        found[u] = 1;
        unitsFound += 1;
      }
    }
    if (gain > 0) dcg += gain / Math.log2(i + 2);
  }
  const grades = units.map((u) => u.grade).sort((a, b) => b - a);
  let idcg = 0;
  for (let r = 1; r <= Math.min(k, n); r++) idcg += grades[r - 1] / Math.log2(r + 1);

  const claimsWithEvidence = new Set<number | string>();
  const claimsFound = new Set<number | string>();
  units.forEach((unit, u) => {
    for (const claim of unit.claims) {
      claimsWithEvidence.add(claim);
      if (found[u]) claimsFound.add(claim);
    }
  });
  const recall = unitsFound / n;
  return {
    hit: recall > 0 ? 1 : 0,
    recall,
    precision: k === 0 ? NaN : relevantChunks / k,
    reciprocalRank: firstRank === 0 ? 0 : 1 / firstRank,
    ndcg: idcg === 0 ? NaN : dcg / idcg,
    allFound: unitsFound === n,
    claimRecall: claimsFound.size / claimsWithEvidence.size,
    units: n,
    unitsFound,
    relevantChunks,
  };
}

/**
 * Every figure of one ranked list (chunks already in rank order) at cutoff k,
 * from the claims' evidence citations. See shared/retrieval/README.md.
 */
export function retrievalMetrics(units: readonly UnitCitation[], chunks: readonly MatchChunk[], { k }: { k: number }): RetrievalFigures {
  const distinct = distinctUnits(units);
  return metricsFromHolds(distinct, holdsOfList(distinct, chunks), k);
}

/** The indices of the units held by the first k chunks of a holds list. */
export function unitsFoundAt(holds: readonly (readonly number[])[], k: number): Set<number> {
  const found = new Set<number>();
  for (let i = 0; i < Math.min(k, holds.length); i++) for (const u of holds[i]) found.add(u);
  return found;
}

/** The 1-based rank of the first chunk holding unit u, or null when no chunk of the list does. */
export function firstRankOf(holds: readonly (readonly number[])[], u: number): number | null {
  const i = holds.findIndex((held) => held.includes(u));
  return i === -1 ? null : i + 1;
}
