import { graphemeBoundaries } from './codepoints';

/**
 * Moving a text selection by keyboard, as pure functions over the document's
 * text (UTF-16 indexes, as the DOM gives them). A selection has an anchor
 * (where it started, fixed) and a focus (the end that Shift+arrows move), so
 * Shift+→ after a forward selection extends it and Shift+← shrinks it.
 * Characters are grapheme clusters (never half an emoji or a letter without its
 * accent); words come from Intl.Segmenter, which splits Chinese by its word
 * dictionary ("申请|退款|需要") and Latin text at spaces and punctuation.
 */

export interface TextSelection {
  anchor: number;
  focus: number;
}

export type StepUnit = 'char' | 'word';
export type StepDirection = 'forward' | 'backward';

type WordSegment = { index: number; segment: string; isWordLike?: boolean };
type WordSegmenter = { segment(input: string): Iterable<WordSegment> };

const wordSegmenters = new Map<string, WordSegmenter | null>();

function wordSegmenter(locale: string): WordSegmenter | null {
  if (!wordSegmenters.has(locale)) {
    const Segmenter = (Intl as unknown as { Segmenter?: new (locale: string, options: { granularity: 'word' }) => WordSegmenter }).Segmenter;
    wordSegmenters.set(locale, Segmenter ? new Segmenter(locale, { granularity: 'word' }) : null);
  }
  return wordSegmenters.get(locale) ?? null;
}

/** The words of `text` as [start, end) UTF-16 ranges; without Intl.Segmenter, runs of letters and digits (each Han character its own word). */
export function wordRanges(text: string, locale = 'zh'): { start: number; end: number }[] {
  const segmenter = wordSegmenter(locale);
  const ranges: { start: number; end: number }[] = [];
  if (segmenter) {
    for (const { index, segment, isWordLike } of segmenter.segment(text)) {
      if (isWordLike) ranges.push({ start: index, end: index + segment.length });
    }
    return ranges;
  }
  for (const match of text.matchAll(/\p{Script=Han}|[\p{L}\p{N}\p{M}]+/gu)) ranges.push({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
  return ranges;
}

/** The next (or previous) grapheme boundary from `index`; stays at the text's ends. */
export function charStep(text: string, index: number, direction: StepDirection): number {
  const bounds = graphemeBoundaries(text);
  if (direction === 'forward') return bounds.find((bound) => bound > index) ?? text.length;
  for (let i = bounds.length - 1; i >= 0; i--) if (bounds[i] < index) return bounds[i];
  return 0;
}

/**
 * One word on from `index`: forward to the end of the next word (the one `index` is inside, else the one after
 * the spaces and punctuation that follow), backward to the start of the word before; the text's ends when none.
 */
export function wordStep(text: string, index: number, direction: StepDirection, locale = 'zh'): number {
  const words = wordRanges(text, locale);
  if (direction === 'forward') return words.find((word) => word.end > index)?.end ?? text.length;
  for (let i = words.length - 1; i >= 0; i--) if (words[i].start < index) return words[i].start;
  return 0;
}

/** The selection with its focus moved one character or word; the anchor stays. */
export function extendSelection(text: string, selection: TextSelection, unit: StepUnit, direction: StepDirection, locale = 'zh'): TextSelection {
  const focus = unit === 'char' ? charStep(text, selection.focus, direction) : wordStep(text, selection.focus, direction, locale);
  return { anchor: selection.anchor, focus };
}

/**
 * Every place `query` occurs in `text`, as [start, end) UTF-16 ranges, left to right and not overlapping.
 * Latin letters match in either case; white space in the query matches any run of white space (documents
 * wrap lines where the reader typed a space).
 */
export function findMatches(text: string, query: string): { start: number; end: number }[] {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const pattern = trimmed
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(new RegExp(pattern, 'giu'))) {
    const start = match.index ?? 0;
    found.push({ start, end: start + match[0].length });
  }
  return found;
}
