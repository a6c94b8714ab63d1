import { create } from 'zustand';
import type { ApiErrorBody, CaseDetail } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { toErrorBody } from '../../common/errors';

/** Holding ↓ fires many selections; only the case the person stops on is fetched. */
const SETTLE_MS = 40;

interface DetailState {
  caseId: string | null;
  detail: CaseDetail | null;
  loading: boolean;
  error: ApiErrorBody | null;
  load(caseId: string): void;
  reload(): void;
  clear(): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let request = 0;

export const useDetailStore = create<DetailState>()((set, get) => ({
  caseId: null,
  detail: null,
  loading: false,
  error: null,

  load(caseId) {
    if (get().caseId === caseId && (get().detail?.case.id === caseId || get().loading)) return;
    set({ caseId, loading: true, error: null });
    if (timer) clearTimeout(timer);
    const ticket = ++request;
    timer = setTimeout(async () => {
      timer = null;
      try {
        const detail = await invoke('cases.get', { id: caseId, reviewerId: useReviewerStore.getState().current?.id ?? null });
        if (ticket === request) set({ detail, loading: false, error: null });
      } catch (error) {
        if (ticket === request) set({ detail: null, loading: false, error: toErrorBody(error) });
      }
    }, SETTLE_MS);
  },

  reload() {
    const { caseId } = get();
    if (!caseId) return;
    set({ caseId: null });
    get().load(caseId);
  },

  clear() {
    if (timer) clearTimeout(timer);
    request++;
    set({ caseId: null, detail: null, loading: false, error: null });
  },
}));
