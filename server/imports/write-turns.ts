import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';

/** The app's answer to a worker's 'write-requested': its own writes now wait until 'write-released' (or the worker ends). */
export const WRITE_GRANTED = 'write-granted';

export type TurnMessage = { type: 'write-requested' } | { type: 'write-released' } | { type: 'publishing' } | { type: 'published' };

/**
 * The app's writes that go on while an import publishes (between its batches): labeling. Anything else
 * (a round, a case edit, a conflict set, a setting) waits until the import is published or taken back,
 * so no row of the app's lands among the import's rows, to be taken back with them or to point at them.
 */
export const WRITES_DURING_PUBLISHING: ReadonlySet<string> = new Set(['labeling.item', 'labels.record', 'labels.undo', 'reviewers.create']);

/**
 * Turns on the test set's write lock between the app's connection and a worker's (an import, a
 * label-pack merge): a worker asks before each short write, and the app's writes wait while it holds
 * one instead of hitting a locked file. The worker does everything else (reading, checking, backing
 * up, staging) without the lock, so a label waits at most one short write.
 */
export class WriteTurns {
  private writing: Promise<void> | null = null;
  private publishing: Promise<void> | null = null;

  /** `onTurn`: told how long each turn held the lock, from granting it to its release arriving (the bench's histogram). */
  constructor(private readonly onTurn: (heldMs: number) => void = () => {}) {}

  /** Serves one worker's requests; returns the function that ends its turn when the worker stops (ended or crashed). */
  serve(worker: Worker): { answer(message: { type: string }): message is TurnMessage; end(): void } {
    let endWriting = () => {};
    let endPublishing = () => {};
    return {
      answer: (message): message is TurnMessage => {
        if (message.type === 'publishing') {
          const publishing = new Promise<void>((done) => (endPublishing = done));
          this.publishing = publishing;
          void publishing.then(() => {
            if (this.publishing === publishing) this.publishing = null;
          });
          return true;
        }
        if (message.type === 'published') {
          endPublishing();
          return true;
        }
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
      end: () => {
        endWriting();
        endPublishing();
      },
    };
  }

  /** Resolves once no worker holds the write lock and, for any write but labeling's, no import is publishing. */
  async writable(operation: string): Promise<void> {
    const waitsForPublishing = !WRITES_DURING_PUBLISHING.has(operation);
    while (this.writing || (waitsForPublishing && this.publishing)) await (this.writing ?? this.publishing);
  }
}
