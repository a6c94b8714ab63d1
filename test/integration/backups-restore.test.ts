import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUPS_KEPT_PER_KIND, INTERVAL_BACKUPS_KEPT, backupDirOf, backupTestSet, listBackups } from '../../db/backups';
import { createReviewer, recordLabel } from '../../db/labels';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../db/migrations';
import { openTestSetFile } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

interface Envelope {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string; location?: { file: string; field: string | null } | null };
}

async function call<T>(backend: Backend, name: string, input: unknown = {}): Promise<T> {
  const envelope = (await backend.dispatch(name, input)) as Envelope;
  if (!envelope.ok) throw new Error(envelope.error!.message);
  return envelope.value as T;
}

async function refusal(backend: Backend, name: string, input: unknown): Promise<NonNullable<Envelope['error']>> {
  const envelope = (await backend.dispatch(name, input)) as Envelope;
  expect(envelope.ok).toBe(false);
  return envelope.error!;
}

interface Backup {
  path: string;
  reason: string;
}

const labelCount = (backend: Backend) => backend.session.require().db.prepare('SELECT count(*) FROM label_events').pluck().get() as number;

/** A backend on a small real test set with one reviewer, Ada. */
async function started(dir: string): Promise<{ backend: Backend; file: string; adaId: number }> {
  const opened = await smallLabelingSet(dir);
  const ada = createReviewer(opened.db, 'Ada');
  opened.db.close();
  const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
  return { backend, file: opened.file, adaId: ada.id };
}

const label = (backend: Backend, reviewerId: number, caseId: string) =>
  call(backend, 'labels.record', { reviewerId, caseId, responseId: null, dimension: 'answerability', value: caseId === 'c2' ? 'unanswerable' : 'answerable' });

describe('restoring a backup of the open file', () => {
  const tempDir = useTempDir();

  it('brings back the content of the backup, keeps a before-restore backup, and restoring that undoes the restore', async () => {
    const { backend, adaId } = await started(tempDir());
    try {
      await label(backend, adaId, 'c1');
      const manual = await call<Backup>(backend, 'backups.create');
      expect(manual.reason).toBe('manual');
      await label(backend, adaId, 'c2');
      await label(backend, adaId, 'c3');
      expect(labelCount(backend)).toBe(3);

      const generation = () => backend.session.require().db.prepare('SELECT generation FROM diagnosis_basis').pluck().get() as number;
      const before = generation();
      const restored = await call<{ restored: Backup; safetyBackup: Backup; testSet: { schemaVersion: number } }>(backend, 'backups.restore', { path: manual.path });
      // nothing the Diagnosis page kept or stored of either content passes for the restored one
      expect(generation()).toBeGreaterThan(before);
      expect(restored.restored.path).toBe(manual.path);
      expect(restored.safetyBackup.reason).toBe('before-restore');
      expect(restored.testSet.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      expect(labelCount(backend)).toBe(1);
      const history = await call<{ dimension: string }[]>(backend, 'labels.history', { caseId: 'c2' });
      expect(history).toEqual([]);
      const list = await call<Backup[]>(backend, 'backups.list');
      expect(list[0]).toMatchObject({ path: restored.safetyBackup.path, reason: 'before-restore' });
      expect(list.some((b) => b.path === manual.path)).toBe(true);

      // labeling goes on in the restored file, on the reopened connection
      await label(backend, adaId, 'c4');
      expect(labelCount(backend)).toBe(2);

      await call(backend, 'backups.restore', { path: restored.safetyBackup.path });
      expect(labelCount(backend)).toBe(3);
      const counts = await call<{ name: string; eventCount: number }[]>(backend, 'labels.reviewerCounts');
      expect(counts).toEqual([{ id: adaId, name: 'Ada', eventCount: 3, lastEventAt: expect.any(String) }]);
    } finally {
      await backend.close();
    }
  });

  it('refuses a path that is not in the list of backups of the open file, and changes nothing', async () => {
    const dir = tempDir();
    const { backend, file, adaId } = await started(dir);
    try {
      await label(backend, adaId, 'c1');
      const other = await smallLabelingSet(join(dir, 'data'));
      other.db.close();
      for (const path of [other.file, file, join(backupDirOf(file), '..', 'labels.sqlite'), '/etc/passwd']) {
        const error = await refusal(backend, 'backups.restore', { path });
        expect(error.code).toBe('not-found');
        expect(error.message).toMatch(/is not one of the backups of/);
      }
      expect(labelCount(backend)).toBe(1);
      expect(listBackups(file)).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it('refuses a damaged backup or one of another test set before anything is written', async () => {
    const dir = tempDir();
    const { backend, file, adaId } = await started(dir);
    try {
      const good = await call<Backup>(backend, 'backups.create');
      await label(backend, adaId, 'c1');
      const damaged = await call<Backup>(backend, 'backups.create');
      // scribble over the middle of the copy: its b-tree pages no longer parse
      const fd = openSync(damaged.path, 'r+');
      const size = readFileSync(damaged.path).length;
      for (let offset = 4096; offset < size - 4096; offset += 8192) writeSync(fd, Buffer.alloc(1024, 0xa5), 0, 1024, offset);
      closeSync(fd);
      const before = readdirSync(backupDirOf(file)).sort();

      const error = await refusal(backend, 'backups.restore', { path: damaged.path });
      expect(error.code).toBe('invalid-data');
      expect(error.message).toMatch(/cannot be restored: .*Nothing was changed\./);
      expect(error.location?.file).toBe(damaged.path);
      expect(labelCount(backend)).toBe(1);
      expect(readdirSync(backupDirOf(file)).sort()).toEqual(before);

      // a file of another test set dropped into the folder under a backup's name
      const stranger = await openTestSetFile(join(dir, 'stranger.sqlite'), { create: true });
      await stranger.db.backup(good.path);
      stranger.db.close();
      const foreign = await refusal(backend, 'backups.restore', { path: good.path });
      expect(foreign.message).toMatch(/belongs to another test set/);
      expect(labelCount(backend)).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('refuses a restore while an import is running', async () => {
    const { backend } = await started(tempDir());
    try {
      const backup = await call<Backup>(backend, 'backups.create');
      const rows = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: `bulk-${i}`, query: `问题 ${i}` })).join('\n');
      const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: 'cases', format: 'jsonl', source: { fileName: 'bulk.jsonl', contentBase64: Buffer.from(rows).toString('base64') } });
      const error = await refusal(backend, 'backups.restore', { path: backup.path });
      expect(error.code).toBe('conflict');
      expect(error.message).toMatch(/An import is running/);
      while ((await call<{ state: string }>(backend, 'imports.status', { jobId })).state === 'running') await new Promise((r) => setTimeout(r, 20));
      const cases = () => backend.session.require().db.prepare('SELECT count(*) FROM cases').pluck().get();
      expect(cases()).toBe(2005);
      await call(backend, 'backups.restore', { path: backup.path });
      expect(cases()).toBe(5);
    } finally {
      await backend.close();
    }
  });

  it('refuses an import while a restore runs, and takes it once the restore has finished', async () => {
    const { backend } = await started(tempDir());
    try {
      const backup = await call<Backup>(backend, 'backups.create');
      const rows = JSON.stringify({ id: 'c9', query: '恢复期间的问题' });
      const start = { kind: 'cases', format: 'jsonl', source: { fileName: 'more.jsonl', contentBase64: Buffer.from(rows).toString('base64') } };
      const restoring = backend.dispatch('backups.restore', { path: backup.path });
      const error = await refusal(backend, 'imports.start', start);
      expect(error).toMatchObject({ code: 'conflict', message: 'A restore is in progress; try again when it has finished.' });
      expect(((await restoring) as Envelope).ok).toBe(true);
      const cases = () => backend.session.require().db.prepare('SELECT count(*) FROM cases').pluck().get();
      expect(cases()).toBe(5);
      const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', start);
      while ((await call<{ state: string }>(backend, 'imports.status', { jobId })).state === 'running') await new Promise((r) => setTimeout(r, 20));
      expect(cases()).toBe(6);
    } finally {
      await backend.close();
    }
  });

  it('keeps the interval setting per computer (data folder), default 10 minutes, only the offered choices', async () => {
    const dir = tempDir();
    const { backend, file } = await started(dir);
    try {
      expect(await call(backend, 'backups.settings')).toEqual({ intervalMinutes: 10 });
      expect(await call(backend, 'backups.saveSettings', { intervalMinutes: 30 })).toEqual({ intervalMinutes: 30 });
      expect((await refusal(backend, 'backups.saveSettings', { intervalMinutes: 7 })).code).toBe('invalid-input');
    } finally {
      await backend.close();
    }
    const again = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: file });
    try {
      expect(await call(again, 'backups.settings')).toEqual({ intervalMinutes: 30 });
    } finally {
      again.close();
    }
  });
});

describe('the list of backups', () => {
  const tempDir = useTempDir();

  it('puts the newest first even when several were taken within the same millisecond', async () => {
    const opened = await smallLabelingSet(tempDir());
    const now = () => new Date('2026-11-30T09:00:00.000Z');
    for (const reason of ['first', 'second', 'third']) await backupTestSet(opened.db, opened.file, reason, { now });
    expect(listBackups(opened.file).map((b) => b.reason)).toEqual(['third', 'second', 'first']);
    opened.db.close();
  });

  it('keeps interval backups among themselves: however many are taken, the copies from before an import, a merge, a migration or a restore stay', async () => {
    const opened = await smallLabelingSet(tempDir());
    let ms = Date.parse('2026-11-30T09:00:00.000Z');
    const at = () => ({ now: () => new Date((ms += 60_000)) });
    const events = ['before-migration-v3', 'import-cases', 'import-responses', 'label-pack', 'before-restore', 'manual'];
    for (const reason of events) await backupTestSet(opened.db, opened.file, reason, at());
    for (let i = 0; i < 30; i += 1) await backupTestSet(opened.db, opened.file, 'interval', at());
    const kept = listBackups(opened.file);
    expect(kept.filter((b) => b.reason === 'interval')).toHaveLength(INTERVAL_BACKUPS_KEPT);
    expect(kept[0]).toMatchObject({ reason: 'interval', createdAt: new Date(ms).toISOString() });
    expect(kept.filter((b) => b.reason !== 'interval').map((b) => b.reason)).toEqual([...events].reverse());

    // and many imports push out only older imports (of any kind), never the intervals or the rest
    for (let i = 0; i < BACKUPS_KEPT_PER_KIND + 5; i += 1) await backupTestSet(opened.db, opened.file, i % 2 ? 'import-cases' : 'import-responses', at());
    const after = listBackups(opened.file);
    expect(after.filter((b) => b.reason.startsWith('import-'))).toHaveLength(BACKUPS_KEPT_PER_KIND);
    expect(after.filter((b) => b.reason === 'interval')).toHaveLength(INTERVAL_BACKUPS_KEPT);
    expect(after.filter((b) => !b.reason.startsWith('import-') && b.reason !== 'interval').map((b) => b.reason)).toEqual(['manual', 'before-restore', 'label-pack', 'before-migration-v3']);
    expect(readdirSync(backupDirOf(opened.file))).toHaveLength(after.length);
    opened.db.close();
  });
});

describe('the backup before a migration', () => {
  const tempDir = useTempDir();

  it('lands in the backups folder, is listed with its reason, and holds the file as it was', async () => {
    const dir = tempDir();
    const path = join(dir, 'old.sqlite');
    const old = await openTestSetFile(path, { create: true, migrations: MIGRATIONS.slice(0, 1) });
    old.db.prepare("INSERT INTO documents (doc_id, revision, title) VALUES ('refund-policy', 'v1', '会员退款政策')").run();
    old.db.close();

    const migrated = await openTestSetFile(path, { create: false });
    migrated.db.close();
    expect(readdirSync(dir).filter((name) => name.endsWith('.sqlite'))).toEqual(['old.sqlite']);
    const [backup] = listBackups(path);
    expect(backup).toMatchObject({ path: migrated.backupPath, reason: 'before-migration-v1' });
    const copy = new Database(backup.path, { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(1);
    expect(copy.prepare('SELECT title FROM documents').pluck().get()).toBe('会员退款政策');
    copy.close();
    expect(existsSync(join(dir, 'old.sqlite.backups'))).toBe(true);
  });

  it('can be restored: the older file comes back and is upgraded again on reopening', async () => {
    const dir = tempDir();
    const path = join(dir, 'old.sqlite');
    const old = await openTestSetFile(path, { create: true, migrations: MIGRATIONS.slice(0, 1) });
    old.db.prepare("INSERT INTO documents (doc_id, revision, title) VALUES ('refund-policy', 'v1', '会员退款政策')").run();
    old.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: path });
    try {
      const db = () => backend.session.require().db;
      db().prepare("INSERT INTO documents (doc_id, revision, title) VALUES ('later', 'v1', '之后的文档')").run();
      const [migration] = await call<Backup[]>(backend, 'backups.list');
      expect(migration.reason).toBe('before-migration-v1');
      const restored = await call<{ testSet: { schemaVersion: number } }>(backend, 'backups.restore', { path: migration.path });
      expect(restored.testSet.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      expect(db().prepare('SELECT doc_id FROM documents').pluck().all()).toEqual(['refund-policy']);
      expect((await call<Backup[]>(backend, 'backups.list')).map((b) => b.reason)).toEqual(['before-migration-v1', 'before-restore', 'before-migration-v1']);
    } finally {
      await backend.close();
    }
  });
});
