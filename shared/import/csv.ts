import { text as say } from '../messages/text';
import { ImportDataError } from './errors';

/** One CSV record: its fields and the 1-based line on which it starts. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/**
 * A small RFC 4180 reader: fields separated by `delimiter`, records by CRLF, LF
 * or CR; quoted fields may hold delimiters, doubled quotes and line breaks.
 * A quote inside an unquoted field is kept literally (common in real files).
 * Blank lines are skipped. Each record remembers the line it starts on.
 */
export function parseCsv(text: string, fileName: string, delimiter = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  const delim = delimiter.charCodeAt(0);
  let i = 0;
  let line = 1;
  while (i < n) {
    const recordLine = line;
    const fields: string[] = [];
    let onlyEmptyUnquoted = true;
    // read fields until end of record
    for (;;) {
      let value = '';
      if (text.charCodeAt(i) === 34 /* " */) {
        onlyEmptyUnquoted = false;
        const startLine = line;
        i++;
        let chunkStart = i;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            throw new ImportDataError(fileName, startLine, null,
              say('err.csv.unterminated-quote'));
          }
          line += countBreaks(text, i, q);
          if (text.charCodeAt(q + 1) === 34) {
            value += text.slice(chunkStart, q + 1);
            i = q + 2;
            chunkStart = i;
            continue;
          }
          value += text.slice(chunkStart, q);
          i = q + 1;
          break;
        }
        const c = text.charCodeAt(i);
        if (i < n && c !== delim && c !== 10 && c !== 13) {
          throw new ImportDataError(fileName, line, null,
            say('err.csv.after-quote', { found: JSON.stringify(text[i]), line: startLine }));
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === 10 || c === 13) break;
          j++;
        }
        value = text.slice(i, j);
        if (value !== '') onlyEmptyUnquoted = false;
        i = j;
      }
      fields.push(value);
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === delim) {
        i++;
        onlyEmptyUnquoted = false;
        if (i >= n) { fields.push(''); break; }
        continue;
      }
      // record terminator
      if (c === 13 && text.charCodeAt(i + 1) === 10) i += 2;
      else i++;
      line++;
      break;
    }
    if (onlyEmptyUnquoted && fields.length === 1) continue; // blank line
    records.push({ fields, line: recordLine });
  }
  return records;
}

function countBreaks(text: string, from: number, to: number): number {
  let k = 0;
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    if (c === 10) k++;
    else if (c === 13 && text.charCodeAt(p + 1) !== 10) k++;
  }
  return k;
}

/** Records become objects keyed by the header; wrong column counts are an error. */
export interface CsvTable {
  header: string[];
  headerLine: number;
  rows: { values: Record<string, string>; line: number }[];
}

export function csvTable(records: CsvRecord[], fileName: string): CsvTable {
  if (records.length === 0) throw new ImportDataError(fileName, null, null, say('err.csv.empty'));
  const head = records[0];
  const header = head.fields.map((h) => h.trim());
  const seen = new Map<string, number>();
  header.forEach((h, idx) => {
    if (h === '') {
      // An unnamed trailing column that is empty everywhere is harmless (a trailing comma); others are errors below.
      return;
    }
    if (seen.has(h)) {
      throw new ImportDataError(fileName, head.line, h,
        say('err.csv.duplicate-column', { column: h, first: seen.get(h)! + 1, second: idx + 1 }));
    }
    seen.set(h, idx);
  });
  const rows: CsvTable['rows'] = [];
  for (let r = 1; r < records.length; r++) {
    const rec = records[r];
    if (rec.fields.length !== header.length) {
      throw new ImportDataError(fileName, rec.line, null,
        say('err.csv.column-count', { count: rec.fields.length, line: head.line, expected: header.length }));
    }
    const values: Record<string, string> = {};
    header.forEach((h, idx) => {
      if (h === '') {
        if (rec.fields[idx] !== '') {
          throw new ImportDataError(fileName, rec.line, null,
            say('err.csv.unnamed-column', { column: idx + 1, line: head.line }));
        }
        return;
      }
      values[h] = rec.fields[idx];
    });
    rows.push({ values, line: rec.line });
  }
  return { header: header.filter((h) => h !== ''), headerLine: head.line, rows };
}
