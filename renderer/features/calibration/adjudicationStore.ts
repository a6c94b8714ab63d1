import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { RevealCell, RevealView } from '../../../shared/api/calibration-ops';
import { groupByItem, itemKey } from './format';
import type { Dimension } from '../../../shared/domain/dimensions';
import { optionForKey } from '../labeling/keymap';
import { applyNumericKey, parseNumericDraft } from '../labeling/numeric';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useRoundStore } from './roundStore';

/** The reveal & adjudicate page of a round: the cells side by side, a keyboard cursor, the lead's decisions. */

export type CellKey = string;
export const cellKey = (cell: Pick<RevealCell, 'caseId' | 'responseId' | 'dimension'>): CellKey =>
  `${itemKey(cell.caseId, cell.responseId)}\u0002${cell.dimension}`;

export type RevealItem = ReturnType<typeof groupByItem<RevealCell>>[number];

export interface CellSave {
  status: 'saving' | 'error';
  value: string | number;
  error: ApiErrorBody | null;
}

export type Hint = 'no-consensus' | 'no-key' | 'bad-number' | 'not-open' | null;

interface AdjudicationState {
  roundId: number | null;
  view: RevealView | null;
  items: RevealItem[];
  dimensions: Dimension[];
  loading: boolean;
  error: ApiErrorBody | null;
  /** Cursor: which item, which of its cells. */
  itemIndex: number;
  rowIndex: number;
  numericDraft: string;
  notes: Record<CellKey, string>;
  /** A request for a row's note field to take focus (the row clears it once done). */
  noteRequest: CellKey | null;
  saves: Record<CellKey, CellSave>;
  hint: Hint;
  helpOpen: boolean;

  load(roundId: number): Promise<void>;
  moveItem(delta: number): void;
  moveRow(delta: number): void;
  focusCell(itemIndex: number, rowIndex: number): void;
  accept(): void;
  chooseKey(key: string): void;
  decide(cell: RevealCell, value: string | number): Promise<void>;
  numericKey(key: string): void;
  setNumericDraft(text: string): void;
  confirmNumeric(): void;
  setNote(key: CellKey, text: string): void;
  /** Enter in a note field: a decided cell is decided again with the note. */
  submitNote(cell: RevealCell): void;
  focusNote(): void;
  noteFocused(): void;
  toggleHelp(open?: boolean): void;
  /** Esc: closes what is open; false when nothing was. */
  closeOverlays(): boolean;
}

let ticket = 0;

/** Whether the round still takes decisions. */
function open(view: RevealView | null): boolean {
  return view !== null && (view.round.status === 'revealed' || view.round.status === 'adjudicated');
}

export const useAdjudicationStore = create<AdjudicationState>()((set, get) => {
  function current(): RevealCell | null {
    const { items, itemIndex, rowIndex } = get();
    return items[itemIndex]?.cells[rowIndex] ?? null;
  }

  function dimensionOf(name: string): Dimension | undefined {
    return get().dimensions.find((d) => d.name === name);
  }

  /** After a decision: the next cell without one, in page order (staying put when none is left). */
  function advance(from: RevealCell): void {
    const { items } = get();
    const flat = items.flatMap((item, i) => item.cells.map((cell, r) => ({ cell, i, r })));
    const at = flat.findIndex((entry) => cellKey(entry.cell) === cellKey(from));
    for (let step = 1; step <= flat.length; step++) {
      const entry = flat[(at + step) % flat.length];
      if (!entry.cell.adjudication && entry.cell.disagreement !== 'unlabeled') {
        set({ itemIndex: entry.i, rowIndex: entry.r, numericDraft: '', hint: null });
        return;
      }
    }
  }

  function replaceCell(updated: RevealCell): void {
    const key = cellKey(updated);
    set((s) => ({
      view: s.view ? { ...s.view, cells: s.view.cells.map((c) => (cellKey(c) === key ? updated : c)) } : s.view,
      items: s.items.map((item) => ({ ...item, cells: item.cells.map((c) => (cellKey(c) === key ? updated : c)) })),
    }));
  }

  return {
    roundId: null,
    view: null,
    items: [],
    dimensions: [],
    loading: false,
    error: null,
    itemIndex: 0,
    rowIndex: 0,
    numericDraft: '',
    notes: {},
    noteRequest: null,
    saves: {},
    hint: null,
    helpOpen: false,

    async load(roundId) {
      const mine = ++ticket;
      const same = get().roundId === roundId;
      set({ roundId, loading: true, error: null, ...(same ? {} : { view: null, items: [], itemIndex: 0, rowIndex: 0, notes: {}, saves: {}, hint: null }) });
      try {
        const [view, dimensions] = await Promise.all([invoke('rounds.revealView', { roundId }), invoke('dimensions.list', {})]);
        if (mine !== ticket) return;
        const items = groupByItem(view.cells);
        const { itemIndex, rowIndex } = get();
        const keep = same && itemIndex < items.length;
        // a round opens on its first cell still waiting for a decision
        let start = { itemIndex: 0, rowIndex: 0 };
        if (!keep) {
          found: for (const [i, item] of items.entries()) {
            for (const [r, cell] of item.cells.entries()) {
              if (!cell.adjudication && cell.disagreement !== 'unlabeled') {
                start = { itemIndex: i, rowIndex: r };
                break found;
              }
            }
          }
        }
        set({
          view, items, dimensions, loading: false,
          ...(keep ? { itemIndex, rowIndex: Math.min(rowIndex, items[itemIndex].cells.length - 1) } : start),
        });
      } catch (error) {
        if (mine !== ticket) return;
        set({ loading: false, error: toErrorBody(error) });
      }
    },

    moveItem(delta) {
      const { items, itemIndex } = get();
      if (!items.length) return;
      const next = Math.max(0, Math.min(items.length - 1, itemIndex + delta));
      const cells = items[next].cells;
      const firstOpen = cells.findIndex((c) => !c.adjudication && c.disagreement !== 'unlabeled' && c.disagreement !== 'none');
      set({ itemIndex: next, rowIndex: firstOpen >= 0 ? firstOpen : 0, numericDraft: '', hint: null });
    },

    moveRow(delta) {
      const { items, itemIndex, rowIndex } = get();
      const cells = items[itemIndex]?.cells;
      if (!cells) return;
      const row = rowIndex + delta;
      if (row >= cells.length && itemIndex < items.length - 1) set({ itemIndex: itemIndex + 1, rowIndex: 0 });
      else if (row < 0 && itemIndex > 0) set({ itemIndex: itemIndex - 1, rowIndex: items[itemIndex - 1].cells.length - 1 });
      else set({ rowIndex: Math.max(0, Math.min(cells.length - 1, row)) });
      set({ numericDraft: '', hint: null });
    },

    focusCell(itemIndex, rowIndex) {
      if (itemIndex === get().itemIndex && rowIndex === get().rowIndex) return;
      set({ itemIndex, rowIndex, numericDraft: '', hint: null });
    },

    accept() {
      const cell = current();
      if (!cell) return;
      if (cell.consensus === null) {
        set({ hint: 'no-consensus' });
        return;
      }
      void get().decide(cell, cell.consensus);
    },

    chooseKey(key) {
      const cell = current();
      if (!cell) return;
      const values = (dimensionOf(cell.dimension)?.options ?? []).map((o) => o.value);
      const index = optionForKey(values, key);
      if (index < 0) {
        set({ hint: 'no-key' });
        return;
      }
      void get().decide(cell, values[index]);
    },

    async decide(cell, value) {
      const { view } = get();
      if (!open(view)) {
        set({ hint: 'not-open' });
        return;
      }
      const reviewer = useReviewerStore.getState().current;
      if (!reviewer) {
        useReviewerStore.getState().openDialog();
        return;
      }
      const key = cellKey(cell);
      const note = get().notes[key]?.trim() || null;
      set((s) => ({ saves: { ...s.saves, [key]: { status: 'saving', value, error: null } }, hint: null, numericDraft: '' }));
      try {
        const result = await invoke('rounds.adjudicate', {
          roundId: view!.round.id, caseId: cell.caseId, responseId: cell.responseId, dimension: cell.dimension, value, note, deciderReviewerId: reviewer.id,
        });
        replaceCell({ ...cell, adjudication: result.adjudication });
        set((s) => {
          const saves = { ...s.saves };
          delete saves[key];
          return { saves, view: s.view ? { ...s.view, round: result.round } : s.view };
        });
        useRoundStore.getState().roundChanged(result.round);
        void useRoundStore.getState().refreshCounts();
        if (cellKey(current() ?? cell) === key) advance(cell);
      } catch (error) {
        set((s) => ({ saves: { ...s.saves, [key]: { status: 'error', value, error: toErrorBody(error) } } }));
      }
    },

    numericKey(key) {
      set((s) => ({ numericDraft: applyNumericKey(s.numericDraft, key), hint: null }));
    },

    setNumericDraft(text) {
      set({ numericDraft: text.slice(0, 12), hint: null });
    },

    confirmNumeric() {
      const cell = current();
      if (!cell) return;
      const dimension = dimensionOf(cell.dimension);
      const value = parseNumericDraft(get().numericDraft, dimension?.min ?? 0, dimension?.max ?? 1);
      if (value === null) {
        set({ hint: 'bad-number' });
        return;
      }
      void get().decide(cell, value);
    },

    setNote(key, text) {
      set((s) => ({ notes: { ...s.notes, [key]: text } }));
    },

    submitNote(cell) {
      if (cell.adjudication) void get().decide(cell, cell.adjudication.value);
    },

    focusNote() {
      const cell = current();
      if (cell) set({ noteRequest: cellKey(cell) });
    },

    noteFocused() {
      set({ noteRequest: null });
    },

    toggleHelp(open) {
      set((s) => ({ helpOpen: open ?? !s.helpOpen }));
    },

    closeOverlays() {
      if (get().helpOpen) {
        set({ helpOpen: false });
        return true;
      }
      if (get().numericDraft || get().hint) {
        set({ numericDraft: '', hint: null });
        return true;
      }
      return false;
    },
  };
});
