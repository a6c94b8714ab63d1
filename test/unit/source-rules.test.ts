import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rules of the source a reader relies on: modules import each other without cycles (a cycle makes
 * load order matter and hides which module owns what), and comments name the feature or rule they
 * mean, never a ticket number a reader cannot look up.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['shared', 'db', 'server', 'cli', 'renderer', 'electron', 'build', 'test'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? sources(path) : /\.(ts|tsx|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

const files = FOLDERS.flatMap(sources);

/** Every relative import and re-export of a file: the path as written, and whether it is type-only (erased when compiled). */
function relativeImports(text: string): { path: string; typeOnly: boolean }[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]/g)].map((m) => {
    const names = m[2].replace(/^\{|\}$/g, '').split(',').map((name) => name.trim()).filter(Boolean);
    const everyNameTyped = m[2].startsWith('{') && names.length > 0 && names.every((name) => name.startsWith('type '));
    return { path: m[3], typeOnly: Boolean(m[1]) || everyNameTyped };
  });
}

/** The modules a file loads at run time: its relative imports and re-exports, leaving out type-only ones. */
function runtimeImports(file: string, text: string, known: ReadonlySet<string>): string[] {
  return relativeImports(text).flatMap(({ path, typeOnly }) => {
    if (typeOnly) return [];
    const base = join(dirname(file), path);
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((candidate) => known.has(candidate));
    return target ? [target] : [];
  });
}

/** Every group of modules that import one another in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('source rules', () => {
  it('no import cycles between modules', () => {
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, runtimeImports(file, readFileSync(join(ROOT, file), 'utf8'), known)]));
    expect(cycles(graph)).toEqual([]);
  });

  it('the cycle check finds a cycle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    const text = "import type { T } from './b';\nimport { type U } from './c';\nimport { v, type W } from './d';\nexport { e } from './e';";
    expect(runtimeImports('x/a.ts', text, new Set(['x/b.ts', 'x/c.ts', 'x/d.ts', 'x/e/index.ts']))).toEqual(['x/d.ts', 'x/e/index.ts']);
  });

  it('layers point down: shared imports no other layer, db only shared, server and cli never the renderer or electron', () => {
    // what each top-level folder may import (besides itself); any import, type-only ones too, ties the layers together
    const allowed: Record<string, string[]> = {
      shared: [], db: ['shared'], server: ['db', 'shared'], cli: ['server', 'db', 'shared'], renderer: ['shared'],
    };
    const crossings = files.flatMap((file) => {
      const layer = file.split('/')[0];
      if (!(layer in allowed)) return [];
      const text = readFileSync(join(ROOT, file), 'utf8');
      return relativeImports(text)
        .map(({ path }) => relative(ROOT, join(ROOT, dirname(file), path)).split('/')[0])
        .filter((to) => to !== layer && !allowed[layer].includes(to))
        .map((to) => `${file} → ${to}`);
    });
    expect(crossings).toEqual([]);
  });

  it('comments name the feature or the rule, not an issue number', () => {
    const cited = files.filter((file) => file !== relative(ROOT, fileURLToPath(import.meta.url)))
      .filter((file) => /\(issues? #?\d+/i.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(cited).toEqual([]);
  });
});
