import type { ApiErrorBody, Envelope } from '../shared/api/contract';
import { backendUnavailableError, backendUnreachableError, isBackendResponse, type BackendRequest } from './backend-protocol';

/**
 * Main's side of the backend connection: numbers each request, keeps it
 * pending until the backend process answers, and answers every pending
 * request with an error when that process dies. Pure (the transport is a
 * function), so it is unit-tested without Electron.
 */
export class BackendChannel {
  private nextId = 1;
  private readonly pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  private post: ((request: BackendRequest) => void) | null = null;

  /** A (re)started backend process: requests go to it from now on. */
  attach(post: (request: BackendRequest) => void): void {
    this.post = post;
  }

  /** The process is gone: every request still waiting gets `error`, later ones get "unavailable" until the next attach. */
  detach(error: ApiErrorBody): void {
    this.post = null;
    this.failAll(error);
  }

  request(name: string, input: unknown): Promise<Envelope<unknown>> {
    const post = this.post;
    if (!post) return Promise.resolve({ ok: false, error: backendUnavailableError() });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        post({ id, name, input });
      } catch (error) {
        this.pending.delete(id);
        resolve({ ok: false, error: backendUnreachableError((error as Error).message) });
      }
    });
  }

  /** A message from the backend process; anything that is not an answer to a pending request is ignored. */
  receive(message: unknown): void {
    if (!isBackendResponse(message)) return;
    const resolve = this.pending.get(message.id);
    if (!resolve) return;
    this.pending.delete(message.id);
    resolve(message.envelope);
  }

  failAll(error: ApiErrorBody): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve({ ok: false, error });
  }

  get pendingCount(): number {
    return this.pending.size;
  }
}

/**
 * Restart the backend after a crash, but not forever: a process that dies
 * `maxCrashes` times within `windowMs` is broken (say, a missing native
 * module) and restarting it again would only loop.
 */
export class RestartPolicy {
  private crashes: number[] = [];

  constructor(private readonly maxCrashes = 3, private readonly windowMs = 60_000) {}

  /** Records a crash at `now`; true when another restart is reasonable. */
  shouldRestart(now: number): boolean {
    this.crashes = [...this.crashes.filter((at) => now - at < this.windowMs), now];
    return this.crashes.length < this.maxCrashes;
  }
}

/** The last few kilobytes a process wrote to stderr, to show in the crash dialog. */
export class TailBuffer {
  private text = '';

  constructor(private readonly maxChars = 4000) {}

  append(chunk: string | Uint8Array): void {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (this.text.length > this.maxChars) this.text = this.text.slice(-this.maxChars);
  }

  clear(): void {
    this.text = '';
  }

  toString(): string {
    return this.text.trim();
  }
}
