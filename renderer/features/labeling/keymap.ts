/**
 * The labeling screen's keyboard, as a pure mapping from a key press (and what
 * the screen is showing) to an action. The screen only dispatches.
 *
 *   1–9 (or the value itself, for small integer scales)  choose an option, saved at once
 *   Enter        confirm the suggestion / the current value and go on
 *   J / →        next case            K / ←   previous case
 *   ↓ / ↑        next / previous step
 *   U            undo my last change (on the claims step: my last claims edit)
 *   Shift+U      redo what undo took back             H       history panel
 *   ?            shortcut overlay     Esc     close what is open
 *   numeric step: digits . , Backspace edit the typed value
 *   claims step:  N new claim, Alt+↑ / Alt+↓ move the focused claim, 1–9 make a claim the active one,
 *                 A attach the selected document text to the active claim
 *   documents:    F find text (Enter / Shift+Enter next / previous match, the match becomes the selection);
 *                 with a selection, Shift+← / Shift+→ move its end by a character, Ctrl/Alt+Shift+← / → by a word
 *   W             sweep mode: one dimension across the queue, one key per case (Esc leaves)
 *   stated step:  1–9, 0, Q E R T Y I O P claim stated / not stated, A all stated, N none stated,
 *                 S / D / C the active claim's citation supports it / does not / no citation; Enter saves
 *   multi-select step: 1–9, 0, then Q E R T Y I O P toggle a value (U, J, K, H keep their meaning); Enter saves the set
 */

export type StepKind = 'options' | 'numeric' | 'claims' | 'stated' | 'multi' | 'summary' | 'none';

export type LabelAction =
  | { type: 'choose'; key: string }
  | { type: 'numericKey'; key: string }
  | { type: 'confirm' }
  | { type: 'nextCase' }
  | { type: 'previousCase' }
  | { type: 'nextStep' }
  | { type: 'previousStep' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'help' }
  | { type: 'history' }
  | { type: 'close' }
  | { type: 'addClaim' }
  | { type: 'moveClaim'; delta: -1 | 1 }
  | { type: 'toggleStated'; index: number }
  | { type: 'toggleValue'; index: number }
  | { type: 'allStated'; stated: boolean }
  | { type: 'citation'; verdict: 'supported' | 'unsupported' | 'none' }
  | { type: 'find' }
  | { type: 'extendSelection'; unit: 'char' | 'word'; direction: 'forward' | 'backward' }
  | { type: 'attachSelection' }
  | { type: 'activeClaim'; index: number }
  | { type: 'sweep' };

export interface KeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

export interface KeyContext {
  /** Focus is in a text field (its own keys win). */
  typing: boolean;
  /** A modal overlay (shortcut help, a dialog) is open. */
  overlay: boolean;
  stepKind: StepKind;
  /** Some document text is selected (Shift+arrows then move the selection instead of changing case). */
  docSelection?: boolean;
}

export function labelKeyAction(input: KeyInput, context: KeyContext): LabelAction | null {
  const { key } = input;
  if (key === 'Escape') return { type: 'close' };
  if (context.overlay) return input.ctrlKey || input.metaKey ? null : key === '?' ? { type: 'help' } : null;
  if (context.typing) return null;
  const selectionKey = selectionKeyAction(input, context);
  if (selectionKey) return selectionKey;
  if (input.ctrlKey || input.metaKey) return null;

  if (input.altKey) {
    if (context.stepKind === 'claims' && key === 'ArrowUp') return { type: 'moveClaim', delta: -1 };
    if (context.stepKind === 'claims' && key === 'ArrowDown') return { type: 'moveClaim', delta: 1 };
    return null;
  }

  switch (key) {
    case '?':
      return { type: 'help' };
    case 'Enter':
      return { type: 'confirm' };
    case 'j':
    case 'J':
    case 'ArrowRight':
      return { type: 'nextCase' };
    case 'k':
    case 'K':
    case 'ArrowLeft':
      return { type: 'previousCase' };
    case 'ArrowDown':
      return { type: 'nextStep' };
    case 'ArrowUp':
      return { type: 'previousStep' };
    case 'u':
    case 'U':
      return input.shiftKey ? { type: 'redo' } : { type: 'undo' };
    case 'h':
    case 'H':
      return { type: 'history' };
    case 'f':
    case 'F':
      return { type: 'find' };
    case 'w':
    case 'W':
      return { type: 'sweep' };
  }

  if (context.stepKind === 'numeric' && (/^[0-9]$/.test(key) || key === '.' || key === ',' || key === 'Backspace')) {
    return { type: 'numericKey', key };
  }
  if (context.stepKind === 'options' && /^[0-9]$/.test(key)) return { type: 'choose', key };
  if (context.stepKind === 'claims' && (key === 'n' || key === 'N')) return { type: 'addClaim' };
  if (context.stepKind === 'claims' && (key === 'a' || key === 'A')) return { type: 'attachSelection' };
  if (context.stepKind === 'claims' && /^[1-9]$/.test(key)) return { type: 'activeClaim', index: Number(key) - 1 };
  if (context.stepKind === 'stated') return statedKeyAction(key);
  if (context.stepKind === 'multi') {
    const index = TOGGLE_KEYS.indexOf(key.toLowerCase());
    return index >= 0 ? { type: 'toggleValue', index } : null;
  }
  return null;
}

/** Shift+← / → move the selected text's end by a character; with Ctrl or Alt as well, by a word. */
function selectionKeyAction(input: KeyInput, context: KeyContext): LabelAction | null {
  if (!context.docSelection || !input.shiftKey || input.metaKey) return null;
  if (input.key !== 'ArrowLeft' && input.key !== 'ArrowRight') return null;
  return { type: 'extendSelection', unit: input.ctrlKey || input.altKey ? 'word' : 'char', direction: input.key === 'ArrowRight' ? 'forward' : 'backward' };
}

/** The toggle keys of a step that marks several things (failure tags, claims stated), by position: digits, then the letters no other action uses (W is sweep). */
export const TOGGLE_KEYS: readonly string[] = [...'1234567890', ...'qertyiop'];

const CITATION_KEYS = { s: 'supported', d: 'unsupported', c: 'none' } as const;

function statedKeyAction(key: string): LabelAction | null {
  const lower = key.toLowerCase();
  const index = TOGGLE_KEYS.indexOf(lower);
  if (index >= 0) return { type: 'toggleStated', index };
  if (lower === 'a') return { type: 'allStated', stated: true };
  if (lower === 'n') return { type: 'allStated', stated: false };
  if (lower in CITATION_KEYS) return { type: 'citation', verdict: CITATION_KEYS[lower as keyof typeof CITATION_KEYS] };
  return null;
}

/**
 * The key of each option. When every value is a distinct integer 0–9 (an
 * ordinal scale such as correctness 0–2) the key is the value itself, so "0"
 * means 0; otherwise options are keyed 1–9 by position ('' past the ninth).
 */
export function optionKeys(values: readonly (string | number)[]): string[] {
  const small = values.every((value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9);
  if (small && new Set(values).size === values.length) return values.map((value) => String(value));
  return values.map((_, index) => (index < 9 ? String(index + 1) : ''));
}

/** The index of the option a key chooses, or -1. */
export function optionForKey(values: readonly (string | number)[], key: string): number {
  if (!key) return -1;
  return optionKeys(values).indexOf(key);
}
