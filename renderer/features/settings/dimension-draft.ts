import { DimensionSchema, type Dimension, type DimensionType } from '../../../shared/domain/dimensions';

/**
 * The Settings screen edits dimensions as drafts: inputs hold text while a
 * person types, and every draft is checked against `DimensionSchema` (the same
 * zod schema the backend uses) before anything is saved.
 */

export type StakesChoice = 'high' | 'low' | null;

export interface OptionDraft {
  key: string;
  /** The text in the value's input. */
  text: string;
  /** The stored value was a number (ordinal scales such as 0 · 1 · 2 keep numbers). */
  numeric: boolean;
  stakes: StakesChoice;
}

export interface DimensionDraft {
  key: string;
  /** The name it was loaded with (null for a new one). */
  savedName: string | null;
  name: string;
  type: DimensionType;
  scope: 'case' | 'response';
  /** Kept when the type changes to numeric or structured, so switching back restores them. */
  options: OptionDraft[];
  min: string;
  max: string;
}

export type IssueField = 'name' | 'type' | 'scope' | 'options' | 'min' | 'max' | `option.${number}`;

/** A stable code per problem (for i18n), the schema's own English message, and the field it belongs to. */
export interface DraftIssue {
  field: IssueField;
  code: 'name-format' | 'name-duplicate' | 'too-few-values' | 'min-max' | 'values-distinct' | 'value-empty' | 'not-a-number' | 'no-dimensions' | 'other';
  message: string;
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}-${++nextKey}`;

export function toDraft(dimension: Dimension): DimensionDraft {
  return {
    key: newKey('dim'),
    savedName: dimension.name,
    name: dimension.name,
    type: dimension.type,
    scope: dimension.scope,
    options: dimension.options.map((option) => ({
      key: newKey('opt'),
      text: String(option.value),
      numeric: typeof option.value === 'number',
      stakes: option.stakes ?? null,
    })),
    min: dimension.min == null ? '' : String(dimension.min),
    max: dimension.max == null ? '' : String(dimension.max),
  };
}

export function emptyDraft(name: string): DimensionDraft {
  return {
    key: newKey('dim'),
    savedName: null,
    name,
    type: 'categorical',
    scope: 'case',
    options: [emptyOption(), emptyOption()],
    min: '',
    max: '',
  };
}

export function emptyOption(): OptionDraft {
  return { key: newKey('opt'), text: '', numeric: false, stakes: null };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A value's text as the value stored: numbers stay numbers on ordinal scales (and where they were numbers). */
export function parseOptionValue(text: string, type: DimensionType, wasNumeric: boolean): string | number {
  const trimmed = text.trim();
  if ((type === 'ordinal' || wasNumeric) && NUMBER.test(trimmed)) return Number(trimmed);
  return trimmed;
}

function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whether the values carry a stakes level (question types, or any dimension that already has one). */
export function showsStakes(draft: Pick<DimensionDraft, 'name' | 'options' | 'type'>): boolean {
  if (draft.type !== 'categorical') return false;
  return draft.name === 'questionType' || draft.options.some((option) => option.stakes !== null);
}

export function hasValues(type: DimensionType): boolean {
  return type === 'categorical' || type === 'binary' || type === 'ordinal' || type === 'multi-select';
}

/** The dimension a draft stands for, as the API expects it (before validation). */
export function fromDraft(draft: DimensionDraft): Dimension {
  const stakes = showsStakes(draft);
  const min = parseBound(draft.min);
  const max = parseBound(draft.max);
  return {
    name: draft.name.trim(),
    type: draft.type,
    scope: draft.scope,
    options: hasValues(draft.type)
      ? draft.options.map((option) => {
          const value = parseOptionValue(option.text, draft.type, option.numeric);
          return stakes ? { value, stakes: option.stakes } : { value };
        })
      : [],
    ...(draft.type === 'numeric' ? { min: min ?? null, max: max ?? null } : {}),
  };
}

function fieldOf(path: readonly PropertyKey[]): IssueField {
  const [head, index] = path;
  if (head === 'options' && typeof index === 'number') return `option.${index}`;
  if (head === 'name' || head === 'type' || head === 'scope' || head === 'options' || head === 'min' || head === 'max') return head;
  return 'name';
}

/** The schema's own checks carry catalogue keys; each names one draft problem. */
const CODE_OF_KEY: Record<string, DraftIssue['code']> = {
  'err.dimension.too-few-values': 'too-few-values',
  'err.dimension.min-max': 'min-max',
  'err.dimension.values-distinct': 'values-distinct',
};

function codeOf(field: IssueField, message: string): DraftIssue['code'] {
  if (field === 'name') return 'name-format';
  if (field.startsWith('option.')) return 'value-empty';
  return CODE_OF_KEY[message] ?? 'other';
}

/** Every problem of every draft, keyed by draft key ('' holds problems of the list as a whole). */
export function validateDrafts(drafts: readonly DimensionDraft[]): Record<string, DraftIssue[]> {
  const issues: Record<string, DraftIssue[]> = {};
  const add = (key: string, issue: DraftIssue) => {
    (issues[key] ??= []).push(issue);
  };
  if (drafts.length === 0) add('', { field: 'name', code: 'no-dimensions', message: 'a test set needs at least one dimension' });
  const byName = new Map<string, number>();
  for (const draft of drafts) byName.set(draft.name.trim(), (byName.get(draft.name.trim()) ?? 0) + 1);

  for (const draft of drafts) {
    if (draft.type === 'numeric') {
      for (const field of ['min', 'max'] as const) {
        if (Number.isNaN(parseBound(draft[field]))) add(draft.key, { field, code: 'not-a-number', message: 'expected a number' });
      }
    }
    const result = DimensionSchema.safeParse(fromDraft(draft));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = fieldOf(issue.path);
        if ((field === 'min' || field === 'max') && issues[draft.key]?.some((i) => i.code === 'not-a-number')) continue;
        add(draft.key, { field, code: codeOf(field, issue.message), message: issue.message });
      }
    }
    if (draft.name.trim() !== '' && (byName.get(draft.name.trim()) ?? 0) > 1) {
      add(draft.key, { field: 'name', code: 'name-duplicate', message: 'another dimension has this name' });
    }
  }
  return issues;
}

export function countIssues(issues: Record<string, DraftIssue[]>): number {
  return Object.values(issues).reduce((sum, list) => sum + list.length, 0);
}

/** The list with the item at `from` moved to `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** A dimension reduced to what matters for "has it changed": absent and null mean the same. */
function normalise(dimension: Dimension): string {
  const values = hasValues(dimension.type) ? dimension.options.map((o) => [o.value, o.stakes ?? null]) : [];
  const numeric = dimension.type === 'numeric';
  return JSON.stringify([dimension.name, dimension.type, dimension.scope, values, numeric ? dimension.min ?? null : null, numeric ? dimension.max ?? null : null]);
}

/** True when the drafts describe exactly the saved dimensions (same order, same values). */
export function sameDimensions(drafts: readonly DimensionDraft[], saved: readonly Dimension[]): boolean {
  if (drafts.length !== saved.length) return false;
  return drafts.every((draft, i) => normalise(fromDraft(draft)) === normalise(saved[i]));
}

/** A name for a new dimension that no draft uses yet: newDimension, newDimension2 … */
export function freshName(drafts: readonly Pick<DimensionDraft, 'name'>[], base = 'newDimension'): string {
  const used = new Set(drafts.map((d) => d.name.trim()));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`;
}
