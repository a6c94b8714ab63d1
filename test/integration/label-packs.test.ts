import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUPS_KEPT_PER_KIND, backupDirOf, backupTestSet, listBackups } from '../../db/backups';
import { renderPackEvents, renderPackManifest } from '../../db/label-packs';
import { rebuildProgress } from '../../db/label-progress';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { LABEL_PACK_FORMAT, type LabelPackEvent } from '../../shared/api/exchange-ops';
import { cli } from '../helpers/cli';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

const count = (db: Db, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

/** A labeled test set A (reviewer Ada: four sets and an undo), and B: a copy of A taken before any label (same test-set id). */
async function twoCopies(dir: string): Promise<{ a: string; b: string }> {
  const opened = await smallLabelingSet(dir);
  opened.db.close();
  const b = join(dir, 'master.sqlite');
  copyFileSync(opened.file, b);
  const a = await openTestSetFile(opened.file, { create: false });
  const ada = createReviewer(a.db, 'Ada');
  const times = ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:01.000Z', '2026-03-01T10:00:02.000Z', '2026-03-01T10:00:03.000Z', '2026-03-01T10:00:04.000Z'];
  let t = 0;
  const now = () => times[t++];
  recordLabel(a.db, { reviewerId: ada.id, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' }, now);
  recordLabel(a.db, { reviewerId: ada.id, caseId: 'c1', responseId: 'r1a', dimension: 'correctness', value: 2, reason: '完全正确' }, now);
  recordLabel(a.db, { reviewerId: ada.id, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'unanswerable' }, now);
  recordLabel(a.db, { reviewerId: ada.id, caseId: 'c2', responseId: 'r2a', dimension: 'responseBehavior', value: 'refused' }, now);
  undoLast(a.db, ada.id, now);
  a.db.close();
  return { a: opened.file, b };
}

describe('label packs and backups on real files', () => {
  const tempDir = useTempDir();

  it('exports a reviewer pack byte-identically twice, with manifest and sha256', async () => {
    const dir = tempDir();
    const { a } = await twoCopies(dir);
    const one = await cli('labels', 'export', '--db', a, '--reviewer', 'ada', '--out', join(dir, 'p1'), '--json');
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(one.json).toMatchObject({ reviewer: 'Ada', eventCount: 5 });
    const two = await cli('labels', 'export', '--db', a, '--reviewer', 'Ada', '--out', join(dir, 'p2'));
    expect(two.code).toBe(0);
    for (const name of ['labels.jsonl', 'manifest.json']) expect(readFileSync(join(dir, 'p2', name)).equals(readFileSync(join(dir, 'p1', name)))).toBe(true);
    const events = readFileSync(join(dir, 'p1', 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(events.map((e) => e.kind)).toEqual(['set', 'set', 'set', 'set', 'undo']);
    expect(Object.keys(events[0])).toEqual(['uid', 'caseId', 'responseId', 'dimension', 'value', 'reviewer', 'createdAt', 'reason', 'kind', 'undoesUid']);
    expect(events[4].undoesUid).toBe(events[3].uid);
    const manifest = JSON.parse(readFileSync(join(dir, 'p1', 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: LABEL_PACK_FORMAT, formatVersion: 1, reviewer: 'Ada', eventCount: 5, createdAt: '2026-03-01T10:00:04.000Z' });
    expect(manifest.file.sha256).toBe(createHash('sha256').update(readFileSync(join(dir, 'p1', 'labels.jsonl'))).digest('hex'));
    expect((await cli('labels', 'export', '--db', a, '--reviewer', 'nobody', '--out', join(dir, 'p3'))).code).toBe(1);
    expect((await cli('labels', 'export', '--db', a, '--out', join(dir, 'p3'))).code).toBe(2);
  });

  it('refuses to export over another reviewer\'s pack or a pack of another test set; re-exporting your own stays byte-identical', async () => {
    const dir = tempDir();
    const { a } = await twoCopies(dir);
    mkdirSync(join(dir, 'other'));
    const stranger = await smallLabelingSet(join(dir, 'other'));
    createReviewer(stranger.db, 'Ada');
    stranger.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: a });
    try {
      const db = backend.session.require().db;
      const testSetId = db.prepare("SELECT value FROM meta WHERE key = 'test_set_id'").pluck().get() as string;
      const bo = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Bo' });
      const folder = join(dir, 'shared-folder');
      await call(backend, 'labels.exportPack', { reviewerId: 1, outDir: folder });
      const bytes = () => ['labels.jsonl', 'manifest.json'].map((name) => readFileSync(join(folder, name)));
      const before = bytes();

      const refused = await backend.dispatch('labels.exportPack', { reviewerId: bo.id, outDir: folder });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error).toMatchObject({ code: 'conflict', location: { file: join(folder, 'manifest.json'), field: 'reviewer' } });
      expect(refused.error.message).toBe(
        `${folder} already holds the label pack of reviewer "Ada" (test set ${testSetId}): exporting Bo's pack there would replace it. Choose another folder (one per reviewer). Nothing was written.`,
      );
      expect(bytes()).toEqual(before);

      // Ada again: her pack is replaced, by the same bytes
      await call(backend, 'labels.exportPack', { reviewerId: 1, outDir: folder });
      expect(bytes()).toEqual(before);

      // Ada's pack from another test set: refused, naming it
      const elsewhere = join(dir, 'elsewhere');
      expect((await cli('labels', 'export', '--db', stranger.file, '--reviewer', 'ada', '--out', elsewhere)).code).toBe(0);
      const theirs = readFileSync(join(elsewhere, 'manifest.json'));
      const foreign = await backend.dispatch('labels.exportPack', { reviewerId: 1, outDir: elsewhere });
      expect(foreign.ok).toBe(false);
      if (foreign.ok) return;
      expect(foreign.error).toMatchObject({ code: 'conflict', location: { field: 'testSetId' } });
      expect(foreign.error.message).toContain(`${elsewhere} already holds the label pack of reviewer "Ada" from another test set`);
      expect(foreign.error.message).toContain(`this file is test set ${testSetId}`);
      expect(readFileSync(join(elsewhere, 'manifest.json')).equals(theirs)).toBe(true);

      // a folder with some other manifest.json is not written over either
      const unrelated = join(dir, 'unrelated');
      mkdirSync(unrelated);
      writeFileSync(join(unrelated, 'manifest.json'), '{"name": "my-app"}\n');
      const other = await backend.dispatch('labels.exportPack', { reviewerId: 1, outDir: unrelated });
      expect(other.ok ? null : other.error.message).toMatch(/already holds a manifest\.json that is not a Touchstone label pack/);
      expect(readdirSync(unrelated)).toEqual(['manifest.json']);
    } finally {
      await backend.close();
    }
  });

  it('an export into a folder that cannot be written names that folder, not the open test set, and promises no retry', async () => {
    const dir = tempDir();
    const { a } = await twoCopies(dir);
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: a });
    try {
      // sysfs refuses new folders even to root (chmod would not stop root)
      const folder = `/sys/touchstone-pack-${process.pid}`;
      const envelope = await backend.dispatch('labels.exportPack', { reviewerId: 1, outDir: folder });
      expect(envelope.ok).toBe(false);
      if (envelope.ok) return;
      expect(envelope.error).toMatchObject({ code: 'storage-unavailable', reason: 'read-only', location: { file: folder } });
      expect(envelope.error.message).toBe(
        `${folder} cannot be written (it or its folder is read-only): nothing was written to ${folder}. Make it writable or choose another folder, then try again.`,
      );
      expect(envelope.error.message).not.toContain('labels.sqlite');

      // a new test set there: the message is about the new file, and the open one stays open
      const created = await backend.dispatch('testSets.create', { path: `${folder}.sqlite` });
      expect(created.ok).toBe(false);
      if (created.ok) return;
      expect(created.error).toMatchObject({ code: 'storage-unavailable', location: { file: `${folder}.sqlite` } });
      expect(created.error.message).toContain(`touchstone-pack-${process.pid}.sqlite`);
      expect(created.error.message).not.toContain('labels.sqlite');
      expect(backend.session.info()?.path).toBe(a);
    } finally {
      await backend.close();
    }
  });

  it('imports into another copy of the same test set: events added with history, a backup first, twice adds nothing', async () => {
    const dir = tempDir();
    const { a, b } = await twoCopies(dir);
    // Ada also finishes c3 (no responses: the three case dimensions), so the master's progress must move
    const source = await openTestSetFile(a, { create: false });
    for (const [dimension, value] of [['answerability', 'answerable'], ['questionType', 'fact'], ['claims', []]] as const) {
      recordLabel(source.db, { reviewerId: 1, caseId: 'c3', responseId: null, dimension, value: value as never });
    }
    source.db.close();
    const pack = join(dir, 'pack');
    expect((await cli('labels', 'export', '--db', a, '--reviewer', 'Ada', '--out', pack)).code).toBe(0);

    const first = await cli('import', 'labels', pack, '--db', b, '--json');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ reviewer: 'Ada', reviewerCreated: true, added: 8, alreadyPresent: 0 });
    expect(existsSync(first.json.backupPath)).toBe(true);

    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: b });
    try {
      const history = await call<{ reviewer: string; dimension: string; value: unknown; kind: string; undoesEventId: number | null; eventId: number }[]>(backend, 'labels.history', { caseId: 'c2' });
      expect(history.map((h) => [h.reviewer, h.dimension, h.value, h.kind])).toEqual([
        ['Ada', 'answerability', 'unanswerable', 'set'],
        ['Ada', 'responseBehavior', 'refused', 'set'],
        ['Ada', 'responseBehavior', null, 'undo'],
      ]);
      expect(history[2].undoesEventId).toBe(history[1].eventId);
      const c1 = await call<{ reason: string | null; at: string }[]>(backend, 'labels.history', { caseId: 'c1' });
      expect(c1.map((h) => [h.reason, h.at])).toEqual([[null, '2026-03-01T10:00:00.000Z'], ['完全正确', '2026-03-01T10:00:01.000Z']]);

      // the same pack again, through the API: nothing added, nothing overwritten, so no backup written either
      const again = await call<{ added: number; alreadyPresent: number; reviewerCreated: boolean; backupPath: string | null }>(backend, 'labels.importPack', { dir: pack });
      expect(again).toMatchObject({ added: 0, alreadyPresent: 8, reviewerCreated: false, backupPath: null });
      const progress = await call<{ done: number }>(backend, 'queue.open', { reviewerId: 1, queue: { source: 'unlabeled' } });
      expect(progress.done).toBe(1);
      const backups = await call<{ path: string; reason: string; createdAt: string; size: number }[]>(backend, 'backups.list', {});
      // the re-merge added nothing, so only the first merge (through the CLI) wrote a backup
      expect(backups.length).toBe(1);
      expect(backups.every((x) => x.reason === 'label-pack' && x.size > 0 && !Number.isNaN(Date.parse(x.createdAt)))).toBe(true);

      // round trip through the API export: the master's pack of Ada has the same lines
      const out = await call<{ eventCount: number }>(backend, 'labels.exportPack', { reviewerId: 1, outDir: join(dir, 'from-master') });
      expect(out.eventCount).toBe(8);
      expect(readFileSync(join(dir, 'from-master', 'labels.jsonl')).equals(readFileSync(join(pack, 'labels.jsonl')))).toBe(true);
    } finally {
      await backend.close();
    }
    const third = await cli('import', 'labels', pack, '--db', b, '--json');
    expect(third.json).toMatchObject({ added: 0, alreadyPresent: 8 });
    const master = await openTestSetFile(b, { create: false });
    expect(count(master.db, 'label_events')).toBe(8);
    const progressRows = () => master.db.prepare('SELECT reviewer_id, case_seq FROM label_progress ORDER BY 1, 2').all();
    const kept = progressRows();
    expect(kept).toEqual([{ reviewer_id: 1, case_seq: 3 }]);
    rebuildProgress(master.db);
    expect(progressRows()).toEqual(kept);
    expect(count(master.db, 'reviewers')).toBe(1);
    master.db.close();
  });

  it('refuses a tampered pack, a pack of another test set and an unknown case, writing nothing', async () => {
    const dir = tempDir();
    const { a, b } = await twoCopies(dir);
    const pack = join(dir, 'pack');
    expect((await cli('labels', 'export', '--db', a, '--reviewer', 'Ada', '--out', pack)).code).toBe(0);

    const tampered = join(dir, 'tampered');
    cpSync(pack, tampered, { recursive: true });
    const bytes = readFileSync(join(tampered, 'labels.jsonl'));
    const at = bytes.indexOf('unanswerable');
    bytes[at] = 'U'.charCodeAt(0);
    writeFileSync(join(tampered, 'labels.jsonl'), bytes);
    const run = await cli('import', 'labels', tampered, '--db', b);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('labels.jsonl');
    expect(run.stderr).toContain('sha256');

    // the same cases in a test set created separately: another test-set id
    const freshDir = join(dir, 'fresh');
    mkdirSync(freshDir);
    const fresh = await smallLabelingSet(freshDir);
    const freshId = fresh.testSetId;
    fresh.db.close();
    const foreign = await cli('import', 'labels', pack, '--db', fresh.file);
    expect(foreign.code).toBe(1);
    const packId = JSON.parse(readFileSync(join(pack, 'manifest.json'), 'utf8')).testSetId;
    expect(packId).not.toBe(freshId);
    expect(foreign.stderr).toContain(packId);
    expect(foreign.stderr).toContain(freshId);

    // a well-formed pack (right sha256) naming a case this test set does not have
    const events = readFileSync(join(pack, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LabelPackEvent);
    events[2] = { ...events[2], caseId: 'no-such-case' };
    const unknown = join(dir, 'unknown');
    mkdirSync(unknown);
    const text = Buffer.from(renderPackEvents(events));
    writeFileSync(join(unknown, 'labels.jsonl'), text);
    const manifest = JSON.parse(readFileSync(join(pack, 'manifest.json'), 'utf8'));
    manifest.file = { name: 'labels.jsonl', bytes: text.length, sha256: createHash('sha256').update(text).digest('hex') };
    writeFileSync(join(unknown, 'manifest.json'), renderPackManifest(manifest));
    const missing = await cli('import', 'labels', unknown, '--db', b, '--json');
    expect(missing.code).toBe(1);
    expect(missing.json.error.location).toMatchObject({ line: 3, field: 'caseId' });
    expect(missing.stderr).toContain('no-such-case');

    // only the two fixed names are read, and never through a link
    const linked = join(dir, 'linked');
    mkdirSync(linked);
    copyFileSync(join(pack, 'manifest.json'), join(linked, 'manifest.json'));
    symlinkSync(join(pack, 'labels.jsonl'), join(linked, 'labels.jsonl'));
    const viaLink = await cli('import', 'labels', linked, '--db', b);
    expect(viaLink.code).toBe(1);
    expect(viaLink.stderr).toContain('not a regular file');
    expect((await cli('import', 'labels', join(dir, 'no-such-pack'), '--db', b)).code).toBe(1);

    expect(listBackups(b)).toEqual([]);
    const master = await openTestSetFile(b, { create: false });
    expect(count(master.db, 'label_events')).toBe(0);
    expect(count(master.db, 'reviewers')).toBe(0);
    master.db.close();
  });

  it('backups: online copies named by time and reason, the newest of a kind kept; an app import writes one first', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    let ms = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < BACKUPS_KEPT_PER_KIND + 3; i += 1) await backupTestSet(opened.db, opened.file, 'Before Import!', { now: () => new Date((ms += 1000)) });
    const list = listBackups(opened.file);
    expect(list.length).toBe(BACKUPS_KEPT_PER_KIND);
    expect(list[0].createdAt).toBe(new Date(ms).toISOString());
    expect(list[0].reason).toBe('before-import');
    expect(readdirSync(backupDirOf(opened.file)).length).toBe(BACKUPS_KEPT_PER_KIND);
    const copy = await openTestSetFile(list[0].path, { create: false });
    expect(count(copy.db, 'cases')).toBe(5);
    copy.db.close();
    opened.db.close();

    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
    try {
      const rows = JSON.stringify({ id: 'c9', query: '新问题' });
      const { jobId } = await call<{ jobId: string }>(backend, 'imports.start', { kind: 'cases', format: 'jsonl', source: { fileName: 'more.jsonl', contentBase64: Buffer.from(rows).toString('base64') } });
      for (;;) {
        const job = await call<{ state: string }>(backend, 'imports.status', { jobId });
        if (job.state !== 'running') {
          expect(job.state).toBe('done');
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      const backups = await call<{ reason: string }[]>(backend, 'backups.list', {});
      expect(backups[0].reason).toBe('import-cases');
    } finally {
      await backend.close();
    }
  });
});
