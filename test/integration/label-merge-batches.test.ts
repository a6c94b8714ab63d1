import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planPack, verifyLabelPack } from '../../db/label-packs';
import { MERGE_BATCH, writeMergeBatch } from '../../db/label-merge';
import { createReviewer, recordLabel } from '../../db/labels';
import { connect, openTestSetFile, readMeta, type Db } from '../../db/open';
import { createBackend } from '../../server/backend';
import { runImport } from '../../server/imports/import-pipeline';
import { PACK_EVENTS_PER_CASE, writeGeneratedPack } from '../helpers/generated-pack';
import { useTempDir } from '../helpers/temp-dir';

/**
 * A label-pack merge of many events, on real files: the app's label saves go through while it
 * runs, and a merge that stops half-way (its process killed) leaves the file as it was before,
 * every label saved meanwhile kept.
 */
const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));
const jsonl = (n: number, row: (i: number) => unknown) => Buffer.from(Array.from({ length: n }, (_, i) => JSON.stringify(row(i))).join('\n'));

/** `cases` cases with one response each, reviewer Ada, and a pack of reviewer Cy over all of them. */
async function setUp(dir: string, cases: number): Promise<{ file: string; pack: string; events: number; adaId: number }> {
  const file = join(dir, 'lead.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  runImport(opened.db, { kind: 'cases', format: 'jsonl', fileName: 'cases.jsonl', bytes: jsonl(cases, (i) => ({ id: `case-${i}`, query: `问题 ${i}：退款多久到账` })) });
  runImport(opened.db, { kind: 'responses', format: 'jsonl', fileName: 'responses.jsonl', bytes: jsonl(cases, (i) => ({ id: `resp-${i}`, caseId: `case-${i}`, system: 'a@1', answer: '七天' })) });
  const adaId = createReviewer(opened.db, 'Ada').id;
  const pack = join(dir, 'cy-pack');
  const events = writeGeneratedPack(pack, readMeta(opened.db, 'test_set_id')!, 'Cy', cases);
  opened.db.close();
  return { file, pack, events, adaId };
}

const cyEvents = (db: Db | Database.Database) =>
  db.prepare("SELECT count(*) FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id WHERE v.name = 'Cy'").pluck().get() as number;

/** What a merge writes or derives, ids left out (a label saved meanwhile gets another id than in a file without the merge). */
function dump(db: Db): Record<string, unknown[]> {
  return {
    events: db.prepare('SELECT e.uid, c.id AS caseId, e.response_seq, e.dimension, e.value, v.name FROM label_events e JOIN cases c ON c.seq = e.case_seq JOIN reviewers v ON v.id = e.reviewer_id ORDER BY v.name, c.id, e.dimension, e.response_seq, e.uid').all(),
    reviewers: db.prepare('SELECT name FROM reviewers ORDER BY name').pluck().all(),
    progress: db.prepare('SELECT v.name, p.case_seq FROM label_progress p JOIN reviewers v ON v.id = p.reviewer_id ORDER BY 1, 2').all(),
    labelers: db.prepare('SELECT v.name, l.case_seq FROM case_labelers l JOIN reviewers v ON v.id = l.reviewer_id ORDER BY 1, 2').all(),
    marks: db.prepare('SELECT * FROM case_marks ORDER BY case_seq').all(),
  };
}

describe('label-pack merges in batches', () => {
  const tempDir = useTempDir();

  it('labels saved through the app are answered while a large pack merges, between its batches, and all of them are kept', async () => {
    const dir = tempDir();
    const { file, pack, events, adaId } = await setUp(dir, 2500);
    expect(events).toBe(2500 * PACK_EVENTS_PER_CASE);
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: file });
    const watcher = new Database(file, { readonly: true });
    try {
      let merging = true;
      const merged = backend.dispatch('labels.importPack', { dir: pack }).finally(() => (merging = false));
      // Ada keeps labeling (each label changes the case's value); for each answer, how much of Cy's pack the file held then
      const seen: number[] = [];
      for (let i = 0; merging; i += 1) {
        const saved = await backend.dispatch('labels.record', { reviewerId: adaId, caseId: `case-${i % 50}`, responseId: null, dimension: 'answerability', value: Math.floor(i / 50) % 2 ? 'answerable' : 'unanswerable' });
        expect(saved.ok).toBe(true);
        seen.push(cyEvents(watcher));
        await new Promise((r) => setTimeout(r, 5));
      }
      const outcome = await merged;
      expect(outcome).toMatchObject({ ok: true, value: { added: events, reviewerCreated: true } });
      // answered while the file held part of the pack: the merge was under way, not finished before or after
      expect(seen.filter((n) => n > 0 && n < events).length).toBeGreaterThan(0);
      expect(cyEvents(watcher)).toBe(events);
      const adaSaved = watcher.prepare('SELECT count(*) FROM label_events WHERE reviewer_id = ?').pluck().get(adaId);
      expect(adaSaved).toBe(seen.length);
      expect(watcher.prepare('SELECT count(*) FROM label_merge_batches').pluck().get()).toBe(0);
    } finally {
      watcher.close();
      await backend.close();
    }
  }, 300_000);

  it('a merge killed half-way leaves the file as it was before once it is opened again', async () => {
    const dir = tempDir();
    const { file, pack, events } = await setUp(dir, 2500);
    const db = connect(file);
    const before = dump(db);
    db.close();

    const child = spawn(process.execPath, [BIN, 'import', 'labels', pack, '--db', file], { stdio: 'ignore' });
    let running = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => (running = false));
    const watcher = new Database(file, { readonly: true });
    let partly = 0;
    try {
      // killed as soon as part of the pack is in the file
      while (running && partly === 0) {
        const n = cyEvents(watcher);
        if (n > 0 && n < events) partly = n;
        else await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
      watcher.close();
    }
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(events);

    const reopened = await openTestSetFile(file, { create: false });
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(dump(reopened.db)).toEqual(before);
    reopened.db.close();
  }, 300_000);

  it('a label saved from another connection between two batches stays when the unfinished merge is taken back', async () => {
    const dir = tempDir();
    const { file, pack, adaId } = await setUp(dir, 600);
    const reference = join(dir, 'reference.sqlite');
    copyFileSync(file, reference);

    const merger = connect(file);
    const plan = merger.transaction(() => planPack(merger, verifyLabelPack(pack, readMeta(merger, 'test_set_id')!)))();
    expect(plan.planned.length).toBeGreaterThan(2 * MERGE_BATCH);
    merger.transaction(() => writeMergeBatch(merger, plan, 0, MERGE_BATCH)).immediate();
    // the app, on its own connection, between two batches: Ada labels one of the cases Cy's pack is about
    const app = connect(file);
    const steps = [['answerability', null, 'answerable'], ['questionType', null, 'fact'], ['claims', null, []], ['responseBehavior', 'resp-3', 'answered'],
      ['refusalCorrect', 'resp-3', 'correct'], ['correctness', 'resp-3', 2], ['faithfulness', 'resp-3', 1], ['failureLayer', 'resp-3', 'none']] as const;
    const label = (db: Db) => {
      for (const [dimension, responseId, value] of steps) recordLabel(db, { reviewerId: adaId, caseId: 'case-3', responseId, dimension, value: value as never });
    };
    label(app);
    app.close();
    merger.transaction(() => writeMergeBatch(merger, plan, MERGE_BATCH, 2 * MERGE_BATCH)).immediate();
    merger.close(); // the process dies here, before the merge's last step

    const reopened = await openTestSetFile(file, { create: false });
    const withoutMerge = connect(reference);
    label(withoutMerge);
    try {
      const after = dump(reopened.db);
      const expected = dump(withoutMerge);
      // Ada's labels differ only by their uids (made afresh each time)
      const strip = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), uid: undefined }));
      expect({ ...after, events: strip(after.events) }).toEqual({ ...expected, events: strip(expected.events) });
      expect(after.events).toHaveLength(steps.length);
      expect(cyEvents(reopened.db)).toBe(0);
    } finally {
      withoutMerge.close();
      reopened.db.close();
    }
  }, 300_000);
});
