import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestSetFile } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The holdout stays unseen: on a real file, through the backend the window talks to, the Cases list,
 * its counts, search, filtered export and "label these" queue leave holdout cases out unless asked for
 * (by the split, the person's toggle, or the test set's setting), and an opening is recorded only when
 * a person opens a holdout case on purpose, always with who they are.
 */

const QUOTE = '年度会员购买后 30 天内可申请退款';

/** c1, c3 holdout; c2, c4 dev; all about refunds, c4 also about invoices. */
async function holdoutSet(dir: string): Promise<string> {
  const file = join(dir, 'holdout.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  importRows(opened, 'documents', [{ docId: 'policy', title: '退款政策', revision: 'v1', text: `${QUOTE}。` }]);
  importRows(opened, 'cases', [1, 2, 3, 4].map((i) => ({
    id: `c${i}`,
    query: i === 4 ? '退款发票怎么开' : `退款问题 ${i}`,
    claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: QUOTE }] }],
    answerability: 'answerable',
    split: i % 2 ? 'holdout' : 'dev',
  })));
  opened.db.close();
  return file;
}

async function call<T = unknown>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code });
  return envelope.value as T;
}

const ids = async (backend: Backend, filters: Record<string, unknown>) =>
  (await call<{ rows: { id: string }[] }>(backend, 'cases.list', { filters: { search: '', ...filters }, offset: 0, limit: 100 })).rows.map((r) => r.id);

interface Facets { total: number; matching: number; split: { value: string; count: number }[]; holdout: { shown: boolean; matching: number; total: number } }
const facets = (backend: Backend, filters: Record<string, unknown>) => call<Facets>(backend, 'cases.facets', { filters: { search: '', ...filters } });

const setHoldoutInQueues = async (backend: Backend, on: boolean) => {
  const settings = await call<{ mustRetrieve: Record<string, boolean> }>(backend, 'diagnosis.dataSettings', {});
  await call(backend, 'diagnosis.saveDataSettings', { settings: { ...settings, holdoutInQueues: on } });
};

describe('the holdout in the Cases view (real SQLite file, through the backend)', () => {
  const tempDir = useTempDir();

  it('is left out of the list, counts, search, filtered export and queue unless asked for, and the setting is the default', async () => {
    const dir = tempDir();
    const backend = await createBackend({ dataDir: dir, mode: 'browser', version: 'test', initialTestSet: await holdoutSet(dir) });
    try {
      // a test set that never chose: holdout cases are hidden, and the counts say how many
      expect(await ids(backend, {})).toEqual(['c2', 'c4']);
      expect(await facets(backend, {})).toMatchObject({ total: 4, matching: 2, holdout: { shown: false, matching: 2, total: 2 } });
      // search and other filters too; the hidden count follows them
      expect(await ids(backend, { search: '发票' })).toEqual(['c4']);
      expect(await ids(backend, { search: '问题' })).toEqual(['c2']);
      expect((await facets(backend, { search: '问题' })).holdout).toEqual({ shown: false, matching: 2, total: 2 });
      // the split facet still counts them: choosing the holdout split is asking for them
      expect((await facets(backend, {})).split).toEqual([{ value: 'dev', count: 2 }, { value: 'holdout', count: 2 }]);
      expect(await ids(backend, { split: 'holdout' })).toEqual(['c1', 'c3']);
      // the person's toggle
      expect(await ids(backend, { holdout: 'include' })).toEqual(['c1', 'c2', 'c3', 'c4']);
      expect(await facets(backend, { holdout: 'include', search: '问题' })).toMatchObject({ matching: 3, holdout: { shown: true, matching: 2 } });

      // "Export these N…" writes exactly the cases the list shows
      const exported = async (filters: Record<string, unknown>, name: string) => {
        const out = join(dir, name);
        const result = await call<{ count: number; files: { name: string }[] }>(backend, 'exports.write', { what: 'cases', format: 'jsonl', filters: { search: '', ...filters }, outDir: out });
        const file = result.files.find((f) => f.name.endsWith('.jsonl'))!.name;
        return readFileSync(join(out, file), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
      };
      expect(await exported({ search: '退款' }, 'hidden')).toEqual(['c2', 'c4']);
      expect(await exported({ search: '退款', holdout: 'include' }, 'included')).toEqual(['c1', 'c2', 'c3', 'c4']);

      // "Label these N" walks the same cases
      const reviewer = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Ada' });
      const queueTotal = async (queue: unknown) => (await call<{ total: number }>(backend, 'queue.open', { reviewerId: reviewer.id, queue })).total;
      expect(await queueTotal({ source: 'filter', filters: { search: '退款' } })).toBe(2);
      expect(await queueTotal({ source: 'filter', filters: { search: '退款', holdout: 'include' } })).toBe(4);

      // a test set that shows its holdout every day (the demo): shown by default, still hidden when the person says so
      await setHoldoutInQueues(backend, true);
      expect(await ids(backend, {})).toEqual(['c1', 'c2', 'c3', 'c4']);
      expect((await facets(backend, {})).holdout).toEqual({ shown: true, matching: 2, total: 2 });
      expect(await queueTotal({ source: 'unlabeled' })).toBe(4);
      expect(await ids(backend, { holdout: 'exclude' })).toEqual(['c2', 'c4']);
      expect(await queueTotal({ source: 'filter', filters: { search: '', holdout: 'exclude' } })).toBe(2);
      await setHoldoutInQueues(backend, false);
      expect(await queueTotal({ source: 'unlabeled' })).toBe(2);
    } finally {
      await backend.close();
    }
  });

  it('records an opening only when a person opens a holdout case on purpose, always with the reviewer', async () => {
    const dir = tempDir();
    const file = await holdoutSet(dir);
    const backend = await createBackend({ dataDir: dir, mode: 'browser', version: 'test', initialTestSet: file });
    const openings = async () => (await call<{ holdoutOpenings: { total: number; latest: { caseId: string; reviewer: string | null; via: string }[] } }>(backend, 'diagnosis.health', {})).holdoutOpenings;
    try {
      const ada = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Ada' })).id;
      const bo = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Bo' })).id;

      // reading a case (the Cases view's own selection, a report's case list) and the Label screen's
      // reads (read-ahead, the fresh read after a save) record nothing
      await call(backend, 'cases.get', { id: 'c1' });
      await call(backend, 'labeling.item', { reviewerId: ada, caseId: 'c1', queue: null, step: 0 });
      await call(backend, 'labeling.item', { reviewerId: ada, caseId: 'c3', queue: { source: 'filter', filters: { search: '', holdout: 'include' } }, step: 0 });
      expect((await openings()).total).toBe(0);

      // a person opens it: recorded with who; the same person opening it again from the same screen is one opening
      expect(await call(backend, 'holdout.noteOpening', { caseId: 'c1', reviewerId: ada, via: 'case' })).toEqual({ holdout: true, recorded: true });
      expect(await call(backend, 'holdout.noteOpening', { caseId: 'c1', reviewerId: ada, via: 'case' })).toEqual({ holdout: true, recorded: false });
      expect(await call(backend, 'holdout.noteOpening', { caseId: 'c3', reviewerId: bo, via: 'label' })).toEqual({ holdout: true, recorded: true });
      // a dev case is no opening of the holdout
      expect(await call(backend, 'holdout.noteOpening', { caseId: 'c2', reviewerId: ada, via: 'case' })).toEqual({ holdout: false, recorded: false });
      expect((await openings()).latest.map((o) => [o.caseId, o.reviewer, o.via])).toEqual([['c3', 'Bo', 'label'], ['c1', 'Ada', 'case']]);

      // never without a reviewer: none given, or one this file does not have, is refused and nothing is written
      await expect(call(backend, 'holdout.noteOpening', { caseId: 'c1', via: 'case' })).rejects.toMatchObject({ code: 'invalid-input' });
      await expect(call(backend, 'holdout.noteOpening', { caseId: 'c1', reviewerId: 999, via: 'case' })).rejects.toThrow(/999/);
      await expect(call(backend, 'holdout.noteOpening', { caseId: 'nope', reviewerId: ada, via: 'case' })).rejects.toThrow(/nope/);
      expect((await openings()).total).toBe(2);
    } finally {
      await backend.close();
    }
    // on the file itself, every row names its reviewer
    const reopened = await openTestSetFile(file, { create: false });
    try {
      expect(reopened.db.prepare('SELECT count(*) FROM holdout_openings WHERE reviewer_id IS NULL').pluck().get()).toBe(0);
      expect(reopened.db.prepare('SELECT count(*) FROM holdout_openings').pluck().get()).toBe(2);
    } finally {
      reopened.db.close();
    }
  });
});
