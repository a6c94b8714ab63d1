import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { Reviewer } from '../../../shared/api/labeling-ops';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { onSessionReset, reviewerChosen } from '../../common/session';

const storageKey = (testSetId: string) => `touchstone.reviewer.${testSetId}`;

function storedReviewerId(testSetId: string): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(testSetId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeReviewerId(testSetId: string, id: number): void {
  try {
    localStorage.setItem(storageKey(testSetId), String(id));
  } catch {
    // storage unavailable: the choice lasts for this session
  }
}

interface ReviewerState {
  /** The test set the reviewers belong to. */
  testSetId: string | null;
  reviewers: Reviewer[];
  loaded: boolean;
  current: Reviewer | null;
  /** The pick-or-create dialog. */
  dialogOpen: boolean;
  /** The dialog opens straight on "new reviewer". */
  dialogCreate: boolean;
  /** The name this computer last labeled as, offered with one key while no reviewer is chosen in this file. */
  suggestedName: string | null;
  creating: boolean;
  error: ApiErrorBody | null;

  /** A test set was opened (or switched): load its reviewers and the one remembered for it. */
  init(testSetId: string): Promise<void>;
  choose(reviewer: Reviewer): void;
  create(name: string): Promise<boolean>;
  /** The suggested name: its reviewer in this file when there is one (any case), else a new reviewer of that name. */
  continueAsSuggested(): Promise<boolean>;
  openDialog(create?: boolean): void;
  closeDialog(): void;
  refresh(): Promise<void>;
}

let ticket = 0;

export const useReviewerStore = create<ReviewerState>()((set, get) => ({
  testSetId: null,
  reviewers: [],
  loaded: false,
  current: null,
  dialogOpen: false,
  dialogCreate: false,
  suggestedName: null,
  creating: false,
  error: null,

  async init(testSetId) {
    const mine = ++ticket;
    set({ testSetId, reviewers: [], loaded: false, current: null, error: null, dialogOpen: false, suggestedName: null });
    try {
      const [reviewers, remembered] = await Promise.all([invoke('reviewers.list', {}), invoke('reviewers.rememberedName', {})]);
      if (mine !== ticket) return;
      const rememberedId = storedReviewerId(testSetId);
      const current = reviewers.find((r) => r.id === rememberedId) ?? null;
      reviewerChosen(current?.id ?? null);
      set({
        reviewers, loaded: true, current, dialogOpen: current === null, dialogCreate: reviewers.length === 0,
        suggestedName: current ? null : remembered.name,
      });
    } catch (error) {
      if (mine !== ticket) return;
      set({ loaded: true, error: toErrorBody(error) });
    }
  },

  choose(reviewer) {
    const { testSetId } = get();
    if (testSetId) storeReviewerId(testSetId, reviewer.id);
    reviewerChosen(reviewer.id);
    set({ current: reviewer, dialogOpen: false, error: null, suggestedName: null });
    // the name this computer labels as, offered in every other test set
    invoke('reviewers.rememberName', { name: reviewer.name }).catch(() => {});
  },

  async create(name) {
    const trimmed = name.trim();
    if (!trimmed || get().creating) return false;
    set({ creating: true, error: null });
    try {
      const reviewer = await invoke('reviewers.create', { name: trimmed });
      set((s) => ({ reviewers: [...s.reviewers.filter((r) => r.id !== reviewer.id), reviewer], creating: false }));
      get().choose(reviewer);
      return true;
    } catch (error) {
      set({ creating: false, error: toErrorBody(error) });
      return false;
    }
  },

  async continueAsSuggested() {
    const name = get().suggestedName;
    if (!name) return false;
    const same = get().reviewers.find((r) => r.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (!same) return get().create(name);
    get().choose(same);
    return true;
  },

  openDialog(create = false) {
    set({ dialogOpen: true, dialogCreate: create, error: null });
    void get().refresh();
  },

  closeDialog() {
    set({ dialogOpen: false, error: null });
  },

  async refresh() {
    try {
      const reviewers = await invoke('reviewers.list', {});
      set({ reviewers });
    } catch {
      // keep the list we have
    }
  },
}));

onSessionReset('test-set', ({ testSetId }) => {
  if (testSetId) void useReviewerStore.getState().init(testSetId);
  else {
    ticket += 1;
    useReviewerStore.setState({ testSetId: null, reviewers: [], loaded: false, current: null, dialogOpen: false, error: null });
  }
});
