import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Envelope } from '../../shared/api/contract';
import { recordLabel } from '../../db/labels';
import type { Db } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { startHttpBridge, type HttpBridge } from '../../server/http-bridge';
import { storageFaultBody } from '../../server/storage-errors';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

/**
 * A test-set file that cannot be written, provoked for real on the backend's
 * own connection: a full disk (PRAGMA max_page_count at the file's current
 * size, so the first write that needs one more page fails with SQLITE_FULL), a
 * read-only file (PRAGMA query_only: SQLite refuses every write with
 * SQLITE_READONLY; chmod would not stop root), and a lock held by another
 * program (SQLITE_BUSY once the busy timeout is over). Each time: one clear
 * error, nothing half-written, the file intact, and the same connection writes
 * again as soon as the cause is gone.
 */

const eventCount = (db: Db) => db.prepare('SELECT count(*) FROM label_events').pluck().get() as number;
const progressRows = (db: Db) => JSON.stringify(db.prepare('SELECT * FROM label_progress ORDER BY 1, 2').all());

interface Opened {
  backend: Backend;
  file: string;
  db: Db;
  reviewerId: number;
  call<T>(name: string, input: unknown): Promise<Envelope<T>>;
}

describe('a test-set file that cannot be written', () => {
  const tempDir = useTempDir();
  const open: Backend[] = [];
  afterEach(async () => {
    for (const backend of open.splice(0)) await backend.close();
  });

  async function openBackend(): Promise<Opened> {
    const dir = tempDir();
    const set = await smallLabelingSet(dir);
    set.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: set.file });
    open.push(backend);
    const call = <T>(name: string, input: unknown) => backend.dispatch(name, input) as Promise<Envelope<T>>;
    const reviewer = await call<{ id: number }>('reviewers.create', { name: 'Wang Min' });
    if (!reviewer.ok) throw new Error(reviewer.error.message);
    return { backend, file: set.file, db: backend.session.require().db, reviewerId: reviewer.value.id, call };
  }

  const failure = (envelope: Envelope<unknown>): ApiErrorBody => {
    if (envelope.ok) throw new Error('expected the call to fail');
    return envelope.error;
  };

  it('disk full: a clear error naming the file, nothing half-written, and the same connection writes once there is space', async () => {
    const { db, file, reviewerId, call } = await openBackend();
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);

    // answers alternate, so every call appends an event, until one needs a page the "disk" does not have
    let failed: { envelope: Envelope<unknown>; input: Record<string, unknown>; before: number; progress: string } | null = null;
    for (let i = 0; i < 5000 && !failed; i++) {
      const input = { reviewerId, caseId: `c${(i % 5) + 1}`, responseId: null, dimension: 'answerability', value: i % 2 ? 'unanswerable' : 'answerable', uid: randomUUID() };
      const before = eventCount(db);
      const progress = progressRows(db);
      const envelope = await call('labels.record', input);
      if (!envelope.ok) failed = { envelope, input, before, progress };
    }
    expect(failed).not.toBeNull();
    const error = failure(failed!.envelope);
    expect(error).toMatchObject({ code: 'storage-unavailable', reason: 'disk-full', location: { file, line: null, field: null } });
    expect(error.message).toBe(
      'The disk holding labels.sqlite is full: nothing was written. Free some space; what you were saving is kept and written as soon as there is room.',
    );
    expect(eventCount(db)).toBe(failed!.before);
    expect(progressRows(db)).toBe(failed!.progress);
    expect(db.inTransaction).toBe(false);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    // reading goes on while the disk is full
    expect((await call('labeling.item', { reviewerId, caseId: 'c1', queue: { source: 'unlabeled' } })).ok).toBe(true);

    db.pragma('max_page_count = 1073741823');
    const retried = await call<{ appended: boolean; eventId: number }>('labels.record', failed!.input);
    expect(retried).toMatchObject({ ok: true, value: { appended: true } });
    expect(eventCount(db)).toBe(failed!.before + 1);
    // the same label sent again (its answer lost, say) is written once
    const replayed = await call<{ appended: boolean; eventId: number }>('labels.record', failed!.input);
    expect(replayed).toMatchObject({ ok: true, value: { appended: false } });
    expect(replayed.ok && retried.ok && replayed.value.eventId === retried.value.eventId).toBe(true);
    expect(eventCount(db)).toBe(failed!.before + 1);
    expect(db.prepare('SELECT count(*) FROM label_events WHERE uid = ?').pluck().get(failed!.input.uid)).toBe(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('read-only: label and undo are refused with the reason, the next case still opens, and writes resume on the same connection', async () => {
    const { db, file, reviewerId, call } = await openBackend();
    const first = { reviewerId, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable', uid: randomUUID() };
    expect((await call('labeling.item', { reviewerId, caseId: 'c1', queue: { source: 'unlabeled' } })).ok).toBe(true);
    expect((await call('labels.record', first)).ok).toBe(true);
    db.pragma('query_only = ON');

    const label = { reviewerId, caseId: 'c1', responseId: null, dimension: 'questionType', value: 'how-to', uid: randomUUID() };
    const error = failure(await call('labels.record', label));
    expect(error).toMatchObject({ code: 'storage-unavailable', reason: 'read-only', location: { file } });
    expect(error.message).toContain('labels.sqlite cannot be written (the file or its folder is read-only)');
    expect(failure(await call('labels.undo', { reviewerId }))).toMatchObject({ code: 'storage-unavailable', reason: 'read-only' });
    expect(eventCount(db)).toBe(1);
    // the resume point cannot be saved, but the case is shown
    expect(await call('labeling.item', { reviewerId, caseId: 'c2', queue: { source: 'unlabeled' } })).toMatchObject({ ok: true });

    db.pragma('query_only = OFF');
    expect(await call('labels.record', label)).toMatchObject({ ok: true, value: { appended: true } });
    expect(eventCount(db)).toBe(2);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a lock held by another program past the busy timeout: "busy", then written once it is released', async () => {
    const { db, file, reviewerId, call } = await openBackend();
    db.pragma('busy_timeout = 50');
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const label = { reviewerId, caseId: 'c3', responseId: null, dimension: 'answerability', value: 'answerable', uid: randomUUID() };
      const error = failure(await call('labels.record', label));
      expect(error).toMatchObject({ code: 'storage-unavailable', reason: 'busy' });
      expect(error.message).toBe('labels.sqlite is locked by another program: nothing was written. Close the other program using it; what you were saving is kept and written again.');
      other.exec('ROLLBACK');
      expect(await call('labels.record', label)).toMatchObject({ ok: true, value: { appended: true } });
      expect(eventCount(db)).toBe(1);
    } finally {
      other.close();
    }
  });

  it('the HTTP bridge carries the error as it is (code, reason, message naming the file)', async () => {
    const { backend, db, reviewerId } = await openBackend();
    const bridge: HttpBridge = await startHttpBridge({ dispatch: backend.dispatch, staticDir: tempDir() });
    try {
      db.pragma('query_only = ON');
      const response = await fetch(`http://127.0.0.1:${bridge.port}/api/labels.record`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': bridge.token },
        body: JSON.stringify({ reviewerId, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'unanswerable' }),
      });
      const envelope = (await response.json()) as Envelope<unknown>;
      expect(response.status).toBe(200);
      expect(failure(envelope)).toMatchObject({ code: 'storage-unavailable', reason: 'read-only' });
      expect(failure(envelope).message).toContain('labels.sqlite');
    } finally {
      await bridge.close();
    }
  });

  it('a uid is one event: reused for another label it is refused; a label meant for another test set is not written here', async () => {
    const { db, reviewerId, call } = await openBackend();
    const uid = randomUUID();
    expect((await call('labels.record', { reviewerId, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable', uid })).ok).toBe(true);
    const reused = failure(await call('labels.record', { reviewerId, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'unanswerable', uid }));
    expect(reused).toMatchObject({ code: 'conflict', location: { field: 'uid' } });
    const elsewhere = failure(await call('labels.record', { reviewerId, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'answerable', testSetId: 'another-test-set' }));
    expect(elsewhere).toMatchObject({ code: 'conflict', location: { field: 'testSetId' } });
    expect(eventCount(db)).toBe(1);
  });

  it('a connection opened read-only refuses with SQLITE_READONLY, which reads as "read-only"', async () => {
    const dir = tempDir();
    const set = await smallLabelingSet(dir);
    const reviewer = Number(set.db.prepare("INSERT INTO reviewers (name, created_at) VALUES ('Ada', '2026-01-01')").run().lastInsertRowid);
    set.db.close();
    const readonly = new Database(set.file, { readonly: true });
    try {
      let caught: unknown = null;
      try {
        recordLabel(readonly, { reviewerId: reviewer, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
      } catch (error) {
        caught = error;
      }
      expect((caught as { code?: string }).code).toBe('SQLITE_READONLY');
      expect(storageFaultBody(caught, set.file)).toMatchObject({ code: 'storage-unavailable', reason: 'read-only' });
    } finally {
      readonly.close();
    }
  });
});
