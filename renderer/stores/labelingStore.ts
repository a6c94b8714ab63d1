import { create } from 'zustand';
import type { ApiErrorBody } from '../../shared/api/contract';
import type { LabelEvent, LabelingItem, QueueSpec } from '../../shared/api/labeling-ops';
import { DEFAULT_DIMENSIONS, type Dimension, type LabelValue } from '../../shared/domain/dimensions';
import type { Claim, Evidence } from '../../shared/domain/schemas';
import { applyNumericKey, parseNumericDraft } from '../../shared/labeling-ui/numeric';
import { firstOpenStep, stepAfter, stepId } from '../../shared/labeling-ui/sequence';
import { splitIntoClaims } from '../../shared/text/split-claims';
import { invoke } from '../api/transport';
import { toErrorBody } from './errors';
import { useReviewerStore } from './reviewerStore';

export type LabelStep = LabelingItem['steps'][number];
export type StepKind = 'options' | 'numeric' | 'claims' | 'summary' | 'none';
export type SaveStatus = 'saving' | 'saved' | 'error';

export interface StepSave {
  value: LabelValue;
  reason: string | null;
  status: SaveStatus;
  error: ApiErrorBody | null;
  at: string | null;
}

export interface ReasonPrompt {
  caseId: string;
  stepIndex: number;
  value: LabelValue;
  from: LabelValue;
}

export type Toast =
  | { id: number; kind: 'undo'; caseId: string; dimension: string; responseId: string | null; value: LabelValue }
  | { id: number; kind: 'nothing-to-undo' }
  | { id: number; kind: 'undo-failed'; message: string }
  | { id: number; kind: 'kept-draft'; caseId: string };

type ToastInput = Toast extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

export interface SelectionOffer {
  evidence: Evidence;
  /** Where to show the "attach" button (viewport coordinates). */
  x: number;
  y: number;
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
  numericDraft: string;

  claimsDraft: Claim[] | null;
  claimsDirty: boolean;
  activeClaim: number;
  selectionOffer: SelectionOffer | null;

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

  choose(value: LabelValue): void;
  confirm(): void;
  submitReason(reason: string): void;
  cancelReason(): void;
  retrySave(stepIndex: number): void;
  numericKey(key: string): void;

  undo(): Promise<void>;
  toggleHistory(): void;
  toggleHelp(open?: boolean): void;
  dismissToast(): void;
  closeOverlays(): boolean;

  setActiveClaim(index: number): void;
  addClaim(text: string): void;
  editClaim(index: number, text: string): void;
  deleteClaim(index: number): void;
  moveClaim(index: number, delta: number): void;
  splitReference(): void;
  offerSelection(offer: SelectionOffer | null): void;
  attachEvidence(evidence: Evidence): void;
  removeEvidence(claimIndex: number, evidenceIndex: number): void;
}

/* ---------- helpers ---------- */

export const saveKey = (caseId: string, step: Pick<LabelStep, 'dimension' | 'responseId'>) => `${caseId}\u0001${stepId(step)}`;

export function dimensionOf(dimensions: readonly Dimension[], name: string): Dimension | undefined {
  return dimensions.find((d) => d.name === name);
}

export function kindOf(dimension: Dimension | undefined): StepKind {
  if (!dimension) return 'none';
  if (dimension.type === 'structured') return 'claims';
  if (dimension.type === 'numeric') return 'numeric';
  return 'options';
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

const queueStorageKey = (testSetId: string) => `touchstone.labelQueue.${testSetId}`;
const draftStorageKey = (testSetId: string, reviewerId: number, caseId: string) => `touchstone.claimsDraft.${testSetId}.${reviewerId}.${caseId}`;

function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable
  }
}

function reviewerContext(): { reviewerId: number; testSetId: string } | null {
  const { current, testSetId } = useReviewerStore.getState();
  return current && testSetId ? { reviewerId: current.id, testSetId } : null;
}

function isClaims(value: unknown): value is Claim[] {
  return Array.isArray(value);
}

const cloneClaims = (claims: readonly Claim[]): Claim[] => claims.map((c) => ({ text: c.text, evidence: c.evidence.map((e) => ({ ...e })) }));

/* ---------- prefetch cache ---------- */

const MAX_CACHED = 24;
const itemCache = new Map<string, LabelingItem>();
const neighbours = new Map<string, { next?: string | null; previous?: string | null; nextUnfinished?: string | null }>();
let caseTicket = 0;
let toastId = 0;
/**
 * The cases shown in this session, as a browser's back / forward: K returns to
 * the case just left even when the queue no longer holds it (a finished case
 * leaves "lacking my labels"), J then comes forward again.
 */
let backStack: string[] = [];
let forwardStack: string[] = [];

function cacheItem(caseId: string, item: LabelingItem): void {
  itemCache.delete(caseId);
  itemCache.set(caseId, item);
  while (itemCache.size > MAX_CACHED) itemCache.delete(itemCache.keys().next().value as string);
}

function forgetCase(caseId: string | null): void {
  if (!caseId) return;
  itemCache.delete(caseId);
}

function forgetNavigation(): void {
  neighbours.clear();
}

function resetTrail(): void {
  backStack = [];
  forwardStack = [];
}

/** A save can finish a case: which case is the next unfinished one must be asked again. */
function forgetUnfinished(caseId: string): void {
  const known = neighbours.get(caseId);
  if (known) neighbours.set(caseId, { next: known.next, previous: known.previous });
}

/* ---------- the store ---------- */

export const useLabelingStore = create<LabelingState>()((set, get) => {
  /** Shows a case: instantly from the prefetch cache when it is there, then fresh from the API (which records the resume point). */
  async function showCase(caseId: string, startStep: number | null, direction: 'next' | 'previous' | null = null): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    if (!ctx || !queue) return;
    keepDirtyDraft();
    const mine = ++caseTicket;
    const cached = itemCache.get(caseId);
    const previousPosition = get().position;
    const estimated = previousPosition && direction
      ? { index: Math.max(0, previousPosition.index + (direction === 'next' ? 1 : -1)), total: previousPosition.total }
      : previousPosition;
    set({
      caseId,
      item: cached ?? null,
      loading: !cached,
      loadError: null,
      reasonPrompt: null,
      numericDraft: '',
      selectionOffer: null,
      exhausted: null,
      position: estimated,
      history: null,
      ...(cached ? stepState(cached, startStep) : { stepIndex: startStep ?? 0 }),
      ...claimsState(cached ?? null, caseId),
    });
    // a case shown from the cache starts fetching its neighbours at once, so a quick J J J keeps finding them cached
    if (cached) void prefetchAround(caseId, mine);
    try {
      const step = cached ? get().stepIndex : startStep ?? 0;
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step });
      if (mine !== caseTicket) return;
      cacheItem(caseId, item);
      if (cached) {
        set({ item });
      } else {
        set({ item, loading: false, ...stepState(item, startStep), ...claimsState(item, caseId) });
      }
      applyPosition(item);
      if (get().historyOpen) void loadHistory();
      void prefetchAround(caseId, mine);
    } catch (error) {
      if (mine !== caseTicket) return;
      if (!cached) set({ loading: false, loadError: toErrorBody(error) });
    }
  }

  function stepState(item: LabelingItem, startStep: number | null): { stepIndex: number } {
    const steps = item.steps;
    const open = firstOpenStep(steps);
    const stepIndex = startStep === null ? open : Math.max(0, Math.min(startStep, steps.length));
    return { stepIndex };
  }

  function claimsState(item: LabelingItem | null, caseId: string): Pick<LabelingState, 'claimsDraft' | 'claimsDirty' | 'activeClaim'> {
    const ctx = reviewerContext();
    const stored = ctx ? readJson<Claim[]>(draftStorageKey(ctx.testSetId, ctx.reviewerId, caseId)) : null;
    if (stored && isClaims(stored)) return { claimsDraft: stored, claimsDirty: true, activeClaim: 0 };
    if (!item) return { claimsDraft: null, claimsDirty: false, activeClaim: 0 };
    const step = item.steps.find((s) => kindOf(dimensionOf(get().dimensions, s.dimension)) === 'claims');
    const base = step?.current && isClaims(step.current.value) ? step.current.value
      : step?.suggestion && isClaims(step.suggestion) ? step.suggestion
      : item.detail.case.claims;
    return { claimsDraft: cloneClaims(base), claimsDirty: false, activeClaim: 0 };
  }

  function applyPosition(item: LabelingItem): void {
    if (!item.position) return;
    set({
      position: { index: item.position.index, total: item.position.total },
      progress: { done: item.position.done, total: item.position.total },
    });
  }

  /** Reads the neighbours of a case and their items, so J / K show them at once. */
  async function prefetchAround(caseId: string, mine: number): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    if (!ctx || !queue) return;
    const known = neighbours.get(caseId) ?? {};
    const directions = (['next', 'previous', 'nextUnfinished'] as const).filter((d) => known[d] === undefined);
    const found = await Promise.all(directions.map(async (direction) => {
      try {
        const { caseId: id } = await invoke('queue.navigate', { reviewerId: ctx.reviewerId, queue, fromCaseId: caseId, direction });
        return [direction, id] as const;
      } catch {
        return [direction, undefined] as const;
      }
    }));
    if (mine !== caseTicket) return;
    const entry = { ...known };
    for (const [direction, id] of found) if (id !== undefined) entry[direction] = id;
    neighbours.set(caseId, entry);
    const trail = [backStack[backStack.length - 1], forwardStack[forwardStack.length - 1]];
    const ids = [...new Set([...trail, entry.next, entry.nextUnfinished, entry.previous].filter((id): id is string => typeof id === 'string' && id !== caseId))];
    for (const id of ids) {
      if (itemCache.has(id)) continue;
      try {
        const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId: id, queue: null, step: 0 });
        if (reviewerContext()?.reviewerId === ctx.reviewerId) cacheItem(id, item);
      } catch {
        // a neighbour that fails to load is fetched again when it is opened
      }
    }
  }

  /** Fresh item for the current case (after a save or an undo): new verdicts, suggestions, progress, resume point. */
  async function refresh(): Promise<void> {
    const ctx = reviewerContext();
    const { queue, caseId } = get();
    if (!ctx || !queue || !caseId) return;
    const mine = caseTicket;
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: get().stepIndex });
      if (mine !== caseTicket || get().caseId !== caseId) return;
      cacheItem(caseId, item);
      set({ item });
      applyPosition(item);
      if (!get().claimsDirty) {
        const { claimsDraft, claimsDirty } = claimsState(item, caseId);
        set({ claimsDraft, claimsDirty, activeClaim: Math.max(0, Math.min(get().activeClaim, (claimsDraft?.length ?? 1) - 1)) });
      }
      void prefetchAround(caseId, mine);
    } catch {
      // the item on screen stays; the next save or navigation refreshes it
    }
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
    const { claimsDirty, claimsDraft, caseId } = get();
    const ctx = reviewerContext();
    if (claimsDirty && claimsDraft && caseId && ctx) {
      writeJson(draftStorageKey(ctx.testSetId, ctx.reviewerId, caseId), claimsDraft);
      showToast({ kind: 'kept-draft', caseId });
    }
  }

  function updateDraft(claims: Claim[], activeClaim?: number): void {
    const ctx = reviewerContext();
    const { caseId } = get();
    if (ctx && caseId) writeJson(draftStorageKey(ctx.testSetId, ctx.reviewerId, caseId), claims);
    set({ claimsDraft: claims, claimsDirty: true, ...(activeClaim !== undefined ? { activeClaim } : {}) });
  }

  function clearDraft(caseId: string): void {
    const ctx = reviewerContext();
    if (ctx) writeJson(draftStorageKey(ctx.testSetId, ctx.reviewerId, caseId), null);
  }

  /** Appends the label event; the step shows "saved" only once the API confirmed it. */
  async function save(caseId: string, stepIndex: number, value: LabelValue, reason: string | null): Promise<void> {
    const ctx = reviewerContext();
    const item = get().item;
    if (!ctx || !item || item.detail.case.id !== caseId) return;
    const step = item.steps[stepIndex];
    if (!step) return;
    const key = saveKey(caseId, step);
    set((s) => ({ saves: { ...s.saves, [key]: { value, reason, status: 'saving', error: null, at: null } } }));
    try {
      const result = await invoke('labels.record', {
        reviewerId: ctx.reviewerId, caseId, responseId: step.responseId, dimension: step.dimension, value, reason: reason || null,
      });
      set((s) => {
        const saves = { ...s.saves, [key]: { value, reason, status: 'saved' as const, error: null, at: result.at } };
        // the stored label is now this value, even before the refreshed item arrives
        const current = s.item && s.item.detail.case.id === caseId
          ? {
              ...s.item,
              steps: s.item.steps.map((candidate, index) =>
                index === stepIndex ? { ...candidate, current: { eventId: result.eventId, value, at: result.at, reason: reason || null } } : candidate),
            }
          : s.item;
        return { saves, item: current };
      });
      if (kindOf(dimensionOf(get().dimensions, step.dimension)) === 'claims' && get().caseId === caseId) {
        clearDraft(caseId);
        set({ claimsDirty: false });
      }
      forgetCase(caseId);
      forgetUnfinished(caseId);
      if (get().caseId === caseId) {
        await refresh();
        if (get().historyOpen) void loadHistory();
      }
    } catch (error) {
      set((s) => ({ saves: { ...s.saves, [key]: { value, reason, status: 'error', error: toErrorBody(error), at: null } } }));
      // still on the step right after the failed one: go back to it, its choice shown as not saved (Enter retries)
      const s = get();
      if (s.caseId === caseId && s.stepIndex === stepAfter(s.item?.steps ?? [], stepIndex) && !s.reasonPrompt && !s.numericDraft) {
        set({ stepIndex });
      }
    }
  }

  /** Records a choice for the current step and moves on (asking for a reason first when it changes a saved label). */
  function decide(value: LabelValue): void {
    const { item, stepIndex, caseId, saves } = get();
    if (!item || !caseId || stepIndex >= item.steps.length) return;
    const step = item.steps[stepIndex];
    const pending = saves[saveKey(caseId, step)];
    const stored = step.current ? step.current.value : null;
    const same = step.current !== null && JSON.stringify(stored) === JSON.stringify(value);
    if (same && (!pending || pending.status === 'saved')) {
      advance();
      return;
    }
    if (step.current !== null && !same) {
      set({ reasonPrompt: { caseId, stepIndex, value, from: stored } });
      return;
    }
    void save(caseId, stepIndex, value, null);
    advance();
  }

  function advance(): void {
    const { item, stepIndex } = get();
    if (!item) return;
    get().setStep(stepAfter(item.steps, stepIndex));
  }

  return {
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
    numericDraft: '',
    claimsDraft: null,
    claimsDirty: false,
    activeClaim: 0,
    selectionOffer: null,
    historyOpen: false,
    history: null,
    historyLoading: false,
    helpOpen: false,
    toast: null,

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
      itemCache.clear();
      forgetNavigation();
      resetTrail();
      caseTicket++;
      writeJson(queueStorageKey(ctx.testSetId), queue);
      set({
        queue, openedFor: ctx.reviewerId, pendingQueue: null, opening: true, openError: null, exhausted: null, caseId: null, item: null, progress: null, position: null,
        saves: {}, reasonPrompt: null, history: null, claimsDraft: null, claimsDirty: false,
      });
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
      caseTicket++;
      itemCache.clear();
      forgetNavigation();
      set({ queue: null, openedFor: null, caseId: null, item: null, exhausted: null, openError: null, opening: false, reasonPrompt: null, claimsDirty: false });
    },

    reset() {
      caseTicket++;
      itemCache.clear();
      forgetNavigation();
      resetTrail();
      set({
        queue: null, openedFor: null, pendingQueue: null, caseId: null, item: null, exhausted: null, openError: null, opening: false, progress: null, position: null,
        saves: {}, reasonPrompt: null, history: null, historyOpen: false, helpOpen: false, toast: null, claimsDraft: null, claimsDirty: false,
        dimensions: DEFAULT_DIMENSIONS,
      });
    },

    retryLoad() {
      const { caseId, queue } = get();
      if (caseId) void showCase(caseId, get().stepIndex);
      else if (queue) void get().openQueue(queue);
    },

    async nextCase(direction = 'next') {
      const ctx = reviewerContext();
      const { queue, caseId, exhausted } = get();
      if (!ctx || !queue || !caseId || exhausted) return;
      if (direction === 'next' && forwardStack.length > 0) {
        const target = forwardStack.pop() as string;
        backStack.push(caseId);
        await showCase(target, null, 'next');
        return;
      }
      const known = neighbours.get(caseId)?.[direction];
      let target = known;
      if (target === undefined) {
        try {
          target = (await invoke('queue.navigate', { reviewerId: ctx.reviewerId, queue, fromCaseId: caseId, direction })).caseId;
        } catch (error) {
          set({ loadError: toErrorBody(error) });
          return;
        }
        if (get().caseId !== caseId) return;
      }
      if (target === null) {
        if (direction === 'nextUnfinished') {
          keepDirtyDraft();
          set({ exhausted: 'finished' });
        }
        return;
      }
      backStack.push(caseId);
      forwardStack = [];
      await showCase(target, null, 'next');
    },

    async previousCase() {
      const ctx = reviewerContext();
      const { queue, caseId, exhausted } = get();
      if (!ctx || !queue || !caseId) return;
      if (exhausted) {
        set({ exhausted: null });
        return;
      }
      if (backStack.length > 0) {
        const target = backStack.pop() as string;
        forwardStack.push(caseId);
        await showCase(target, null, 'previous');
        return;
      }
      let target = neighbours.get(caseId)?.previous;
      if (target === undefined) {
        try {
          target = (await invoke('queue.navigate', { reviewerId: ctx.reviewerId, queue, fromCaseId: caseId, direction: 'previous' })).caseId;
        } catch (error) {
          set({ loadError: toErrorBody(error) });
          return;
        }
        if (get().caseId !== caseId) return;
      }
      if (target) {
        forwardStack.push(caseId);
        await showCase(target, null, 'previous');
      }
    },

    setStep(index) {
      const { item } = get();
      if (!item) return;
      const stepIndex = Math.max(0, Math.min(index, item.steps.length));
      set({ stepIndex, numericDraft: '', reasonPrompt: null, selectionOffer: null });
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
        void get().nextCase('nextUnfinished');
        return;
      }
      const step = item.steps[stepIndex];
      if (!step) return;
      if (kind === 'claims') {
        const draft = state.claimsDraft ?? [];
        if (state.claimsDirty || step.current === null) decide(draft);
        else advance();
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
      const save = state.saves[saveKey(caseId, step)];
      if (save?.status === 'error') {
        get().retrySave(stepIndex);
        advance();
        return;
      }
      if (step.current !== null) {
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
      void save(prompt.caseId, prompt.stepIndex, prompt.value, reason.trim() || null);
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
      if (failed && failed.status === 'error') void save(caseId, stepIndex, failed.value, failed.reason);
    },

    numericKey(key) {
      set({ numericDraft: applyNumericKey(get().numericDraft, key) });
    },

    async undo() {
      const ctx = reviewerContext();
      if (!ctx) return;
      try {
        const result = await invoke('labels.undo', { reviewerId: ctx.reviewerId });
        if (!result.undone || !result.caseId || !result.dimension) {
          showToast({ kind: 'nothing-to-undo' });
          return;
        }
        showToast({ kind: 'undo', caseId: result.caseId, dimension: result.dimension, responseId: result.responseId, value: result.restoredValue });
        forgetCase(result.caseId);
        forgetNavigation();
        const { caseId, item } = get();
        if (caseId === result.caseId && item) {
          const index = item.steps.findIndex((s) => s.dimension === result.dimension && s.responseId === result.responseId);
          set((s) => {
            const saves = { ...s.saves };
            if (index >= 0) delete saves[saveKey(result.caseId as string, item.steps[index])];
            return { saves, ...(index >= 0 ? { stepIndex: index, numericDraft: '', reasonPrompt: null } : {}) };
          });
          if (kindOf(dimensionOf(get().dimensions, result.dimension)) === 'claims') {
            clearDraft(result.caseId);
            set({ claimsDirty: false });
          }
          await refresh();
          if (get().historyOpen) void loadHistory();
        }
      } catch (error) {
        showToast({ kind: 'undo-failed', message: toErrorBody(error).message });
      }
    },

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
      if (s.selectionOffer) {
        set({ selectionOffer: null });
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

    setActiveClaim(index) {
      set({ activeClaim: index });
    },

    addClaim(text) {
      const trimmed = text.trim();
      if (!trimmed) return;
      const claims = [...(get().claimsDraft ?? []), { text: trimmed, evidence: [] }];
      updateDraft(claims, claims.length - 1);
    },

    editClaim(index, text) {
      const trimmed = text.trim();
      const claims = get().claimsDraft ?? [];
      if (!trimmed || !claims[index] || claims[index].text === trimmed) return;
      updateDraft(claims.map((c, i) => (i === index ? { ...c, text: trimmed } : c)));
    },

    deleteClaim(index) {
      const claims = get().claimsDraft ?? [];
      if (!claims[index]) return;
      const next = claims.filter((_, i) => i !== index);
      updateDraft(next, Math.max(0, Math.min(get().activeClaim, next.length - 1)));
    },

    moveClaim(index, delta) {
      const claims = [...(get().claimsDraft ?? [])];
      const to = index + delta;
      if (!claims[index] || to < 0 || to >= claims.length) return;
      [claims[index], claims[to]] = [claims[to], claims[index]];
      updateDraft(claims, to);
    },

    splitReference() {
      const text = get().item?.detail.case.referenceAnswer;
      const parts = splitIntoClaims(text);
      if (parts.length === 0) return;
      updateDraft(parts.map((part) => ({ text: part, evidence: [] })), 0);
    },

    offerSelection(offer) {
      set({ selectionOffer: offer });
    },

    attachEvidence(evidence) {
      const claims = get().claimsDraft ?? [];
      const index = get().activeClaim;
      if (!claims[index]) return;
      const exists = claims[index].evidence.some((e) => e.docId === evidence.docId && e.quote === evidence.quote && (e.start ?? null) === (evidence.start ?? null));
      set({ selectionOffer: null });
      if (exists) return;
      updateDraft(claims.map((c, i) => (i === index ? { ...c, evidence: [...c.evidence, evidence] } : c)));
    },

    removeEvidence(claimIndex, evidenceIndex) {
      const claims = get().claimsDraft ?? [];
      if (!claims[claimIndex]) return;
      updateDraft(claims.map((c, i) => (i === claimIndex ? { ...c, evidence: c.evidence.filter((_, j) => j !== evidenceIndex) } : c)));
    },
  };
});
