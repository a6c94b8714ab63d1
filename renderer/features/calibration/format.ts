import { itemKey } from '../../../shared/calibration/sampler';

/**
 * Pure presentation helpers for the calibration screens (weekly review,
 * adjudication, trend, anchor sets). No statistics: every figure, interval and
 * flag comes from the API; these only decide how they are ordered and written.
 */

export type Value = string | number;

export interface JudgeIdentity {
  runId: number;
  model: string;
  modelVersion: string;
  promptVersion: string;
}

export const ROUND_STEPS = ['labeling', 'revealed', 'adjudicated', 'closed'] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];

/** Where a status stands on the round's path: each step is done, current or still to come. */
export function stepStates(status: RoundStep): { step: RoundStep; state: 'done' | 'current' | 'todo' }[] {
  const at = ROUND_STEPS.indexOf(status);
  return ROUND_STEPS.map((step, index) => ({ step, state: index < at ? 'done' : index === at ? 'current' : 'todo' }));
}

const MINUS = '\u2212';

function fixed(locale: string, value: number, digits: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })
    .format(value)
    .replace('-', MINUS);
}

/** A coefficient, mean or rate: 3 decimals by default; −0 is written 0. */
export function formatFixed(locale: string, value: number, digits = 3): string {
  const rounded = Number(value.toFixed(digits));
  return fixed(locale, rounded === 0 ? 0 : rounded, digits);
}

/** A difference with its sign always written (+0.120, −0.045, 0.000). */
export function formatSigned(locale: string, value: number, digits = 3): string {
  const rounded = Number(value.toFixed(digits));
  if (rounded === 0) return fixed(locale, 0, digits);
  const text = fixed(locale, Math.abs(rounded), digits);
  return rounded > 0 ? `+${text}` : `${MINUS}${text}`;
}

/** A 95% interval as "[lo, hi]"; null when an end is unknown. */
export function formatInterval(
  locale: string,
  ci: readonly [number | null, number | null] | null | undefined,
  digits = 3,
  signed = false,
): string | null {
  if (!ci || ci[0] === null || ci[1] === null || !Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return null;
  const write = signed ? formatSigned : formatFixed;
  return `[${write(locale, ci[0], digits)}, ${write(locale, ci[1], digits)}]`;
}

/** A value as stored (numbers without trailing noise: 0.7, not 0.7000000001). */
export function formatRaw(value: Value): string {
  if (typeof value === 'number') return String(Math.round(value * 1000) / 1000);
  return value;
}

/** "judge-model-x 2026-10-15 · prompt rag-judge-v4" pieces, for a label that is read left to right. */
export function judgeLabel(judge: Pick<JudgeIdentity, 'model' | 'modelVersion' | 'promptVersion'>): string {
  return `${judge.model} ${judge.modelVersion} · ${judge.promptVersion}`;
}

/** A sha256 shortened for a table cell (the full digest stays in the title). */
export function shortHash(sha256: string, keep = 12): string {
  const hex = sha256.replace(/^sha256:/, '');
  return hex.length > keep ? `${hex.slice(0, keep)}…` : hex;
}

/** Bytes as B / KB / MB (1024-based, one decimal above bytes). */
export function formatBytes(locale: string, bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fixed(locale, bytes / 1024, 1)} KB`;
  return `${fixed(locale, bytes / (1024 * 1024), 1)} MB`;
}

/** A date-time for a table: local, minutes (the ISO text when it cannot be read). */
export function formatWhen(locale: string, iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The key of a round item or a reveal cell's item: a case, or one response of it (the sampler's). */
export { itemKey };

export interface CellLike {
  caseId: string;
  responseId: string | null;
}

/**
 * Groups reveal cells by item, keeping the API's order: items appear in the order of
 * their first cell (the API sends disagreements first), cells keep their order within an item.
 */
export function groupByItem<C extends CellLike>(cells: readonly C[]): { key: string; caseId: string; responseId: string | null; cells: C[] }[] {
  const groups = new Map<string, { key: string; caseId: string; responseId: string | null; cells: C[] }>();
  for (const cell of cells) {
    const key = itemKey(cell.caseId, cell.responseId);
    let group = groups.get(key);
    if (!group) {
      group = { key, caseId: cell.caseId, responseId: cell.responseId, cells: [] };
      groups.set(key, group);
    }
    group.cells.push(cell);
  }
  return [...groups.values()];
}

/** Parses the size / seed fields of the start form: a whole number in range, or an error code. */
export function parseWholeNumber(text: string, min: number, max: number): { value: number | null; error: 'not-a-number' | 'out-of-range' | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  if (!/^\d+$/.test(trimmed)) return { value: null, error: 'not-a-number' };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || value < min || value > max) return { value: null, error: 'out-of-range' };
  return { value, error: null };
}

/** Parses a threshold field ("0.1", "0,1"): a number in [min, max], or null. */
export function parseDecimal(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** Anchor names as the API accepts them. */
export const ANCHOR_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** The version freezing `name` would create, given the versions that exist (1 when the name is new). */
export function nextVersion(existing: readonly { name: string; version: number }[], name: string): { version: number; latest: number | null } {
  const versions = existing.filter((set) => set.name === name.trim()).map((set) => set.version);
  const latest = versions.length ? Math.max(...versions) : null;
  return { version: (latest ?? 0) + 1, latest };
}

/** Anchor-set versions grouped by name (names sorted; versions newest first, as the API sends them). */
export function groupByName<S extends { name: string; version: number }>(sets: readonly S[]): { name: string; versions: S[] }[] {
  const groups = new Map<string, S[]>();
  for (const set of sets) {
    const list = groups.get(set.name) ?? [];
    list.push(set);
    groups.set(set.name, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, versions]) => ({ name, versions: [...versions].sort((a, b) => b.version - a.version) }));
}
