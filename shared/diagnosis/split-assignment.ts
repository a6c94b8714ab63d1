import { mulberry32, randomIndex } from '../stats/bootstrap';

/** What a case is grouped by when splits are assigned. */
export const SPLIT_UNITS = ['group', 'document', 'topic', 'time'] as const;
export type SplitUnit = (typeof SPLIT_UNITS)[number];

export interface SplitCase {
  id: string;
  group: string | null;
  questionType: string | null;
  asOf: string | null;
  citedDocuments: readonly string[];
}

export interface SplitPlan {
  unit: SplitUnit;
  seed: number;
  /** The share of cases meant for holdout. */
  holdoutRatio: number;
  assignments: { id: string; split: 'dev' | 'holdout' }[];
  holdoutCases: number;
  units: number;
}

/** Union-find over case indices. */
function components(n: number, links: Iterable<[number, number]>): number[] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (const [a, b] of links) parent[find(a)] = find(b);
  return parent.map((_, i) => find(i));
}

function unitKey(c: SplitCase, unit: SplitUnit): string | null {
  if (unit === 'group') return c.group ?? c.citedDocuments[0] ?? null;
  if (unit === 'document') return c.citedDocuments[0] ?? null;
  if (unit === 'topic') return c.questionType;
  return c.asOf;
}

/**
 * Seeded split assignment that never puts one unit on both sides. A unit is
 * the cases sharing the chosen key (group, first cited document, question
 * type) and, except by time, any cases citing a document in common, so no
 * document lands on both sides either. Units are shuffled with the seed
 * (mulberry32, Fisher–Yates) and taken for holdout until the holdout share
 * reaches the ratio. By time, the latest asOf dates go to holdout (cases
 * without a date stay in dev) and a document may then sit on both sides:
 * the health panel lists it.
 */
export function assignSplits(cases: readonly SplitCase[], unit: SplitUnit, holdoutRatio: number, seed: number): SplitPlan {
  const links: [number, number][] = [];
  const firstWith = new Map<string, number>();
  const link = (key: string, i: number) => {
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, i);
    else links.push([first, i]);
  };
  cases.forEach((c, i) => {
    const key = unitKey(c, unit);
    link(key === null ? `case\u0000${c.id}` : `key\u0000${key}`, i);
    if (unit !== 'time') for (const docId of c.citedDocuments) link(`doc\u0000${docId}`, i);
  });
  const root = components(cases.length, links);
  const members = new Map<number, number[]>();
  root.forEach((r, i) => members.set(r, [...(members.get(r) ?? []), i]));
  let order = [...members.values()];
  if (unit === 'time') {
    order = order.filter((m) => cases[m[0]].asOf !== null).sort((a, b) => (cases[b[0]].asOf as string).localeCompare(cases[a[0]].asOf as string));
  } else {
    const next = mulberry32(seed);
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = randomIndex(next, i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  const target = holdoutRatio * cases.length;
  const holdout = new Set<number>();
  for (const m of order) {
    if (holdout.size >= target) break;
    for (const i of m) holdout.add(i);
  }
  return {
    unit,
    seed,
    holdoutRatio,
    assignments: cases.map((c, i) => ({ id: c.id, split: holdout.has(i) ? 'holdout' : 'dev' })),
    holdoutCases: holdout.size,
    units: members.size,
  };
}
