import { afterEach, beforeEach, vi } from 'vitest';
import { createBackend, type Backend } from '../../server/backend';
import type { Envelope } from '../../shared/api/contract';

/**
 * Renderer stores driven the way the window drives them, in Node: `window.touchstone.invoke` is answered
 * by a real backend on a real SQLite file, and the browser storage the stores read is kept in memory.
 * Each test opens its own file with the function returned; modules are loaded afresh per test, so a
 * store is imported (dynamically) after it.
 */
export function useWindowOverBackend(): (file: string, dataDir: string) => Promise<Backend> {
  let backend: Backend | null = null;
  beforeEach(() => {
    vi.resetModules();
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
      key: () => null,
      length: 0,
    };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', storage);
    // work a store leaves until the next frame is painted runs on the next turn: there is no paint here
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => setTimeout(() => run(0), 0));
    vi.stubGlobal('window', {
      addEventListener: () => {},
      removeEventListener: () => {},
      touchstone: { invoke: (name: string, input: unknown) => backend!.dispatch(name, input) as Promise<Envelope<unknown>> },
    });
  });
  afterEach(async () => {
    // the stores this test loaded outlive it, and their timers (a case settled on screen is read again, which
    // writes the queue's resume point) would reach the next test's file through the `window` stubbed by then:
    // the file is closed as the app closes one, which stops the stores that read and write it
    const { testSetOpened } = await import('../../renderer/common/session');
    testSetOpened(null);
    await backend?.close();
    backend = null;
    vi.unstubAllGlobals();
  });
  return async (file, dataDir) => (backend = await createBackend({ dataDir, mode: 'desktop', version: 'test', initialTestSet: file }));
}

/** Calls an op on the backend as the window does, answering its value or throwing its message. */
export const callOver = (backend: Backend) => async <T,>(name: string, input: unknown): Promise<T> => {
  const answer = (await backend.dispatch(name, input)) as Envelope<T>;
  if (!answer.ok) throw new Error(`${name}: ${answer.error.message}`);
  return answer.value;
};
