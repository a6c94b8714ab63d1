import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { LabelEvent, LabelingItem, QueueSpec } from '../../../shared/api/labeling-ops';
import { DEFAULT_DIMENSIONS, type Dimension, type LabelValue } from '../../../shared/domain/dimensions';
import type { Claim } from '../../../shared/domain/schemas';
import { latestFor, type NewLabel, type PendingLabel } from '../../../shared/labeling/outbox';
import { applyNumericKey, parseNumericDraft } from './numeric';
import { stepKey } from '../../../shared/labeling/steps';
import { firstOpenStep, hasLabel, stepAfter } from './sequence';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { newUid, onLabelSettled, useLabelOutbox } from './labelOutbox';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { CaseNavigator, type Direction, type Travel } from './caseNavigator';
import { useClaimsDraftStore } from './claimsDraftStore';
import { readJson, writeJson } from './localJson';
import { onSessionReset } from '../../common/session';
import { CLAIMS_STATED } from '../../../shared/diagnosis/claims-stated';
import { useSweep } from './sweepStore';
import { CONTENT_DEPENDENT_DIMENSIONS } from '../../../shared/labeling/steps';

export type LabelStep = LabelingItem['steps'][number];
import type { StepKind } from './keymap';
export type { StepKind };
/** 'waiting': not written yet because the file (or the server) cannot take it now; kept in the outbox and retried. */
export type SaveStatus = 'saving' | 'waiting' | 'saved' | 'error';

export interface StepSave {
  value: LabelValue;
  reason: string | null;
  status: SaveStatus;
  error: ApiErrorBody | null;
  at: string | null;
  /** The label event's uid (null for none sent). */
  uid: string | null;
}

export interface ReasonPrompt {
  caseId: string;
  stepIndex: number;
  value: LabelValue;
  from: LabelValue;
}

export type Toast =
  | { id: number; kind: 'undo'; caseId: string; dimension: string; responseId: string | null; value: LabelValue }
  | { id: number; kind: 'redo'; caseId: string; dimension: string; responseId: string | null; value: LabelValue }
  | { id: number; kind: 'nothing-to-undo' }
  | { id: number; kind: 'nothing-to-redo' }
  | { id: number; kind: 'undo-failed'; message: string }
  | { id: number; kind: 'undo-waits' }
  | { id: number; kind: 'kept-draft'; caseId: string };

type ToastInput = Toast extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

/** A label taken back by undo, as redo writes it again. */
interface Undone {
  reviewerId: number;
  caseId: string;
  responseId: string | null;
  dimension: string;
  value: LabelValue;
  reason: string | null;
}

interface LabelingState {
  dimensions: Dimension[];
  queue: QueueSpec | null;
  /** The reviewer the open queue belongs to. */
  openedFor: number | null;
  /** A queue asked for before a reviewer was chosen; opened once one is. */
  pendingQueue: QueueSpec | null;
  opening: boolean;
  openError: ApiErrorBody | null;
  progress: { done: number; total: number } | null;
  position: { index: number; total: number } | null;
  /** The queue has no (further) case to show. */
  exhausted: 'empty' | 'finished' | null;

  caseId: string | null;
  item: LabelingItem | null;
  loading: boolean;
  loadError: ApiErrorBody | null;
  stepIndex: number;
  /** Save state per case+step (see saveKey). */
  saves: Record<string, StepSave>;
  reasonPrompt: ReasonPrompt | null;
  /** Confirming claims some of which have no evidence: asked once, Enter confirms, Esc goes back. */
  evidencePrompt: { caseId: string; missing: number } | null;
  numericDraft: string;

  historyOpen: boolean;
  history: LabelEvent[] | null;
  historyLoading: boolean;
  helpOpen: boolean;
  toast: Toast | null;

  loadDimensions(): Promise<void>;
  /** Remembered queue of this test set (for "continue where you left off"). */
  rememberedQueue(): QueueSpec | null;
  openQueue(queue: QueueSpec): Promise<void>;
  /** Opens a queue now, or as soon as a reviewer is chosen. */
  startQueue(queue: QueueSpec): void;
  closeQueue(): void;
  reset(): void;
  retryLoad(): void;

  nextCase(direction?: 'next' | 'nextUnfinished'): Promise<void>;
  previousCase(): Promise<void>;
  setStep(index: number): void;
  moveStep(delta: number): void;
  /** Sweep mode started: the case on screen shows the swept dimension's step. */
  showSweepStep(): void;

  choose(value: LabelValue): void;
  confirm(): void;
  submitReason(reason: string): void;
  cancelReason(): void;
  retrySave(stepIndex: number): void;
  numericKey(key: string): void;

  /** On the claims step the last claims edit, otherwise my last label. */
  undo(): Promise<void>;
  /** What the last undo took back. */
  /** Waits for an undo still on its way first: U then Shift+U at once redoes what the U took back. */
  redo(): Promise<void>;
  toggleHistory(): void;
  /** Reads the history again if its panel is open (a label event was appended elsewhere, e.g. a reference-answer edit). */
  refreshHistory(): void;
  toggleHelp(open?: boolean): void;
  dismissToast(): void;
  closeOverlays(): boolean;
}

/* ---------- helpers ---------- */

export const saveKey = (caseId: string, step: Pick<LabelStep, 'dimension' | 'responseId'>) => `${caseId}\u0001${stepKey(step.dimension, step.responseId)}`;

export function dimensionOf(dimensions: readonly Dimension[], name: string): Dimension | undefined {
  return dimensions.find((d) => d.name === name);
}

export function kindOf(dimension: Dimension | undefined): StepKind {
  if (!dimension) return 'none';
  if (dimension.name === CLAIMS_STATED) return 'stated';
  if (dimension.type === 'structured') return 'claims';
  if (dimension.type === 'multi-select') return 'multi';
  if (dimension.type === 'numeric') return 'numeric';
  return 'options';
}

/** The step of `dimension` in a case (its first, for a dimension asked per response), or -1. */
export function sweepStepIndex(item: LabelingItem, dimension: string): number {
  return item.steps.findIndex((step) => step.dimension === dimension);
}

export function currentStepKind(state: Pick<LabelingState, 'item' | 'stepIndex' | 'dimensions'>): StepKind {
  const steps = state.item?.steps;
  if (!steps) return 'none';
  if (state.stepIndex >= steps.length) return 'summary';
  return kindOf(dimensionOf(state.dimensions, steps[state.stepIndex].dimension));
}

/** The value a step shows as chosen: a save in flight or failed wins over the stored label. */
export function shownValue(state: Pick<LabelingState, 'saves'>, caseId: string, step: LabelStep): LabelValue | undefined {
  const save = state.saves[saveKey(caseId, step)];
  if (save && save.status !== 'saved') return save.value;
  return step.current ? step.current.value : undefined;
}

/** The position one case further, never past the queue's end nor before its start. */
export function estimatePosition(
  position: { index: number; total: number } | null, direction: 'next' | 'previous' | null,
): { index: number; total: number } | null {
  if (!position || !direction) return position;
  const index = position.index + (direction === 'next' ? 1 : -1);
  return { index: Math.max(0, Math.min(index, position.total - 1)), total: position.total };
}

const queueStorageKey = (testSetId: string) => `touchstone.labelQueue.${testSetId}`;

function reviewerContext(): { reviewerId: number; testSetId: string } | null {
  const { current, testSetId } = useReviewerStore.getState();
  return current && testSetId ? { reviewerId: current.id, testSetId } : null;
}

const isClaims = (value: unknown): value is Claim[] => Array.isArray(value);

const sameStep = (a: { dimension: string; responseId: string | null }, b: { dimension: string; responseId: string | null }) =>
  a.dimension === b.dimension && a.responseId === b.responseId;

/** What a case's claims step holds: its label, else its suggestion, else the imported claims. */
function savedClaims(item: LabelingItem, dimensions: readonly Dimension[]): Claim[] {
  const step = item.steps.find((s) => kindOf(dimensionOf(dimensions, s.dimension)) === 'claims');
  if (step?.current && isClaims(step.current.value)) return step.current.value;
  if (step?.suggestion && isClaims(step.suggestion)) return step.suggestion;
  return item.detail.case.claims;
}

/** The save state of every label of this reviewer still in the outbox (its newest per step). */
function pendingSaves(reviewerId: number, saves: Record<string, StepSave> = {}): Record<string, StepSave> {
  const { entries, fault } = useLabelOutbox.getState();
  const status: SaveStatus = fault ? 'waiting' : 'saving';
  let next = saves;
  for (const entry of entries) {
    if (entry.reviewerId !== reviewerId) continue;
    const key = saveKey(entry.caseId, entry);
    const newest = latestFor(entries, entry);
    if (newest?.uid !== entry.uid || (next[key]?.uid === entry.uid && next[key].status === status)) continue;
    next = { ...next, [key]: { value: entry.value, reason: entry.reason, status, error: null, at: null, uid: entry.uid } };
  }
  return next;
}

/**
 * A case on screen this long is read fresh from the API (resume point, position, progress) and its other
 * neighbours are looked up; cases passed by a quick J J J are not, so their reads never compete with the next key.
 */
const SETTLE_MS = 150;

/** Runs work once the next frame is painted: reads started in a key's task would delay the frame that key shows. */
function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * A person moved to this case (a queue's start, J/K, a jump): a holdout case's opening is recorded with
 * them. Only here: the read-ahead, the fresh read of a case on screen and the read after a save are no
 * openings. A note that cannot be sent is not retried: the server keeps the case readable under a
 * storage fault, and labeling goes on.
 */
function noteOpening(item: LabelingItem, reviewerId: number): void {
  if (item.detail.case.split !== 'holdout') return;
  invoke('holdout.noteOpening', { caseId: item.detail.case.id, reviewerId, via: 'label' }).catch(() => {});
}

/** The fresh item says the same as the one on screen (its queue position aside): no re-render. */
function sameItem(shown: LabelingItem | null, fresh: LabelingItem): boolean {
  return shown !== null && JSON.stringify({ ...shown, position: null }) === JSON.stringify({ ...fresh, position: null });
}

const drafts = () => useClaimsDraftStore.getState();

/** Where one J or K goes: the case, and the direction of travel the read-ahead follows. */
interface Landing {
  caseId: string;
  travel: Travel;
}

/* ---------- the store: the steps of the case on screen and their saves ---------- */

export const useLabelingStore = create<LabelingState>()((set, get) => {
  /** The open queue's navigator (null: no queue open). */
  let navigator: CaseNavigator | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped whenever another case is asked for: answers for an older ticket are dropped. */
  let caseTicket = 0;
  let toastId = 0;
  /** Labels taken back by undo, newest last; a new label clears them. */
  let undone: Undone[] = [];
  /** The undo on its way (its label not yet waiting for redo). */
  let undoing: Promise<void> | null = null;
  /** Bumped when a write or an undo changes the item on screen: a read started before it is out of date. */
  let itemChanges = 0;
  /** Settles once every J and K asked for so far has picked its case (see moveCase). */
  let picking: Promise<void> = Promise.resolve();

  function openNavigator(reviewerId: number, queue: QueueSpec): CaseNavigator {
    navigator?.close();
    // a move still waiting on the last queue's answer holds up none in this one
    picking = Promise.resolve();
    navigator = new CaseNavigator({
      item: (caseId) => invoke('labeling.item', { reviewerId, caseId, queue: null, step: 0 }),
      neighbour: async (caseId, direction) => (await invoke('queue.navigate', { reviewerId, queue, fromCaseId: caseId, direction })).caseId,
    });
    return navigator;
  }

  function closeNavigator(): void {
    navigator?.close();
    navigator = null;
    picking = Promise.resolve();
    clearTimeout(settleTimer);
  }

  /**
   * Shows a case: at once from the read-ahead cache (or from its read still in flight), otherwise read with the
   * queue. A case shown from the cache is read fresh once it has settled on screen (see SETTLE_MS).
   */
  async function showCase(caseId: string, startStep: number | null, direction: 'next' | 'previous' | null = null): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    const nav = navigator;
    if (!ctx || !queue || !nav) return;
    keepDirtyDraft();
    const mine = ++caseTicket;
    clearTimeout(settleTimer);
    if (direction) nav.travel = direction;
    const cached = nav.cached(caseId);
    set({
      caseId,
      item: cached ?? null,
      loading: !cached,
      loadError: null,
      reasonPrompt: null,
      evidencePrompt: null,
      numericDraft: '',
      exhausted: null,
      position: estimatePosition(get().position, direction),
      history: null,
      ...(cached ? stepState(cached, startStep) : { stepIndex: startStep ?? 0 }),
    });
    drafts().open(caseId, cached ? savedClaims(cached, get().dimensions) : null);
    if (cached) {
      noteOpening(cached, ctx.reviewerId);
      settle(caseId, mine);
      return;
    }
    const prefetched = nav.isReading(caseId) ? await nav.loadItem(caseId) : null;
    if (mine !== caseTicket) return;
    if (prefetched) {
      noteOpening(prefetched, ctx.reviewerId);
      set({ item: prefetched, loading: false, ...stepState(prefetched, startStep) });
      drafts().syncSaved(savedClaims(prefetched, get().dimensions));
      settle(caseId, mine);
      return;
    }
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: startStep ?? 0 });
      if (mine !== caseTicket) return;
      noteOpening(item, ctx.reviewerId);
      nav.remember(caseId, item);
      set({ item, loading: false, ...stepState(item, startStep) });
      drafts().syncSaved(savedClaims(item, get().dimensions));
      applyPosition(item);
      refreshHistory();
      afterPaint(() => void nav.readAround(caseId, () => mine === caseTicket));
    } catch (error) {
      if (mine !== caseTicket) return;
      set({ loading: false, loadError: toErrorBody(error) });
    }
  }

  /**
   * One move between cases (J, K, Enter on the summary, the answer that completes a case): `pick` says where to
   * once every move asked for before it has picked its case, so a key pressed while the one before still waits for
   * a neighbour moves on from the case that one lands on — five quick J are five cases, however slowly the
   * neighbours come. Only the picking waits its turn: the next key never waits for a case to be shown. `from`: the
   * case the move was asked from, when it only makes sense from there.
   */
  function moveCase(pick: () => Promise<Landing | null>, from: string | null = null): Promise<void> {
    let shown: Promise<void> = Promise.resolve();
    // a key pressed in one queue moves nothing in the next; a move asked from a case (an answer that
    // completes it) moves on only if that case is still on screen, so a second quick answer does not skip one
    const nav = navigator;
    const stillAsked = () => navigator === nav && (from === null || get().caseId === from);
    const picked = picking.then(() => (stillAsked() ? pick() : null)).then((to) => {
      if (to) shown = showCase(to.caseId, null, to.travel);
    });
    // a move that failed does not hold up the keys after it
    picking = picked.catch(() => {});
    return picked.then(() => shown);
  }

  /** The queue's neighbour of the case on screen; undefined when it cannot be read, or another case or queue came on screen meanwhile. */
  async function neighbourOf(nav: CaseNavigator, caseId: string, direction: Direction): Promise<string | null | undefined> {
    try {
      const target = await nav.loadNeighbour(caseId, direction);
      return get().caseId === caseId && navigator === nav ? target : undefined;
    } catch (error) {
      set({ loadError: toErrorBody(error) });
      return undefined;
    }
  }

  /** Where J (or Enter on the summary) goes from the case on screen; null: nowhere (the queue's end, a failed read). */
  async function pickNext(direction: 'next' | 'nextUnfinished'): Promise<Landing | null> {
    const { queue, caseId, exhausted } = get();
    const nav = navigator;
    if (!reviewerContext() || !queue || !caseId || exhausted || !nav) return null;
    const retraced = direction === 'next' ? nav.forwardOnTrail(caseId) : undefined;
    if (retraced !== undefined) return { caseId: retraced, travel: 'next' };
    const target = await neighbourOf(nav, caseId, direction);
    if (target === undefined) return null;
    if (target === null) {
      if (direction === 'nextUnfinished') {
        keepDirtyDraft();
        set({ exhausted: 'finished' });
      }
      return null;
    }
    nav.leftForward(caseId);
    return { caseId: target, travel: 'next' };
  }

  /** Where K goes from the case on screen (past the queue's end: back onto its last case, which stays shown). */
  async function pickPrevious(): Promise<Landing | null> {
    const { queue, caseId, exhausted } = get();
    const nav = navigator;
    if (!reviewerContext() || !queue || !caseId || !nav) return null;
    if (exhausted) {
      set({ exhausted: null });
      return null;
    }
    const retraced = nav.backOnTrail(caseId);
    if (retraced !== undefined) return { caseId: retraced, travel: 'previous' };
    const target = await neighbourOf(nav, caseId, 'previous');
    if (!target) return null;
    nav.leftBack(caseId);
    return { caseId: target, travel: 'previous' };
  }

  /** The case shown from the cache: its neighbours ahead once this frame is painted, then (still on it after SETTLE_MS) its fresh item. */
  function settle(caseId: string, mine: number): void {
    const nav = navigator;
    afterPaint(() => void nav?.readAhead(caseId));
    settleTimer = setTimeout(() => void readSettled(caseId, mine), SETTLE_MS);
  }

  /** Writes the resume point and brings the fresh verdicts, suggestions and position; re-renders only what changed. */
  async function readSettled(caseId: string, mine: number): Promise<void> {
    const ctx = reviewerContext();
    const { queue, saves } = get();
    const nav = navigator;
    if (!ctx || !queue || !nav || mine !== caseTicket) return;
    const version = itemChanges;
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: get().stepIndex });
      if (mine !== caseTicket || version !== itemChanges) return;
      // a save meanwhile brings its own fresh item; this one may predate it
      if (get().saves === saves) {
        nav.remember(caseId, item);
        if (!sameItem(get().item, item)) {
          set({ item });
          drafts().syncSaved(savedClaims(item, get().dimensions));
        }
      }
      applyPosition(item);
      refreshHistory();
      void nav.readAround(caseId, () => mine === caseTicket);
    } catch {
      // the cached item stays on screen; the next save or navigation reads it again
    }
  }

  function stepState(item: LabelingItem, startStep: number | null): { stepIndex: number } {
    const steps = item.steps;
    const sweeping = useSweep.getState().dimension;
    const swept = sweeping ? sweepStepIndex(item, sweeping) : -1;
    if (swept >= 0) return { stepIndex: swept };
    const stepIndex = startStep === null ? firstOpenStep(steps) : Math.max(0, Math.min(startStep, steps.length));
    return { stepIndex };
  }

  function applyPosition(item: LabelingItem): void {
    if (!item.position) return;
    const { position, progress } = get();
    const { index, total, done } = item.position;
    if (position?.index === index && position.total === total && progress?.done === done && progress.total === total) return;
    set({ position: { index, total }, progress: { done, total } });
  }

  /**
   * Fresh item for the case on screen (after a save or an undo, on it or on another case): new verdicts,
   * suggestions, progress, resume point.
   */
  async function refresh(): Promise<void> {
    const ctx = reviewerContext();
    const { queue, caseId } = get();
    const nav = navigator;
    if (!ctx || !queue || !caseId || !nav) return;
    const mine = caseTicket;
    const version = itemChanges;
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: get().stepIndex });
      if (mine !== caseTicket || version !== itemChanges || get().caseId !== caseId) return;
      nav.remember(caseId, item);
      if (!sameItem(get().item, item)) set({ item });
      drafts().syncSaved(savedClaims(item, get().dimensions));
      applyPosition(item);
      void nav.readAround(caseId, () => mine === caseTicket);
    } catch {
      // the item on screen stays; the next save or navigation refreshes it
    }
  }

  /** Reads the shown case's history again when its panel is open (after anything that appends a label event). */
  function refreshHistory(): void {
    if (get().historyOpen) void loadHistory();
  }

  async function loadHistory(): Promise<void> {
    const { caseId } = get();
    if (!caseId) return;
    set({ historyLoading: true });
    try {
      const history = await invoke('labels.history', { caseId });
      if (get().caseId === caseId) set({ history, historyLoading: false });
    } catch {
      if (get().caseId === caseId) set({ historyLoading: false });
    }
  }

  function showToast(toast: ToastInput): void {
    set({ toast: { ...toast, id: ++toastId } as Toast });
  }

  /** Leaving a case with unsaved claim edits: they stay in local storage, never silently written as labels. */
  function keepDirtyDraft(): void {
    const { caseId } = get();
    if (caseId && drafts().keep()) showToast({ kind: 'kept-draft', caseId });
  }

  /** Hands the label to the outbox, which writes labels in order and keeps them through write faults; "saved" only once the API confirmed it. */
  function save(caseId: string, stepIndex: number, value: LabelValue, reason: string | null): void {
    const ctx = reviewerContext();
    const item = get().item;
    if (!ctx || !item || item.detail.case.id !== caseId) return;
    const step = item.steps[stepIndex];
    if (!step) return;
    undone = [];
    submit({ reviewerId: ctx.reviewerId, caseId, responseId: step.responseId, dimension: step.dimension, value, reason }, resumeAfter(stepIndex));
  }

  /** The step after this one, in the open queue: a re-check queue's case ids would ride along with every label, so it resumes from the next read instead. */
  function resumeAfter(stepIndex: number): NewLabel['resume'] {
    const { queue } = get();
    return queue && queue.source !== 'cases' ? { queue, step: stepIndex + 1 } : null;
  }

  /** A label of the claims step (a failure-tags set is an array too, and no claims). */
  function isClaimsLabel(label: { dimension: string; value: unknown }): boolean {
    return kindOf(dimensionOf(get().dimensions, label.dimension)) === 'claims' && isClaims(label.value);
  }

  function submit(label: Undone, resume: NewLabel['resume'] = null): void {
    const uid = newUid();
    const outbox = useLabelOutbox.getState();
    const status: SaveStatus = outbox.fault ? 'waiting' : 'saving';
    if (label.reviewerId === reviewerContext()?.reviewerId) {
      set((s) => ({ saves: { ...s.saves, [saveKey(label.caseId, label)]: { value: label.value, reason: label.reason, status, error: null, at: null, uid } } }));
    }
    outbox.submit({ uid, ...label, reason: label.reason || null, givenAt: new Date().toISOString(), resume });
  }

  function labelWritten(entry: PendingLabel, result: { eventId: number; at: string }): void {
    const key = saveKey(entry.caseId, entry);
    const mine = get().saves[key]?.uid === entry.uid;
    itemChanges += 1;
    set((s) => {
      const saves = mine ? { ...s.saves, [key]: { ...s.saves[key], status: 'saved' as const, error: null, at: result.at } } : s.saves;
      // the stored label is now this value, even before the refreshed item arrives
      const current = s.item && s.item.detail.case.id === entry.caseId && reviewerContext()?.reviewerId === entry.reviewerId
        ? {
            ...s.item,
            steps: s.item.steps.map((candidate) => {
              // a value saved here answers the step as it stands (the step saves every listed claim)
              if (sameStep(candidate, entry)) return { ...withoutCovers(candidate), current: { eventId: result.eventId, value: entry.value, at: result.at, reason: entry.reason } };
              // a claims edit asks the steps that judge the claims again (as the refreshed item will say)
              if (entry.dimension === 'claims' && entry.responseId === null && CONTENT_DEPENDENT_DIMENSIONS.has(candidate.dimension)) return { ...candidate, askAgainAfter: result.eventId, askAgainBecause: 'own-edit' as const };
              return candidate;
            }),
          }
        : s.item;
      return { saves, item: current };
    });
    if (mine && isClaimsLabel(entry) && get().caseId === entry.caseId) drafts().written(entry.value as Claim[]);
    navigator?.forgetCase(entry.caseId);
    navigator?.forgetUnfinished(entry.caseId);
    // a label on a case already left still moves the progress shown on this one
    void refresh().then(() => {
      if (get().caseId === entry.caseId) refreshHistory();
    });
  }

  function labelRefused(entry: PendingLabel, error: ApiErrorBody): void {
    const key = saveKey(entry.caseId, entry);
    if (get().saves[key]?.uid !== entry.uid) return;
    set((s) => ({ saves: { ...s.saves, [key]: { ...s.saves[key], status: 'error', error, at: null } } }));
    // still on the step right after the refused one: go back to it, its choice shown as not saved (Enter retries)
    const s = get();
    const stepIndex = s.caseId === entry.caseId && s.item ? s.item.steps.findIndex((candidate) => sameStep(candidate, entry)) : -1;
    if (stepIndex >= 0 && s.stepIndex === stepAfter(s.item?.steps ?? [], stepIndex) && !s.reasonPrompt && !s.numericDraft) {
      set({ stepIndex });
    }
  }

  /**
   * After a label was taken back: the step it was on is shown (when its case is on screen), a claims label's
   * claims come back as the unsaved draft, and the label waits for redo.
   */
  function tookBack(label: Undone, restored: LabelValue): void {
    undone.push(label);
    showToast({ kind: 'undo', caseId: label.caseId, dimension: label.dimension, responseId: label.responseId, value: restored });
    const { caseId, item } = get();
    if (caseId !== label.caseId || !item) return;
    const index = item.steps.findIndex((candidate) => sameStep(candidate, label));
    if (index < 0) return;
    set({ stepIndex: index, numericDraft: '', reasonPrompt: null });
    if (!isClaimsLabel(label)) return;
    // what the step holds now: the restored claims, else (nothing left) its suggestion or the imported claims
    const held = isClaims(restored) ? restored
      : savedClaims({ ...item, steps: item.steps.map((candidate) => (sameStep(candidate, label) ? { ...candidate, current: null } : candidate)) }, get().dimensions);
    drafts().restore(label.value as Claim[], held);
  }

  /** Undo of a label still in the outbox: it is taken out, never written, and no undo event is needed. */
  function undoPending(entry: PendingLabel): void {
    const key = saveKey(entry.caseId, entry);
    const still = latestFor(useLabelOutbox.getState().entries, entry);
    const { item } = get();
    const step = item && item.detail.case.id === entry.caseId ? item.steps.find((candidate) => sameStep(candidate, entry)) : undefined;
    set((s) => {
      const saves = { ...s.saves };
      if (!still) delete saves[key];
      return { saves };
    });
    tookBack(entry, still ? still.value : step?.current?.value ?? null);
  }

  async function undoWritten(reviewerId: number): Promise<void> {
    try {
      const result = await invoke('labels.undo', { reviewerId });
      if (!result.undone || !result.caseId || !result.dimension) {
        showToast({ kind: 'nothing-to-undo' });
        return;
      }
      const label: Undone = {
        reviewerId, caseId: result.caseId, responseId: result.responseId, dimension: result.dimension,
        value: result.undoneValue ?? null, reason: result.undoneReason ?? null,
      };
      navigator?.forgetCase(label.caseId);
      navigator?.forgetNeighbours();
      // the step holds the restored value at once: Enter right after the undo writes again instead of seeing the undone label
      itemChanges += 1;
      const restored = result.restoredValue === null ? null : { eventId: result.eventId ?? 0, value: result.restoredValue, at: new Date().toISOString(), reason: null };
      set((s) => {
        const saves = { ...s.saves };
        delete saves[saveKey(label.caseId, label)];
        const item = s.item && s.item.detail.case.id === label.caseId
          ? { ...s.item, steps: s.item.steps.map((candidate) => (sameStep(candidate, label) ? { ...withoutCovers(candidate), current: restored } : candidate)) }
          : s.item;
        return { saves, item };
      });
      tookBack(label, result.restoredValue);
      await refresh();
      refreshHistory();
    } catch (error) {
      showToast({ kind: 'undo-failed', message: toErrorBody(error).message });
    }
  }

  onLabelSettled((settled) => {
    if (settled.kind === 'written') labelWritten(settled.entry, settled.result);
    else labelRefused(settled.entry, settled.error);
  });
  useLabelOutbox.subscribe(() => {
    const ctx = reviewerContext();
    if (!ctx) return;
    const saves = get().saves;
    const next = pendingSaves(ctx.reviewerId, saves);
    if (next !== saves) set({ saves: next });
  });

  /** Records a choice for the current step and moves on (asking for a reason first when it changes a saved label). */
  function decide(value: LabelValue): void {
    const { item, stepIndex, caseId, saves } = get();
    if (!item || !caseId || stepIndex >= item.steps.length) return;
    const step = item.steps[stepIndex];
    const pending = saves[saveKey(caseId, step)];
    const stored = step.current ? step.current.value : null;
    const same = hasLabel(step) && JSON.stringify(stored) === JSON.stringify(value);
    if (same && (!pending || pending.status === 'saved')) {
      advance();
      return;
    }
    if (pending && (pending.status === 'saving' || pending.status === 'waiting') && JSON.stringify(pending.value) === JSON.stringify(value)) {
      advance();
      return;
    }
    if (hasLabel(step) && !same) {
      set({ reasonPrompt: { caseId, stepIndex, value, from: stored } });
      return;
    }
    save(caseId, stepIndex, value, null);
    advance();
  }

  function advance(): void {
    const { item, stepIndex } = get();
    if (!item) return;
    const sweeping = useSweep.getState().dimension;
    if (sweeping && item.steps[stepIndex]?.dimension === sweeping) {
      // sweep mode: the same dimension for the case's next response, else the next case, opened on it
      useSweep.getState().countAnswer();
      const again = item.steps.findIndex((step, index) => index > stepIndex && step.dimension === sweeping);
      if (again >= 0) get().setStep(again);
      else void moveCase(() => pickNext('next'), get().caseId);
      return;
    }
    get().setStep(stepAfter(item.steps, stepIndex));
  }

  const INITIAL = {
    dimensions: DEFAULT_DIMENSIONS,
    queue: null,
    openedFor: null,
    pendingQueue: null,
    opening: false,
    openError: null,
    progress: null,
    position: null,
    exhausted: null,
    caseId: null,
    item: null,
    loading: false,
    loadError: null,
    stepIndex: 0,
    saves: {},
    reasonPrompt: null,
    evidencePrompt: null,
    numericDraft: '',
    historyOpen: false,
    history: null,
    historyLoading: false,
    helpOpen: false,
    toast: null,
  } satisfies Partial<LabelingState>;

  return {
    ...INITIAL,

    async loadDimensions() {
      try {
        const dimensions = await invoke('dimensions.list', {});
        if (dimensions.length > 0) set({ dimensions });
      } catch {
        set({ dimensions: DEFAULT_DIMENSIONS });
      }
    },

    rememberedQueue() {
      const ctx = reviewerContext();
      const testSetId = ctx?.testSetId ?? useReviewerStore.getState().testSetId;
      return testSetId ? readJson<QueueSpec>(queueStorageKey(testSetId)) : null;
    },

    async openQueue(queue) {
      const ctx = reviewerContext();
      if (!ctx) return;
      keepDirtyDraft();
      const nav = openNavigator(ctx.reviewerId, queue);
      caseTicket++;
      undone = [];
      writeJson(queueStorageKey(ctx.testSetId), queue);
      set({
        queue, openedFor: ctx.reviewerId, pendingQueue: null, opening: true, openError: null, exhausted: null, caseId: null, item: null, progress: null, position: null,
        saves: pendingSaves(ctx.reviewerId), reasonPrompt: null, history: null,
      });
      drafts().reset();
      try {
        void get().loadDimensions();
        const opened = await invoke('queue.open', { reviewerId: ctx.reviewerId, queue });
        if (get().queue !== queue) return;
        set({ progress: { done: opened.done, total: opened.total } });
        let caseId = opened.resumeCaseId;
        // step 0 is also what the API says when nothing was saved: then start at the first open step
        let step: number | null = opened.resumeCaseId && opened.resumeStep > 0 ? opened.resumeStep : null;
        if (!caseId) {
          caseId = (await invoke('queue.navigate', { reviewerId: ctx.reviewerId, queue, fromCaseId: null, direction: 'nextUnfinished' })).caseId;
          step = null;
        }
        if (!caseId && opened.total > 0) {
          caseId = (await invoke('queue.navigate', { reviewerId: ctx.reviewerId, queue, fromCaseId: null, direction: 'next' })).caseId;
        }
        if (get().queue !== queue) return;
        set({ opening: false, position: { index: 0, total: opened.total } });
        if (!caseId) {
          set({ exhausted: 'empty' });
          return;
        }
        await showCase(caseId, step);
      } catch (error) {
        if (get().queue === queue) set({ opening: false, openError: toErrorBody(error) });
      }
    },

    startQueue(queue) {
      const testSetId = useReviewerStore.getState().testSetId;
      if (testSetId) writeJson(queueStorageKey(testSetId), queue);
      if (reviewerContext()) {
        void get().openQueue(queue);
        return;
      }
      set({ pendingQueue: queue });
      useReviewerStore.getState().openDialog();
    },

    closeQueue() {
      keepDirtyDraft();
      useSweep.getState().leave();
      caseTicket++;
      closeNavigator();
      drafts().reset();
      set({ queue: null, openedFor: null, caseId: null, item: null, exhausted: null, openError: null, opening: false, reasonPrompt: null });
    },

    reset() {
      caseTicket++;
      closeNavigator();
      useSweep.getState().leave();
      undone = [];
      drafts().reset();
      set(INITIAL);
    },

    retryLoad() {
      const { caseId, queue } = get();
      if (caseId) void showCase(caseId, get().stepIndex);
      else if (queue) void get().openQueue(queue);
    },

    nextCase(direction = 'next') {
      return moveCase(() => pickNext(direction));
    },

    previousCase() {
      return moveCase(pickPrevious);
    },

    setStep(index) {
      const { item } = get();
      if (!item) return;
      const stepIndex = Math.max(0, Math.min(index, item.steps.length));
      set({ stepIndex, numericDraft: '', reasonPrompt: null, evidencePrompt: null });
      drafts().offerSelection(null);
    },

    showSweepStep() {
      const { item } = get();
      const sweeping = useSweep.getState().dimension;
      const index = item && sweeping ? sweepStepIndex(item, sweeping) : -1;
      if (index >= 0) get().setStep(index);
    },

    moveStep(delta) {
      get().setStep(get().stepIndex + delta);
    },

    choose(value) {
      decide(value);
    },

    confirm() {
      const state = get();
      const { item, stepIndex, caseId } = state;
      if (!item || !caseId) return;
      const kind = currentStepKind(state);
      if (kind === 'summary') {
        void moveCase(() => pickNext('nextUnfinished'), caseId);
        return;
      }
      const step = item.steps[stepIndex];
      if (!step) return;
      if (kind === 'claims') {
        const { claimsDraft, claimsDirty } = drafts();
        if (!claimsDirty && hasLabel(step)) {
          advance();
          return;
        }
        const missing = (claimsDraft ?? []).filter((claim) => claim.evidence.length === 0).length;
        if (missing > 0 && state.evidencePrompt?.caseId !== caseId) {
          set({ evidencePrompt: { caseId, missing } });
          return;
        }
        set({ evidencePrompt: null });
        decide(claimsDraft ?? []);
        return;
      }
      if (kind === 'numeric') {
        const dimension = dimensionOf(state.dimensions, step.dimension);
        const typed = parseNumericDraft(state.numericDraft, dimension?.min ?? 0, dimension?.max ?? 1);
        if (typed !== null) {
          decide(typed);
          return;
        }
        if (state.numericDraft !== '') return;
      }
      const pending = state.saves[saveKey(caseId, step)];
      if (pending?.status === 'error') {
        get().retrySave(stepIndex);
        advance();
        return;
      }
      if (hasLabel(step)) {
        advance();
        return;
      }
      if (step.suggestion !== undefined && step.suggestion !== null) decide(step.suggestion);
    },

    submitReason(reason) {
      const prompt = get().reasonPrompt;
      if (!prompt) return;
      set({ reasonPrompt: null });
      if (get().caseId !== prompt.caseId) return;
      save(prompt.caseId, prompt.stepIndex, prompt.value, reason.trim() || null);
      if (get().stepIndex === prompt.stepIndex) advance();
    },

    cancelReason() {
      set({ reasonPrompt: null });
    },

    retrySave(stepIndex) {
      const { item, caseId, saves } = get();
      if (!item || !caseId) return;
      const step = item.steps[stepIndex];
      const failed = step ? saves[saveKey(caseId, step)] : undefined;
      if (failed && failed.status === 'error') save(caseId, stepIndex, failed.value, failed.reason);
    },

    numericKey(key) {
      set({ numericDraft: applyNumericKey(get().numericDraft, key) });
    },

    async undo() {
      const ctx = reviewerContext();
      if (!ctx) return;
      if (currentStepKind(get()) === 'claims' && drafts().undo()) return;
      const done = (async () => {
        const withdrawal = await useLabelOutbox.getState().withdrawLast(ctx.reviewerId);
        if (withdrawal.kind === 'withdrawn') {
          undoPending(withdrawal.entry);
          return;
        }
        if (withdrawal.kind === 'writing') {
          // it may be in the file already: an undo sent now could undo the label before it instead
          showToast({ kind: 'undo-waits' });
          return;
        }
        await undoWritten(ctx.reviewerId);
      })();
      undoing = done;
      try {
        await done;
      } finally {
        if (undoing === done) undoing = null;
      }
    },

    async redo() {
      await undoing;
      const ctx = reviewerContext();
      if (!ctx) return;
      if (currentStepKind(get()) === 'claims' && drafts().redo()) return;
      const label = undone.pop();
      if (!label || label.reviewerId !== ctx.reviewerId) {
        undone = [];
        showToast({ kind: 'nothing-to-redo' });
        return;
      }
      const { caseId, item } = get();
      const index = caseId === label.caseId && item ? item.steps.findIndex((candidate) => sameStep(candidate, label)) : -1;
      submit(label);
      showToast({ kind: 'redo', caseId: label.caseId, dimension: label.dimension, responseId: label.responseId, value: label.value });
      if (index >= 0) {
        if (isClaimsLabel(label)) drafts().restore(label.value as Claim[], drafts().saved ?? []);
        set({ stepIndex: stepAfter(item?.steps ?? [], index), numericDraft: '', reasonPrompt: null });
      }
    },

    refreshHistory,

    toggleHistory() {
      const open = !get().historyOpen;
      set({ historyOpen: open });
      if (open) void loadHistory();
    },

    toggleHelp(open) {
      set({ helpOpen: open ?? !get().helpOpen });
    },

    dismissToast() {
      set({ toast: null });
    },

    closeOverlays() {
      const s = get();
      if (s.helpOpen) {
        set({ helpOpen: false });
        return true;
      }
      if (s.reasonPrompt) {
        set({ reasonPrompt: null });
        return true;
      }
      if (s.evidencePrompt) {
        set({ evidencePrompt: null });
        return true;
      }
      if (drafts().selectionOffer) {
        drafts().offerSelection(null);
        return true;
      }
      if (s.numericDraft) {
        set({ numericDraft: '' });
        return true;
      }
      if (s.historyOpen) {
        set({ historyOpen: false });
        return true;
      }
      if (s.toast) {
        set({ toast: null });
        return true;
      }
      return false;
    },
  };
});

onSessionReset('reviewer', ({ reviewerId }) => {
  // a queue asked for before anyone was chosen is opened for the reviewer now chosen
  const { pendingQueue } = useLabelingStore.getState();
  useLabelingStore.getState().reset();
  if (reviewerId !== null && pendingQueue) useLabelingStore.setState({ pendingQueue });
});

/** A step without the server's word that its label did not answer it (said of the label it had then). */
function withoutCovers<S extends { covers?: false }>(step: S): S {
  const { covers: _covers, ...rest } = step;
  return rest as S;
}
