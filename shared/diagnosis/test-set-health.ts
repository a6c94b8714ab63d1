import { ANSWERABILITY, ORIGINS } from '../domain/schemas';

/** What the health panel reads of a case. */
export interface HealthCase {
  id: string;
  origin: string | null;
  answerability: string | null;
  slices: readonly string[];
  split: string | null;
  group: string | null;
  /** Documents its claims' evidence cites. */
  citedDocuments: readonly string[];
  /** A response of this case leaked content outside the case's scope. */
  leakFlagged: boolean;
}

export interface Count {
  value: string;
  count: number;
}

/** Below this share of unanswerable and false-premise cases a set cannot measure refusals. */
export const REFUSAL_MIX_MINIMUM = 0.1;

export interface SplitLeak {
  kind: 'group' | 'document';
  key: string;
  dev: string[];
  holdout: string[];
}

export interface TestSetHealth {
  total: number;
  byOrigin: Count[];
  /** Production failures should be the body of the set; synthetic cases only a supplement. */
  originWarning: 'synthetic-majority' | 'no-production-failures' | null;
  byAnswerability: Count[];
  /** Unanswerable + false-premise cases, of the cases whose answerability is known. */
  refusalShare: { count: number; n: number; value: number | null };
  refusalWarning: boolean;
  bySlice: Count[];
  bySplit: Count[];
  withoutEvidence: string[];
  leakFlagged: string[];
  splitLeaks: SplitLeak[];
}

const UNSET = '(none)';

function countBy(values: readonly (string | null)[], order: readonly string[] = []): Count[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v ?? UNSET, (counts.get(v ?? UNSET) ?? 0) + 1);
  const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : v === UNSET ? Infinity : order.length);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => rank(a.value) - rank(b.value) || b.count - a.count || a.value.localeCompare(b.value));
}

/** Groups and cited documents found on both sides of dev/holdout. */
export function splitLeaks(cases: readonly HealthCase[]): SplitLeak[] {
  const sides = new Map<string, { kind: SplitLeak['kind']; key: string; dev: string[]; holdout: string[] }>();
  const note = (kind: SplitLeak['kind'], key: string, c: HealthCase) => {
    if (c.split !== 'dev' && c.split !== 'holdout') return;
    const id = `${kind}\u0000${key}`;
    const entry = sides.get(id) ?? { kind, key, dev: [], holdout: [] };
    sides.set(id, entry);
    if (!entry[c.split].includes(c.id)) entry[c.split].push(c.id);
  };
  for (const c of cases) {
    if (c.group) note('group', c.group, c);
    for (const docId of new Set(c.citedDocuments)) note('document', docId, c);
  }
  return [...sides.values()].filter((s) => s.dev.length > 0 && s.holdout.length > 0);
}

export function testSetHealth(cases: readonly HealthCase[]): TestSetHealth {
  const known = cases.filter((c) => c.answerability !== null);
  const refusals = known.filter((c) => c.answerability === 'unanswerable' || c.answerability === 'false-premise').length;
  const production = cases.filter((c) => c.origin === 'production-failure').length;
  const synthetic = cases.filter((c) => c.origin === 'synthetic').length;
  return {
    total: cases.length,
    byOrigin: countBy(cases.map((c) => c.origin), ORIGINS),
    originWarning: cases.length === 0 ? null : synthetic * 2 > cases.length ? 'synthetic-majority' : production === 0 ? 'no-production-failures' : null,
    byAnswerability: countBy(cases.map((c) => c.answerability), ANSWERABILITY),
    refusalShare: { count: refusals, n: known.length, value: known.length ? refusals / known.length : null },
    refusalWarning: known.length > 0 && refusals / known.length < REFUSAL_MIX_MINIMUM,
    bySlice: countBy(cases.flatMap((c) => c.slices)),
    bySplit: countBy(cases.map((c) => c.split), ['dev', 'holdout']),
    withoutEvidence: cases.filter((c) => c.citedDocuments.length === 0).map((c) => c.id),
    leakFlagged: cases.filter((c) => c.leakFlagged).map((c) => c.id),
    splitLeaks: splitLeaks(cases),
  };
}
