import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import type { AnchorSetSummary, DriftReport, RoundSummary } from '../../../shared/api/calibration-ops';
import { DEFAULT_DRIFT_THRESHOLDS } from '../../../shared/api/calibration-ops';
import type { JudgeRun } from '../../../shared/api/agreement-ops';
import { ANCHOR_NAME_PATTERN, parseDecimal } from '../calibration/format';
import { isSingleValued, type Dimension } from '../../../shared/domain/dimensions';
import { pickFolder } from '../../api/pickFolder';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';

/** The anchor sets screen: list, freeze, export, import, drift check. */

export type ExportResult = OpOutput<'anchors.export'>;
export type ImportResult = OpOutput<'anchors.import'>;

export interface FreezeDraft {
  name: string;
  roundIds: number[];
  /** Empty: every dimension of the rounds. */
  dimensions: string[];
  /** Empty: every slice. */
  slices: string[];
  maxAgreementDrop: string;
  maxBiasShift: string;
}

interface FreezeDialog {
  draft: FreezeDraft;
  rounds: RoundSummary[] | null;
  dimensions: Dimension[];
  slices: { value: string; count: number }[];
  busy: boolean;
  error: ApiErrorBody | null;
}

interface AnchorState {
  testSetId: string | null;
  sets: AnchorSetSummary[] | null;
  listError: ApiErrorBody | null;
  /** The selected set, by name and version. */
  selected: { name: string; version: number } | null;
  /** The last freeze: what it made (or that nothing changed). */
  frozen: { summary: AnchorSetSummary; created: boolean } | null;

  freeze: FreezeDialog | null;

  outDir: string;
  zip: boolean;
  exporting: boolean;
  exportResult: ExportResult | null;
  exportError: ApiErrorBody | null;

  importOpen: boolean;
  importDir: string;
  importing: boolean;
  importResult: ImportResult | null;
  importError: ApiErrorBody | null;

  runs: JudgeRun[] | null;
  driftRunId: number | null;
  drifting: boolean;
  drift: DriftReport | null;
  driftError: ApiErrorBody | null;

  init(testSetId: string | null): Promise<void>;
  select(name: string, version: number): void;
  openFreeze(name?: string): Promise<void>;
  closeFreeze(): void;
  editFreeze(patch: Partial<FreezeDraft>): void;
  toggleFreezeList(list: 'roundIds' | 'dimensions' | 'slices', value: number | string): void;
  submitFreeze(): Promise<void>;
  setOutDir(text: string): void;
  pickOutDir(): Promise<void>;
  setZip(zip: boolean): void;
  exportSelected(): Promise<void>;
  openImport(open: boolean): void;
  setImportDir(text: string): void;
  pickImportDir(): Promise<void>;
  importSet(): Promise<void>;
  setDriftRun(runId: number): void;
  checkDrift(): Promise<void>;
}

/** Why the freeze form cannot be sent yet, or null. */
export function freezeProblem(draft: FreezeDraft): 'name' | 'rounds' | 'thresholds' | null {
  if (!ANCHOR_NAME_PATTERN.test(draft.name.trim())) return 'name';
  if (draft.roundIds.length === 0) return 'rounds';
  if (parseDecimal(draft.maxAgreementDrop, 0, 2) === null || parseDecimal(draft.maxBiasShift, 0, 1) === null) return 'thresholds';
  return null;
}

const toggled = <T,>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

export const useAnchorStore = create<AnchorState>()((set, get) => {
  function clearResults(): Partial<AnchorState> {
    return { exportResult: null, exportError: null, drift: null, driftError: null };
  }

  async function loadList(): Promise<void> {
    try {
      const sets = await invoke('anchors.list', {});
      const { selected } = get();
      const keep = selected && sets.some((s) => s.name === selected.name && s.version === selected.version);
      set({ sets, listError: null, selected: keep ? selected : sets[0] ? { name: sets[0].name, version: sets[0].version } : null });
    } catch (error) {
      set({ sets: get().sets ?? [], listError: toErrorBody(error) });
    }
  }

  return {
    testSetId: null,
    sets: null,
    listError: null,
    selected: null,
    frozen: null,
    freeze: null,
    outDir: '',
    zip: false,
    exporting: false,
    exportResult: null,
    exportError: null,
    importOpen: false,
    importDir: '',
    importing: false,
    importResult: null,
    importError: null,
    runs: null,
    driftRunId: null,
    drifting: false,
    drift: null,
    driftError: null,

    async init(testSetId) {
      if (testSetId !== get().testSetId) {
        set({ testSetId, sets: null, selected: null, frozen: null, runs: null, driftRunId: null, importResult: null, importError: null, ...clearResults() });
      }
      await loadList();
      try {
        const runs = await invoke('judgeRuns.list', {});
        const { driftRunId } = get();
        set({ runs, driftRunId: driftRunId !== null && runs.some((r) => r.id === driftRunId) ? driftRunId : runs[0]?.id ?? null });
      } catch {
        set({ runs: [] });
      }
    },

    select(name, version) {
      const { selected } = get();
      if (selected?.name === name && selected.version === version) return;
      set({ selected: { name, version }, ...clearResults() });
    },

    async openFreeze(name) {
      const draft: FreezeDraft = {
        name: name ?? '',
        roundIds: [],
        dimensions: [],
        slices: [],
        maxAgreementDrop: String(DEFAULT_DRIFT_THRESHOLDS.maxAgreementDrop),
        maxBiasShift: String(DEFAULT_DRIFT_THRESHOLDS.maxBiasShift),
      };
      set({ freeze: { draft, rounds: null, dimensions: [], slices: [], busy: false, error: null }, frozen: null });
      // the versions that exist decide the number this freeze makes: ask again
      void loadList();
      try {
        const [rounds, dimensions, facets] = await Promise.all([
          invoke('rounds.list', {}),
          invoke('dimensions.list', {}),
          // every slice of the test set: rounds (and so anchors) take holdout cases too
          invoke('cases.facets', { filters: { search: '', holdout: 'include' } }),
        ]);
        const closed = rounds.filter((r) => r.status === 'closed');
        set((s) => (s.freeze ? {
          freeze: {
            ...s.freeze,
            rounds: closed,
            dimensions: dimensions.filter(isSingleValued),
            slices: facets.slice,
            // the newest closed round is what a lead freezes most often
            draft: { ...s.freeze.draft, roundIds: closed[0] ? [closed[0].id] : [] },
          },
        } : {}));
      } catch (error) {
        set((s) => (s.freeze ? { freeze: { ...s.freeze, rounds: [], error: toErrorBody(error) } } : {}));
      }
    },

    closeFreeze() {
      set({ freeze: null });
    },

    editFreeze(patch) {
      set((s) => (s.freeze ? { freeze: { ...s.freeze, draft: { ...s.freeze.draft, ...patch }, error: null } } : {}));
    },

    toggleFreezeList(list, value) {
      set((s) => {
        if (!s.freeze) return {};
        const draft = { ...s.freeze.draft };
        if (list === 'roundIds') draft.roundIds = toggled(draft.roundIds, value as number);
        else if (list === 'dimensions') draft.dimensions = toggled(draft.dimensions, value as string);
        else draft.slices = toggled(draft.slices, value as string);
        return { freeze: { ...s.freeze, draft, error: null } };
      });
    },

    async submitFreeze() {
      const dialog = get().freeze;
      if (!dialog || dialog.busy || freezeProblem(dialog.draft)) return;
      const { draft } = dialog;
      set({ freeze: { ...dialog, busy: true, error: null } });
      try {
        const result = await invoke('anchors.freeze', {
          name: draft.name.trim(),
          roundIds: draft.roundIds,
          dimensions: draft.dimensions.length ? draft.dimensions : null,
          slices: draft.slices.length ? draft.slices : null,
          driftThresholds: {
            maxAgreementDrop: parseDecimal(draft.maxAgreementDrop, 0, 2) ?? DEFAULT_DRIFT_THRESHOLDS.maxAgreementDrop,
            maxBiasShift: parseDecimal(draft.maxBiasShift, 0, 1) ?? DEFAULT_DRIFT_THRESHOLDS.maxBiasShift,
          },
        });
        set({ freeze: null, frozen: result, selected: { name: result.summary.name, version: result.summary.version }, ...clearResults() });
        await loadList();
      } catch (error) {
        set((s) => (s.freeze ? { freeze: { ...s.freeze, busy: false, error: toErrorBody(error) } } : {}));
      }
    },

    setOutDir: (outDir) => set({ outDir, exportError: null }),
    async pickOutDir() {
      try {
        const outDir = await pickFolder('exportFolder');
        if (outDir) set({ outDir, exportError: null });
      } catch (error) {
        set({ exportError: toErrorBody(error) });
      }
    },
    setZip: (zip) => set({ zip }),

    async exportSelected() {
      const { selected, outDir, zip, exporting } = get();
      if (!selected || exporting || !outDir.trim()) return;
      set({ exporting: true, exportError: null, exportResult: null });
      try {
        const exportResult = await invoke('anchors.export', { name: selected.name, version: selected.version, outDir: outDir.trim(), zip });
        set({ exporting: false, exportResult });
      } catch (error) {
        set({ exporting: false, exportError: toErrorBody(error) });
      }
    },

    openImport(open) {
      set({ importOpen: open, importError: null, ...(open ? { importResult: null } : {}) });
    },

    setImportDir: (importDir) => set({ importDir, importError: null }),
    async pickImportDir() {
      try {
        const importDir = await pickFolder('importFolder');
        if (importDir) set({ importDir, importError: null });
      } catch (error) {
        set({ importError: toErrorBody(error) });
      }
    },

    async importSet() {
      const { importDir, importing } = get();
      if (importing || !importDir.trim()) return;
      set({ importing: true, importError: null, importResult: null });
      try {
        const importResult = await invoke('anchors.import', { dir: importDir.trim() });
        set({ importing: false, importResult, selected: { name: importResult.summary.name, version: importResult.summary.version }, ...clearResults() });
        await loadList();
      } catch (error) {
        set({ importing: false, importError: toErrorBody(error) });
      }
    },

    setDriftRun(driftRunId) {
      set({ driftRunId, drift: null, driftError: null });
    },

    async checkDrift() {
      const { selected, driftRunId, drifting } = get();
      if (!selected || driftRunId === null || drifting) return;
      set({ drifting: true, driftError: null, drift: null });
      try {
        const drift = await invoke('anchors.drift', { name: selected.name, version: selected.version, runId: driftRunId });
        set({ drifting: false, drift });
      } catch (error) {
        set({ drifting: false, driftError: toErrorBody(error) });
      }
    },
  };
});
