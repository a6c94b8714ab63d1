import { parentPort } from 'node:worker_threads';
import type { Db } from '../../db/open';
import { WRITE_GRANTED } from './write-turns';

/** Asks the app for the write lock: it holds its own writes until this short step is done, so neither waits on a locked file. */
function writeTurn(): Promise<void> {
  return new Promise((resolve) => {
    const granted = (message: unknown) => {
      if (message !== WRITE_GRANTED) return;
      parentPort!.off('message', granted);
      resolve();
    };
    parentPort!.on('message', granted);
    parentPort!.postMessage({ type: 'write-requested' });
  });
}

/** One short write on the test set, from a worker thread, in its own turn; the labels given meanwhile go through between two of them. */
export async function shortWrite(db: Db, write: () => void): Promise<void> {
  await writeTurn();
  try {
    db.transaction(write).immediate();
  } finally {
    parentPort!.postMessage({ type: 'write-released' });
  }
}
