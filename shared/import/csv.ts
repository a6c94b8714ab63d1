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
              'a quoted field starts on this line but its closing double quote is never found ' +
              '(unterminated quote). Check that every " that opens a field is closed, and that quotes ' +
              'inside a field are doubled ("").');
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
            `unexpected character ${JSON.stringify(text[i])} right after the closing quote of a quoted field ` +
            `(the field started on line ${startLine}). Inside a quoted field, write a double quote as two double quotes ("").`);
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
  if (records.length === 0) throw new ImportDataError(fileName, null, null, 'the file is empty: it has no header row and no data.');
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
        `the header names column "${h}" twice (columns ${seen.get(h)! + 1} and ${idx + 1}); column names must be unique.`);
    }
    seen.set(h, idx);
  });
  const rows: CsvTable['rows'] = [];
  for (let r = 1; r < records.length; r++) {
    const rec = records[r];
    if (rec.fields.length !== header.length) {
      throw new ImportDataError(fileName, rec.line, null,
        `this row has ${rec.fields.length} column${rec.fields.length === 1 ? '' : 's'} but the header (line ${head.line}) has ${header.length}. ` +
        'Check for an unquoted comma inside a value (quote such values with double quotes) or a missing/extra separator.');
    }
    const values: Record<string, string> = {};
    header.forEach((h, idx) => {
      if (h === '') {
        if (rec.fields[idx] !== '') {
          throw new ImportDataError(fileName, rec.line, null,
            `column ${idx + 1} has a value but no name in the header (line ${head.line}).`);
        }
        return;
      }
      values[h] = rec.fields[idx];
    });
    rows.push({ values, line: rec.line });
  }
  return { header: header.filter((h) => h !== ''), headerLine: head.line, rows };
}
