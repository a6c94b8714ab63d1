import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone with nothing beside it must pass `npm test`: no test, helper or bench may read a file
 * outside the repository (the project's fixtures live in test/fixtures, with their sources and licences).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['test', 'playwright.config.ts', 'vitest.config.ts', '.ci'];
const SELF = fileURLToPath(import.meta.url);

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'fixtures' || entry.name === 'node_modules') return [];
    const child = join(path, entry.name);
    return entry.isDirectory() ? files(child) : /\.(ts|tsx|mjs|js|sh)$|^run$/.test(entry.name) ? [join(ROOT, child)] : [];
  });
}

/** Relative paths written in a file's strings: `new URL('../x', import.meta.url)`, `'../../x'`, … */
function relativePaths(text: string): string[] {
  return [...text.matchAll(/['"`]((?:\.\.?\/)+[^'"`$\s]*)/g)].map((m) => m[1]);
}

describe('the tests are self-contained', () => {
  it('no test file reads a path outside the repository', () => {
    const outside: string[] = [];
    for (const file of SCANNED.flatMap(files).filter((f) => f !== SELF)) {
      const text = readFileSync(file, 'utf8');
      for (const path of relativePaths(text)) {
        const target = resolve(dirname(file), path);
        const rel = relative(ROOT, target);
        if (rel.startsWith('..') || rel.startsWith(sep)) outside.push(`${relative(ROOT, file)}: ${path}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('the scan sees an out-of-tree path for what it is', () => {
    // built from parts, so this file itself names no path outside the repository
    const outsidePath = [...Array(3).fill('..'), 'elsewhere', 'x.json'].join('/');
    const sample = `readFileSync(new URL('${outsidePath}', import.meta.url))`;
    const [path] = relativePaths(sample);
    const rel = relative(ROOT, resolve(join(ROOT, 'test/unit'), path));
    expect(rel.startsWith('..')).toBe(true);
  });
});
