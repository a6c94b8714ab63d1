import { text as say, type LocalText } from '../messages/text';
/**
 * The largest text one field of an imported record may hold, in characters
 * (UTF-16 code units, as JavaScript counts them). A single oversized field
 * would otherwise be carried into every case list and every screen that
 * shows it; these are far above any real question, answer or policy text.
 */
export const FIELD_LIMITS = {
  /** a case's question */
  query: 20_000,
  /** a case's reference answer and a response's answer */
  answer: 200_000,
  /** one claim of a reference answer, and one evidence quote */
  claim: 20_000,
  /** the full text of one document revision */
  documentText: 5_000_000,
  /** one retrieved chunk of a response's final context */
  chunkText: 200_000,
  /** a judge's rationale */
  reason: 20_000,
} as const;

export type LimitedField = keyof typeof FIELD_LIMITS;

/** Names the field and its limit when text is too long; null when it fits. */
export function overLimit(text: string | null | undefined, limit: LimitedField): LocalText | null {
  if (text == null || text.length <= FIELD_LIMITS[limit]) return null;
  return say('err.field.too-long', { length: text.length.toLocaleString('en'), max: FIELD_LIMITS[limit].toLocaleString('en') });
}
