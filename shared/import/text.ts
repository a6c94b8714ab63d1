import { text as say } from '../messages/text';
import { ImportDataError } from './errors';

/** The decoded text of an import file plus a way to map offsets to 1-based lines. */
export class SourceText {
  readonly text: string;
  /** Offsets at which each line starts (line 1 starts at 0). */
  private readonly lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    const starts = [0];
    if (text.indexOf('\r') === -1) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1); // lone CR (old Mac)
      }
    }
    this.lineStarts = starts;
  }

  /** 1-based line of a character offset. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** 1-based column of a character offset. */
  columnAt(offset: number): number {
    return offset - this.lineStarts[this.lineAt(offset) - 1] + 1;
  }

  /** Number of lines, not counting the empty "line" after a final line break. */
  get lineCount(): number {
    const n = this.lineStarts.length;
    return this.lineStarts[n - 1] === this.text.length ? n - 1 : n;
  }

  /** The lines without their terminators (CRLF, LF or lone CR). */
  lines(): string[] {
    const out: string[] = [];
    const n = this.lineCount;
    for (let i = 0; i < n; i++) {
      let end = i + 1 < this.lineStarts.length ? this.lineStarts[i + 1] : this.text.length;
      if (end > this.lineStarts[i] && this.text.charCodeAt(end - 1) === 10) end--;
      if (end > this.lineStarts[i] && this.text.charCodeAt(end - 1) === 13) end--;
      out.push(this.text.slice(this.lineStarts[i], end));
    }
    return out;
  }
}

/**
 * Decode bytes as UTF-8 (strict). A UTF-8 BOM is stripped. Invalid bytes give an
 * ImportDataError naming the first line that holds them.
 */
export function decodeUtf8(bytes: Uint8Array, fileName: string): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new ImportDataError(fileName, null, null,
      say('err.file.utf16'));
  }
  try {
    // ignoreBOM false (the default): a leading UTF-8 BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    throw new ImportDataError(fileName, line, null,
      say('err.file.not-utf8', { byte: `0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')}`, at: bad + 1 }));
  }
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (bytes.length if none). */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f; // no surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined) return i;
      if (k === 1 ? d < lo || d > hi : d < 0x80 || d > 0xbf) return i;
    }
    i += need + 1;
  }
  return n;
}
