import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import { testSetFileName } from '../../../shared/test-sets/file-name';
import { invoke } from '../../api/transport';
import { pickFolder } from '../../api/pickFolder';
import { toErrorBody } from '../../common/errors';
import { useTestSetStore } from '../test-sets/testSetStore';

interface NewTestSetState {
  open: boolean;
  name: string;
  /** The folder shown; `folderChanged` false means "the one the backend proposed". */
  folder: string;
  proposedFolder: string;
  busy: boolean;
  error: ApiErrorBody | null;

  show(): Promise<void>;
  close(): void;
  setName(name: string): void;
  setFolder(folder: string): void;
  pickFolder(): Promise<void>;
  submit(): Promise<void>;
}

/** The path the file will get, shown under the name as it is typed (null while the name cannot be a file name). */
export function targetPath(state: Pick<NewTestSetState, 'name' | 'folder'>): string | null {
  const file = testSetFileName(state.name);
  if (!file.ok || !state.folder.trim()) return null;
  const folder = state.folder.trim();
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return `${folder.replace(/[\\/]+$/, '')}${separator}${file.fileName}`;
}

/** "New test set": a name, written as NAME.touchstone.sqlite into the default (or last used) folder. */
export const useNewTestSetStore = create<NewTestSetState>()((set, get) => ({
  open: false,
  name: '',
  folder: '',
  proposedFolder: '',
  busy: false,
  error: null,

  async show() {
    set({ open: true, name: '', busy: false, error: null });
    try {
      const { folder } = await invoke('testSets.newFileFolder', {});
      set({ folder, proposedFolder: folder });
    } catch (error) {
      set({ error: toErrorBody(error) });
    }
  },

  close() {
    set({ open: false, error: null });
  },

  setName(name) {
    set({ name, error: null });
  },

  setFolder(folder) {
    set({ folder, error: null });
  },

  async pickFolder() {
    const folder = await pickFolder('testSetFolder');
    if (folder) set({ folder, error: null });
  },

  async submit() {
    const { name, folder, proposedFolder, busy } = get();
    if (busy || !name.trim()) return;
    set({ busy: true, error: null });
    try {
      const changed = folder.trim() !== proposedFolder;
      const info = await invoke('testSets.createNamed', { name, folder: changed ? folder.trim() : null });
      set({ open: false, busy: false });
      useTestSetStore.getState().adopt(info);
    } catch (error) {
      set({ busy: false, error: toErrorBody(error) });
    }
  },
}));
