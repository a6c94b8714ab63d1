import { text as say } from '../messages/text';
import type { ImportKind } from '../domain/schemas';
import { Collector } from './collector';
import type { CsvTable } from './csv';
import {
  classifyKeys, csvShape, describeJson, extensionOf, jsonShape, keysOfItems, looksLikeJson, unknownFormatError, type FileShape,
} from './detect';
import { describeType, ImportDataError, quoteList } from './errors';
import { readForeignRows } from './foreign/build';
import { FOREIGN_FORMATS, foreignFormat } from './foreign/formats';
import { mappedFormat, requireMappedColumns } from './foreign/mapped';
import { rowFromJson, type ForeignFormat, type SourceRow } from './foreign/record';
import { isPlainObject, parseJsonFast } from './json';
import { parseJsonLine, progressReporter, readNativeCsv, readNativeJsonl } from './native';
import { readJudgeCsv } from './judge-csv';
import { decodeUtf8, SourceText } from './text';
import type { ConcreteImportFormat, ParsedImport, ParseImportOptions } from './types';

/**
 * Read one import file into validated records, each with its source line.
 * Pure: no I/O, no Node APIs; throws ImportDataError for any bad input.
 */
export function parseImportFile(options: ParseImportOptions): ParsedImport {
  const { kind, fileName, bytes } = options;
  const system = (options.system ?? 'imported').trim() || 'imported';
  const progress = progressReporter(options.onProgress);
  const text = decodeUtf8(bytes, fileName);
  const src = new SourceText(text);
  if (text.trim() === '') throw new ImportDataError(fileName, null, null, say('err.file.empty'));
  const ext = extensionOf(fileName);
  const jsonish = looksLikeJson(src, ext);
  const collector = new Collector(fileName);

  let format: ConcreteImportFormat;
  let shape: FileShape | null = null;
  if (options.mapping) {
    format = 'mapped';
  } else if (options.format === 'auto') {
    shape = jsonish ? jsonShape(src, fileName, ext) : csvShape(src, fileName, ext);
    format = detect(shape, src, kind, fileName);
  } else {
    format = options.format;
  }

  switch (format) {
    case 'jsonl':
      readNativeJsonl(kind, src, collector, progress);
      return collector.result(format, src.lineCount, kind);
    case 'csv': {
      if (!shape && (jsonish || /^\s*[[{]/.test(text))) {
        throw new ImportDataError(fileName, null, null,
          say('err.import.json-not-csv'));
      }
      shape ??= csvShape(src, fileName, ext);
      const table = (shape as { table: CsvTable }).table;
      // a judge run's CSV is the verdicts export read back; the other kinds share one column reader
      if (kind === 'judge') readJudgeCsv(table, collector, progress);
      else readNativeCsv(kind, table, collector, progress);
      return collector.result(format, src.lineCount, kind);
    }
    default: {
      if (format === 'mapped' && !options.mapping) {
        throw new ImportDataError(fileName, null, null, say('err.import.mapped-needs-mapping'));
      }
      const fmt = options.mapping ? mappedFormat(options.mapping) : foreignFormat(format)!;
      requireForeignKind(kind, fmt, fileName);
      shape ??= jsonish ? jsonShape(src, fileName, ext) : csvShape(src, fileName, ext);
      const rows = foreignRows(shape, fmt, src, fileName);
      const keys = keysOfRows(rows);
      if (options.mapping) requireMappedColumns(options.mapping, keys, fileName);
      else if (options.format !== 'auto' && !fmt.matches(keys) && !(fmt.container && isPlainObject((shape as { value?: unknown }).value))) {
        // A forced format that finds none of its own fields would import questions and drop everything else.
        throw new ImportDataError(fileName, rows[0]?.line ?? null, fmt.distinctive[0],
          say('err.import.not-this-format', { format: fmt.label, fields: fmt.distinctive.join(', '), keys: quoteList(keys, 20) }));
      }
      const report = readForeignRows(rows, fmt, collector, { kind, system, judge: options.judge }, progress);
      return collector.result(format, src.lineCount, kind, report);
    }
  }
}

function requireForeignKind(kind: ImportKind, fmt: ForeignFormat, fileName: string): void {
  if (kind === 'cases' || kind === 'judge') return;
  throw new ImportDataError(fileName, null, null,
    say('err.import.external-is-cases', { format: fmt.label, kind: say(`err.kind.${kind}`) }));
}

const keysOfRows = (rows: readonly SourceRow[]) => keysOfItems(rows.map((r) => r.values), 200);

/** Format of a file given its shape (for format "auto"). */
function detect(shape: FileShape, src: SourceText, kind: ImportKind, fileName: string): ConcreteImportFormat {
  const fromClass = (c: ReturnType<typeof classifyKeys>, nativeFormat: 'jsonl' | 'csv'): ConcreteImportFormat | null => {
    if (c === null) return null;
    if (c === 'native') return nativeFormat;
    requireForeignKind(kind, c, fileName);
    return c.format;
  };

  if (shape.type === 'csv') {
    const header = shape.table.header;
    const f = fromClass(classifyKeys(header, kind), 'csv');
    if (f) return f;
    throw unknownFormatError(fileName, kind, say(shape.delimiter === '\t' ? 'err.seen.tsv-header' : 'err.seen.csv-header', { columns: quoteList(header, 20) }));
  }

  if (shape.type === 'jsonl') {
    const lines = src.lines();
    const k = lines.findIndex((l) => l.trim() !== '');
    const first = parseJsonLine(lines[k], k + 1, src, fileName, true);
    if (!isPlainObject(first)) {
      throw new ImportDataError(fileName, k + 1, null, say('err.import.not-an-object-line', { got: describeType(first) }));
    }
    const keys = Object.keys(first);
    const f = fromClass(classifyKeys(keys, kind), 'jsonl');
    if (f) return f;
    throw unknownFormatError(fileName, kind, say('err.seen.jsonl-keys', { line: k + 1, keys: quoteList(keys, 20) }));
  }

  const v = shape.value;
  if (isPlainObject(v)) {
    for (const fmt of FOREIGN_FORMATS) {
      const list = fmt.container?.list(v);
      if (Array.isArray(list) && (list.length === 0 || fmt.matches(keysOfItems(list)) || fmt.format !== 'langfuse')) return fromClass(fmt, 'jsonl')!;
    }
  }
  if (Array.isArray(v)) {
    const c = classifyKeys(keysOfItems(v), kind);
    if (c === 'native') {
      throw new ImportDataError(fileName, null, null,
        say('err.import.array-not-jsonl', { kind: say(`err.kind.${kind}`) }));
    }
    const f = fromClass(c, 'jsonl');
    if (f) return f;
  }
  throw unknownFormatError(fileName, kind, describeJson(v));
}

/** The records of a foreign file, whatever its container (CSV, JSON array, JSON Lines, a wrapper object). */
function foreignRows(shape: FileShape, fmt: ForeignFormat, src: SourceText, fileName: string): SourceRow[] {
  const lineAt = (off: number) => src.lineAt(off);
  if (shape.type === 'csv') {
    const { table } = shape;
    if (table.rows.length === 0) throw new ImportDataError(fileName, null, null, say('err.csv.no-rows'));
    return table.rows.map((r) => ({ line: r.line, values: r.values, fromCsv: true }));
  }
  if (shape.type === 'jsonl') {
    const rows: SourceRow[] = [];
    src.lines().forEach((l, k) => {
      if (l.trim() === '') return;
      const r = parseJsonFast(l);
      const value = r.ok ? r.value : parseJsonLine(l, k + 1, src, fileName, rows.length === 0);
      if (!isPlainObject(value)) {
        throw new ImportDataError(fileName, k + 1, null, say('err.import.not-an-object-line', { got: describeType(value) }));
      }
      rows.push({ line: k + 1, values: value, fromCsv: false });
    });
    return rows;
  }
  const { value, positions } = shape;
  let list: unknown = value;
  let container = say('err.seen.top-level-array');
  if (fmt.container && isPlainObject(value)) {
    list = fmt.container.list(value);
    container = say('err.seen.container', { path: fmt.container.path });
    if (!Array.isArray(list)) {
      throw new ImportDataError(fileName, null, fmt.container.path,
        say('err.import.container-not-list', { format: fmt.label, path: fmt.container.path, got: describeType(list) }));
    }
  }
  if (!Array.isArray(list)) {
    throw new ImportDataError(fileName, null, null,
      fmt.container
        ? say('err.import.expected-array-or-container', { format: fmt.label, path: fmt.container.path, seen: describeJson(value) })
        : say('err.import.expected-array', { format: fmt.label, seen: describeJson(value) }));
  }
  const pos = positions.get(list);
  return list.map((item, k) => {
    const line = lineAt(pos?.members.get(String(k)) ?? 0);
    if (!isPlainObject(item)) {
      throw new ImportDataError(fileName, line, null, say('err.import.item-not-object', { item: k + 1, container, got: describeType(item) }));
    }
    return rowFromJson(item, line, positions.get(item), lineAt);
  });
}
