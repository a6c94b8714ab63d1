import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import type { BackupInfo, BackupSettings, ReviewerEventCount } from '../../../shared/api/exchange-ops';
import { pickFolder, type FolderPurpose } from '../../api/pickFolder';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useTestSetStore } from '../test-sets/testSetStore';

/** The "Team & backups" screen: label packs out and in, the backups of the open file, restoring one. */

export type DataTab = 'packs' | 'exports' | 'conflicts' | 'backups';
export type ExportResult = OpOutput<'labels.exportPack'>;
export type ImportResult = OpOutput<'labels.importPack'>;
export type RestoreResult = OpOutput<'backups.restore'>;

interface DataState {
  testSetId: string | null;
  tab: DataTab;

  reviewers: ReviewerEventCount[] | null;
  reviewersError: ApiErrorBody | null;

  exportDir: string;
  exporting: boolean;
  exportResult: ExportResult | null;
  exportError: ApiErrorBody | null;

  importDir: string;
  importing: boolean;
  importResult: ImportResult | null;
  importError: ApiErrorBody | null;

  backups: BackupInfo[] | null;
  backupsError: ApiErrorBody | null;
  interval: BackupSettings['intervalMinutes'] | null;
  creating: boolean;
  created: BackupInfo | null;
  actionError: ApiErrorBody | null;

  /** The backup the restore dialog asks about. */
  confirming: BackupInfo | null;
  restoring: boolean;
  restoreError: ApiErrorBody | null;
  restored: RestoreResult | null;

  init(testSetId: string | null): Promise<void>;
  setTab(tab: DataTab): void;
  setExportDir(dir: string): void;
  setImportDir(dir: string): void;
  pickFolder(purpose: FolderPurpose): Promise<void>;
  exportPack(reviewerId: number): Promise<void>;
  importPack(): Promise<void>;
  loadBackups(): Promise<void>;
  backUpNow(): Promise<void>;
  setInterval(minutes: BackupSettings['intervalMinutes']): Promise<void>;
  askRestore(backup: BackupInfo): void;
  cancelRestore(): void;
  confirmRestore(): Promise<void>;
}

export const useDataStore = create<DataState>()((set, get) => {
  async function loadReviewers(): Promise<void> {
    try {
      set({ reviewers: await invoke('labels.reviewerCounts', {}), reviewersError: null });
    } catch (error) {
      set({ reviewersError: toErrorBody(error) });
    }
  }

  return {
    testSetId: null,
    tab: 'packs',
    reviewers: null,
    reviewersError: null,
    exportDir: '',
    exporting: false,
    exportResult: null,
    exportError: null,
    importDir: '',
    importing: false,
    importResult: null,
    importError: null,
    backups: null,
    backupsError: null,
    interval: null,
    creating: false,
    created: null,
    actionError: null,
    confirming: null,
    restoring: false,
    restoreError: null,
    restored: null,

    async init(testSetId) {
      if (testSetId !== get().testSetId) {
        set({
          testSetId, reviewers: null, backups: null, exportResult: null, exportError: null, importResult: null, importError: null,
          created: null, actionError: null, restored: null, confirming: null,
        });
      }
      if (!testSetId) return;
      await Promise.all([loadReviewers(), get().loadBackups()]);
    },

    setTab(tab) {
      set({ tab });
      if (tab === 'backups') void get().loadBackups();
      if (tab === 'packs') void loadReviewers();
    },

    setExportDir: (exportDir) => set({ exportDir, exportError: null }),
    setImportDir: (importDir) => set({ importDir, importError: null }),

    async pickFolder(purpose: FolderPurpose) {
      try {
        const path = await pickFolder(purpose);
        if (!path) return;
        if (purpose === 'exportFolder') set({ exportDir: path, exportError: null });
        else set({ importDir: path, importError: null });
      } catch (error) {
        set(purpose === 'exportFolder' ? { exportError: toErrorBody(error) } : { importError: toErrorBody(error) });
      }
    },

    async exportPack(reviewerId) {
      const { exportDir, exporting } = get();
      if (exporting || !exportDir.trim()) return;
      set({ exporting: true, exportError: null, exportResult: null });
      try {
        set({ exporting: false, exportResult: await invoke('labels.exportPack', { reviewerId, outDir: exportDir.trim() }) });
      } catch (error) {
        set({ exporting: false, exportError: toErrorBody(error) });
      }
    },

    async importPack() {
      const { importDir, importing } = get();
      if (importing || !importDir.trim()) return;
      set({ importing: true, importError: null, importResult: null });
      try {
        const importResult = await invoke('labels.importPack', { dir: importDir.trim() });
        set({ importing: false, importResult });
        if (importResult.reviewerCreated) void useReviewerStore.getState().refresh();
        await Promise.all([loadReviewers(), get().loadBackups()]);
      } catch (error) {
        set({ importing: false, importError: toErrorBody(error) });
      }
    },

    async loadBackups() {
      try {
        const [backups, settings] = await Promise.all([invoke('backups.list', {}), invoke('backups.settings', {})]);
        set({ backups, interval: settings.intervalMinutes, backupsError: null });
      } catch (error) {
        set({ backups: get().backups ?? [], backupsError: toErrorBody(error) });
      }
    },

    async backUpNow() {
      if (get().creating) return;
      set({ creating: true, created: null, actionError: null, restored: null });
      try {
        const created = await invoke('backups.create', {});
        set({ creating: false, created });
        await get().loadBackups();
      } catch (error) {
        set({ creating: false, actionError: toErrorBody(error) });
      }
    },

    async setInterval(minutes) {
      const previous = get().interval;
      set({ interval: minutes, actionError: null });
      try {
        set({ interval: (await invoke('backups.saveSettings', { intervalMinutes: minutes })).intervalMinutes });
      } catch (error) {
        set({ interval: previous, actionError: toErrorBody(error) });
      }
    },

    askRestore(backup) {
      set({ confirming: backup, restoreError: null });
    },

    cancelRestore() {
      if (!get().restoring) set({ confirming: null, restoreError: null });
    },

    async confirmRestore() {
      const { confirming, restoring } = get();
      if (!confirming || restoring) return;
      set({ restoring: true, restoreError: null, created: null, actionError: null });
      try {
        const restored = await invoke('backups.restore', { path: confirming.path });
        set({ restoring: false, confirming: null, restored, importResult: null, exportResult: null });
        // the same file (same test-set id) now holds other data: the session starts over, as for another file
        useTestSetStore.getState().opened(restored.testSet);
        await Promise.all([loadReviewers(), get().loadBackups()]);
      } catch (error) {
        set({ restoring: false, restoreError: toErrorBody(error) });
        void get().loadBackups();
      }
    },
  };
});
