import { text as say } from '../../messages/text';
import { describeType, ImportDataError, preview } from '../errors';
import { isPlainObject, parseJsonFast } from '../json';
import { ListSyntaxError, parseStringList } from '../python-list';
import type { SourceRow } from './record';

/**
 * Reads the fields of one foreign record and remembers which it used, so the
 * import can report every field it did not (nothing is dropped without a word).
 */
export class FieldReader {
  private readonly used = new Set<string>();

  constructor(
    readonly row: SourceRow,
    readonly file: string,
    private readonly csvList: 'literal' | { delimiter: string },
    /** Fields holding only numbers (or nothing) in every record of the file: score columns. */
    readonly numericKeys: ReadonlySet<string> = new Set(),
  ) {}

  lineOf(key: string): number {
    return this.row.fieldLines?.get(key.split('.')[0]) ?? this.row.line;
  }

  has(key: string): boolean {
    const v = this.row.values[key];
    return v !== undefined && v !== null && !(this.row.fromCsv && v === '');
  }

  /** The first of `keys` the record has (or the first key, for messages). */
  pick(...keys: string[]): string {
    return keys.find((k) => this.has(k)) ?? keys[0];
  }

  /** Marks a field used and returns its raw value. */
  take(key: string): unknown {
    this.used.add(key);
    return this.row.values[key];
  }

  /** Marks fields read elsewhere (a nested key such as "inputs.question") as used. */
  use(...keys: string[]): void {
    for (const k of keys) this.used.add(k);
  }

  string(key: string): string | undefined {
    return this.stringOf(this.take(key), key);
  }

  stringOf(v: unknown, key: string): string | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return this.row.fromCsv && v === '' ? undefined : v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw new ImportDataError(this.file, this.lineOf(key), key, say('err.field.type', { expected: say('err.type.string'), got: describeType(v) }));
  }

  /** A JSON object field; in CSV a cell holding a JSON object. */
  object(key: string): Record<string, unknown> | undefined {
    let v = this.take(key);
    if (v === undefined || v === null || (this.row.fromCsv && v === '')) return undefined;
    if (typeof v === 'string' && this.row.fromCsv) {
      const r = parseJsonFast(v);
      if (!r.ok) throw new ImportDataError(this.file, this.lineOf(key), key, say('err.foreign.cell-not-object', { reason: r.reason }));
      v = r.value;
    }
    if (!isPlainObject(v)) throw new ImportDataError(this.file, this.lineOf(key), key, say('err.field.type', { expected: say('err.type.object'), got: describeType(v) }));
    return v;
  }

  /** A score: a number, a numeric string, or nothing (empty cell, NaN, null). */
  number(key: string): number | null {
    return this.numberOf(this.take(key), key);
  }

  numberOf(v: unknown, key: string): number | null {
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t === '' || /^(nan|none|null)$/i.test(t)) return null;
      const n = Number(t);
      if (Number.isFinite(n)) return n;
    }
    throw new ImportDataError(this.file, this.lineOf(key), key, say('err.foreign.not-a-score', { got: preview(v) }));
  }

  /** A list of texts: a JSON array, or in CSV a list literal / delimited values. */
  list(key: string): string[] {
    return this.listOf(this.take(key), key);
  }

  listOf(v: unknown, key: string): string[] {
    const line = this.lineOf(key);
    if (v === undefined || v === null) return [];
    if (Array.isArray(v)) {
      return v.map((item, k) => {
        if (typeof item === 'string') return item;
        if (typeof item === 'number') return String(item);
        throw new ImportDataError(this.file, line, `${key}.${k}`, say('err.field.type', { expected: say('err.type.context-text'), got: describeType(item) }));
      });
    }
    if (typeof v !== 'string') throw new ImportDataError(this.file, line, key, say('err.field.type', { expected: say('err.type.string-list'), got: describeType(v) }));
    const t = v.trim();
    if (t === '' || t === '[]' || t.toLowerCase() === 'nan') return [];
    if (this.csvList === 'literal') {
      if (t.startsWith('[') || t.startsWith('(')) {
        try {
          return parseStringList(t);
        } catch (e) {
          if (!(e instanceof ListSyntaxError)) throw e;
          throw new ImportDataError(this.file, line, key, say('err.import.bad-list', { list: preview(t, 50), reason: e.reason }));
        }
      }
      return [v];
    }
    if (t.startsWith('[')) {
      const r = parseJsonFast(t);
      if (r.ok && Array.isArray(r.value) && r.value.every((x) => typeof x === 'string')) return r.value as string[];
    }
    return v.split(this.csvList.delimiter).map((x) => x.trim()).filter((x) => x !== '');
  }

  /** Fields of the record this reader never took. */
  unused(): string[] {
    return Object.keys(this.row.values).filter((k) => !this.used.has(k) && this.has(k));
  }
}

/** The text of a chat message list (OpenAI evals, Ragas multi-turn): one line per turn, role marked. */
export function turnsText(turns: unknown[], roleKey = 'role', contentKey = 'content'): string {
  return turns
    .map((t) => {
      if (!isPlainObject(t)) return typeof t === 'string' ? t : JSON.stringify(t);
      const role = typeof t[roleKey] === 'string' ? String(t[roleKey]) : 'message';
      const content = typeof t[contentKey] === 'string' ? String(t[contentKey]) : JSON.stringify(t[contentKey] ?? '');
      return `[${role}] ${content}`;
    })
    .join('\n');
}

/** The one text of a value that may be a string or an object of one text field ({question}, {answer}, {output}). */
export function textOf(v: unknown, preferred: readonly string[]): { text: string | undefined; key: string | null } {
  if (typeof v === 'string') return { text: v, key: null };
  if (typeof v === 'number' || typeof v === 'boolean') return { text: String(v), key: null };
  if (!isPlainObject(v)) return { text: undefined, key: null };
  for (const k of preferred) if (typeof v[k] === 'string') return { text: v[k] as string, key: k };
  const strings = Object.keys(v).filter((k) => typeof v[k] === 'string');
  if (strings.length === 1) return { text: v[strings[0]] as string, key: strings[0] };
  return { text: undefined, key: null };
}
