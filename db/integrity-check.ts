import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's quick_check of a file, run in a worker thread on a read-only connection of its own, so the
 * app's thread serves the first list while it reads every page (seconds for a file of 100,000 cases).
 * Answers 'ok' or what SQLite found (or why the file could not be read at all).
 */
const CHECK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// On Linux a nice value belongs to the thread: the check yields the CPU to the first list and to the window
// being built beside it (a cold open on two cores), and runs at full speed when nothing else wants the CPU.
// Elsewhere the same call would lower the whole process, so it is not made.
if (process.platform === 'linux') {
  try { require('node:os').setPriority(10); } catch {}
}
let db;
try {
  const Database = require(workerData.module);
  db = new Database(workerData.path, { readonly: true, fileMustExist: true, nativeBinding: workerData.nativeBinding });
  parentPort.postMessage(String(db.pragma('quick_check', { simple: true })));
} catch (error) {
  parentPort.postMessage(String((error && error.message) || error));
} finally {
  if (db) db.close();
}
`;

export function quickCheckInWorker(path: string): Promise<string> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECK_SOURCE, {
      eval: true,
      workerData: { path, module: createRequire(import.meta.url).resolve('better-sqlite3'), nativeBinding: process.env.TOUCHSTONE_SQLITE_BINDING || undefined },
    });
    // the check never keeps a finished program alive (a command line that only read the file)
    worker.unref();
    let answered = false;
    worker.once('message', (result: string) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', (error) => resolve(error.message));
    worker.once('exit', (code) => {
      if (!answered) resolve(`the check stopped (exit code ${code})`);
    });
  });
}
