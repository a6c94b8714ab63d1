/**
 * The window's preload (sandboxed; bundled to dist/electron/preload.cjs).
 * It exposes exactly one function to the page: invoke(name, input). No
 * ipcRenderer, no events, no Node: main checks the sender, the operation name
 * and the input against the contract before anything runs.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { INVOKE_CHANNEL } from './channel';

contextBridge.exposeInMainWorld('touchstone', {
  invoke: (name: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(INVOKE_CHANNEL, name, input),
});
