import { create } from 'zustand';
import type { Claim, Evidence } from '../../../shared/domain/schemas';
import {
  addClaim, attachEvidence, claimsFromParts, cloneClaims, deleteClaim, editClaim, moveClaim, record, redoEdit, removeEvidence,
  startHistory, undoEdit, type DraftEdit, type DraftHistory,
} from './claimsDraft';
import { splitIntoClaims } from './split-claims';
import { readJson, writeJson } from './localJson';
import { useReviewerStore } from '../reviewers/reviewerStore';

export interface SelectionOffer {
  evidence: Evidence;
  /** Where to show the "attach" button (viewport coordinates). */
  x: number;
  y: number;
}

interface ClaimsDraftState {
  caseId: string | null;
  /** The claims shown on the claims step (null: no case). */
  claimsDraft: Claim[] | null;
  /** The draft differs from what the step holds (its label, else its suggestion or the imported claims): Enter writes it. */
  claimsDirty: boolean;
  activeClaim: number;
  selectionOffer: SelectionOffer | null;
  history: DraftHistory | null;
  /** What the step holds, the draft's point of comparison. */
  saved: Claim[] | null;

  /** Another case: its draft kept in this browser (a previous visit's unsaved edits) or else `saved`. */
  open(caseId: string, saved: Claim[] | null): void;
  /** The step holds new claims (a save, an undo, a fresh read): the draft follows them unless it has unsaved edits. */
  syncSaved(saved: Claim[] | null): void;
  /** Leaving the case: unsaved edits stay in local storage (never silently written as a label). True when some were kept. */
  keep(): boolean;
  /** The draft was written as the step's label. */
  written(claims: Claim[]): void;
  /** A written claims label was undone (the step now holds `saved`): its claims come back as the draft, unsaved, so Enter writes them again. */
  restore(claims: Claim[], saved: Claim[]): void;
  /** Undoes / redoes the last edit of the draft; false when there is none. */
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  reset(): void;

  setActiveClaim(index: number): void;
  addClaim(text: string): void;
  editClaim(index: number, text: string): void;
  deleteClaim(index: number): void;
  moveClaim(index: number, delta: number): void;
  /** One claim per sentence of the text. */
  splitReference(text: string | null | undefined): void;
  offerSelection(offer: SelectionOffer | null): void;
  attachEvidence(evidence: Evidence): void;
  removeEvidence(claimIndex: number, evidenceIndex: number): void;
}

const draftStorageKey = (testSetId: string, reviewerId: number, caseId: string) => `touchstone.claimsDraft.${testSetId}.${reviewerId}.${caseId}`;

function storageKey(caseId: string | null): string | null {
  const { current, testSetId } = useReviewerStore.getState();
  return current && testSetId && caseId ? draftStorageKey(testSetId, current.id, caseId) : null;
}

// stable ids are given on opening; they alone make no edit
const withoutIds = (claims: readonly Claim[]) => claims.map((c) => ({ text: c.text, evidence: c.evidence }));
const differs = (draft: readonly Claim[] | null, saved: readonly Claim[] | null) => draft !== null && JSON.stringify(withoutIds(draft)) !== JSON.stringify(withoutIds(saved ?? []));

const EMPTY = { caseId: null, claimsDraft: null, claimsDirty: false, activeClaim: 0, selectionOffer: null, history: null, saved: null };

export const useClaimsDraftStore = create<ClaimsDraftState>()((set, get) => {
  /** Shows a history's present, keeping unsaved edits in local storage (they survive a reload) until written. */
  function show(history: DraftHistory, active?: number): void {
    const dirty = differs(history.present, get().saved);
    const key = storageKey(get().caseId);
    if (key) writeJson(key, dirty ? history.present : null);
    const count = history.present.length;
    const activeClaim = Math.max(0, Math.min(active ?? get().activeClaim, count - 1));
    set({ history, claimsDraft: history.present, claimsDirty: dirty, activeClaim });
  }

  function apply(edit: DraftEdit | null): void {
    const { history } = get();
    if (!edit || !history) return;
    show(record(history, edit.claims), edit.active);
  }

  const claims = () => get().claimsDraft ?? [];

  return {
    ...EMPTY,

    open(caseId, saved) {
      const key = storageKey(caseId);
      const stored = key ? readJson<Claim[]>(key) : null;
      const base = Array.isArray(stored) ? stored : saved;
      const history = base ? startHistory(base) : null;
      set({
        caseId, saved: saved ? cloneClaims(saved) : null, history, claimsDraft: history?.present ?? null, activeClaim: 0, selectionOffer: null,
        claimsDirty: history !== null && differs(history.present, saved),
      });
    },

    syncSaved(saved) {
      const { history, claimsDirty } = get();
      set({ saved: saved ? cloneClaims(saved) : null });
      if (!saved) return;
      if (!history) {
        const fresh = startHistory(saved);
        set({ history: fresh, claimsDraft: fresh.present, claimsDirty: false });
        return;
      }
      // the draft follows the step; its edit history stays, so U still walks back through the edits
      if (!claimsDirty) show({ ...history, present: cloneClaims(saved) });
      else set({ claimsDirty: differs(history.present, saved) });
    },

    keep() {
      const { claimsDirty, claimsDraft, caseId } = get();
      const key = storageKey(caseId);
      if (!claimsDirty || !claimsDraft || !key) return false;
      writeJson(key, claimsDraft);
      return true;
    },

    written(written) {
      const key = storageKey(get().caseId);
      if (key) writeJson(key, null);
      set({ saved: cloneClaims(written), claimsDirty: differs(get().claimsDraft, written) });
    },

    restore(restored, saved) {
      set({ saved: cloneClaims(saved) });
      const history = get().history ?? startHistory(restored);
      show(record(history, cloneClaims(restored)));
    },

    undo() {
      const { history } = get();
      const previous = history ? undoEdit(history) : null;
      if (!previous) return false;
      show(previous);
      return true;
    },

    redo() {
      const { history } = get();
      const next = history ? redoEdit(history) : null;
      if (!next) return false;
      show(next);
      return true;
    },

    canUndo: () => (get().history?.past.length ?? 0) > 0,
    canRedo: () => (get().history?.future.length ?? 0) > 0,

    reset() {
      set(EMPTY);
    },

    setActiveClaim(index) {
      set({ activeClaim: index });
    },
    addClaim(text) {
      apply(addClaim(claims(), text));
    },
    editClaim(index, text) {
      apply(editClaim(claims(), index, text));
    },
    deleteClaim(index) {
      apply(deleteClaim(claims(), index, get().activeClaim));
    },
    moveClaim(index, delta) {
      apply(moveClaim(claims(), index, delta));
    },
    splitReference(text) {
      apply(claimsFromParts(splitIntoClaims(text)));
    },
    offerSelection(offer) {
      set({ selectionOffer: offer });
    },
    attachEvidence(evidence) {
      set({ selectionOffer: null });
      apply(attachEvidence(claims(), get().activeClaim, evidence));
    },
    removeEvidence(claimIndex, evidenceIndex) {
      apply(removeEvidence(claims(), claimIndex, evidenceIndex));
    },
  };
});
