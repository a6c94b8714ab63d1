import { text as say, type LocalText } from '../messages/text';
import type { ImportKind } from '../domain/schemas';
import { csvTable, parseCsv, type CsvTable } from './csv';
import { describeType, ImportDataError, quoteList } from './errors';
import { isPlainObject, JsonSyntaxError, parseJsonFast, parseJsonWithPositions, type JsonPositions } from './json';
import { nativeKeys } from './native';
import type { SourceText } from './text';
import { FOREIGN_FORMATS } from './foreign/formats';
import type { ForeignFormat } from './foreign/record';

/** What a file looks like before we know its format. */
export type FileShape =
  | { type: 'jsonl' }
  | { type: 'json'; value: unknown; positions: WeakMap<object, JsonPositions> }
  | { type: 'csv'; table: CsvTable; delimiter: string };

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** JSON or JSON Lines by extension, else by the first non-blank character. */
export function looksLikeJson(src: SourceText, ext: string): boolean {
  if (['json', 'jsonl', 'ndjson'].includes(ext)) return true;
  if (['csv', 'tsv', 'txt'].includes(ext)) return false;
  const m = /\S/.exec(src.text);
  return !!m && (m[0] === '{' || m[0] === '[');
}

/**
 * A JSON-ish file is one JSON document (`[...]`, a pretty-printed object) or
 * JSON Lines. A single-line object counts as JSON Lines with one record.
 */
export function jsonShape(src: SourceText, fileName: string, ext: string): FileShape {
  if (ext === 'jsonl' || ext === 'ndjson') return { type: 'jsonl' };
  try {
    const { value, positions } = parseJsonWithPositions(src.text);
    const oneLine = !/[\r\n]/.test(src.text.trim());
    if (isPlainObject(value) && oneLine && !FOREIGN_FORMATS.some((f) => f.container && Array.isArray(f.container.list(value)))) return { type: 'jsonl' };
    return { type: 'json', value, positions };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const first = src.lines().find((l) => l.trim() !== '');
    if (first !== undefined && parseJsonFast(first).ok) return { type: 'jsonl' };
    throw new ImportDataError(fileName, src.lineAt(e.offset), null,
      say('err.import.bad-json', { reason: e.reason, column: src.columnAt(e.offset) }));
  }
}

export function csvShape(src: SourceText, fileName: string, ext: string): FileShape {
  const firstLine = src.lines().find((l) => l.trim() !== '') ?? '';
  const delimiter = ext === 'tsv' || (firstLine.includes('\t') && !firstLine.includes(',')) ? '\t' : ',';
  return { type: 'csv', table: csvTable(parseCsv(src.text, fileName, delimiter), fileName), delimiter };
}

/** Keys that, all present, mark a native record of each kind. */
export const NATIVE_SIGNATURE: Record<ImportKind, string[]> = {
  cases: ['id', 'query'],
  documents: ['docId'],
  responses: ['caseId', 'answer'],
  judge: ['caseId', 'dimension'],
};

/**
 * The format whose distinctive fields the keys hold: a foreign one first
 * (each names fields no native record has), then native. Never a format
 * whose distinctive fields are absent.
 */
export function classifyKeys(keys: readonly string[], kind: ImportKind): ForeignFormat | 'native' | null {
  const foreign = FOREIGN_FORMATS.find((f) => f.matches(keys));
  if (foreign) return foreign;
  const native = nativeKeys(kind);
  const has = (k: string) => keys.includes(k);
  const overlap = keys.filter((k) => native.includes(k)).length;
  if (NATIVE_SIGNATURE[kind].every(has) || overlap >= 2) return 'native';
  return null;
}

/** Keys of the first objects of an array (in first-seen order). */
export function keysOfItems(items: readonly unknown[], limit = 50): string[] {
  const keys: string[] = [];
  for (const item of items.slice(0, limit)) {
    if (isPlainObject(item)) for (const k of Object.keys(item)) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** A short description of what a JSON value holds, for "unknown format" messages. */
export function describeJson(value: unknown): LocalText {
  if (Array.isArray(value)) {
    const keys = keysOfItems(value);
    if (value.length === 0) return say('err.seen.empty-array');
    if (keys.length === 0) return say('err.seen.array-of-scalars', { count: value.length, type: describeType(value[0]) });
    return say('err.seen.array-of-objects', { count: value.length, keys: quoteList(keys) });
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    const inner = keys.find((k) => Array.isArray(value[k]) && keysOfItems(value[k] as unknown[]).length > 0);
    if (!inner) return say('err.seen.object', { keys: quoteList(keys) });
    const arr = value[inner] as unknown[];
    return say('err.seen.object-with-list', { keys: quoteList(keys), inner, count: arr.length, innerKeys: quoteList(keysOfItems(arr)) });
  }
  return say('err.seen.single-value', { type: describeType(value) });
}

export function unknownFormatError(fileName: string, kind: ImportKind, seen: LocalText): ImportDataError {
  const tried: LocalText[] = [say('err.tried.native', { kind: say(`err.kind.${kind}`), fields: nativeKeys(kind).slice(0, 6).join(', ') })];
  if (kind === 'cases' || kind === 'judge') {
    for (const f of FOREIGN_FORMATS) tried.push(say('err.tried.foreign', { format: f.label, fields: f.distinctive.join(', ') }));
  }
  return new ImportDataError(fileName, null, null, say('err.import.unknown-format', { tried, seen }));
}
