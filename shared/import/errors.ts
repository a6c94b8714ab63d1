import { renderText, text, type LocalText } from '../messages/text';

/**
 * The one error every import parser throws for bad input. `text` is the
 * problem as a catalogue key and its values (worded in the reader's language
 * by the window, in English by the CLI); the English message reads well on its
 * own (`cases.jsonl, line 7, field "query": expected a string, got a number.`).
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
  /** The problem without the location, as a full sentence (callers add "Nothing was imported."). */
  readonly text: LocalText;

  constructor(file: string, line: number | null, field: string | null, problem: LocalText) {
    super(formatLocation(file, line, field) + renderText('en', problem));
    this.file = file;
    this.line = line;
    this.field = field;
    this.text = problem;
  }
}

export function formatLocation(file: string, line: number | null, field: string | null): string {
  let s = file || 'the file';
  if (line != null) s += `, line ${line}`;
  if (field != null && field !== '') s += `, field "${field}"`;
  return s + ': ';
}

/** The name of a JSON value's type, for "expected X, got Y" messages. */
export function describeType(value: unknown): LocalText {
  if (value === undefined) return text('err.type.nothing');
  if (value === null) return text('err.type.null');
  if (Array.isArray(value)) return text('err.type.array');
  switch (typeof value) {
    case 'string': return text('err.type.string');
    case 'number': return text('err.type.number');
    case 'boolean': return text('err.type.boolean');
    default: return text('err.type.object');
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

export function quoteList(items: readonly string[], max = 12): LocalText {
  const shown = items.slice(0, max).map((k) => `"${k}"`).join(', ');
  return items.length > max ? text('err.list.more', { shown, count: items.length - max }) : text('err.list', { shown });
}
