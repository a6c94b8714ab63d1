/**
 * Typing a numeric label (faithfulness, 0–1) with the keyboard alone.
 *
 * The person types; the screen shows what the typing means; Enter saves.
 * For a 0–1 scale, a single digit is the fast path:
 *   0 → 0      1 → 1      2…9 → 0.2…0.9 (tenths)
 * and anything finer is typed as a decimal: .75, 0.75, 0,75 → 0.75.
 * "07" reads as 0.7 (a leading zero starts the decimals), so typing 0 then 7
 * gives the same as .7. For other ranges the typed number is taken as is.
 */

const MAX_DRAFT = 6;

/** The draft after one key: digits append, "." or "," add the (single) decimal point, Backspace deletes. */
export function applyNumericKey(draft: string, key: string): string {
  if (key === 'Backspace') return draft.slice(0, -1);
  if (key === '.' || key === ',') return draft.includes('.') || draft.length >= MAX_DRAFT ? draft : `${draft}.`;
  if (/^[0-9]$/.test(key)) return draft.length >= MAX_DRAFT ? draft : draft + key;
  return draft;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** What a draft means on the scale [min, max], or null when it is empty or out of range. */
export function parseNumericDraft(draft: string, min: number, max: number): number | null {
  const text = draft.trim().replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const unitScale = min === 0 && max === 1;
  let value: number;
  if (unitScale && /^\d$/.test(text)) value = text === '0' ? 0 : text === '1' ? 1 : Number(text) / 10;
  else if (unitScale && /^0\d+$/.test(text)) value = Number(`0.${text.slice(1)}`);
  else value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) return null;
  return round(value);
}

/** A numeric value as the scale shows it: one decimal at least ("1.0", "0.7", "0.75"). */
export function formatScaleValue(value: number): string {
  const text = String(round(value));
  return text.includes('.') ? text : `${text}.0`;
}
