import { create } from 'zustand';
import { completeMarks, sameMarks, statedClaimList, ClaimsStatedValueSchema, type StatedClaim } from '../../../../shared/diagnosis/claims-stated';
import type { CitationVerdict, StatedMark } from '../../../../shared/diagnosis/types';
import type { LabelingItem } from '../../../../shared/api/labeling-ops';
import type { Claim } from '../../../../shared/domain/schemas';
import { saveKey, shownValue, useLabelingStore, type LabelStep } from '../../labeling/labelingStore';
import { useReviewerStore } from '../../reviewers/reviewerStore';

/**
 * The marks of the "claims this answer states" step being answered, before Enter saves them as one
 * label. A draft belongs to one (case, response) and the value it started from: opening another step,
 * or the step's value changing under it (an undo, a redo, a save), starts it again from the shown value.
 */
interface StatedDraftState {
  key: string | null;
  /** The shown value the marks started from, as JSON. */
  base: string | null;
  marks: Record<string, StatedMark>;
  /** The claim the citation keys apply to: the last one toggled. */
  active: number;
  open(key: string, saved: unknown): void;
  toggle(list: readonly StatedClaim[], index: number): void;
  setAll(list: readonly StatedClaim[], stated: boolean): void;
  /** `cited`: whether the answer carries citations (without one there is nothing to judge). */
  setCitation(list: readonly StatedClaim[], verdict: CitationVerdict, cited: boolean): void;
  setActive(index: number): void;
}

// marks not saved yet outlive a reload or a closed window: the latest draft is kept in the window's
// storage with the step (test set, reviewer, case, response) and the value it started from, and
// given back only to that step while the file still holds that value
const KEPT_DRAFT = 'touchstone.statedDraft';

function keptDraft(key: string, base: string): Record<string, StatedMark> | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_DRAFT) ?? 'null') as { key?: unknown; base?: unknown; marks?: unknown } | null;
    if (!kept || kept.key !== key) return null;
    // the file's value moved since (a save, an undo): the draft was made on another value and is let go
    if (kept.base !== base) {
      forgetDraft();
      return null;
    }
    const marks = ClaimsStatedValueSchema.safeParse(kept.marks);
    return marks.success ? { ...marks.data } : null;
  } catch {
    return null;
  }
}

function forgetDraft(): void {
  try {
    localStorage.removeItem(KEPT_DRAFT);
  } catch {
    // nothing kept
  }
}

function keepDraft({ key, base, marks }: Pick<StatedDraftState, 'key' | 'base' | 'marks'>): void {
  if (key === null) return;
  try {
    localStorage.setItem(KEPT_DRAFT, JSON.stringify({ key, base, marks }));
  } catch {
    // a full or refused storage keeps the draft in the window only
  }
}

export const useStatedDraft = create<StatedDraftState>()((set, get) => {
  /** A change of the person's marks, kept beyond the window too. */
  const mark = (patch: Partial<StatedDraftState>) => {
    set(patch);
    keepDraft(get());
  };
  return {
    key: null,
    base: null,
    marks: {},
    active: 0,
    open(key, saved) {
      const base = JSON.stringify(saved ?? null);
      if (get().key === key && get().base === base) return;
      const parsed = ClaimsStatedValueSchema.safeParse(saved);
      set({ key, base, marks: keptDraft(key, base) ?? (saved != null && parsed.success ? { ...parsed.data } : {}), active: 0 });
    },
    toggle(list, index) {
      const claim = list[index];
      if (!claim) return;
      const marks = get().marks;
      const stated = !marks[claim.id]?.stated;
      mark({ marks: { ...marks, [claim.id]: stated ? { stated: true, citation: marks[claim.id]?.citation ?? null } : { stated: false } }, active: index });
    },
    setAll(list, stated) {
      const marks = get().marks;
      mark({ marks: Object.fromEntries(list.map((c) => [c.id, stated ? { stated: true, citation: marks[c.id]?.citation ?? null } : { stated: false }])) });
    },
    setCitation(list, verdict, cited) {
      const claim = list[get().active];
      const marks = get().marks;
      if (!cited || !claim || !marks[claim.id]?.stated) return;
      mark({ marks: { ...marks, [claim.id]: { stated: true, citation: verdict } } });
    },
    setActive(index) {
      set({ active: index });
    },
  };
});

/** The step's claim list: the case's settled claims, else the imported ones, then its forbidden claims. */
export function statedListOf(item: LabelingItem): StatedClaim[] {
  const settled = item.detail.settled?.claims?.value;
  const claims = Array.isArray(settled) ? (settled as Claim[]) : item.detail.case.claims;
  return statedClaimList(claims, item.detail.case.forbiddenClaims);
}

type LabelingSaves = ReturnType<typeof useLabelingStore.getState>['saves'];

/**
 * Whether this reviewer's own edit of the case's claims (saved or being saved) differs from the claims
 * the step lists: the step marks the claims the lead settled (else the imported ones), so an edit of
 * one expert is not listed until the lead settles it.
 */
export function ownClaimsEditAside(item: LabelingItem, list: readonly StatedClaim[], saves: LabelingSaves): boolean {
  const step = item.steps.find((s) => s.dimension === 'claims' && s.responseId === null);
  const own = step ? shownValue({ saves }, item.detail.case.id, step) : null;
  if (!Array.isArray(own)) return false;
  const listed = list.filter((c) => !c.forbidden).map((c) => c.text.trim());
  const edited = (own as Claim[]).map((c) => c.text.trim());
  return listed.length !== edited.length || listed.some((text, i) => text !== edited[i]);
}

/** Whether Enter would save other marks than the file holds for the step (as the step would save them): the draft is not saved yet. */
export function statedUnsaved(item: LabelingItem, step: LabelStep, marks: Readonly<Record<string, StatedMark>>): boolean {
  const list = statedListOf(item);
  const cited = answerCites(item, step);
  const saved = ClaimsStatedValueSchema.safeParse(step.current?.value);
  const stored = step.current?.value != null && saved.success ? saved.data : null;
  return stored === null || !sameMarks(completeMarks(list, marks, cited), completeMarks(list, stored, cited));
}

/** Whose draft of which step: the test set, the reviewer at the keyboard, the case and the response. */
export function statedDraftKey(caseId: string, step: Pick<LabelStep, 'dimension' | 'responseId'>): string {
  const { current, testSetId } = useReviewerStore.getState();
  return [testSetId ?? '', current?.id ?? '', saveKey(caseId, step)].join('\u0000');
}

/** Starts the draft of a step from what it shows (a save in flight, else the stored label). */
export function openStatedDraft(item: LabelingItem, step: LabelStep): void {
  const caseId = item.detail.case.id;
  const saves = useLabelingStore.getState().saves;
  useStatedDraft.getState().open(statedDraftKey(caseId, step), shownValue({ saves }, caseId, step) ?? null);
}

/** Whether the answer the step judges carries citations (the citation keys apply only then). */
export function answerCites(item: LabelingItem, step: LabelStep | undefined): boolean {
  const response = step ? item.detail.responses.find((r) => r.id === step.responseId) : undefined;
  return (response?.citations?.length ?? 0) > 0;
}

/** Saves the draft as the step's label (every listed claim marked) and goes on, as Enter does. */
export function saveStatedDraft(): void {
  const labeling = useLabelingStore.getState();
  if (!labeling.item) return;
  const cited = answerCites(labeling.item, labeling.item.steps[labeling.stepIndex]);
  forgetDraft();
  labeling.choose(completeMarks(statedListOf(labeling.item), useStatedDraft.getState().marks, cited));
}
