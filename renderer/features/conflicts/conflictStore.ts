import { create } from 'zustand';
import type { OpenConflict } from '../../../shared/api/conflict-ops';
import type { ApiErrorBody } from '../../../shared/api/contract';
import { isClaimsValue, type LabelValue } from '../../../shared/domain/dimensions';
import { claimsFromLines } from '../../../shared/labeling/conflicts';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { onSessionReset } from '../../common/session';

export const CONFLICTS_PAGE = 50;

export type ConflictOutcome = { caseId: string; version: number | null };

/** The editor of "Edit and resolve": the text typed (claims: one per line). */
const editText = (value: LabelValue): string => (isClaimsValue(value) ? value.map((c) => c.text).join('\n') : typeof value === 'string' ? value : '');

interface ConflictState {
  rows: OpenConflict[];
  total: number;
  offset: number;
  loaded: boolean;
  loading: boolean;
  error: ApiErrorBody | null;
  /** The conflict shown, within rows. */
  index: number;
  note: string;
  /** "Edit and resolve" open, with its text. */
  editing: string | null;
  resolving: boolean;
  /** The last resolution, for the status line. */
  resolved: ConflictOutcome | null;
  /** Bumped to ask the note field for focus. */
  noteFocus: number;

  load(offset?: number): Promise<void>;
  move(delta: number): void;
  select(index: number): void;
  page(delta: number): void;
  setNote(note: string): void;
  focusNote(): void;
  /** Resolves the shown conflict with its version number (1-based). */
  useVersion(number: number): Promise<void>;
  startEdit(fromVersion?: number): void;
  setEditing(text: string): void;
  cancelEdit(): void;
  resolveEdited(): Promise<void>;
  openCase(): void;
}

export const useConflictStore = create<ConflictState>()((set, get) => {
  async function resolve(value: LabelValue, version: number | null): Promise<void> {
    const conflict = get().rows[get().index];
    const lead = useReviewerStore.getState().current;
    if (!conflict || get().resolving) return;
    if (!lead) {
      useReviewerStore.getState().openDialog();
      return;
    }
    set({ resolving: true, error: null });
    try {
      const note = get().note.trim() || null;
      const common = { caseId: conflict.caseId, reviewerId: lead.id, seenUids: conflict.uids, note };
      await invoke('conflicts.resolve', conflict.field === 'claims'
        ? { ...common, field: 'claims', value: isClaimsValue(value) ? value : [] }
        : { ...common, field: 'referenceAnswer', value: typeof value === 'string' ? value : '' });
      set({ resolving: false, editing: null, note: '', resolved: { caseId: conflict.caseId, version } });
      await get().load(get().offset);
    } catch (error) {
      const body = toErrorBody(error);
      set({ resolving: false, error: body });
      // changed meanwhile: show the conflict as it is now (the message stays)
      if (body.code === 'conflict') await reload();
    }
  }

  async function reload(): Promise<void> {
    const error = get().error;
    await get().load(get().offset);
    if (!get().error) set({ error });
  }

  return {
    rows: [],
    total: 0,
    offset: 0,
    loaded: false,
    loading: false,
    error: null,
    index: 0,
    note: '',
    editing: null,
    resolving: false,
    resolved: null,
    noteFocus: 0,

    async load(offset = 0) {
      const shownKey = (() => {
        const row = get().rows[get().index];
        return row ? `${row.caseId}\u0000${row.field}` : null;
      })();
      set({ loading: true, error: null });
      try {
        let page = await invoke('conflicts.list', { offset, limit: CONFLICTS_PAGE });
        if (page.rows.length === 0 && offset > 0) page = await invoke('conflicts.list', { offset: Math.max(0, offset - CONFLICTS_PAGE), limit: CONFLICTS_PAGE });
        const same = page.rows.findIndex((r) => `${r.caseId}\u0000${r.field}` === shownKey);
        const index = same >= 0 ? same : Math.min(get().index, Math.max(0, page.rows.length - 1));
        const moved = same < 0;
        set({ rows: page.rows, total: page.total, offset: page.offset, loaded: true, loading: false, index, ...(moved ? { editing: null } : {}) });
      } catch (error) {
        set({ loading: false, loaded: true, error: toErrorBody(error) });
      }
    },

    move(delta) {
      const { rows, index } = get();
      if (rows.length === 0) return;
      get().select(Math.max(0, Math.min(rows.length - 1, index + delta)));
    },

    select(index) {
      if (index === get().index) return;
      set({ index, editing: null, note: '', error: null });
    },

    page(delta) {
      const offset = Math.max(0, get().offset + delta * CONFLICTS_PAGE);
      if (offset >= get().total) return;
      set({ index: 0, editing: null, note: '' });
      void get().load(offset);
    },

    setNote(note) {
      set({ note });
    },

    focusNote() {
      set({ noteFocus: get().noteFocus + 1 });
    },

    async useVersion(number) {
      const version = get().rows[get().index]?.versions[number - 1];
      if (version) await resolve(version.value, number);
    },

    startEdit(fromVersion = 1) {
      const conflict = get().rows[get().index];
      const version = conflict?.versions[fromVersion - 1] ?? conflict?.versions[0];
      if (version) set({ editing: editText(version.value) });
    },

    setEditing(text) {
      set({ editing: text });
    },

    cancelEdit() {
      set({ editing: null });
    },

    async resolveEdited() {
      const conflict = get().rows[get().index];
      const text = get().editing;
      if (!conflict || text === null || text.trim() === '') return;
      const value = conflict.field === 'claims' ? claimsFromLines(text, conflict.versions.map((v) => v.value)) : text.trim();
      await resolve(value, null);
    },

    openCase() {
      const conflict = get().rows[get().index];
      if (conflict) openCaseInCasesView(conflict.caseId);
    },
  };
});

onSessionReset('test-set', () => {
  // a panel already showing conflicts shows the new file's (or the restored contents')
  if (useConflictStore.getState().loaded) void useConflictStore.getState().load();
});
