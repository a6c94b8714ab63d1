/**
 * A first cut of a reference answer into atomic claims: one per sentence or
 * clause ending in 。！？；; ! ? or a full stop followed by a space, so the
 * expert starts from a list to edit instead of an empty one. Decimal points
 * ("0.5", "v2.1") and abbreviations without a following space are not cut.
 */
export function splitIntoClaims(text: string | null | undefined): string[] {
  if (!text) return [];
  const parts: string[] = [];
  let current = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    current += char;
    const next = chars[i + 1];
    const hardStop = /[。！？；;!?\n]/.test(char);
    const fullStop = char === '.' && (next === undefined || /\s/.test(next));
    if (hardStop || fullStop) {
      parts.push(current);
      current = '';
    }
  }
  parts.push(current);
  return parts
    .map((part) => part.trim().replace(/[。；;，,.!！\s]+$/u, '').trim())
    .filter((part) => part.length > 0);
}
