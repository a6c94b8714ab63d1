import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendChannel } from '../../electron/backend-channel';
import { backendDownError, backendStoppingError, backendUnavailableError, type BackendRequest } from '../../electron/backend-protocol';
import { serveBackend } from '../../electron/backend-serve';
import { failureOf, RemoteError, UnreachableError } from '../../renderer/api/transport';
import { createBackend } from '../../server/backend';
import type { Envelope } from '../../shared/api/contract';
import {
  acknowledge, decodeOutbox, encodeOutbox, enqueue, head, latestFor, markAttempted, mergeOutboxes, outboxKeyPrefix, outboxStorageKey, retryDelay,
  withdrawLast, type Outbox, type PendingLabel,
} from '../../shared/labeling/outbox';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

let n = 0;
const label = (over: Partial<PendingLabel> = {}): PendingLabel => ({
  uid: `uid-${++n}`,
  reviewerId: 1,
  caseId: 'refund-annual-day20',
  responseId: null,
  dimension: 'answerability',
  value: 'answerable',
  reason: null,
  givenAt: '2026-11-29T10:00:00.000Z',
  attempted: false,
  ...over,
});

describe('the outbox of labels not written yet', () => {
  it('sends in the order given; each label leaves only when written', () => {
    const a = label();
    const b = label({ dimension: 'questionType', value: 'policy-and-amounts' });
    const c = label({ caseId: 'c2' });
    let outbox: Outbox = [];
    for (const e of [a, b, c]) outbox = enqueue(outbox, e);
    expect(head(outbox)).toEqual(a);
    outbox = acknowledge(outbox, a.uid);
    expect(head(outbox)).toEqual(b);
    outbox = acknowledge(outbox, b.uid);
    outbox = acknowledge(outbox, c.uid);
    expect(head(outbox)).toBeNull();
  });

  it('a label keeps its uid through retries and reloads, and is never queued twice', () => {
    const a = label();
    let outbox = enqueue([], a);
    outbox = enqueue(outbox, { ...a });
    expect(outbox).toHaveLength(1);
    const reloaded = decodeOutbox(encodeOutbox(outbox)).outbox;
    expect(head(reloaded)?.uid).toBe(a.uid);
    // acknowledging a uid that is no longer there (written by another tab) changes nothing
    expect(acknowledge(reloaded, 'uid-unknown')).toEqual(reloaded);
  });

  it('undo of a label not written yet takes this reviewer\'s newest one out; the one being sent stays', () => {
    const a = label({ value: 'answerable' });
    const other = label({ reviewerId: 2 });
    const b = label({ value: 'unanswerable' });
    const outbox = [a, b, other];
    const first = withdrawLast(outbox, 1, null);
    expect(first.withdrawn).toBe(b);
    expect(first.writing).toBeNull();
    expect(first.outbox).toEqual([a, other]);
    expect(latestFor(first.outbox, a)).toBe(a);
    const second = withdrawLast(first.outbox, 1, null);
    expect(second.withdrawn).toBe(a);
    expect(latestFor(second.outbox, a)).toBeNull();
    expect(withdrawLast(second.outbox, 1, null).withdrawn).toBeNull();
    // the newest one is in flight: it may be written already, so it is not taken back here
    expect(withdrawLast(outbox, 2, other.uid)).toEqual({ outbox, withdrawn: null, writing: other });
  });

  it('latestFor finds the newest label of one step of one reviewer', () => {
    const a = label({ value: 'answerable' });
    const b = label({ value: 'false-premise' });
    const elsewhere = label({ responseId: 'r1', dimension: 'responseBehavior', value: 'refused' });
    expect(latestFor([a, elsewhere, b], a)).toBe(b);
    expect(latestFor([a, elsewhere, b], { ...a, reviewerId: 2 })).toBeNull();
    expect(latestFor([a, elsewhere, b], elsewhere)).toBe(elsewhere);
  });

  it('round-trips through local storage text, claims and numbers included; unreadable text gives nothing, with the reason', () => {
    const claims = label({ dimension: 'claims', value: [{ text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }] });
    const score = label({ dimension: 'faithfulness', responseId: 'r1', value: 0.75, reason: '引用不全' });
    const outbox = [claims, score];
    expect(decodeOutbox(encodeOutbox(outbox))).toEqual({ outbox, problem: null });
    expect(decodeOutbox(null)).toEqual({ outbox: [], problem: null });
    expect(decodeOutbox('{"version":1,"entries":[{"uid":""}]}').problem).toMatch(/^field "entries\.0\.uid"/);
    expect(decodeOutbox('not json').problem).toMatch(/^not JSON/);
    expect(decodeOutbox('{"version":2,"entries":[]}').outbox).toEqual([]);
  });

  it('waits longer after each failed try, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('outboxes of several tabs', () => {
  it('merge into one: every label once, in the order given, whichever tab gave it', () => {
    const a = label({ givenAt: '2026-11-29T10:00:01.000Z' });
    const b = label({ givenAt: '2026-11-29T10:00:02.000Z' });
    const c = label({ givenAt: '2026-11-29T10:00:03.000Z' });
    const sameTime = label({ givenAt: '2026-11-29T10:00:03.000Z', dimension: 'questionType' });
    expect(mergeOutboxes([[a, c, sameTime], [b, c]])).toEqual([a, b, c, sameTime]);
    expect(mergeOutboxes([])).toEqual([]);
  });

  it('keys: one per test set and tab, all found by the test set\'s prefix', () => {
    expect(outboxStorageKey('set-1', 'tab-a').startsWith(outboxKeyPrefix('set-1'))).toBe(true);
    expect(outboxStorageKey('set-10', 'tab-a').startsWith(outboxKeyPrefix('set-1'))).toBe(false);
  });
});

describe('stored labels: whether they may be in the file already', () => {
  it('a label is queued as not sent; sent, it may be written; an answer saying nothing was written puts it back as it was', () => {
    const { attempted: _given, ...a } = label({ attempted: true });
    let outbox = enqueue([], a);
    expect(outbox[0].attempted).toBe(false);
    outbox = markAttempted(outbox, a.uid, true);
    expect(outbox[0].attempted).toBe(true);
    expect(markAttempted(outbox, a.uid, true)).toBe(outbox);
    expect(markAttempted(outbox, a.uid, false)[0].attempted).toBe(false);
    // and the flag survives a reload of the window
    expect(decodeOutbox(encodeOutbox(outbox)).outbox[0].attempted).toBe(true);
  });

  it('labels stored before the flag existed may have been on their way: they read as sent', () => {
    const { attempted: _dropped, ...old } = label();
    expect(decodeOutbox(JSON.stringify({ version: 1, entries: [old] })).outbox[0].attempted).toBe(true);
  });

  it('undo never takes back a label that may be written; it does take back newer ones never sent', () => {
    const sent = label({ attempted: true });
    const notSent = label();
    const first = withdrawLast([sent, notSent], 1, null);
    expect(first.withdrawn).toBe(notSent);
    const second = withdrawLast(first.outbox, 1, null);
    expect(second).toEqual({ outbox: [sent], withdrawn: null, writing: sent });
  });

  it('two tabs holding the same label: sent by either means it may be written', () => {
    const a = label({ givenAt: '2026-11-29T10:00:01.000Z' });
    expect(mergeOutboxes([[a], [{ ...a, attempted: true }]])[0].attempted).toBe(true);
    expect(mergeOutboxes([[{ ...a, attempted: true }], [a]])[0].attempted).toBe(true);
  });
});

describe('answers of the desktop when its data process is gone', () => {
  it('main answers "backend-unavailable"; the window takes it as no answer (the call may or may not have run)', () => {
    for (const body of [backendDownError('exit code 1'), backendUnavailableError(), backendStoppingError()]) {
      expect(body.code).toBe('backend-unavailable');
      const error = failureOf(body);
      expect(error).toBeInstanceOf(UnreachableError);
      expect(error.message).toContain(body.message);
    }
    const stored = { code: 'storage-unavailable' as const, message: 'The disk is full', reason: 'disk-full' as const };
    expect(failureOf(stored)).toBeInstanceOf(RemoteError);
    expect((failureOf(stored) as RemoteError).body).toBe(stored);
  });
});

/**
 * The renderer's outbox store against the real chain of the desktop app: the
 * transport's IPC path, main's BackendChannel, the backend process loop and a
 * real backend on a real test-set file. The backend process "dies" the way
 * main sees it: the channel is detached while requests wait.
 */
describe('the label outbox of the window, on the desktop', () => {
  const tempDir = useTempDir();
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    vi.unstubAllGlobals();
  });

  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      key: (index: number) => [...items.keys()][index] ?? null,
      get length() {
        return items.size;
      },
    };
  };

  async function desktop(options: { storage?: ReturnType<typeof memoryStorage> } = {}) {
    const dir = tempDir();
    const set = await smallLabelingSet(dir);
    set.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'desktop', version: 'test', initialTestSet: set.file });
    const toBackend: ((event: { data: unknown }) => void)[] = [];
    const channel = new BackendChannel();
    /** 'deliver' normally; 'hold' keeps requests from the backend; 'lose-answers' runs them but their answers never reach main. */
    let mode: 'deliver' | 'hold' | 'lose-answers' = 'deliver';
    const held: BackendRequest[] = [];
    serveBackend({ on: (_event, listener) => toBackend.push(listener), postMessage: (message) => mode !== 'lose-answers' && channel.receive(message) }, Promise.resolve(backend), () => {});
    const deliver = (request: unknown) => toBackend.forEach((listener) => listener({ data: request }));
    const post = (request: BackendRequest) => (mode === 'hold' ? held.push(request) : deliver(request));
    channel.attach(post);

    const storage = options.storage ?? memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('window', {
      addEventListener: () => {},
      touchstone: { invoke: (name: string, input: unknown): Promise<Envelope<unknown>> => channel.request(name, input) },
    });
    vi.resetModules();
    const store = await import('../../renderer/features/labeling/labelOutbox');
    const settled: string[] = [];
    store.onLabelSettled((s) => settled.push(`${s.kind} ${s.entry.uid}`));
    const testSetId = (await backend.dispatch('testSets.current', {}) as Envelope<{ testSetId: string }>);
    if (!testSetId.ok) throw new Error(testSetId.error.message);
    const reviewer = (await backend.dispatch('reviewers.create', { name: 'Wang Min' })) as Envelope<{ id: number }>;
    if (!reviewer.ok) throw new Error(reviewer.error.message);
    closers.push(async () => {
      store.useLabelOutbox.getState().load(null);
      await backend.close();
    });
    const outbox = store.useLabelOutbox;
    return {
      backend, channel, storage, settled, outbox, file: set.file, testSetId: testSetId.value.testSetId, reviewerId: reviewer.value.id,
      setMode: (next: typeof mode) => (mode = next),
      releaseHeld: () => held.splice(0).forEach(deliver),
      shutdown: () => deliver({ type: 'shutdown' }),
      restart: () => {
        mode = 'deliver';
        channel.attach(post);
      },
      give: (caseId: string, value = 'answerable') => {
        const uid = `${caseId}-${value}-${Math.random().toString(36).slice(2)}`;
        outbox.getState().submit({ uid, reviewerId: reviewer.value.id, caseId, responseId: null, dimension: 'answerability', value, reason: null, givenAt: new Date().toISOString() });
        return uid;
      },
      uids: () => outbox.getState().entries.map((e) => e.uid),
      stored: (id = testSetId.value.testSetId) => {
        const key = Array.from({ length: storage.length }, (_, i) => storage.key(i)).find((k) => k?.startsWith(outboxKeyPrefix(id)));
        return key ? decodeOutbox(storage.getItem(key)).outbox : [];
      },
      written: async (caseId: string) => {
        const events = (await backend.dispatch('labels.history', { caseId })) as Envelope<{ value: unknown; kind: string }[]>;
        if (!events.ok) throw new Error(events.error.message);
        return events.value.map((e) => `${e.kind} ${String(e.value)}`);
      },
    };
  }

  /** Lets the window, main and the backend handle what is under way (each hop is a promise, none a timer). */
  /** Waits until the condition holds (at most 10 s: a write waits for the file's integrity check, which runs in a worker). */
  async function settle(until: () => boolean | Promise<boolean>): Promise<void> {
    const end = Date.now() + 10_000;
    while (!(await until()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 2));
  }

  it('the data process dies while labels are on their way: none is thrown away, they wait (in local storage too) and are written once it runs again', async () => {
    const app = await desktop();
    app.outbox.getState().load(app.testSetId);
    app.setMode('hold');
    const a = app.give('c1');
    const b = app.give('c2');
    await settle(() => app.channel.pendingCount === 1);
    app.channel.detach(backendDownError('exit code 1'));
    await settle(() => app.outbox.getState().fault !== null);
    expect(app.settled).toEqual([]);
    expect(app.outbox.getState().fault?.reason).toBe('unreachable');
    expect(app.uids()).toEqual([a, b]);
    expect(app.stored().map((e) => e.uid)).toEqual([a, b]);

    // it could not be restarted: later tries are answered the same way, and the labels still wait
    app.outbox.getState().retryNow();
    expect(app.outbox.getState().attempt).toBe(0);
    await settle(() => app.outbox.getState().attempt === 1);
    expect(app.outbox.getState().fault?.reason).toBe('unreachable');
    expect(app.uids()).toEqual([a, b]);
    expect(app.settled).toEqual([]);

    app.restart();
    app.outbox.getState().retryNow();
    await settle(() => app.uids().length === 0);
    expect(app.settled).toEqual([`written ${a}`, `written ${b}`]);
    expect(await app.written('c1')).toEqual(['set answerable']);
    expect(await app.written('c2')).toEqual(['set answerable']);
  });

  it('quitting or no test set open: the answers keep the label waiting, and it is written when its test set is open again', async () => {
    const app = await desktop();
    app.outbox.getState().load(app.testSetId);
    app.backend.session.close();
    const a = app.give('c1');
    await settle(() => app.outbox.getState().fault !== null);
    expect(app.outbox.getState().fault).toMatchObject({ reason: 'no-test-set', file: null });
    expect(app.settled).toEqual([]);
    expect(app.stored().map((e) => e.uid)).toEqual([a]);
    // nothing was written: undo may still take it back
    expect(app.stored()[0].attempted).toBe(false);

    await app.backend.dispatch('testSets.open', { path: app.file });
    app.outbox.getState().retryNow();
    await settle(() => app.uids().length === 0);
    expect(app.settled).toEqual([`written ${a}`]);

    // quitting: main asks the backend to shut down; what reaches it after that is answered "not running"
    app.shutdown();
    const b = app.give('c2');
    await settle(() => app.outbox.getState().fault !== null);
    expect(app.outbox.getState().fault?.reason).toBe('unreachable');
    expect(app.settled).toEqual([`written ${a}`]);
    expect(app.stored().map((e) => e.uid)).toEqual([b]);
  });

  it('undo after a label was sent but its answer was lost: the label is not taken back (it is in the file), undo waits until it is confirmed', async () => {
    const app = await desktop();
    app.outbox.getState().load(app.testSetId);
    app.setMode('lose-answers');
    const a = app.give('c1');
    await settle(() => app.channel.pendingCount === 1);
    await settle(async () => (await app.written('c1')).length === 1);
    app.channel.detach(backendDownError('exit code 1'));
    await settle(() => app.outbox.getState().fault !== null);
    // the backend did write it before it went away
    expect(await app.written('c1')).toEqual(['set answerable']);

    const withdrawal = await app.outbox.getState().withdrawLast(app.reviewerId);
    expect(withdrawal).toMatchObject({ kind: 'writing', entry: { uid: a } });
    expect(app.uids()).toEqual([a]);
    expect(app.stored()).toMatchObject([{ uid: a, attempted: true }]);

    // a newer label never sent can still be taken back; the one that may be written stays
    const b = app.give('c2');
    expect(await app.outbox.getState().withdrawLast(app.reviewerId)).toMatchObject({ kind: 'withdrawn', entry: { uid: b } });
    expect(app.uids()).toEqual([a]);

    // once it is confirmed, nothing waits: the undo goes to the file (labels.undo), which now undoes the right label
    app.restart();
    app.outbox.getState().retryNow();
    await settle(() => app.uids().length === 0);
    expect(await app.written('c1')).toEqual(['set answerable']);
    expect(await app.outbox.getState().withdrawLast(app.reviewerId)).toEqual({ kind: 'none' });
  });

  it('a window closed while a label was on its way: reopened, that label is not taken back by undo, even if the file then refuses writes', async () => {
    const storage = memoryStorage();
    const before = await desktop({ storage });
    before.outbox.getState().load(before.testSetId);
    before.setMode('hold');
    const a = before.give('c1');
    await settle(() => before.channel.pendingCount === 1);
    expect(before.stored()).toMatchObject([{ uid: a, attempted: true }]);

    // the same local storage in a new window, on a test set that is read-only now: SQLite rolls back that try,
    // but the first one may have been written
    const after = await desktop({ storage });
    after.backend.session.require().db.pragma('query_only = ON');
    storage.setItem(outboxStorageKey(after.testSetId, 'closed-window'), encodeOutbox(before.stored().map((e) => ({ ...e }))));
    after.outbox.getState().load(after.testSetId);
    await settle(() => after.outbox.getState().fault !== null);
    expect(after.outbox.getState().fault?.reason).toBe('read-only');
    expect(await after.outbox.getState().withdrawLast(after.reviewerId)).toMatchObject({ kind: 'writing', entry: { uid: a } });

    // writable again: it is written, once
    after.backend.session.require().db.pragma('query_only = OFF');
    after.outbox.getState().retryNow();
    await settle(() => after.uids().length === 0);
    expect(await after.written('c1')).toEqual(['set answerable']);

    // a label sent now and refused by the read-only file was surely not written (SQLite rolled it back): undo takes it back
    after.backend.session.require().db.pragma('query_only = ON');
    const b = after.give('c2');
    await settle(() => after.outbox.getState().fault !== null);
    expect(after.outbox.getState().fault?.reason).toBe('read-only');
    expect(await after.outbox.getState().withdrawLast(after.reviewerId)).toMatchObject({ kind: 'withdrawn', entry: { uid: b } });
    expect(after.uids()).toEqual([]);
    expect(await after.written('c2')).toEqual([]);
  });

  it('opening another test set while a label is on its way: the labels waiting for the new one are written', async () => {
    const app = await desktop();
    // labels of this test set left waiting by an earlier session
    const left = [label({ caseId: 'c3', reviewerId: app.reviewerId }), label({ caseId: 'c4', reviewerId: app.reviewerId })];
    app.storage.setItem(outboxStorageKey(app.testSetId, 'earlier-session'), encodeOutbox(left));
    app.outbox.getState().load('the-test-set-open-before');
    app.setMode('hold');
    app.give('c1');
    await settle(() => app.channel.pendingCount === 1);
    app.outbox.getState().load(app.testSetId);
    app.setMode('deliver');
    app.releaseHeld();
    await settle(() => app.uids().length === 0);
    expect(app.uids()).toEqual([]);
    expect(app.settled).toEqual(left.map((e) => `written ${e.uid}`));
    expect(await app.written('c3')).toEqual(['set answerable']);
    expect(await app.written('c4')).toEqual(['set answerable']);
  });
});
