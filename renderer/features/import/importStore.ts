import { create } from 'zustand';
import type { ApiErrorBody, ImportJob } from '../../../shared/api/contract';
import type { ImportFormat, ImportKind } from '../../../shared/domain/schemas';
import { invoke, isDesktop } from '../../api/transport';
import { fileToBase64 } from './base64';
import { parseColumnMapping, type ColumnMapping } from '../../../shared/import/foreign/mapped';
import { toErrorBody } from '../../common/errors';
import { useCasesStore } from '../cases/casesStore';
import { useDetailStore } from '../case-detail/detailStore';

const POLL_MS = 150;
const MAPPING_KEY = 'touchstone.importMapping.';

/** A file's shape: its CSV header or the keys of its first JSON record, sorted; null when neither. */
async function fileShape(file: File): Promise<string | null> {
  const head = await file.slice(0, 64 * 1024).text();
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n/).find((line) => line.trim() !== '');
  if (!first) return null;
  if (first.trim().startsWith('{')) {
    try {
      return Object.keys(JSON.parse(first) as object).sort().join(',');
    } catch {
      return null;
    }
  }
  return first.split(first.includes('\t') && !first.includes(',') ? '\t' : ',').map((c) => c.trim().replace(/^"|"$/g, '')).sort().join(',');
}

function savedMapping(shape: string): string | null {
  try {
    return localStorage.getItem(MAPPING_KEY + shape);
  } catch {
    return null;
  }
}

function saveMapping(shape: string, mapping: string): void {
  try {
    localStorage.setItem(MAPPING_KEY + shape, mapping);
  } catch {
    /* storage full or disabled: the mapping is simply asked for again */
  }
}

export type ImportStatus = 'idle' | 'uploading' | 'running' | 'done' | 'failed';

interface ImportState {
  open: boolean;
  kind: ImportKind;
  format: ImportFormat;
  /** System version for the responses in foreign files (empty: "imported"). */
  system: string;
  /** The judge of a foreign results file (kind "judge"); empty fields are not sent. */
  judge: { model: string; version: string; promptVersion: string };
  /** Format "mapped": `query=COLUMN,referenceAnswer=COLUMN,…`, remembered per file shape (its columns). */
  mapping: string;
  /** The chosen file's columns (browser mode), the key its mapping is remembered under. */
  shape: string | null;
  /** Names of the offered dimensions defined after the import (null: not yet). */
  definedDimensions: string[] | null;
  /** Browser mode: the chosen file. */
  file: File | null;
  /** Desktop mode: the path from the native dialog. */
  path: string | null;
  status: ImportStatus;
  job: ImportJob | null;
  error: ApiErrorBody | null;

  openDialog(): void;
  closeDialog(): void;
  setKind(kind: ImportKind): void;
  setFormat(format: ImportFormat): void;
  setSystem(system: string): void;
  setJudge(patch: Partial<ImportState['judge']>): void;
  setMapping(mapping: string): void;
  /** Defines the dimensions the finished import offered (appended to the test set's). */
  defineOfferedDimensions(): Promise<void>;
  setFile(file: File | null): void;
  pickPath(): Promise<void>;
  start(): Promise<void>;
  startOver(): void;
}

let ticket = 0;

export function sourceName(state: Pick<ImportState, 'file' | 'path' | 'job'>): string {
  if (state.job) return state.job.fileName;
  if (state.file) return state.file.name;
  if (state.path) return state.path.split(/[\\/]/).pop() ?? state.path;
  return '';
}

export const useImportStore = create<ImportState>()((set, get) => {
  async function poll(jobId: string, mine: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (mine !== ticket) return;
      let job: ImportJob;
      try {
        job = await invoke('imports.status', { jobId });
      } catch (error) {
        if (mine === ticket) set({ status: 'failed', error: toErrorBody(error) });
        return;
      }
      if (mine !== ticket) return;
      if (job.state === 'running') {
        set({ job });
        continue;
      }
      if (job.state === 'done') {
        set({ job, status: 'done', error: null });
        useCasesStore.getState().reload();
        useDetailStore.getState().reload();
      } else {
        set({ job, status: 'failed', error: job.error ?? { code: 'internal', message: 'The import failed.', location: null } });
      }
      return;
    }
  }

  return {
    open: false,
    kind: 'cases',
    format: 'auto',
    system: '',
    judge: { model: '', version: '', promptVersion: '' },
    mapping: '',
    shape: null,
    definedDimensions: null,
    file: null,
    path: null,
    status: 'idle',
    job: null,
    error: null,

    openDialog() {
      const { status } = get();
      // a finished import's report stays until the person starts over; a new dialog starts clean
      if (status === 'done' || status === 'failed') set({ status: 'idle', job: null, error: null, file: null, path: null, definedDimensions: null });
      set({ open: true });
    },

    closeDialog() {
      set({ open: false });
    },

    setKind: (kind) => set({ kind }),
    setFormat: (format) => set({ format }),
    setSystem: (system) => set({ system }),
    setJudge: (patch) => set({ judge: { ...get().judge, ...patch } }),

    async defineOfferedDimensions() {
      const offered = get().job?.report?.newDimensions ?? [];
      if (offered.length === 0) return;
      try {
        const current = await invoke('dimensions.list', {});
        const missing = offered.filter((d) => !current.some((c) => c.name === d.name));
        await invoke('dimensions.save', { dimensions: [...current, ...missing] });
        set({ definedDimensions: offered.map((d) => d.name), error: null });
      } catch (error) {
        set({ error: toErrorBody(error) });
      }
    },
    setMapping: (mapping) => set({ mapping }),
    setFile(file) {
      set({ file, path: null, error: null, shape: null });
      if (!file) return;
      // A file shaped like one mapped before gets that mapping back.
      void fileShape(file).then((shape) => {
        if (get().file !== file || shape === null) return;
        const saved = savedMapping(shape);
        set(saved ? { shape, mapping: saved, format: 'mapped' } : { shape });
      });
    },

    async pickPath() {
      try {
        const answer = await invoke('dialog.pickPath', { purpose: 'importFile' });
        if (answer.supported && answer.path) set({ path: answer.path, file: null, error: null });
      } catch (error) {
        set({ error: toErrorBody(error) });
      }
    },

    async start() {
      const { kind, format, system, judge, mapping, shape, file, path, status } = get();
      if (status === 'uploading' || status === 'running') return;
      if (!file && !path) return;
      let columns: ColumnMapping | null = null;
      if (format === 'mapped') {
        try {
          columns = parseColumnMapping(mapping);
        } catch (error) {
          set({ status: 'failed', error: { code: 'invalid-input', message: (error as Error).message, location: { file: sourceName(get()), line: null, field: 'mapping' } } });
          return;
        }
      }
      const mine = ++ticket;
      set({ status: 'uploading', job: null, error: null, definedDimensions: null });
      try {
        const source = path && isDesktop()
          ? { path }
          : { fileName: (file as File).name, contentBase64: await fileToBase64(file as File) };
        if (mine !== ticket) return;
        const given = (v: string) => v.trim() || null;
        const { jobId } = await invoke('imports.start', {
          kind, format, source, system: given(system),
          judge: kind === 'judge' ? { model: given(judge.model), version: given(judge.version), promptVersion: given(judge.promptVersion) } : null,
          mapping: columns,
        });
        if (columns && shape) saveMapping(shape, mapping);
        if (mine !== ticket) return;
        set({ status: 'running' });
        await poll(jobId, mine);
      } catch (error) {
        if (mine === ticket) set({ status: 'failed', error: toErrorBody(error) });
      }
    },

    startOver() {
      ticket++;
      set({ status: 'idle', job: null, error: null, file: null, path: null, definedDimensions: null });
    },
  };
});
