import { normalizeForMatch } from './normalize';

/**
 * Where a quote the matching rule finds in a chunk sits in the chunk's own text
 * (JS string indexes), so the window can highlight it: the text is normalised
 * one code point at a time, remembering where each normalised character came
 * from. null when the quote is not there (or only appears once NFKC composes
 * across characters, which a per-character map cannot place).
 */
export function locateNormalized(text: string, quote: string): { start: number; end: number } | null {
  const needle = normalizeForMatch(quote);
  if (needle === '') return null;
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = normalizeForMatch(char);
    for (let i = 0; i < piece.length; i++) {
      from.push(index);
      to.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  const at = folded.indexOf(needle);
  if (at === -1) return null;
  return { start: from[at], end: to[at + needle.length - 1] };
}
