import type { z } from 'zod';
import { describeType, preview, quoteList } from './errors';

/** A zod validation problem turned into a field path and an English sentence. */
export interface FieldProblem {
  field: string | null;
  message: string;
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

export function describeIssue(issue: Issue, schema: z.ZodType, recordNoun: string): FieldProblem {
  const field = issue.path.length ? joinPath(issue.path) : null;
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { field, message: 'required field is missing' };
      const expected = issue.expected === 'int' ? 'a whole number' : article(issue.expected);
      return { field, message: `expected ${expected}, got ${describeType(input)}${scalarPreview(input)}` };
    }
    case 'unrecognized_keys': {
      const keys = issue.keys;
      const where = issue.path.length ? joinPath(issue.path) : null;
      const allowed = allowedKeys(schema, issue.path);
      const noun = where ? `"${where}"` : `a ${recordNoun}`;
      const hint = allowed ? ` (${noun} can have: ${allowed.join(', ')})` : '';
      return {
        field: where ? `${where}.${keys[0]}` : keys[0],
        message: `unknown field${keys.length > 1 ? 's' : ''} ${quoteList(keys)}${hint}`,
        unknownKeys: keys,
      };
    }
    case 'invalid_value':
      return { field, message: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${preview(input)}` };
    case 'too_small': {
      if (issue.origin === 'string') return { field, message: `${custom(issue.message) ?? 'must not be empty'}, got ${preview(input)}` };
      if (issue.origin === 'number') return { field, message: `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}, got ${preview(input)}` };
      return { field, message: custom(issue.message) ?? issue.message };
    }
    case 'too_big':
      return { field, message: custom(issue.message) ?? issue.message };
    case 'invalid_format':
      return { field, message: `${custom(issue.message) ?? `must be a valid ${issue.format}`}, got ${preview(input)}` };
    case 'invalid_union': {
      const expected = new Set<string>();
      for (const branch of issue.errors) for (const sub of branch) if (sub.code === 'invalid_type') expected.add(article(sub.expected));
      if (expected.size) return { field, message: `expected ${[...expected].join(' or ')}, got ${describeType(input)}${scalarPreview(input)}` };
      return { field, message: 'does not match any allowed shape' };
    }
    default:
      return { field, message: issue.message };
  }
}

function custom(message: string): string | null {
  // zod's built-in messages start with "Invalid" / "Too"; the schemas' own ones read well as they are.
  return /^(Invalid|Too (small|big))/.test(message) ? null : message;
}

function article(t: string): string {
  if (t === 'array' || t === 'object' || t === 'int') return `an ${t}`;
  return `a ${t}`;
}

function scalarPreview(v: unknown): string {
  return typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string') ? ` (${preview(v, 30)})` : '';
}

/**
 * One sentence for a whole failed parse: the first problem in full, then a
 * short note of the others on the same record (unknown fields named, since
 * they usually show the file is of another kind).
 */
export function summarizeIssues(
  issues: readonly Issue[], schema: z.ZodType, recordNoun: string, unit: 'line' | 'row' | 'record',
): FieldProblem {
  const problems = issues.map((i) => describeIssue(i, schema, recordNoun));
  const first = problems[0];
  const rest = problems.slice(1);
  if (rest.length === 0) return first;
  const unknown = rest.filter((p) => p.unknownKeys);
  const others = rest.length - unknown.length;
  let msg = first.message;
  const extras: string[] = [];
  for (const u of unknown) extras.push(`${u.message}`);
  if (others > 0) extras.push(`${others} more problem${others > 1 ? 's' : ''}`);
  msg += `. Also on this ${unit}: ${extras.join('; ')}.`;
  return { field: first.field, message: msg };
}
