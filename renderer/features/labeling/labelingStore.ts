import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { LabelEvent, LabelingItem, QueueSpec } from '../../../shared/api/labeling-ops';
import { DEFAULT_DIMENSIONS, type Dimension, type LabelValue } from '../../../shared/domain/dimensions';
import type { Evidence } from '../../../shared/domain/schemas';
import type { LabeledClaim as Claim } from '../../../shared/domain/dimensions';
import { newClaimId, withClaimIds } from '../../../shared/diagnosis/claim-ids';
import { applyNumericKey, parseNumericDraft } from './numeric';
import { firstOpenStep, stepAfter, stepId } from './sequence';
import { splitIntoClaims } from './split-claims';
import { CLAIMS_STATED } from '../../../shared/diagnosis/claims-stated';
import { invoke } from '../../api/transport';
import { latestFor, type PendingLabel } from '../../../shared/labeling/outbox';
import { toErrorBody } from '../../common/errors';
import { newUid, onLabelSettled, useLabelOutbox } from './labelOutbox';
import { useReviewerStore } from '../reviewers/reviewerStore';

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
  | { id: number; kind: 'nothing-to-undo' }
  | { id: number; kind: 'undo-failed'; message: string }
  | { id: number; kind: 'undo-waits' }
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
  /** Reads the history again if its panel is open (a label event was appended elsewhere, e.g. a reference-answer edit). */
  refreshHistory(): void;
  toggleHelp(open?: boolean): void;
  dismissToast(): void;
  closeOverlays(): boolean;

  setActiveClaim(index: number): void;
  addClaim(text: string): void;
  editClaim(index: number, text: string): void;
  deleteClaim(index: number): void;
  moveClaim(index: number, delta: number): void;
  /** One claim per sentence of the text (default: the case's imported reference answer). */
  splitReference(text?: string | null): void;
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
  if (dimension.name === CLAIMS_STATED) return 'stated';
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

/** A copy to edit; each claim keeps its stable id (an imported claim takes its position's), so labels that name it keep pointing at it. */
const cloneClaims = (claims: readonly Claim[]): Claim[] => withClaimIds(claims).map((c) => ({ id: c.id, text: c.text, evidence: c.evidence.map((e) => ({ ...e })) }));

const sameStep = (a: { dimension: string; responseId: string | null }, b: { dimension: string; responseId: string | null }) =>
  a.dimension === b.dimension && a.responseId === b.responseId;

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

/* ---------- prefetch cache ---------- */

type Direction = 'next' | 'previous' | 'nextUnfinished';

const MAX_CACHED = 24;
/**
 * Cases kept loaded ahead in the direction of travel, so a quick J J J never waits on the network. Each step
 * ahead costs a round trip (the queue is walked one neighbour at a time): 5 absorbs a busy server's slow answers
 * where 3 did not (bench: J held down on a loaded 2-core machine).
 */
const PREFETCH_DEPTH = 5;
/**
 * A case on screen this long is read fresh from the API (resume point, position, progress) and its other
 * neighbours are looked up; cases passed by a quick J J J are not, so their reads never compete with the next key.
 */
const SETTLE_MS = 150;
const itemCache = new Map<string, LabelingItem>();
const neighbours = new Map<string, { next?: string | null; previous?: string | null; nextUnfinished?: string | null }>();
/** Reads in flight: a J that outruns the prefetch waits for the read already asked for instead of asking again. */
const pendingItems = new Map<string, Promise<LabelingItem | null>>();
const pendingNeighbours = new Map<string, Promise<string | null>>();
/** Bumped when the queue's cached neighbours are dropped: a prefetch walking them stops. */
let navigationEpoch = 0;
let travel: 'next' | 'previous' = 'next';
let settleTimer: ReturnType<typeof setTimeout> | undefined;
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

/** A read still in flight for a forgotten case is not cached when it arrives (it may predate a save). */
function forgetCase(caseId: string | null): void {
  if (!caseId) return;
  itemCache.delete(caseId);
  pendingItems.delete(caseId);
}

function forgetNavigation(): void {
  neighbours.clear();
  pendingNeighbours.clear();
  navigationEpoch += 1;
}

/** Another queue, reviewer or test set: nothing cached or in flight is used again. */
function forgetEverything(): void {
  itemCache.clear();
  pendingItems.clear();
  forgetNavigation();
  clearTimeout(settleTimer);
  travel = 'next';
}

/** A case's item without the queue (no resume point written): from the cache, the read in flight, or a new read. Null when it failed or was forgotten meanwhile. */
function loadItem(reviewerId: number, caseId: string): Promise<LabelingItem | null> {
  const cached = itemCache.get(caseId);
  if (cached) return Promise.resolve(cached);
  const pending = pendingItems.get(caseId);
  if (pending) return pending;
  const request: Promise<LabelingItem | null> = invoke('labeling.item', { reviewerId, caseId, queue: null, step: 0 }).then(
    (item) => {
      if (pendingItems.get(caseId) !== request) return null;
      pendingItems.delete(caseId);
      if (reviewerContext()?.reviewerId !== reviewerId) return null;
      cacheItem(caseId, item);
      return item;
    },
    () => {
      if (pendingItems.get(caseId) === request) pendingItems.delete(caseId);
      return null;
    },
  );
  pendingItems.set(caseId, request);
  return request;
}

/** The neighbour of a case in the open queue: known, in flight, or asked for now (rejects when the API fails). */
function loadNeighbour(reviewerId: number, queue: QueueSpec, caseId: string, direction: Direction): Promise<string | null> {
  const known = neighbours.get(caseId)?.[direction];
  if (known !== undefined) return Promise.resolve(known);
  const key = `${caseId}\u0001${direction}`;
  const pending = pendingNeighbours.get(key);
  if (pending) return pending;
  const request: Promise<string | null> = invoke('queue.navigate', { reviewerId, queue, fromCaseId: caseId, direction }).then(
    ({ caseId: id }) => {
      if (pendingNeighbours.get(key) === request) {
        pendingNeighbours.delete(key);
        neighbours.set(caseId, { ...neighbours.get(caseId), [direction]: id });
      }
      return id;
    },
    (error: unknown) => {
      if (pendingNeighbours.get(key) === request) pendingNeighbours.delete(key);
      throw error;
    },
  );
  pendingNeighbours.set(key, request);
  return request;
}

/** Runs work once the next frame is painted: reads started in a key's task would delay the frame that key shows. */
function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/** The fresh item says the same as the one on screen (its queue position aside): no re-render. */
function sameItem(shown: LabelingItem | null, fresh: LabelingItem): boolean {
  return shown !== null && JSON.stringify({ ...shown, position: null }) === JSON.stringify({ ...fresh, position: null });
}

function resetTrail(): void {
  backStack = [];
  forwardStack = [];
}

/** A save can finish a case: which case is the next unfinished one must be asked again. */
function forgetUnfinished(caseId: string): void {
  const known = neighbours.get(caseId);
  if (known) neighbours.set(caseId, { next: known.next, previous: known.previous });
  pendingNeighbours.delete(`${caseId}\u0001nextUnfinished`);
}

/* ---------- the store ---------- */

export const useLabelingStore = create<LabelingState>()((set, get) => {
  /**
   * Shows a case: at once from the prefetch cache (or from its prefetch still in flight), otherwise read with the
   * queue. A case shown from the cache is read fresh once it has settled on screen (see SETTLE_MS).
   */
  async function showCase(caseId: string, startStep: number | null, direction: 'next' | 'previous' | null = null): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    if (!ctx || !queue) return;
    keepDirtyDraft();
    const mine = ++caseTicket;
    clearTimeout(settleTimer);
    if (direction) travel = direction;
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
    if (cached) {
      settle(caseId, mine);
      return;
    }
    const prefetched = pendingItems.has(caseId) ? await loadItem(ctx.reviewerId, caseId) : null;
    if (mine !== caseTicket) return;
    if (prefetched) {
      set({ item: prefetched, loading: false, ...stepState(prefetched, startStep), ...claimsState(prefetched, caseId) });
      settle(caseId, mine);
      return;
    }
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: startStep ?? 0 });
      if (mine !== caseTicket) return;
      cacheItem(caseId, item);
      set({ item, loading: false, ...stepState(item, startStep), ...claimsState(item, caseId) });
      applyPosition(item);
      refreshHistory();
      afterPaint(() => void prefetchAround(caseId, mine));
    } catch (error) {
      if (mine !== caseTicket) return;
      set({ loading: false, loadError: toErrorBody(error) });
    }
  }

  /** The case shown from the cache: its neighbours ahead once this frame is painted, then (still on it after SETTLE_MS) its fresh item. */
  function settle(caseId: string, mine: number): void {
    afterPaint(() => void prefetchAhead(caseId));
    settleTimer = setTimeout(() => void readSettled(caseId, mine), SETTLE_MS);
  }

  /** Writes the resume point and brings the fresh verdicts, suggestions and position; re-renders only what changed. */
  async function readSettled(caseId: string, mine: number): Promise<void> {
    const ctx = reviewerContext();
    const { queue, saves } = get();
    if (!ctx || !queue || mine !== caseTicket) return;
    try {
      const item = await invoke('labeling.item', { reviewerId: ctx.reviewerId, caseId, queue, step: get().stepIndex });
      if (mine !== caseTicket) return;
      // a save meanwhile brings its own fresh item; this one may predate it
      if (get().saves === saves) {
        cacheItem(caseId, item);
        if (!sameItem(get().item, item)) set({ item });
      }
      applyPosition(item);
      refreshHistory();
      void prefetchAround(caseId, mine);
    } catch {
      // the cached item stays on screen; the next save or navigation reads it again
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
    const { position, progress } = get();
    const { index, total, done } = item.position;
    if (position?.index === index && position.total === total && progress?.done === done && progress.total === total) return;
    set({
      position: { index: item.position.index, total: item.position.total },
      progress: { done: item.position.done, total: item.position.total },
    });
  }

  /**
   * Keeps the next PREFETCH_DEPTH cases in the direction of travel loaded: first the session's trail (J after K
   * retraces it), then the queue, one neighbour after another. Not stopped by the next key: the walk it started
   * is the one that key needs.
   */
  async function prefetchAhead(caseId: string): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    if (!ctx || !queue) return;
    const epoch = navigationEpoch;
    const trail = travel === 'next' ? forwardStack : backStack;
    const ahead = trail.slice(-PREFETCH_DEPTH).reverse();
    for (const id of ahead) void loadItem(ctx.reviewerId, id);
    let from: string | null = ahead.length < trail.length ? null : ahead[ahead.length - 1] ?? caseId;
    for (let depth = ahead.length; from !== null && depth < PREFETCH_DEPTH; depth += 1) {
      try {
        from = await loadNeighbour(ctx.reviewerId, queue, from, travel);
      } catch {
        return;
      }
      if (epoch !== navigationEpoch) return;
      if (from !== null) void loadItem(ctx.reviewerId, from);
    }
  }

  /** Reads the neighbours of a case in every direction and their items, so J, K and Enter on the summary show them at once. */
  async function prefetchAround(caseId: string, mine: number): Promise<void> {
    const ctx = reviewerContext();
    const { queue } = get();
    if (!ctx || !queue) return;
    void prefetchAhead(caseId);
    const behind = travel === 'next' ? backStack : forwardStack;
    const directions: Direction[] = ['nextUnfinished'];
    if (behind.length > 0) void loadItem(ctx.reviewerId, behind[behind.length - 1]);
    else directions.push(travel === 'next' ? 'previous' : 'next');
    for (const direction of directions) {
      try {
        const id = await loadNeighbour(ctx.reviewerId, queue, caseId, direction);
        if (mine !== caseTicket) return;
        if (id !== null && id !== caseId) void loadItem(ctx.reviewerId, id);
      } catch {
        // a neighbour that fails to load is asked for again when it is needed
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

  /** Hands the label to the outbox, which writes labels in order and keeps them through write faults; "saved" only once the API confirmed it. */
  function save(caseId: string, stepIndex: number, value: LabelValue, reason: string | null): void {
    const ctx = reviewerContext();
    const item = get().item;
    if (!ctx || !item || item.detail.case.id !== caseId) return;
    const step = item.steps[stepIndex];
    if (!step) return;
    const uid = newUid();
    const outbox = useLabelOutbox.getState();
    const status: SaveStatus = outbox.fault ? 'waiting' : 'saving';
    set((s) => ({ saves: { ...s.saves, [saveKey(caseId, step)]: { value, reason, status, error: null, at: null, uid } } }));
    outbox.submit({
      uid, reviewerId: ctx.reviewerId, caseId, responseId: step.responseId, dimension: step.dimension, value, reason: reason || null, givenAt: new Date().toISOString(),
    });
  }

  function labelWritten(entry: PendingLabel, result: { eventId: number; at: string }): void {
    const key = saveKey(entry.caseId, entry);
    const mine = get().saves[key]?.uid === entry.uid;
    set((s) => {
      const saves = mine ? { ...s.saves, [key]: { ...s.saves[key], status: 'saved' as const, error: null, at: result.at } } : s.saves;
      // the stored label is now this value, even before the refreshed item arrives
      const current = s.item && s.item.detail.case.id === entry.caseId && reviewerContext()?.reviewerId === entry.reviewerId
        ? {
            ...s.item,
            steps: s.item.steps.map((candidate) =>
              sameStep(candidate, entry) ? { ...candidate, current: { eventId: result.eventId, value: entry.value, at: result.at, reason: entry.reason } } : candidate),
          }
        : s.item;
      return { saves, item: current };
    });
    if (mine && kindOf(dimensionOf(get().dimensions, entry.dimension)) === 'claims' && get().caseId === entry.caseId) {
      clearDraft(entry.caseId);
      set({ claimsDirty: false });
    }
    forgetCase(entry.caseId);
    forgetUnfinished(entry.caseId);
    if (get().caseId === entry.caseId) {
      void refresh().then(() => {
        refreshHistory();
      });
    }
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

  /** Undo of a label still in the outbox: it is taken out, never written, and no undo event is needed. */
  function undoPending(entry: PendingLabel): void {
    const key = saveKey(entry.caseId, entry);
    const still = latestFor(useLabelOutbox.getState().entries, entry);
    const { item } = get();
    const index = item && item.detail.case.id === entry.caseId ? item.steps.findIndex((candidate) => sameStep(candidate, entry)) : -1;
    const stored = index >= 0 ? item?.steps[index].current?.value ?? null : null;
    set((s) => {
      const saves = { ...s.saves };
      if (!still) delete saves[key];
      return { saves, ...(index >= 0 ? { stepIndex: index, numericDraft: '', reasonPrompt: null } : {}) };
    });
    showToast({ kind: 'undo', caseId: entry.caseId, dimension: entry.dimension, responseId: entry.responseId, value: still ? still.value : stored });
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
    const same = step.current !== null && JSON.stringify(stored) === JSON.stringify(value);
    if (same && (!pending || pending.status === 'saved')) {
      advance();
      return;
    }
    if (pending && (pending.status === 'saving' || pending.status === 'waiting') && JSON.stringify(pending.value) === JSON.stringify(value)) {
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
      forgetEverything();
      resetTrail();
      caseTicket++;
      writeJson(queueStorageKey(ctx.testSetId), queue);
      set({
        queue, openedFor: ctx.reviewerId, pendingQueue: null, opening: true, openError: null, exhausted: null, caseId: null, item: null, progress: null, position: null,
        saves: pendingSaves(ctx.reviewerId), reasonPrompt: null, history: null, claimsDraft: null, claimsDirty: false,
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
      forgetEverything();
      set({ queue: null, openedFor: null, caseId: null, item: null, exhausted: null, openError: null, opening: false, reasonPrompt: null, claimsDirty: false });
    },

    reset() {
      caseTicket++;
      forgetEverything();
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
      let target = neighbours.get(caseId)?.[direction];
      if (target === undefined) {
        try {
          target = await loadNeighbour(ctx.reviewerId, queue, caseId, direction);
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
          target = await loadNeighbour(ctx.reviewerId, queue, caseId, 'previous');
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
          refreshHistory();
        }
      } catch (error) {
        showToast({ kind: 'undo-failed', message: toErrorBody(error).message });
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
      const existing = get().claimsDraft ?? [];
      const claims = [...existing, { id: newClaimId(existing), text: trimmed, evidence: [] }];
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

    splitReference(text = get().item?.detail.case.referenceAnswer) {
      const parts = splitIntoClaims(text);
      if (parts.length === 0) return;
      const fresh: Claim[] = [];
      for (const part of parts) fresh.push({ id: newClaimId(fresh), text: part, evidence: [] });
      updateDraft(fresh, 0);
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
