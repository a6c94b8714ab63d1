import type { z } from 'zod';
import { text, type LocalText } from '../messages/text';
import { describeType, preview, quoteList } from './errors';

/** A zod validation problem as a field path and a sentence still to be worded. */
export interface FieldProblem {
  field: string | null;
  message: LocalText;
  unknownKeys?: string[];
}

type Issue = z.core.$ZodIssue;

/** Fields an object schema allows at `path` (for "unknown field" hints). */
export function allowedKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] | null {
  let s: any = schema;
  const unwrap = () => {
    for (let k = 0; k < 10 && s; k++) {
      const t = s._zod?.def?.type;
      if (t === 'optional' || t === 'nullable' || t === 'default' || t === 'prefault' || t === 'nonoptional' || t === 'readonly' || t === 'catch') s = s._zod.def.innerType;
      else if (t === 'pipe') s = s._zod.def.in;
      else break;
    }
  };
  unwrap();
  for (const seg of path) {
    const t = s?._zod?.def?.type;
    if (t === 'array') s = s._zod.def.element;
    else if (t === 'object') s = s._zod.def.shape[String(seg)];
    else return null;
    unwrap();
  }
  return s?._zod?.def?.type === 'object' ? Object.keys(s._zod.def.shape) : null;
}

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

export function describeIssue(issue: Issue, schema: z.ZodType): FieldProblem {
  const field = issue.path.length ? joinPath(issue.path) : null;
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { field, message: text('err.field.missing') };
      return { field, message: gotType(typeName(issue.expected), input) };
    }
    case 'unrecognized_keys': {
      const keys = issue.keys;
      const where = issue.path.length ? joinPath(issue.path) : null;
      const allowed = allowedKeys(schema, issue.path);
      return {
        field: where ? `${where}.${keys[0]}` : keys[0],
        message: allowed
          ? text('err.field.unknown-allowed', { count: keys.length, keys: quoteList(keys), allowed: allowed.join(', ') })
          : text('err.field.unknown', { count: keys.length, keys: quoteList(keys) }),
        unknownKeys: keys,
      };
    }
    case 'invalid_value':
      return { field, message: text('err.field.one-of', { allowed: issue.values.map((v) => JSON.stringify(v)).join(', '), got: preview(input) }) };
    case 'too_small': {
      if (issue.origin === 'string') return { field, message: ownMessage(issue.message, input) ?? text('err.field.empty', { got: preview(input) }) };
      if (issue.origin === 'number') return { field, message: text(issue.inclusive ? 'err.field.at-least' : 'err.field.more-than', { min: Number(issue.minimum), got: preview(input) }) };
      return { field, message: ownMessage(issue.message) ?? text('err.field.too-few', { min: Number(issue.minimum) }) };
    }
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int') return { field, message: ownMessage(issue.message, input) ?? text(issue.inclusive ? 'err.field.at-most' : 'err.field.less-than', { max: Number(issue.maximum), got: preview(input) }) };
      return { field, message: ownMessage(issue.message) ?? text('err.field.too-many', { max: Number(issue.maximum) }) };
    case 'invalid_format':
      return { field, message: ownMessage(issue.message, input) ?? text('err.field.format', { format: issue.format, got: preview(input) }) };
    case 'invalid_union': {
      const expected = new Set<string>();
      for (const branch of issue.errors) for (const sub of branch) if (sub.code === 'invalid_type') expected.add(sub.expected);
      if (expected.size) return { field, message: gotType([...expected].map(typeName).reduce((a, b) => text('err.type.either', { a, b })), input) };
      return { field, message: text('err.field.no-shape') };
    }
    case 'custom':
      return { field, message: ownMessage(issue.message, input, issue.params) ?? text('err.field.no-shape') };
    default:
      return { field, message: ownMessage(issue.message) ?? text('err.field.no-shape') };
  }
}

/**
 * The schemas' own refinement messages are catalogue keys (`err.…`), worded with the value given and
 * any values the refinement names (`params`); zod's built-in English ("Invalid …", "Too small …") is
 * never shown, the issue's code is worded instead.
 */
function ownMessage(message: string, got?: unknown, params?: Record<string, unknown>): LocalText | null {
  if (!message.startsWith('err.')) return null;
  const values: Record<string, string | number> = { got: preview(got) };
  for (const [key, value] of Object.entries(params ?? {})) if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  return text(message, values);
}

function typeName(t: string): LocalText {
  const known = ['string', 'number', 'boolean', 'array', 'object', 'null', 'int'];
  return known.includes(t) ? text(`err.type.${t}`) : text('err.type.other', { type: t });
}

function gotType(expected: LocalText, input: unknown): LocalText {
  // a number past what a double holds (1e400 in the file) is read as Infinity
  if (typeof input === 'number' && !Number.isFinite(input)) return text('err.field.not-finite', { expected });
  const scalar = typeof input === 'number' || typeof input === 'boolean' || typeof input === 'string';
  return scalar
    ? text('err.field.type-preview', { expected, got: describeType(input), preview: preview(input, 30) })
    : text('err.field.type', { expected, got: describeType(input) });
}

/**
 * One sentence for a whole failed parse: the first problem in full, then a
 * short note of the others on the same record (unknown fields named, since
 * they usually show the file is of another kind).
 */
export function summarizeIssues(
  issues: readonly Issue[], schema: z.ZodType, unit: 'line' | 'row' | 'record',
): FieldProblem {
  const problems = issues.map((i) => describeIssue(i, schema));
  const first = problems[0];
  const rest = problems.slice(1);
  if (rest.length === 0) return first;
  const extras: LocalText[] = rest.filter((p) => p.unknownKeys).map((p) => p.message);
  const others = rest.length - extras.length;
  if (others > 0) extras.push(text('err.field.more-problems', { count: others }));
  return { field: first.field, message: text('err.field.also', { first: first.message, unit: text(`err.unit.${unit}`), others: extras }) };
}
