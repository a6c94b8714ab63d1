/**
 * The adjudication page's keyboard, as a pure mapping from a key press to an
 * action. The page only dispatches.
 *
 *   A / Enter    accept the value everyone agreed on (Enter confirms a typed number first)
 *   1–9 (or the value itself on a small integer scale)   set the final value
 *   numeric dimensions: digits . , Backspace type the value, Enter sets it
 *   J / K        next / previous item        ↓ / ↑   next / previous dimension
 *   N            write a note on the current dimension
 *   ?            shortcuts                   Esc     close what is open
 */

export type RowKind = 'options' | 'numeric' | 'none';

export type AdjudicationAction =
  | { type: 'accept' }
  | { type: 'choose'; key: string }
  | { type: 'numericKey'; key: string }
  | { type: 'confirmNumeric' }
  | { type: 'nextItem' }
  | { type: 'previousItem' }
  | { type: 'nextRow' }
  | { type: 'previousRow' }
  | { type: 'note' }
  | { type: 'help' }
  | { type: 'close' };

export interface AdjudicationKeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export interface AdjudicationKeyContext {
  /** Focus is in a text field (its own keys win). */
  typing: boolean;
  /** A dialog or overlay is open. */
  overlay: boolean;
  rowKind: RowKind;
  /** A typed number waits for Enter. */
  numericDraft: boolean;
}

export function adjudicationKeyAction(input: AdjudicationKeyInput, context: AdjudicationKeyContext): AdjudicationAction | null {
  const { key } = input;
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (key === 'Escape') return { type: 'close' };
  if (context.overlay) return key === '?' ? { type: 'help' } : null;
  if (context.typing) return null;

  switch (key) {
    case '?':
      return { type: 'help' };
    case 'Enter':
      return context.rowKind === 'numeric' && context.numericDraft ? { type: 'confirmNumeric' } : { type: 'accept' };
    case 'a':
    case 'A':
      return { type: 'accept' };
    case 'j':
    case 'J':
      return { type: 'nextItem' };
    case 'k':
    case 'K':
      return { type: 'previousItem' };
    case 'ArrowDown':
      return { type: 'nextRow' };
    case 'ArrowUp':
      return { type: 'previousRow' };
    case 'n':
    case 'N':
      return { type: 'note' };
  }
  if (context.rowKind === 'numeric' && (/^[0-9]$/.test(key) || key === '.' || key === ',' || key === 'Backspace')) {
    return { type: 'numericKey', key };
  }
  if (context.rowKind === 'options' && /^[0-9]$/.test(key)) return { type: 'choose', key };
  return null;
}
