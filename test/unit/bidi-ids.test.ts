import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { visibleId } from '../../renderer/common/bidi';

/**
 * An id from an imported file with a right-to-left override (`abc\u202Eevil.exe`) would display reversed
 * ("abcexe.live") wherever it is shown. Every screen shows ids through visibleId, which makes each bidi control
 * a visible mark; this reads the renderer's sources for an id put on screen as it is.
 */
const RENDERER = resolve(dirname(fileURLToPath(import.meta.url)), '../../renderer');

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? components(path) : entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** `{item.caseId}`, `{row.id}`, `{x.responseId}` as a JSX child, a fallback or in a ` · ${…}` shown as text: an id on screen unmarked. */
const RAW_ID = /(?:>\s*\{|\?\?\s*|` · \$\{|\b(?:caseId|responseId|id): )\s*[\w.]+\.(?:caseId|responseId|id)\s*[},]/g;

describe('ids on screen', () => {
  it('show every bidi control as a visible mark', () => {
    expect(visibleId('abc\u202Eevil.exe')).toBe('abc⟨RLO⟩evil.exe');
    expect(visibleId('a\u2066b\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2067\u2068')).toBe('a⟨LRI⟩b⟨PDI⟩⟨LRM⟩⟨RLM⟩⟨ALM⟩⟨LRE⟩⟨RLE⟩⟨PDF⟩⟨LRO⟩⟨RLI⟩⟨FSI⟩');
    expect(visibleId('refund-annual-day20')).toBe('refund-annual-day20');
  });

  it('are shown through visibleId in every component', () => {
    const raw: string[] = [];
    for (const file of components(RENDERER)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(RAW_ID)) {
        // numeric ids (runs, rounds, reviewers) and keys/attributes are not text from a file
        if (/\b(?:run|round|reviewer|option|job|file)\.id\b/.test(m[0])) continue;
        raw.push(`${relative(RENDERER, file)}: ${m[0].trim()}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
