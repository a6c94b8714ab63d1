import { Worker } from 'node:worker_threads';
import { ApiError, type ApiErrorBody, type OpOutput } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';
import type { TurnMessage, WriteTurns } from '../imports/write-turns';

export interface MergeWorkerData {
  dbPath: string;
  dir: string;
}

export type MergeWorkerMessage =
  | TurnMessage
  | { type: 'done'; outcome: OpOutput<'labels.importPack'> }
  | { type: 'failed'; error: ApiErrorBody; code: null }
  | { type: 'failed'; error: null; message: string; code: unknown };

/** Running from TypeScript sources (tsx) the worker needs the tsx loader; a bundled build ships plain JS beside the backend. */
function spawnMergeWorker(data: MergeWorkerData): Worker {
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('../imports/worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./merge-worker.ts', import.meta.url).href, data },
    });
  }
  return new Worker(new URL('./merge-worker.mjs', import.meta.url), { workerData: { data } });
}

/**
 * Merges a label pack into the file at dbPath in a worker thread, so reading and checking a large
 * pack never freezes the app, and the app's label saves wait at most one batch of the merge.
 */
export function mergeInWorker(dbPath: string, dir: string, turns: WriteTurns): Promise<OpOutput<'labels.importPack'>> {
  return new Promise((resolve, reject) => {
    const worker = spawnMergeWorker({ dbPath, dir });
    const turn = turns.serve(worker);
    const settle = (done: () => void) => {
      turn.end();
      worker.removeAllListeners();
      done();
    };
    worker.on('message', (message: MergeWorkerMessage) => {
      if (turn.answer(message)) return;
      if (message.type === 'done') settle(() => resolve(message.outcome));
      else if (message.error) {
        const error = ApiError.fromBody(message.error);
        settle(() => reject(error));
      } else {
        const error = Object.assign(new Error(message.message), { code: message.code });
        settle(() => reject(error));
      }
    });
    worker.on('error', (error) => settle(() => reject(new ApiError('internal', say('err.import.worker-failed', { reason: error.message })))));
    worker.on('exit', () => settle(() => reject(new ApiError('internal', say('err.import.worker-exited')))));
  });
}
