import { create } from 'zustand';
import type { ApiErrorBody, CaseFilters, OpOutput } from '../../../shared/api/contract';
import type { AppliedFilters } from '../cases/casesStore';
import { exportFormats, type ExportWhat } from '../../../shared/api/interchange-ops';
import { invoke } from '../../api/transport';
import { pickFolder } from '../../api/pickFolder';
import { toErrorBody } from '../../common/errors';
import { onSessionReset } from '../../common/session';

type Run = OpOutput<'judgeRuns.list'>[number];

/** The Cases view's filter an export of cases is limited to, as shown there (count of total). */
export interface CaseFilterChoice {
  applied: AppliedFilters;
  request: CaseFilters;
  count: number;
  total: number;
}

interface ExportState {
  what: ExportWhat;
  format: string;
  /** verdicts: one run, or null for every run. */
  runId: number | null;
  runs: Run[];
  /** Cases only: export just what this filter shows (null: every case). */
  caseFilter: CaseFilterChoice | null;
  dir: string;
  running: boolean;
  result: OpOutput<'exports.write'> | null;
  error: ApiErrorBody | null;
  loadRuns(): Promise<void>;
  setWhat(what: ExportWhat): void;
  setFormat(format: string): void;
  setRunId(runId: number | null): void;
  /** From the Cases view: export the cases its filter shows. */
  chooseCaseFilter(choice: CaseFilterChoice): void;
  clearCaseFilter(): void;
  setDir(dir: string): void;
  pickDir(): Promise<void>;
  write(): Promise<void>;
}

/** The window's File → Export: the same exports as `touchstone export`, written into a folder. */
export const useExportStore = create<ExportState>()((set, get) => ({
  what: 'cases',
  format: 'jsonl',
  runId: null,
  runs: [],
  caseFilter: null,
  dir: '',
  running: false,
  result: null,
  error: null,

  async loadRuns() {
    try {
      set({ runs: await invoke('judgeRuns.list', {}) });
    } catch (error) {
      set({ error: toErrorBody(error) });
    }
  },
  setWhat: (what) => set({ what, format: exportFormats(what)[0], result: null, error: null }),
  setFormat: (format) => set({ format, result: null, error: null }),
  setRunId: (runId) => set({ runId, result: null }),
  chooseCaseFilter: (caseFilter) =>
    set((s) => ({ caseFilter, what: 'cases', format: s.what === 'cases' ? s.format : exportFormats('cases')[0], result: null, error: null })),
  clearCaseFilter: () => set({ caseFilter: null, result: null }),
  setDir: (dir) => set({ dir, error: null }),
  async pickDir() {
    try {
      const path = await pickFolder('exportFolder');
      if (path) set({ dir: path, error: null });
    } catch (error) {
      set({ error: toErrorBody(error) });
    }
  },
  async write() {
    const { what, format, runId, caseFilter, dir, running } = get();
    if (running || !dir.trim()) return;
    set({ running: true, result: null, error: null });
    try {
      const filters = what === 'cases' && caseFilter ? caseFilter.request : null;
      const result = await invoke('exports.write', { what, format, runId: what === 'verdicts' ? runId : null, filters, outDir: dir.trim() });
      set({ result, running: false });
    } catch (error) {
      set({ error: toErrorBody(error), running: false });
    }
  },
}));

onSessionReset('test-set', () => useExportStore.getState().clearCaseFilter());
