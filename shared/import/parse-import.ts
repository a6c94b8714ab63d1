import { text as say } from '../messages/text';
import type { ImportKind } from '../domain/schemas';
import { Collector } from './collector';
import type { CsvTable } from './csv';
import {
  classifyKeys, csvShape, describeJson, extensionOf, jsonShape, keysOfItems, looksLikeJson, unknownFormatError, type FileShape,
} from './detect';
import { describeType, ImportDataError, quoteList } from './errors';
import { DEEPEVAL, RAGAS, readExternalRows, rowFromJson, type ExternalSpec, type SourceRow } from './external';
import { isPlainObject, parseJsonFast } from './json';
import { parseJsonLine, progressReporter, readNativeCsv, readNativeJsonl } from './native';
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
  if (options.format === 'auto') {
    shape = jsonish ? jsonShape(src, fileName, ext) : csvShape(src, fileName, ext);
    format = detect(shape, src, kind, fileName);
  } else {
    format = options.format;
  }

  switch (format) {
    case 'jsonl':
      readNativeJsonl(kind, src, collector, progress);
      break;
    case 'csv': {
      if (!shape && (jsonish || /^\s*[[{]/.test(text))) {
        throw new ImportDataError(fileName, null, null,
          say('err.import.json-not-csv'));
      }
      shape ??= csvShape(src, fileName, ext);
      readNativeCsv(kind, (shape as { table: CsvTable }).table, collector, progress);
      break;
    }
    case 'ragas':
    case 'deepeval': {
      const spec = format === 'ragas' ? RAGAS : DEEPEVAL;
      requireCasesKind(kind, spec, fileName);
      shape ??= jsonish ? jsonShape(src, fileName, ext) : csvShape(src, fileName, ext);
      readExternalRows(externalRows(shape, spec, src, fileName), spec, collector, system, progress);
      break;
    }
  }
  return collector.result(format, src.lineCount, kind);
}

function requireCasesKind(kind: ImportKind, spec: ExternalSpec, fileName: string): void {
  if (kind === 'cases') return;
  throw new ImportDataError(fileName, null, null,
    say('err.import.external-is-cases', { format: spec.label, kind: say(`err.kind.${kind}`) }));
}

/** Format of a file given its shape (for format "auto"). */
function detect(shape: FileShape, src: SourceText, kind: ImportKind, fileName: string): ConcreteImportFormat {
  const fromClass = (c: ReturnType<typeof classifyKeys>, nativeFormat: 'jsonl' | 'csv'): ConcreteImportFormat | null => {
    if (c === 'ragas' || c === 'deepeval') {
      requireCasesKind(kind, c === 'ragas' ? RAGAS : DEEPEVAL, fileName);
      return c;
    }
    return c === 'native' ? nativeFormat : null;
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
  if (isPlainObject(v) && 'testRunData' in v) return fromClass('deepeval', 'jsonl')!;
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

/** The records of a Ragas / DeepEval file, whatever its container (CSV, JSON array, JSON Lines, test run). */
function externalRows(shape: FileShape, spec: ExternalSpec, src: SourceText, fileName: string): SourceRow[] {
  const lineAt = (off: number) => src.lineAt(off);
  if (shape.type === 'csv') {
    const { table } = shape;
    if (!spec.query.some((k) => table.header.includes(k))) {
      throw new ImportDataError(fileName, table.headerLine, spec.query[0],
        say('err.import.external-column-missing', { column: spec.query[0], format: spec.label, header: quoteList(table.header, 20) }));
    }
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
  if (spec.format === 'deepeval' && isPlainObject(value) && 'testRunData' in value) {
    const run = value.testRunData;
    list = isPlainObject(run) ? run.testCases : undefined;
    container = say('err.seen.test-cases-list');
    if (!Array.isArray(list)) {
      throw new ImportDataError(fileName, null, 'testRunData.testCases',
        say('err.import.deepeval-test-cases', { got: describeType(list) }));
    }
  }
  if (!Array.isArray(list)) {
    throw new ImportDataError(fileName, null, null,
      say(spec.format === 'deepeval' ? 'err.import.expected-deepeval' : 'err.import.expected-array', { format: spec.label, seen: describeJson(value) }));
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

