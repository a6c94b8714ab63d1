import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README's two maps (how a call travels, where each feature lives) are how a newcomer finds
 * their way: every path they name must exist, and every feature folder must be on the map.
 */

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function section(title: string): string {
  const start = readme.indexOf(`## ${title}`);
  expect(start, `README has a section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 3);
  return readme.slice(start, end < 0 ? undefined : end);
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const folders = (dir: string) => readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/** The feature table: per row, its cells (window, server, shared, db). */
function featureRows(): string[][] {
  return section('Where each feature lives')
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| feature'))
    .map((line) => line.split('|').slice(2, -1));
}

describe('the README maps match the tree', () => {
  it('every path in "How a call travels" exists', () => {
    const paths = ticked(section('How a call travels')).filter((t) => /^[\w.-]+\/[\w./-]+\.\w+$/.test(t));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('every folder and file in the feature map exists where its column says', () => {
    const bases = ['renderer/features', '', 'shared', 'db'];
    const missing: string[] = [];
    let named = 0;
    for (const cells of featureRows()) {
      cells.forEach((cell, column) => {
        for (const name of ticked(cell)) {
          named++;
          const path = join(root, bases[column], name);
          if (!existsSync(path)) missing.push(join(bases[column], name));
        }
      });
    }
    expect(named).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('every window feature and every server feature folder is on the map', () => {
    const onMap = featureRows().flatMap((cells) => [...ticked(cells[0]).map((n) => `renderer/features/${n}`), ...ticked(cells[1])]);
    const mapped = new Set(onMap.map((p) => p.replace(/\/$/, '')));
    const across = section('Where each feature lives');
    const features = [...folders('renderer/features').map((f) => `renderer/features/${f}`), ...folders('server').map((f) => `server/${f}`)];
    expect(features.filter((f) => !mapped.has(f) && !across.includes(`\`${f}/\``))).toEqual([]);
  });
});
