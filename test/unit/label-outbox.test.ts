import { describe, expect, it } from 'vitest';
import {
  acknowledge, decodeOutbox, encodeOutbox, enqueue, head, latestFor, mergeOutboxes, outboxKeyPrefix, outboxStorageKey, retryDelay, withdrawLast,
  type Outbox, type PendingLabel,
} from '../../shared/labeling/outbox';

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
  ...over,
});

describe('the outbox of labels not written yet', () => {
  it('sends in the order given; each label leaves only when written', () => {
    const a = label();
    const b = label({ dimension: 'questionType', value: 'policy-and-amounts' });
    const c = label({ caseId: 'c2' });
    let outbox: Outbox = [];
    for (const e of [a, b, c]) outbox = enqueue(outbox, e);
    expect(head(outbox)).toBe(a);
    outbox = acknowledge(outbox, a.uid);
    expect(head(outbox)).toBe(b);
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
    expect(first.outbox).toEqual([a, other]);
    expect(latestFor(first.outbox, a)).toBe(a);
    const second = withdrawLast(first.outbox, 1, null);
    expect(second.withdrawn).toBe(a);
    expect(latestFor(second.outbox, a)).toBeNull();
    expect(withdrawLast(second.outbox, 1, null).withdrawn).toBeNull();
    // the newest one is in flight: it may be written already, so it is not taken back here
    expect(withdrawLast(outbox, 2, other.uid)).toEqual({ outbox, withdrawn: null });
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
