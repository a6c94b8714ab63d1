#!/usr/bin/env node
// Bundles the Electron side with esbuild:
//   electron/main.ts            → dist/electron/main.cjs         (CommonJS, electron external)
//   electron/preload.ts         → dist/electron/preload.cjs      (CommonJS, sandboxed preload, electron external)
//   electron/backend-process.ts → dist/electron/backend.mjs      (ESM utility process, better-sqlite3 external)
//   server/imports/import-worker.ts → dist/electron/import-worker.mjs (ESM worker thread; server/imports/import-jobs.ts
//                                  looks for it next to the module that spawns it, i.e. backend.mjs)
//   server/files/zip-worker.ts  → dist/electron/zip-worker.mjs   (ESM worker thread for server/files/zip-jobs.ts, same place)
//   server/exchange/merge-worker.ts → dist/electron/merge-worker.mjs (ESM worker thread for server/exchange/merge-jobs.ts, same place)
//   server/diagnosis/page-worker.ts → dist/electron/page-worker.mjs (ESM worker thread for server/diagnosis/page-jobs.ts, same place)
// and copies shared/sample → dist/sample (the demo's source files).
// The renderer is built separately (npm run build:renderer → dist/renderer).
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist', 'electron');
const sampleOut = join(root, 'dist', 'sample');

// ESM bundles that end up calling require() (better-sqlite3 is CommonJS) need a real require.
const esmRequireBanner = "import { createRequire as __touchstoneCreateRequire } from 'node:module'; const require = __touchstoneCreateRequire(import.meta.url);";

const common = {
  absWorkingDir: root,
  bundle: true,
  logLevel: 'warning',
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
};

/** What each bundle may leave to run-time resolution; anything else external means a broken bundle. */
const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const allowedExternals = {
  'main.cjs': (path) => path === 'electron' || nodeBuiltins.has(path),
  'preload.cjs': (path) => path === 'electron',
  'backend.mjs': (path) => path === 'better-sqlite3' || nodeBuiltins.has(path),
  'import-worker.mjs': (path) => path === 'better-sqlite3' || nodeBuiltins.has(path),
  'merge-worker.mjs': (path) => path === 'better-sqlite3' || nodeBuiltins.has(path),
  'page-worker.mjs': (path) => path === 'better-sqlite3' || nodeBuiltins.has(path),
  'zip-worker.mjs': (path) => nodeBuiltins.has(path),
};

const bundles = [
  {
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: join(outDir, 'main.cjs'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron'],
  },
  {
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: join(outDir, 'preload.cjs'),
    // A sandboxed preload runs in the renderer with a tiny require ('electron' and a few polyfills): no Node built-ins.
    platform: 'browser',
    format: 'cjs',
    target: 'chrome120',
    external: ['electron'],
  },
  {
    ...common,
    entryPoints: ['electron/backend-process.ts'],
    outfile: join(outDir, 'backend.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: esmRequireBanner },
  },
  {
    ...common,
    entryPoints: ['server/imports/import-worker.ts'],
    outfile: join(outDir, 'import-worker.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: esmRequireBanner },
  },
  {
    ...common,
    entryPoints: ['server/exchange/merge-worker.ts'],
    outfile: join(outDir, 'merge-worker.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: esmRequireBanner },
  },
  {
    ...common,
    entryPoints: ['server/diagnosis/page-worker.ts'],
    outfile: join(outDir, 'page-worker.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: esmRequireBanner },
  },
  {
    ...common,
    entryPoints: ['server/files/zip-worker.ts'],
    outfile: join(outDir, 'zip-worker.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
  },
];

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = await Promise.all(bundles.map((options) => build(options)));

let broken = false;
for (const result of results) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    const name = file.split('/').pop();
    const allowed = allowedExternals[name];
    const unexpected = output.imports.filter((entry) => entry.external && !(allowed ? allowed(entry.path) : false)).map((entry) => entry.path);
    if (unexpected.length > 0) {
      console.error(`build-electron: ${file} leaves unexpected imports to run time: ${[...new Set(unexpected)].join(', ')}`);
      broken = true;
    }
  }
}
if (broken) process.exit(1);

rmSync(sampleOut, { recursive: true, force: true });
cpSync(join(root, 'shared', 'sample'), sampleOut, { recursive: true });

for (const file of ['main.cjs', 'preload.cjs', 'backend.mjs', 'import-worker.mjs', 'merge-worker.mjs', 'page-worker.mjs', 'zip-worker.mjs']) {
  if (!existsSync(join(outDir, file))) {
    console.error(`build-electron: ${file} was not written`);
    process.exit(1);
  }
}
console.log(`build-electron: wrote ${relative(root, outDir)}/{main.cjs,preload.cjs,backend.mjs,import-worker.mjs,merge-worker.mjs,page-worker.mjs,zip-worker.mjs} and ${relative(root, sampleOut)}/`);
