import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

interface ColdFigures {
  coldMs: number;
  coldCpuMs: number;
  reportMs: number;
  layersMs: number;
  keptMs: number;
}

/**
 * Both halves of the page's figures computed from a file's inputs in code bundled as the app ships its
 * Diagnosis worker (esbuild, as build/build-electron.mjs; not this process's tsx, which wraps every
 * function to keep its name), each run in a fresh process so nothing is derived or optimised before:
 * the median of `runs` by wall time. The bundle lives beside node_modules so better-sqlite3 resolves.
 */
export async function figuresAsShipped(path: string, system: string, runs: number): Promise<ColdFigures> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outfile = join(root, '.bench', 'diagnosis-figures-cold.mjs');
  mkdirSync(join(root, '.bench'), { recursive: true });
  await build({
    entryPoints: [join(root, 'test', 'bench', 'diagnosis-figures-cold.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const samples: ColdFigures[] = [];
  for (let run = 0; run < runs; run++) samples.push(JSON.parse(execFileSync(process.execPath, [outfile, path, system], { encoding: 'utf8' })) as ColdFigures);
  const median = samples.sort((a, b) => a.coldMs - b.coldMs)[Math.floor(runs / 2)];
  const ms = (n: number) => Math.round(n);
  return { coldMs: ms(median.coldMs), coldCpuMs: ms(median.coldCpuMs), reportMs: ms(median.reportMs), layersMs: ms(median.layersMs), keptMs: ms(median.keptMs) };
}
