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
  creating: boolean;
  error: ApiErrorBody | null;

  /** A test set was opened (or switched): load its reviewers and the one remembered for it. */
  init(testSetId: string): Promise<void>;
  choose(reviewer: Reviewer): void;
  create(name: string): Promise<boolean>;
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
  creating: false,
  error: null,

  async init(testSetId) {
    const mine = ++ticket;
    set({ testSetId, reviewers: [], loaded: false, current: null, error: null, dialogOpen: false });
    try {
      const reviewers = await invoke('reviewers.list', {});
      if (mine !== ticket) return;
      const rememberedId = storedReviewerId(testSetId);
      const current = reviewers.find((r) => r.id === rememberedId) ?? null;
      reviewerChosen(current?.id ?? null);
      set({ reviewers, loaded: true, current, dialogOpen: current === null, dialogCreate: reviewers.length === 0 });
    } catch (error) {
      if (mine !== ticket) return;
      set({ loaded: true, error: toErrorBody(error) });
    }
  },

  choose(reviewer) {
    const { testSetId } = get();
    if (testSetId) storeReviewerId(testSetId, reviewer.id);
    reviewerChosen(reviewer.id);
    set({ current: reviewer, dialogOpen: false, error: null });
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
