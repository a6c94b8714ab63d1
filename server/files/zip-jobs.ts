import { Worker } from 'node:worker_threads';
import { ApiError, type ApiErrorBody } from '../../shared/api/contract';
import { ZipFormatError, type ZipEntry } from '../../shared/calibration/zip';

/**
 * Zip reading and writing run in a worker thread: inflating and checking a
 * hostile archive must never hold up the thread that saves labels.
 */

export type ZipTask =
  | { op: 'read'; path: string; field: string | null }
  | { op: 'write'; entries: ZipEntry[]; modifiedAt: string };

export type ZipWorkerReply =
  | { ok: true; entries: ZipEntry[] }
  | { ok: true; bytes: Uint8Array }
  | { ok: false; api: ApiErrorBody }
  | { ok: false; zip: string }
  | { ok: false; internal: string };

/** Running from TypeScript sources (tsx) the worker needs the tsx loader; a bundled build ships it next to backend.mjs. */
function spawnZipWorker(data: ZipTask): Worker {
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('../imports/worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./zip-worker.ts', import.meta.url).href, data },
    });
  }
  return new Worker(new URL('./zip-worker.mjs', import.meta.url), { workerData: { data } });
}

function runZipTask(task: ZipTask): Promise<ZipWorkerReply & { ok: true }> {
  return new Promise((resolve, reject) => {
    const worker = spawnZipWorker(task);
    let settled = false;
    worker.once('message', (reply: ZipWorkerReply) => {
      settled = true;
      if (reply.ok) resolve(reply);
      else if ('api' in reply) reject(ApiError.fromBody(reply.api));
      else if ('zip' in reply) reject(new ZipFormatError(reply.zip));
      else reject(new Error(reply.internal));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', () => {
      if (!settled) reject(new Error('the zip worker stopped unexpectedly'));
    });
  });
}

/** The file entries of the zip at path (a regular file within the anchors byte budget). */
export async function readZipFile(path: string, field: string | null = null): Promise<ZipEntry[]> {
  const reply = await runZipTask({ op: 'read', path, field });
  return 'entries' in reply ? reply.entries : [];
}

export async function zipInWorker(entries: ZipEntry[], modifiedAt: string): Promise<Uint8Array> {
  const reply = await runZipTask({ op: 'write', entries, modifiedAt });
  return 'bytes' in reply ? reply.bytes : new Uint8Array();
}
