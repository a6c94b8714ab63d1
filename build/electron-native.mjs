#!/usr/bin/env node
// Builds better-sqlite3 for the installed Electron into build/native/electron/better_sqlite3.node.
//
// Electron has another Node ABI than plain Node. node_modules keeps the plain-Node
// build (tests, CLI, browser mode); the desktop app opens its databases with
// better-sqlite3's `nativeBinding` option pointing to this file (main passes it to
// the backend process as TOUCHSTONE_SQLITE_BINDING). The rebuild runs on a
// temporary copy of the package, so node_modules is never touched.
//
//   node build/electron-native.mjs            build when missing or out of date
//   node build/electron-native.mjs --force    build again
//
// Needs the network once (prebuilt download, or Electron headers for a source build).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'build', 'native', 'electron');
const target = join(outDir, 'better_sqlite3.node');
const stampFile = join(outDir, 'better_sqlite3.json');
const force = process.argv.includes('--force');

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const packageDir = (name) => join(root, 'node_modules', ...name.split('/'));

function fail(message) {
  console.error(`electron-native: ${message}`);
  process.exit(1);
}

for (const name of ['electron', 'better-sqlite3', '@electron/rebuild']) {
  if (!existsSync(join(packageDir(name), 'package.json'))) fail(`${name} is not installed (run npm install).`);
}

const wanted = {
  electron: readJson(join(packageDir('electron'), 'package.json')).version,
  betterSqlite3: readJson(join(packageDir('better-sqlite3'), 'package.json')).version,
  platform: process.platform,
  arch: process.arch,
};

function upToDate() {
  if (!existsSync(target) || !existsSync(stampFile)) return false;
  try {
    const stamp = readJson(stampFile);
    return Object.entries(wanted).every(([key, value]) => stamp[key] === value);
  } catch {
    return false;
  }
}

if (!force && upToDate()) {
  console.log(`electron-native: ${relative(root, target)} is up to date (Electron ${wanted.electron}, better-sqlite3 ${wanted.betterSqlite3}).`);
  process.exit(0);
}

// The work folder sits inside the repository on purpose: @electron/rebuild finds
// better-sqlite3's prebuild-install by walking up to the project's node_modules.
const work = join(root, 'build', 'native', `.work-${process.pid}`);
const moduleCopy = join(work, 'node_modules', 'better-sqlite3');
rmSync(work, { recursive: true, force: true });
mkdirSync(moduleCopy, { recursive: true });

try {
  writeFileSync(join(work, 'package.json'), JSON.stringify({
    name: 'touchstone-electron-native', version: '0.0.0', private: true, dependencies: { 'better-sqlite3': wanted.betterSqlite3 },
  }, null, 2));
  const source = packageDir('better-sqlite3');
  // Everything but the plain-Node build output.
  cpSync(source, moduleCopy, {
    recursive: true,
    filter: (path) => {
      const rel = relative(source, path);
      return rel !== 'build' && !rel.startsWith(`build${sep}`) && rel !== 'node_modules' && !rel.startsWith(`node_modules${sep}`);
    },
  });

  console.log(`electron-native: building better-sqlite3 ${wanted.betterSqlite3} for Electron ${wanted.electron} (${wanted.platform}-${wanted.arch})…`);
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({
    buildPath: work,
    projectRootPath: work,
    electronVersion: wanted.electron,
    arch: process.arch,
    onlyModules: ['better-sqlite3'],
    force: true,
    mode: 'sequential',
  });

  const built = join(moduleCopy, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(built)) throw new Error(`the rebuild finished but ${relative(root, built)} is missing`);
  mkdirSync(outDir, { recursive: true });
  copyFileSync(built, target);
  writeFileSync(stampFile, `${JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`electron-native: wrote ${relative(root, target)}.`);
} catch (error) {
  console.error(`electron-native: could not build better-sqlite3 for Electron ${wanted.electron}: ${error instanceof Error ? error.message : String(error)}\n` +
    'It needs network access once (a prebuilt binary from GitHub, or the Electron headers and a C++ toolchain for a source build).');
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
