import { create } from 'zustand';
import type { ApiErrorBody, ImportJob, OpInput, OpOutput } from '../../../shared/api/contract';
import { isAppendedKind, type ImportFormat, type WizardKind } from '../../../shared/domain/schemas';
import { IMPORT_ORDER } from '../../../shared/import/detect-kind';
import { invoke, isDesktop } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useCasesStore } from '../cases/casesStore';
import { useDetailStore } from '../case-detail/detailStore';
import { MappingError, parseColumnMapping } from '../../../shared/import/foreign/mapped';
import { fileToBase64 } from './base64';
import { recheckList } from '../diagnosis/recheckQueue';
import { fileShape, saveMapping, savedMapping } from './mappingMemory';

const POLL_MS = 150;

/** Where the documents stood before the import (null: unknown, then no re-check is offered). */
async function revisionMark(): Promise<number | null> {
  try {
    return (await invoke('diagnosis.recheck', { since: null })).mark;
  } catch {
    return null;
  }
}

/** The cases whose cited documents this import gave a new revision, when a documents file was written. */
async function casesToRecheck(mark: number | null, files: readonly ImportFile[]): Promise<ImportState['recheck']> {
  if (mark === null || !files.some((f) => f.kind === 'documents' && f.status === 'done')) return null;
  try {
    const list = recheckList((await invoke('diagnosis.recheck', { since: mark })).changes);
    return list.caseIds.length > 0 ? list : null;
  } catch {
    return null;
  }
}

type Source = OpInput<'imports.start'>['source'];

export interface JudgeFields { model: string; version: string; promptVersion: string }

export type FileStatus = 'inspecting' | 'ready' | 'running' | 'done' | 'failed' | 'skipped' | 'not-run';

/** One chosen file: what it holds (detected, editable), then what became of it. */
export interface ImportFile {
  id: number;
  name: string;
  size: number | null;
  source: Source;
  status: FileStatus;
  kind: WizardKind | null;
  format: ImportFormat;
  detected: { kind: WizardKind | null; format: ImportFormat | null } | null;
  importedBefore: OpOutput<'imports.inspect'>['importedBefore'];
  /** Kind "judge": the judge, when the file does not name it (Ragas); empty fields are not sent. */
  judge: JudgeFields;
  /** Format "mapped": `query=COLUMN,referenceAnswer=COLUMN,…`, remembered per file shape. */
  mapping: string;
  /** The file's columns (browser mode): the key its mapping is remembered under. */
  shape: string | null;
  /** Names of the dimensions its report offered that the person defined (null: not yet). */
  definedDimensions: string[] | null;
  job: ImportJob | null;
  error: ApiErrorBody | null;
}

export type WizardPhase = 'choose' | 'running' | 'finished';

interface ImportState {
  open: boolean;
  phase: WizardPhase;
  files: ImportFile[];
  /** System version for the responses in Ragas / DeepEval files (empty: "imported"). */
  system: string;
  /** After an import that gave documents a new revision: the cases that may need re-checking. */
  recheck: { caseIds: string[]; docIds: string[] } | null;

  openDialog(): void;
  closeDialog(): void;
  addFiles(files: readonly File[]): Promise<void>;
  pickPath(): Promise<void>;
  removeFile(id: number): void;
  setKind(id: number, kind: WizardKind): void;
  setFormat(id: number, format: ImportFormat): void;
  setSystem(system: string): void;
  setJudge(id: number, patch: Partial<JudgeFields>): void;
  setMapping(id: number, mapping: string): void;
  /** Defines the dimensions a written file's report offered (appended to the test set's). */
  defineOfferedDimensions(id: number): Promise<void>;
  start(): Promise<void>;
  startOver(): void;
}

let nextId = 0;
let ticket = 0;

/** The files in the order they are written: documents, cases, responses, judge runs (then the not yet known). */
export function inWritingOrder(files: readonly ImportFile[]): ImportFile[] {
  const rank = (f: ImportFile) => (f.kind === null ? IMPORT_ORDER.length : IMPORT_ORDER.indexOf(f.kind));
  return [...files].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** Files the Import button would write (known kind, not imported before). */
export const toWrite = (files: readonly ImportFile[]) => files.filter((f) => f.status === 'ready' && f.kind !== null && !f.importedBefore);

export const useImportStore = create<ImportState>()((set, get) => {
  const update = (id: number, patch: Partial<ImportFile>) =>
    set((s) => ({ files: s.files.map((f) => (f.id === id ? { ...f, ...patch } : f)) }));

  async function inspect(file: ImportFile): Promise<void> {
    try {
      const found = await invoke('imports.inspect', { source: file.source });
      update(file.id, {
        status: 'ready', kind: found.kind, format: found.format ?? 'auto',
        detected: { kind: found.kind, format: found.format }, importedBefore: found.importedBefore,
      });
    } catch (error) {
      update(file.id, { status: 'failed', error: toErrorBody(error) });
    }
  }

  function add(entries: { name: string; size: number | null; source: Source }[]): ImportFile[] {
    const added: ImportFile[] = entries.map((e) => ({
      id: ++nextId, ...e, status: 'inspecting', kind: null, format: 'auto', detected: null, importedBefore: null,
      judge: { model: '', version: '', promptVersion: '' }, mapping: '', shape: null, definedDimensions: null, job: null, error: null,
    }));
    // a file chosen again replaces the earlier one of the same name
    const names = new Set(added.map((f) => f.name));
    set((s) => ({ phase: 'choose', files: [...s.files.filter((f) => !names.has(f.name)), ...added] }));
    for (const file of added) void inspect(file);
    return added;
  }

  /** A file shaped like one mapped before gets that mapping back (after inspection, whose detected format it overrides). */
  async function recallMapping(id: number, file: File): Promise<void> {
    const shape = await fileShape(file);
    if (shape === null) return;
    const saved = savedMapping(shape);
    await waitInspected(id);
    if (get().files.some((f) => f.id === id)) update(id, saved ? { shape, mapping: saved, format: 'mapped' } : { shape });
  }

  async function waitInspected(id: number): Promise<void> {
    while (get().files.find((f) => f.id === id)?.status === 'inspecting') await new Promise((resolve) => setTimeout(resolve, 30));
  }

  /** Runs one file's import job to its end; true when it was written. */
  async function runOne(file: ImportFile, mine: number): Promise<boolean> {
    let mapping = null;
    if (file.format === 'mapped') {
      try {
        mapping = parseColumnMapping(file.mapping);
      } catch (error) {
        const text = error instanceof MappingError ? error.text : null;
        update(file.id, { status: 'failed', error: { code: 'invalid-input', message: (error as Error).message, text, location: { file: file.name, line: null, field: 'mapping' } } });
        return false;
      }
    }
    update(file.id, { status: 'running', job: null, error: null, definedDimensions: null });
    const given = (v: string) => v.trim() || null;
    try {
      const { jobId } = await invoke('imports.start', {
        kind: file.kind!, format: file.format, source: file.source, system: given(get().system), mapping,
        judge: file.kind === 'judge' ? { model: given(file.judge.model), version: given(file.judge.version), promptVersion: given(file.judge.promptVersion) } : null,
      });
      if (mapping && file.shape) saveMapping(file.shape, file.mapping);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (mine !== ticket) return false;
        const job = await invoke('imports.status', { jobId });
        if (job.state === 'running') {
          update(file.id, { job });
          continue;
        }
        if (job.state === 'done') {
          // a results file already imported as a judge run writes nothing: it is skipped, naming the run
          update(file.id, { job, status: job.alreadyImported ? 'skipped' : 'done' });
          return true;
        }
        update(file.id, { job, status: 'failed', error: job.error ?? null });
        return false;
      }
    } catch (error) {
      update(file.id, { status: 'failed', error: toErrorBody(error) });
      return false;
    }
  }

  return {
    open: false,
    phase: 'choose',
    files: [],
    system: '',
    recheck: null,

    openDialog() {
      // a finished import's summary stays until the person starts over; a new dialog starts clean
      if (get().phase === 'finished') set({ phase: 'choose', files: [] });
      set({ open: true });
    },

    closeDialog() {
      set({ open: false });
    },

    async addFiles(files) {
      const entries = await Promise.all(files.map(async (file) => ({
        name: file.name, size: file.size, source: { fileName: file.name, contentBase64: await fileToBase64(file) } as Source,
      })));
      const added = add(entries);
      added.forEach((entry, index) => void recallMapping(entry.id, files[index]!));
    },

    async pickPath() {
      const answer = await invoke('dialog.pickPath', { purpose: 'importFile' });
      if (answer.supported && answer.path && isDesktop()) {
        add([{ name: answer.path.split(/[\\/]/).pop() ?? answer.path, size: null, source: { path: answer.path } }]);
      }
    },

    removeFile(id) {
      set((s) => ({ files: s.files.filter((f) => f.id !== id) }));
    },

    setKind(id, kind) {
      const format = get().files.find((f) => f.id === id)?.format;
      // a labels or adjudications export is read as JSON Lines or CSV by its content: a foreign format chosen before does not apply
      update(id, isAppendedKind(kind) && format !== 'jsonl' && format !== 'csv' ? { kind, format: 'auto' } : { kind });
    },

    setFormat(id, format) {
      update(id, { format });
    },

    setSystem: (system) => set({ system }),

    setJudge(id, patch) {
      const file = get().files.find((f) => f.id === id);
      if (file) update(id, { judge: { ...file.judge, ...patch } });
    },

    setMapping(id, mapping) {
      update(id, { mapping });
    },

    async defineOfferedDimensions(id) {
      const offered = get().files.find((f) => f.id === id)?.job?.report?.newDimensions ?? [];
      if (offered.length === 0) return;
      try {
        const current = await invoke('dimensions.list', {});
        const missing = offered.filter((d) => !current.some((c) => c.name === d.name));
        await invoke('dimensions.save', { dimensions: [...current, ...missing] });
        update(id, { definedDimensions: offered.map((d) => d.name), error: null });
      } catch (error) {
        update(id, { error: toErrorBody(error) });
      }
    },

    async start() {
      if (get().phase !== 'choose' || toWrite(get().files).length === 0) return;
      if (get().files.some((f) => f.status === 'inspecting' || (f.status === 'ready' && f.kind === null && !f.importedBefore))) return;
      const mine = ++ticket;
      set({ phase: 'running', recheck: null });
      const mark = await revisionMark();
      let stopped = false;
      for (const file of inWritingOrder(get().files)) {
        if (file.importedBefore) {
          update(file.id, { status: 'skipped' });
          continue;
        }
        if (file.status !== 'ready') continue;
        // what later files refer to did not land: they are not tried, so nothing half-arrives
        if (stopped) {
          update(file.id, { status: 'not-run' });
          continue;
        }
        const written = await runOne(file, mine);
        if (mine !== ticket) return;
        if (!written) stopped = true;
      }
      set({ phase: 'finished', recheck: await casesToRecheck(mark, get().files) });
      useCasesStore.getState().reload();
      useDetailStore.getState().reload();
    },

    startOver() {
      ticket++;
      set({ phase: 'choose', files: [], recheck: null });
    },
  };
});
