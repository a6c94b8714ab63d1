/**
 * The one normalisation used to match evidence quotes against chunk text:
 * Unicode NFKC (full-width → half-width, compatibility forms folded), then
 * toLowerCase(), then every character matching /\s/u removed (so ideographic
 * and non-breaking spaces and line breaks inside a quote never block a match).
 */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s/gu, '');
}
