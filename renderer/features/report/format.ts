/**
 * Pure presentation helpers for the refusal cross-table report (SPEC workflow 3).
 * No statistics here: the backend computes counts, rates and Wilson intervals;
 * these functions only decide how they are laid out and written.
 */

/** The three rates of the report, in the order they are shown. */
export const RATE_KINDS = ['correctAnswer', 'overRefusal', 'correctRefusal'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

export interface ReportRate {
  successes: number;
  n: number;
  rate: number | null;
  ci95: readonly [number | null, number | null];
}

export interface ReportThreshold {
  minCorrectAnswerRate: number;
  maxOverRefusalRate: number;
  minCorrectRefusalRate: number;
}

export type PassState = 'pass' | 'fail' | 'inconclusive' | 'undefined';

/** The backend's verdict as a state: meets → pass, fails → fail, inconclusive; null (no data) → undefined, never "fail". */
export function passState(verdict: { state: 'meets' | 'fails' | 'inconclusive' } | null | undefined): PassState {
  if (!verdict) return 'undefined';
  return verdict.state === 'meets' ? 'pass' : verdict.state === 'fails' ? 'fail' : 'inconclusive';
}

/** Which threshold a rate is checked against, and whether it is a floor or a ceiling. */
export function thresholdFor(kind: RateKind, threshold: ReportThreshold): { bound: 'min' | 'max'; value: number } {
  switch (kind) {
    case 'correctAnswer':
      return { bound: 'min', value: threshold.minCorrectAnswerRate };
    case 'overRefusal':
      return { bound: 'max', value: threshold.maxOverRefusalRate };
    case 'correctRefusal':
      return { bound: 'min', value: threshold.minCorrectRefusalRate };
  }
}

/** The answerability a rate is computed on (its denominator's rows). */
export function rateBase(kind: RateKind): 'answerable' | 'unanswerable' {
  return kind === 'correctRefusal' ? 'unanswerable' : 'answerable';
}

/** A rate is undefined when nothing was labeled in its denominator (n = 0) or the backend sent no value. */
export function isUndefinedRate(rate: ReportRate): boolean {
  return rate.n === 0 || rate.rate === null || !Number.isFinite(rate.rate);
}

/** Why a rate is shown as undefined, as a stable code (for i18n), or null when it is defined. */
export function undefinedRateReason(rate: ReportRate): 'no-data' | 'not-computed' | null {
  if (rate.n === 0) return 'no-data';
  if (rate.rate === null || !Number.isFinite(rate.rate)) return 'not-computed';
  return null;
}

/** A fraction as a percentage: 0.8333 → "83.3%"; null/NaN → null (the caller shows "undefined"). */
export function formatPercent(value: number | null | undefined, locale: string, maximumFractionDigits = 1): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits, minimumFractionDigits: 0 }).format(value);
}

/** A 95% interval as text, e.g. "55.2% – 95.3%"; null when either end is unknown. */
export function formatInterval(ci: readonly [number | null, number | null], locale: string): string | null {
  const lo = formatPercent(ci[0], locale);
  const hi = formatPercent(ci[1], locale);
  if (lo === null || hi === null) return null;
  return `${lo} – ${hi}`;
}

export interface IntervalBarGeometry {
  /** Percent positions on a 0–100 track. */
  low: number;
  high: number;
  point: number;
  threshold: number;
}

const clampPercent = (fraction: number) => Math.min(100, Math.max(0, fraction * 100));

/** Where the interval, the point estimate and the threshold sit on a 0–100% track; null when undefined. */
export function intervalBar(rate: ReportRate, threshold: number): IntervalBarGeometry | null {
  if (isUndefinedRate(rate) || rate.rate === null) return null;
  const [lo, hi] = rate.ci95;
  const point = clampPercent(rate.rate);
  const low = lo === null || !Number.isFinite(lo) ? point : clampPercent(lo);
  const high = hi === null || !Number.isFinite(hi) ? point : clampPercent(hi);
  return { low: Math.min(low, point), high: Math.max(high, point), point, threshold: clampPercent(threshold) };
}

/** High-stakes question types first, then low, then the rest; the backend's order is kept within each. */
export function orderGroups<G extends { stakes: 'high' | 'low' | null }>(groups: readonly G[]): G[] {
  const rank = (stakes: G['stakes']) => (stakes === 'high' ? 0 : stakes === 'low' ? 1 : 2);
  return groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => rank(a.group.stakes) - rank(b.group.stakes) || a.index - b.index)
    .map(({ group }) => group);
}

/** SPEC workflow 3: the rows always shown, in this order (other answerabilities follow if present). */
export const CROSS_TABLE_ROWS = ['answerable', 'unanswerable', 'false-premise', 'underspecified'] as const;
/** The columns always shown; the special behaviours follow when any cell has them. */
export const CROSS_TABLE_COLUMNS = ['answered', 'refused'] as const;
const SPECIAL_BEHAVIORS = ['corrected-premise', 'asked-clarification'] as const;

export interface CrossTableCell {
  answerability: string;
  behavior: string;
  count: number;
  caseIds: string[];
}

export interface CrossTableLayout {
  rows: string[];
  columns: string[];
  /** The cell at (row, column), or null when none was counted. */
  at(row: string, column: string): CrossTableCell | null;
  rowTotal(row: string): number;
}

/** Rows and columns of a group's cross-table from its cells (missing cells count 0). */
export function crossTableLayout(cells: readonly CrossTableCell[], behaviorOrder: readonly string[] = []): CrossTableLayout {
  const rows: string[] = [...CROSS_TABLE_ROWS];
  // other answerabilities (restricted …) get a row only when something was counted in it
  for (const cell of cells) if (cell.count > 0 && !rows.includes(cell.answerability)) rows.push(cell.answerability);
  const present = new Set(cells.filter((c) => c.count > 0).map((c) => c.behavior));
  const columns: string[] = [...CROSS_TABLE_COLUMNS];
  const extras = [...new Set([...SPECIAL_BEHAVIORS, ...behaviorOrder, ...cells.map((c) => c.behavior)])];
  // the special rows' own answers (correct the premise, ask) are always columns; any other behaviour once counted
  for (const behavior of extras) {
    if (columns.includes(behavior)) continue;
    const special = (SPECIAL_BEHAVIORS as readonly string[]).includes(behavior);
    if (special || present.has(behavior)) columns.push(behavior);
  }
  const index = new Map<string, CrossTableCell>();
  for (const cell of cells) {
    const key = `${cell.answerability}\u0000${cell.behavior}`;
    const existing = index.get(key);
    index.set(key, existing ? { ...existing, count: existing.count + cell.count, caseIds: [...existing.caseIds, ...cell.caseIds] } : cell);
  }
  return {
    rows,
    columns,
    at: (row, column) => index.get(`${row}\u0000${column}`) ?? null,
    rowTotal: (row) => cells.filter((c) => c.answerability === row).reduce((sum, c) => sum + c.count, 0),
  };
}

export type CellTone = 'good' | 'bad' | 'warn' | 'neutral';

/** How a cell reads at a glance: a correct refusal is good, an answer to an unanswerable question is bad … */
export function cellTone(answerability: string, behavior: string): CellTone {
  if (answerability === 'answerable') return behavior === 'refused' ? 'warn' : 'neutral';
  if (answerability === 'unanswerable') return behavior === 'refused' ? 'good' : behavior === 'answered' ? 'bad' : 'neutral';
  if (answerability === 'false-premise') return behavior === 'corrected-premise' ? 'good' : behavior === 'answered' ? 'bad' : 'neutral';
  if (answerability === 'underspecified') return behavior === 'asked-clarification' ? 'good' : 'neutral';
  return 'neutral';
}

/** A stored threshold (a fraction) as the text of a percentage input: 0.9 → "90", 0.125 → "12.5". */
export function toPercentText(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '';
  return String(Math.round(fraction * 100 * 100) / 100);
}

/** The text of a percentage input as a fraction: "90" → 0.9; empty → null; anything else → NaN-free error. */
export function parsePercentText(text: string): { ok: true; value: number | null } | { ok: false; problem: 'not-a-number' | 'out-of-range' } {
  const trimmed = text.trim().replace(/%$/, '').trim().replace(',', '.');
  if (trimmed === '') return { ok: true, value: null };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const percent = Number(trimmed);
  if (!Number.isFinite(percent)) return { ok: false, problem: 'not-a-number' };
  if (percent < 0 || percent > 100) return { ok: false, problem: 'out-of-range' };
  return { ok: true, value: Math.round(percent * 100) / 10000 };
}
