import { create } from 'zustand';
import type { ApiErrorBody, TestSetInfo } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { dropEarlyAnswers } from '../../api/earlyAnswers';
import { toErrorBody } from '../../common/errors';
import { testSetOpened } from '../../common/session';

export interface RecentFile {
  path: string;
  name: string;
  exists: boolean;
}

export interface PathPrompt {
  purpose: 'open';
  busy: boolean;
  error: ApiErrorBody | null;
}

interface TestSetState {
  ready: boolean;
  mode: 'desktop' | 'browser' | null;
  current: TestSetInfo | null;
  recent: RecentFile[];
  busy: boolean;
  /** Shown in the banner under the top bar. */
  error: ApiErrorBody | null;
  /** The open dialog (browser mode, or when no native dialog is available). */
  pathPrompt: PathPrompt | null;

  init(): Promise<void>;
  requestOpen(): Promise<void>;
  openDemo(): Promise<void>;
  /** Builds the demo afresh and opens it; true when done (an error goes to the banner). */
  resetDemo(): Promise<boolean>;
  openRecent(path: string): Promise<void>;
  submitPath(path: string): Promise<void>;
  closePathPrompt(): void;
  refreshRecent(): Promise<void>;
  showError(error: unknown): void;
  dismissError(): void;
  /** A test set is open in the backend (opened, made by name in the new-test-set dialog, or restored from a backup): the session starts over with it. */
  opened(info: TestSetInfo): void;
}

let initStarted = false;

export const useTestSetStore = create<TestSetState>()((set, get) => {
  async function pickOrPrompt(): Promise<void> {
    if (get().busy) return;
    try {
      const answer = await invoke('dialog.pickPath', { purpose: 'openTestSet' });
      if (answer.supported) {
        const path = answer.path;
        if (path) await openWith(() => invoke('testSets.open', { path }));
        return;
      }
    } catch {
      // no native dialog available: fall back to typing the path
    }
    set({ pathPrompt: { purpose: 'open', busy: false, error: null } });
    void get().refreshRecent();
  }

  /** Opens what `open` opens (a path, the demo, the demo afresh); the error goes to the banner. */
  async function openWith(open: () => Promise<TestSetInfo>): Promise<boolean> {
    set({ busy: true });
    try {
      get().opened(await open());
      return true;
    } catch (error) {
      set({ error: toErrorBody(error) });
      return false;
    } finally {
      set({ busy: false });
    }
  }

  return {
    ready: false,
    mode: null,
    current: null,
    recent: [],
    busy: false,
    error: null,
    pathPrompt: null,

    async init() {
      if (initStarted) return;
      initStarted = true;
      try {
        const [info, current] = await Promise.all([invoke('app.info', {}), invoke('testSets.current', {})]);
        set({ mode: info.mode, current, ready: true });
        testSetOpened(current?.testSetId ?? null);
      } catch (error) {
        set({ ready: true, error: toErrorBody(error) });
      }
      void get().refreshRecent();
    },

    requestOpen: () => pickOrPrompt(),

    async openDemo() {
      if (!get().busy) await openWith(() => invoke('testSets.openDemo', {}));
    },

    resetDemo: () => (get().busy ? Promise.resolve(false) : openWith(() => invoke('testSets.resetDemo', {}))),

    async openRecent(path) {
      if (!get().busy) await openWith(() => invoke('testSets.open', { path }));
    },

    async submitPath(path) {
      const prompt = get().pathPrompt;
      if (!prompt || prompt.busy) return;
      const trimmed = path.trim();
      if (!trimmed) return;
      set({ pathPrompt: { ...prompt, busy: true, error: null } });
      try {
        const info = await invoke('testSets.open', { path: trimmed });
        set({ pathPrompt: null });
        get().opened(info);
      } catch (error) {
        set({ pathPrompt: { ...prompt, busy: false, error: toErrorBody(error) } });
      }
    },

    opened(info) {
      // what was asked for at start belongs to the file open then
      dropEarlyAnswers();
      set({ current: info, error: null });
      testSetOpened(info.testSetId);
      void get().refreshRecent();
    },

    closePathPrompt() {
      set({ pathPrompt: null });
    },

    async refreshRecent() {
      try {
        set({ recent: await invoke('testSets.recent', {}) });
      } catch {
        // the recent list is a convenience; keep the last one
      }
    },

    showError(error) {
      set({ error: toErrorBody(error) });
    },

    dismissError() {
      set({ error: null });
    },
  };
});
