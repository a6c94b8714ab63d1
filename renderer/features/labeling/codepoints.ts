/**
 * Evidence offsets are Unicode CODE POINT offsets into a document's text, so
 * they mean the same thing in every language runtime (Python, SQLite, Rust…),
 * unlike JavaScript string indexes (UTF-16 code units). These functions convert
 * between the two, and turn a text selection (UTF-16 indexes, as the DOM gives
 * them) into an evidence span that never cuts a character apart: not a
 * surrogate pair (emoji), not a base letter from its combining marks ("e\u0301"),
 * not an emoji ZWJ sequence.
 */

/** Number of code points in `text`. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Moves a UTF-16 index that falls between the two halves of a surrogate pair back to the pair's start. */
function alignToCodePoint(text: string, index: number): number {
  const clamped = Math.max(0, Math.min(text.length, index));
  if (clamped > 0 && clamped < text.length && isLow(text.charCodeAt(clamped)) && isHigh(text.charCodeAt(clamped - 1))) {
    return clamped - 1;
  }
  return clamped;
}

/** The code point offset of UTF-16 index `index` (clamped to the text; mid-pair counts as the pair's start). */
export function utf16ToCodePoint(text: string, index: number): number {
  return codePointLength(text.slice(0, alignToCodePoint(text, index)));
}

/** The UTF-16 index of code point offset `offset` (clamped to the text's end). */
export function codePointToUtf16(text: string, offset: number): number {
  if (offset <= 0) return 0;
  let points = 0;
  let i = 0;
  while (i < text.length && points < offset) {
    const unit = text.charCodeAt(i);
    i += isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
    points++;
  }
  return i;
}

type GraphemeSegmenter = { segment(input: string): Iterable<{ index: number; segment: string }> };

let segmenter: GraphemeSegmenter | null | undefined;
function graphemeSegmenter(): GraphemeSegmenter | null {
  if (segmenter === undefined) {
    const Segmenter = (Intl as unknown as { Segmenter?: new (locale?: string, options?: { granularity: 'grapheme' }) => GraphemeSegmenter }).Segmenter;
    segmenter = Segmenter ? new Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

const isCombining = (char: string) => /^[\p{M}\u200d\ufe0e\ufe0f]/u.test(char);

/**
 * Grapheme cluster boundaries of `text` (UTF-16 indexes, 0 and text.length included).
 * Intl.Segmenter when available; otherwise code points, with combining marks,
 * ZWJ and variation selectors kept on their base character.
 */
export function graphemeBoundaries(text: string): number[] {
  const found = graphemeSegmenter();
  const bounds: number[] = [];
  if (found) {
    for (const { index } of found.segment(text)) bounds.push(index);
  } else {
    let i = 0;
    while (i < text.length) {
      const char = String.fromCodePoint(text.codePointAt(i) as number);
      if (i === 0 || !isCombining(char)) bounds.push(i);
      i += char.length;
    }
  }
  if (bounds[0] !== 0) bounds.unshift(0);
  if (bounds[bounds.length - 1] !== text.length) bounds.push(text.length);
  return bounds;
}

/** Widens [start, end) (UTF-16) outward to whole grapheme clusters. */
export function snapToGraphemes(text: string, start: number, end: number): { start: number; end: number } {
  let from = Math.max(0, Math.min(text.length, Math.min(start, end)));
  let to = Math.max(0, Math.min(text.length, Math.max(start, end)));
  const bounds = graphemeBoundaries(text);
  let snappedStart = 0;
  for (const bound of bounds) {
    if (bound <= from) snappedStart = bound;
    else break;
  }
  let snappedEnd = text.length;
  for (const bound of bounds) {
    if (bound >= to) {
      snappedEnd = bound;
      break;
    }
  }
  from = snappedStart;
  to = Math.max(snappedEnd, from);
  return { start: from, end: to };
}

export interface EvidenceSpan {
  docId: string;
  /** Exactly the text between start and end. */
  quote: string;
  /** Code point offsets into the document text; end is exclusive. */
  start: number;
  end: number;
}

/**
 * The evidence a selection of `text` makes: widened to whole characters,
 * trimmed of surrounding white space, offsets in code points. Null when
 * nothing but white space is selected.
 */
export function selectionToEvidence(docId: string, text: string, startUtf16: number, endUtf16: number): EvidenceSpan | null {
  let { start, end } = snapToGraphemes(text, startUtf16, endUtf16);
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end <= start) return null;
  return {
    docId,
    quote: text.slice(start, end),
    start: utf16ToCodePoint(text, start),
    end: utf16ToCodePoint(text, end),
  };
}
