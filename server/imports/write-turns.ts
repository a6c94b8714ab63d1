import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';

/** The app's answer to a worker's 'write-requested': its own writes now wait until 'write-released' (or the worker ends). */
export const WRITE_GRANTED = 'write-granted';

export type TurnMessage = { type: 'write-requested' } | { type: 'write-released' };

/**
 * Turns on the test set's write lock between the app's connection and a worker's (an import, a
 * label-pack merge): a worker asks before each short write, and the app's writes wait while it holds
 * one instead of hitting a locked file. The worker does everything else (reading, checking, backing
 * up, staging) without the lock, so a label waits at most one short write.
 */
export class WriteTurns {
  private writing: Promise<void> | null = null;

  /** `onTurn`: told how long each turn held the lock, from granting it to its release arriving (the bench's histogram). */
  constructor(private readonly onTurn: (heldMs: number) => void = () => {}) {}

  /** Serves one worker's requests; returns the function that ends its turn when the worker stops (ended or crashed). */
  serve(worker: Worker): { answer(message: { type: string }): message is TurnMessage; end(): void } {
    let endWriting = () => {};
    return {
      answer: (message): message is TurnMessage => {
        if (message.type === 'write-requested') {
          // Set before answering: a write handler runs to its end synchronously, so none is half-way when the worker starts.
          const granted = performance.now();
          const writing = new Promise<void>((release) => (endWriting = release));
          void writing.then(() => this.onTurn(performance.now() - granted));
          this.writing = writing;
          void writing.then(() => {
            if (this.writing === writing) this.writing = null;
          });
          worker.postMessage(WRITE_GRANTED);
          return true;
        }
        if (message.type === 'write-released') {
          endWriting();
          return true;
        }
        return false;
      },
      end: () => endWriting(),
    };
  }

  /** Resolves once no worker holds the write lock. */
  async writable(): Promise<void> {
    while (this.writing) await this.writing;
  }
}
