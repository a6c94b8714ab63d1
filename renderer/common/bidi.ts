/**
 * Bidirectional control characters in text that came from a file. In an id
 * they would reorder what is shown (`abc\u202Eevil.exe` displays as
 * "abcexe.live"), so ids show each one as a visible mark; running text is
 * isolated in CSS (`unicode-bidi: isolate`) so an override never leaks past
 * its element.
 */
const MARKS: Record<string, string> = {
  '\u202A': 'LRE', '\u202B': 'RLE', '\u202C': 'PDF', '\u202D': 'LRO', '\u202E': 'RLO',
  '\u2066': 'LRI', '\u2067': 'RLI', '\u2068': 'FSI', '\u2069': 'PDI',
  '\u200E': 'LRM', '\u200F': 'RLM', '\u061C': 'ALM',
};
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The id with every bidi control shown as ⟨NAME⟩ (the id itself is unchanged everywhere else). */
export function visibleId(id: string): string {
  return id.replace(CONTROLS, (c) => `⟨${MARKS[c]}⟩`);
}
