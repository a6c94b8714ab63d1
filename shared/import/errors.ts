/**
 * The one error every import parser throws for bad input. Its message reads
 * well on its own (`cases.jsonl, line 7, field "query": expected a string, got number`);
 * `file`, `line` and `field` carry the same location for the UI, the CLI and the API.
 */
export class ImportDataError extends Error {
  override readonly name = 'ImportDataError';
  /** The file name as given to the parser. */
  readonly file: string;
  /** 1-based line in the file, or null when the whole file is wrong. */
  readonly line: number | null;
  /** Dotted path of the offending field (`claims.0.evidence.1.quote`), or null. */
  readonly field: string | null;
  /** The message without the location prefix. */
  readonly detail: string;

  constructor(file: string, line: number | null, field: string | null, detail: string) {
    // Always a full sentence: callers append "Nothing was imported." after it.
    detail = /[.!?]$/.test(detail.trimEnd()) ? detail.trimEnd() : `${detail.trimEnd()}.`;
    super(formatLocation(file, line, field) + detail);
    this.file = file;
    this.line = line;
    this.field = field;
    this.detail = detail;
  }
}

export function formatLocation(file: string, line: number | null, field: string | null): string {
  let s = file || 'the file';
  if (line != null) s += `, line ${line}`;
  if (field != null && field !== '') s += `, field "${field}"`;
  return s + ': ';
}

/** Plain English name of a JSON value's type, for "expected X, got Y" messages. */
export function describeType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean';
    case 'object': return 'an object';
    default: return typeof value;
  }
}

/** A short quoted preview of a value for messages. */
export function preview(value: unknown, max = 40): string {
  let s: string;
  if (typeof value === 'string') s = JSON.stringify(value);
  else {
    try { s = JSON.stringify(value) ?? String(value); } catch { s = String(value); }
  }
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

export function quoteList(items: readonly string[], max = 12): string {
  const shown = items.slice(0, max).map((k) => `"${k}"`).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
