import { z } from 'zod';

/**
 * Text that cannot be stored faithfully. JSON may spell a lone UTF-16
 * surrogate (`"\ud800"`); SQLite would store it as U+FFFD, silently changing
 * the text, so it is refused where it enters with the field that holds it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (value or key) holding a lone surrogate, or null. Iterative: a hostile line may nest thousands deep. */
export function loneSurrogatePath(root: unknown): string | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
      for (let k = entries.length - 1; k >= 0; k--) {
        const [key, item] = entries[k];
        const at = path ? `${path}.${key}` : key;
        if (LONE_SURROGATE.test(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return null;
}

/** How far in the future a label's time may be (another computer's clock running ahead). */
export const CLOCK_SKEW_MS = 10 * 60 * 1000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** A moment written as ISO 8601 with its zone (as the app writes it), real on the calendar, not later than now plus a small clock skew. */
export const PastInstantSchema = z
  .string()
  .max(64)
  .refine((text) => ISO_INSTANT.test(text) && !Number.isNaN(Date.parse(text)) && sameCalendarDay(text), 'must be an ISO 8601 time such as 2026-03-01T10:00:00.000Z')
  .refine((text) => !(Date.parse(text) > Date.now() + CLOCK_SKEW_MS), 'is in the future (more than 10 minutes ahead of this computer\'s clock)');

/** 2026-02-30 parses (rolling over to March): the date as written must be the one it parses to. */
function sameCalendarDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}
