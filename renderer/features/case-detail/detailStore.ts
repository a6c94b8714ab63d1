import { create } from 'zustand';
import type { ApiErrorBody, CaseDetail } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { toErrorBody } from '../../common/errors';

/** Holding ↓ fires many selections; only the case the person stops on is fetched. */
const SETTLE_MS = 40;

/**
 * A holdout case shows only once a person opened it on purpose, and that opening is recorded with
 * who they are: 'closed' until then (the window selected it by itself), 'needs-reviewer' while
 * nobody is chosen (the case opens once someone is), 'opening' while the note is written.
 */
export type HoldoutSeal = 'closed' | 'needs-reviewer' | 'opening';

interface DetailState {
  caseId: string | null;
  detail: CaseDetail | null;
  loading: boolean;
  error: ApiErrorBody | null;
  /** Null: the detail may be shown (not a holdout case, or opened on purpose). */
  seal: HoldoutSeal | null;
  /** `deliberate`: a person chose this case (click, Enter, J/K, a link), not a selection the window made. */
  load(caseId: string, deliberate?: boolean): void;
  /** Opens the sealed holdout case on purpose (the gate's button, Enter). */
  open(): void;
  reload(): void;
  clear(): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let request = 0;
/** The holdout case opened on purpose and recorded (coming back to it shows it again). */
let openedId: string | null = null;
/** The case a person chose while its read was under way (a click on the row the window had just selected). */
let chosenId: string | null = null;

export const useDetailStore = create<DetailState>()((set, get) => {
  /** Records the opening with the reviewer, then shows the case; asks who they are first when nobody is chosen. */
  async function openHoldout(ticket: number): Promise<void> {
    const { detail } = get();
    if (!detail) return;
    const reviewer = useReviewerStore.getState().current;
    if (!reviewer) {
      set({ seal: 'needs-reviewer' });
      if (!useReviewerStore.getState().dialogOpen) useReviewerStore.getState().openDialog();
      return;
    }
    set({ seal: 'opening' });
    try {
      await invoke('holdout.noteOpening', { caseId: detail.case.id, reviewerId: reviewer.id, via: 'case' });
      if (ticket !== request) return;
      openedId = detail.case.id;
      set({ seal: null });
    } catch (error) {
      if (ticket === request) set({ seal: 'closed', error: toErrorBody(error) });
    }
  }

  return {
    caseId: null,
    detail: null,
    loading: false,
    error: null,
    seal: null,

    load(caseId, deliberate = true) {
      if (deliberate) chosenId = caseId;
      if (get().caseId === caseId && (get().detail?.case.id === caseId || get().loading)) {
        if (deliberate && get().seal === 'closed') get().open();
        return;
      }
      set({ caseId, loading: true, error: null });
      if (timer) clearTimeout(timer);
      const ticket = ++request;
      timer = setTimeout(async () => {
        timer = null;
        try {
          const detail = await invoke('cases.get', { id: caseId });
          if (ticket !== request) return;
          const holdout = detail.case.split === 'holdout';
          set({ detail, loading: false, error: null, seal: holdout && openedId !== caseId ? 'closed' : null });
          if (holdout && openedId !== caseId && chosenId === caseId) await openHoldout(ticket);
        } catch (error) {
          if (ticket === request) set({ detail: null, loading: false, error: toErrorBody(error), seal: null });
        }
      }, SETTLE_MS);
    },

    open() {
      const { detail, seal, loading } = get();
      if (!detail || loading || (seal !== 'closed' && seal !== 'needs-reviewer')) return;
      void openHoldout(request);
    },

    reload() {
      const { caseId } = get();
      if (!caseId) return;
      set({ caseId: null });
      get().load(caseId, false);
    },

    clear() {
      if (timer) clearTimeout(timer);
      request++;
      chosenId = null;
      set({ caseId: null, detail: null, loading: false, error: null, seal: null });
    },
  };
});

// Someone else takes the window: a holdout case on screen closes again (their look would not be on
// record); one waiting for a reviewer opens now that there is one.
useReviewerStore.subscribe((state, previous) => {
  if (state.current?.id === previous.current?.id) return;
  openedId = null;
  const { detail, seal } = useDetailStore.getState();
  // only a case waiting for a reviewer stays chosen: the new reviewer did not choose the others
  if (seal !== 'needs-reviewer') chosenId = null;
  if (!detail || detail.case.split !== 'holdout') return;
  if (seal === 'needs-reviewer' && state.current) useDetailStore.getState().open();
  else if (seal === null) useDetailStore.setState({ seal: 'closed' });
});
