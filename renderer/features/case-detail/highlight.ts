/**
 * Splitting a text into highlighted segments, for evidence quotes.
 *
 * Everything works on JavaScript string indexes (UTF-16 code units) of the
 * exact quote as found with indexOf, never on byte offsets, so Chinese text and
 * emoji (surrogate pairs) are cut exactly at the quote's edges. Overlapping
 * and identical quotes are allowed: a segment lists every mark covering it.
 */

export interface QuoteMark {
  /** The exact text to find. */
  quote: string;
  /** Optional position hint (JS string index); used only when the text there is exactly the quote. */
  start?: number | null;
}

export interface MarkRange {
  start: number;
  end: number;
}

export interface TextSegment {
  text: string;
  start: number;
  end: number;
  /** Indexes (into the input marks) of the quotes covering this segment, ascending. */
  marks: number[];
  /** Indexes of the quotes whose range ends exactly at the end of this segment. */
  endingMarks: number[];
}

export interface HighlightResult {
  segments: TextSegment[];
  /** Per input mark, where it was found, or null when the quote does not occur in the text. */
  ranges: (MarkRange | null)[];
}

/** JS string index of `quote` in `text` (the hint when it matches there exactly), or -1. */
export function locateQuote(text: string, quote: string, hint?: number | null): number {
  if (quote.length === 0) return -1;
  if (typeof hint === 'number' && Number.isInteger(hint) && hint >= 0 && text.startsWith(quote, hint)) return hint;
  return text.indexOf(quote);
}

export function highlightSegments(text: string, marks: readonly QuoteMark[]): HighlightResult {
  const ranges: (MarkRange | null)[] = marks.map((mark) => {
    const start = locateQuote(text, mark.quote, mark.start);
    return start < 0 ? null : { start, end: start + mark.quote.length };
  });

  const cuts = new Set<number>([0, text.length]);
  for (const range of ranges) {
    if (range) {
      cuts.add(range.start);
      cuts.add(range.end);
    }
  }
  const points = [...cuts].sort((a, b) => a - b);

  const segments: TextSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i];
    const end = points[i + 1];
    if (end <= start) continue;
    const covering: number[] = [];
    const ending: number[] = [];
    ranges.forEach((range, index) => {
      if (!range) return;
      if (range.start <= start && range.end >= end) covering.push(index);
      if (range.end === end && range.start < end) ending.push(index);
    });
    const previous = segments[segments.length - 1];
    if (previous && previous.marks.length === 0 && covering.length === 0) {
      previous.text += text.slice(start, end);
      previous.end = end;
      continue;
    }
    segments.push({ text: text.slice(start, end), start, end, marks: covering, endingMarks: ending });
  }
  return { segments, ranges };
}
