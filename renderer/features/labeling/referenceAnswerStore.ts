import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import { REFERENCE_ANSWER_FIELD } from '../../../shared/domain/dimensions';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useLabelingStore } from './labelingStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { onSessionReset } from '../../common/session';

type Edit = NonNullable<LabelingItem['referenceAnswerEdit']>;

export interface ShownReference {
  text: string | null;
  source: 'mine' | 'settled' | 'imported';
  settledBy: string | null;
}

/** The reference answer a reviewer works from: their own edit, else the lead's settled text, else the imported one. */
export function shownReference(item: LabelingItem, saved: Edit | undefined): ShownReference {
  const mine = [item.referenceAnswerEdit, saved].filter((e): e is Edit => !!e).sort((a, b) => b.eventId - a.eventId)[0];
  if (mine && typeof mine.value === 'string') return { text: mine.value, source: 'mine', settledBy: null };
  const settled = item.detail.settled?.referenceAnswer;
  if (settled && typeof settled.value === 'string') return { text: settled.value, source: 'settled', settledBy: settled.by };
  return { text: item.detail.case.referenceAnswer ?? null, source: 'imported', settledBy: null };
}

interface ReferenceAnswerState {
  /** The case whose reference answer is being edited, and the text typed so far. */
  editing: string | null;
  draft: string;
  saving: boolean;
  error: ApiErrorBody | null;
  /** Edits saved in this session (by savedKey), until the labeling item read after them carries them. */
  saved: Record<string, Edit>;

  start(caseId: string, text: string): void;
  setDraft(text: string): void;
  cancel(): void;
  /** Appends the edit as this reviewer's label event (the built-in field referenceAnswer). */
  save(): Promise<void>;
  /** Forgets the edits of this session (after a restore, the file may no longer hold them). */
  reset(): void;
}

/** Saved edits are this reviewer's, in this test set. */
export function savedKey(caseId: string): string {
  const { testSetId, current } = useReviewerStore.getState();
  return `${testSetId ?? ''}\u0000${current?.id ?? 0}\u0000${caseId}`;
}

export const useReferenceAnswerStore = create<ReferenceAnswerState>()((set, get) => ({
  editing: null,
  draft: '',
  saving: false,
  error: null,
  saved: {},

  start(caseId, text) {
    set({ editing: caseId, draft: text, error: null });
  },

  setDraft(text) {
    set({ draft: text });
  },

  cancel() {
    set({ editing: null, draft: '', error: null });
  },

  reset() {
    set({ editing: null, draft: '', saving: false, error: null, saved: {} });
  },

  async save() {
    const { editing: caseId, draft } = get();
    const reviewer = useReviewerStore.getState().current;
    if (!caseId || !reviewer || get().saving) return;
    set({ saving: true, error: null });
    try {
      const result = await invoke('labels.record', { reviewerId: reviewer.id, caseId, responseId: null, dimension: REFERENCE_ANSWER_FIELD, value: draft });
      const edit: Edit = { eventId: result.eventId, value: draft, at: result.at, reason: null };
      set((s) => ({ saving: false, editing: s.editing === caseId ? null : s.editing, saved: { ...s.saved, [savedKey(caseId)]: edit } }));
      // the case's history lists every label event: show this one too when it is open
      const labeling = useLabelingStore.getState();
      if (labeling.caseId === caseId) labeling.refreshHistory();
    } catch (error) {
      set({ saving: false, error: toErrorBody(error) });
    }
  },
}));

onSessionReset('reviewer', () => useReferenceAnswerStore.getState().reset());
