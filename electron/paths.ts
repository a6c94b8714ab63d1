import { join } from 'node:path';
import { unpackedPath } from './security';

/**
 * Where the desktop app finds its parts, in a developer run (`electron .`
 * from the repository, after build/build-electron.mjs) and in a packaged app
 * (electron-builder, build/electron-builder.yml). Pure: main.ts supplies the
 * facts from `app` and `fs`.
 *
 *   dist/electron/main.cjs        this process (mainDir = its folder)
 *   dist/electron/preload.cjs     the window's preload
 *   dist/electron/backend.mjs     the backend utility process (asar-unpacked when packaged)
 *   dist/electron/import-worker.mjs  next to backend.mjs (server/import-jobs.ts looks there)
 *   dist/electron/merge-worker.mjs   next to backend.mjs (server/exchange/merge-jobs.ts looks there)
 *   dist/electron/page-worker.mjs    next to backend.mjs (server/diagnosis/page-jobs.ts looks there)
 *   dist/renderer/index.html      the UI
 *   dist/sample/                  demo data (packaged: <resources>/sample)
 *   build/native/electron/better_sqlite3.node  better-sqlite3 built for Electron's ABI
 */

export const NATIVE_BINDING_RELATIVE = join('build', 'native', 'electron', 'better_sqlite3.node');

export interface LayoutFacts {
  /** Folder of main.cjs (__dirname); inside app.asar when packaged. */
  mainDir: string;
  /** app.getAppPath(): the repository in a developer run, …/resources/app.asar when packaged. */
  appPath: string;
  isPackaged: boolean;
  /** process.resourcesPath */
  resourcesPath: string;
  exists: (path: string) => boolean;
}

export interface Layout {
  indexHtml: string;
  preload: string;
  backendEntry: string;
  sampleDir: string;
  /** better-sqlite3's Electron build, or null when missing (the backend then falls back to node_modules' build). */
  sqliteBinding: string | null;
}

export function resolveLayout(facts: LayoutFacts): Layout {
  const binding = unpackedPath(join(facts.appPath, NATIVE_BINDING_RELATIVE));
  return {
    indexHtml: join(facts.mainDir, '..', 'renderer', 'index.html'),
    preload: join(facts.mainDir, 'preload.cjs'),
    // A utility process, its worker threads and native addons must load from real files, not from inside app.asar.
    backendEntry: unpackedPath(join(facts.mainDir, 'backend.mjs')),
    sampleDir: facts.isPackaged ? join(facts.resourcesPath, 'sample') : join(facts.mainDir, '..', 'sample'),
    sqliteBinding: facts.exists(binding) ? binding : null,
  };
}
