import type { Envelope } from '../shared/api/contract';
import { backendNotStartedError, backendStoppingError, isBackendRequest, isBackendShutdown, type BackendResponse } from './backend-protocol';

/** Electron's process.parentPort, reduced to what the backend process uses. */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: BackendResponse): void;
}

export interface ServedBackend {
  dispatch(name: string, input: unknown): Promise<Envelope<unknown>>;
  close(): void | Promise<void>;
}

/**
 * The backend process's loop: every request is answered once with the
 * backend's envelope. If the backend failed to start, every request is
 * answered with that reason instead (the process stays up, so main does not
 * restart it in a loop). A shutdown closes the database, then exits; requests
 * arriving after it are answered 'backend-unavailable'.
 */
export function serveBackend(port: ParentPortLike, backend: Promise<ServedBackend>, exit: (code: number) => void): void {
  const started = backend.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) }),
  );

  let stopping = false;
  port.on('message', (event) => {
    const message = event.data;
    if (isBackendShutdown(message)) {
      stopping = true;
      // the file's write lock goes once its connections are closed; exit either way
      void started
        .then((state) => (state.ok ? state.value.close() : undefined))
        .catch(() => undefined)
        .then(() => exit(0));
      return;
    }
    if (!isBackendRequest(message)) return;
    const { id, name, input } = message;
    if (stopping) {
      // the database is closing: run nothing more, and say so in a way the window keeps its unwritten labels for
      port.postMessage({ id, envelope: { ok: false, error: backendStoppingError() } });
      return;
    }
    void started
      .then((state): Promise<Envelope<unknown>> | Envelope<unknown> => state.ok
        ? state.value.dispatch(name, input)
        : { ok: false, error: backendNotStartedError(state.message) })
      .catch((error: unknown): Envelope<unknown> => ({ ok: false, error: { code: 'internal', message: `Touchstone hit an unexpected error in ${name}: ${error instanceof Error ? error.message : String(error)}` } }))
      .then((envelope) => port.postMessage({ id, envelope }));
  });
}
