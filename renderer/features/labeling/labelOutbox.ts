import { create } from 'zustand';
import type { ApiErrorBody, OpOutput, StorageFaultReason } from '../../../shared/api/contract';
import {
  acknowledge, decodeOutbox, encodeOutbox, enqueue, head, markAttempted, mergeOutboxes, outboxKeyPrefix, outboxStorageKey, retryDelay, withdrawLast,
  type NewLabel, type Outbox, type PendingLabel,
} from '../../../shared/labeling/outbox';
import { invoke, isDesktop, RemoteError, UnreachableError } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { onSessionReset } from '../../common/session';

/** 'no-test-set': the backend has no test set open (it is restarting, or shutting down); the label waits for its file. */
export type WriteFaultReason = StorageFaultReason | 'unreachable' | 'no-test-set';

export interface WriteFault {
  reason: WriteFaultReason;
  /** The test-set file the server could not write (null when the server itself did not answer). */
  file: string | null;
  message: string;
}

/** What an undo of the newest label still in the outbox did. */
export type Withdrawal =
  | { kind: 'withdrawn'; entry: PendingLabel }
  /** It may be in the file already (sent, no answer yet or the answer lost): only an undo written after it can take it back. */
  | { kind: 'writing'; entry: PendingLabel }
  /** None of this reviewer's labels waits: the undo is for the file. */
  | { kind: 'none' };

export type Settled =
  | { kind: 'written'; entry: PendingLabel; result: OpOutput<'labels.record'> }
  | { kind: 'refused'; entry: PendingLabel; error: ApiErrorBody };

interface OutboxState {
  /** The test set the waiting labels belong to. */
  testSetId: string | null;
  entries: Outbox;
  /** Why the oldest label cannot be written now; null while writes go through. */
  fault: WriteFault | null;
  /** Labels found in local storage when the test set was opened, until the outbox is empty again. */
  restored: boolean;
  attempt: number;
  nextTryAt: number | null;

  /** Loads the waiting labels of a test set (kept in local storage) and starts writing them. */
  load(testSetId: string | null): void;
  /** Queues a label behind the others and writes it as soon as everything before it is written. */
  submit(entry: NewLabel): void;
  retryNow(): void;
  /** Takes back this reviewer's newest label not written yet (undo of it), unless it may be written already. */
  withdrawLast(reviewerId: number): Promise<Withdrawal>;
}

/** The write faults that keep a label waiting (and retried) rather than refused. */
export function writeFault(error: unknown): WriteFault | null {
  if (error instanceof UnreachableError) return { reason: 'unreachable', file: null, message: error.message };
  if (error instanceof RemoteError && error.body.code === 'storage-unavailable') {
    return { reason: error.body.reason ?? 'io-error', file: error.body.location?.file ?? null, message: error.body.message };
  }
  if (error instanceof RemoteError && error.body.code === 'no-test-set') return { reason: 'no-test-set', file: null, message: error.body.message };
  return null;
}

const isOtherTestSet = (error: unknown) =>
  error instanceof RemoteError && error.body.code === 'conflict' && error.body.location?.field === 'testSetId';

const listeners = new Set<(settled: Settled) => void>();

/** Called for every label the outbox settles: written (the API confirmed it) or refused (bad input; never retried). */
export function onLabelSettled(listener: (settled: Settled) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let sending: { uid: string; done: Promise<void> } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** A label event's uid, made where the label is given. */
export const newUid = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const TAB_KEY = 'touchstone.tabId';

/** This tab's id: sessionStorage keeps it across reloads of the tab, and only for this tab. */
function tabId(): string {
  try {
    let id = sessionStorage.getItem(TAB_KEY);
    if (!id) {
      id = newUid();
      sessionStorage.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    return 'tab';
  }
}

function persist(testSetId: string | null, entries: Outbox): void {
  if (!testSetId) return;
  try {
    const key = outboxStorageKey(testSetId, tabId());
    if (entries.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, encodeOutbox(entries));
  } catch {
    // storage unavailable or full: the labels still wait in memory
  }
}

/** This tab's waiting labels of a test set and those other tabs left behind, merged under this tab's key. */
function adopt(testSetId: string): Outbox {
  try {
    const prefix = outboxKeyPrefix(testSetId);
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key): key is string => key?.startsWith(prefix) ?? false);
    const merged = mergeOutboxes(keys.map((key) => decodeOutbox(localStorage.getItem(key)).outbox));
    const own = outboxStorageKey(testSetId, tabId());
    for (const key of keys) if (key !== own) localStorage.removeItem(key);
    persist(testSetId, merged);
    return merged;
  } catch {
    return [];
  }
}

export const useLabelOutbox = create<OutboxState>()((set, get) => {
  function update(entries: Outbox): void {
    persist(get().testSetId, entries);
    set({ entries, ...(entries.length === 0 ? { restored: false } : {}) });
  }

  function markSent(uid: string, attempted: boolean): void {
    const entries = markAttempted(get().entries, uid, attempted);
    if (entries !== get().entries) update(entries);
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    const delay = retryDelay(get().attempt);
    set({ nextTryAt: Date.now() + delay });
    timer = setTimeout(() => {
      timer = null;
      void pump();
    }, delay);
  }

  /**
   * What the answer to `entry` (sent for `testSetId`, the one still open)
   * means for the outbox; true when the next label may be sent now.
   */
  function settle(entry: PendingLabel, outcome: { result: OpOutput<'labels.record'> } | { error: unknown }): boolean {
    if ('result' in outcome) {
      update(acknowledge(get().entries, entry.uid));
      set({ fault: null, attempt: 0 });
      for (const listener of listeners) listener({ kind: 'written', entry, result: outcome.result });
      return true;
    }
    const { error } = outcome;
    const fault = writeFault(error);
    const otherTestSet = isOtherTestSet(error);
    // an answer that says nothing was written: the label is as sure (or unsure) to be in the file as before this try
    if ((fault && fault.reason !== 'unreachable') || otherTestSet) markSent(entry.uid, entry.attempted);
    if (fault) {
      set({ fault, attempt: get().attempt + 1 });
      schedule();
      return false;
    }
    // another file is open now: these labels wait in local storage for theirs
    if (otherTestSet) return false;
    update(acknowledge(get().entries, entry.uid));
    for (const listener of listeners) listener({ kind: 'refused', entry, error: toErrorBody(error) });
    return true;
  }

  /** Sends the oldest label; on success the next one, until none is left or a write fault stops it. */
  async function pump(): Promise<void> {
    const entry = head(get().entries);
    const testSetId = get().testSetId;
    if (sending || !entry || !testSetId) return;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    let release = () => {};
    sending = { uid: entry.uid, done: new Promise<void>((resolve) => (release = resolve)) };
    set({ nextTryAt: null });
    // from now on it may be in the file, also for a window reloaded before the answer comes
    markSent(entry.uid, true);
    let outcome: { result: OpOutput<'labels.record'> } | { error: unknown };
    try {
      outcome = {
        result: await invoke('labels.record', {
          reviewerId: entry.reviewerId, caseId: entry.caseId, responseId: entry.responseId, dimension: entry.dimension, value: entry.value,
          reason: entry.reason, uid: entry.uid, testSetId, resume: entry.resume ?? null,
        }),
      };
    } catch (error) {
      outcome = { error };
    }
    // another test set opened meanwhile: this label stays in its set's local storage; that set's labels are sent next
    let proceed = true;
    try {
      if (get().testSetId === testSetId) proceed = settle(entry, outcome);
    } finally {
      sending = null;
      release();
    }
    if (proceed) void pump();
  }

  return {
    testSetId: null,
    entries: [],
    fault: null,
    restored: false,
    attempt: 0,
    nextTryAt: null,

    load(testSetId) {
      if (testSetId === get().testSetId) return;
      if (timer) clearTimeout(timer);
      timer = null;
      const entries = testSetId ? adopt(testSetId) : [];
      set({ testSetId, entries, fault: null, restored: entries.length > 0, attempt: 0, nextTryAt: null });
      void pump();
    },

    submit(entry) {
      update(enqueue(get().entries, entry));
      if (!get().fault) void pump();
    },

    retryNow() {
      set({ attempt: 0 });
      void pump();
    },

    async withdrawLast(reviewerId) {
      // the label being sent may be written already: wait for its answer, then decide
      while (sending) {
        const { uid, done } = sending;
        const newest = [...get().entries].reverse().find((e) => e.reviewerId === reviewerId);
        if (newest?.uid !== uid) break;
        await done;
      }
      const { outbox, withdrawn, writing } = withdrawLast(get().entries, reviewerId, sending?.uid ?? null);
      if (withdrawn) update(outbox);
      if (get().entries.length === 0) {
        if (timer) clearTimeout(timer);
        timer = null;
        set({ fault: null, attempt: 0, nextTryAt: null });
      }
      if (withdrawn) return { kind: 'withdrawn', entry: withdrawn };
      return writing ? { kind: 'writing', entry: writing } : { kind: 'none' };
    },
  };
});

// the labels waiting for the open file are sent; those of other files wait in local storage for theirs
onSessionReset('test-set', ({ testSetId }) => useLabelOutbox.getState().load(testSetId));

if (typeof window !== 'undefined' && !isDesktop()) {
  // browser mode: closing or reloading the tab with labels not written asks first (they stay in local storage either way)
  window.addEventListener('beforeunload', (event) => {
    if (useLabelOutbox.getState().entries.length === 0) return;
    event.preventDefault();
    event.returnValue = '';
  });
}
