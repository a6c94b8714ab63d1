/**
 * Entry of the backend utility process (bundled to dist/electron/backend.mjs).
 * The database never runs on Electron's main thread: main forks this file
 * with `utilityProcess.fork` and talks to it over process.parentPort.
 *
 * No 'electron' import here: a utility process has no `app`; main passes the
 * data folder, version, sample folder and SQLite binding in the environment.
 */
import { createBackend } from '../server/backend';
import { BACKEND_ENV } from './backend-protocol';
import { serveBackend, type ParentPortLike } from './backend-serve';

const port = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (!port) {
  console.error('backend-process must be started by Electron (utilityProcess.fork): process.parentPort is missing.');
  process.exit(2);
}

const dataDir = process.env[BACKEND_ENV.dataDir];
const version = process.env[BACKEND_ENV.version] ?? '0.0.0';

const backend = dataDir
  ? createBackend({ dataDir, mode: 'desktop', version, newFilesDir: process.env[BACKEND_ENV.newFilesDir] })
  : Promise.reject(new Error(`${BACKEND_ENV.dataDir} is not set`));

serveBackend(port, backend, (code) => process.exit(code));
