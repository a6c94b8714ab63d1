import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import type { OpenConflict } from '../../shared/api/conflict-ops';
import type { CaseDetail } from '../../shared/api/contract';
import type { LabelingItem } from '../../shared/api/labeling-ops';
import type { LabelValue } from '../../shared/domain/dimensions';
import type { Claim } from '../../shared/domain/schemas';
import { cli } from '../helpers/cli';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; location?: { field: string | null } | null } };

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = (await backend.dispatch(name, input)) as Envelope;
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

const claim = (text: string, quote = '30 天内可申请退款'): Claim => ({ text, evidence: [{ docId: 'refund-policy', quote }] });

/** The master file and two copies of it (same test-set id), one per expert's laptop. */
async function threeCopies(dir: string): Promise<{ master: string; ada: string; bo: string }> {
  const opened = await smallLabelingSet(dir);
  opened.db.close();
  const ada = join(dir, 'ada.sqlite');
  const bo = join(dir, 'bo.sqlite');
  copyFileSync(opened.file, ada);
  copyFileSync(opened.file, bo);
  return { master: opened.file, ada, bo };
}

/** On an expert's copy: record label events as that reviewer, then export their pack with the real CLI. */
async function labelAndExport(file: string, name: string, labels: [caseId: string, dimension: string, value: LabelValue][], out: string): Promise<string> {
  const opened = await openTestSetFile(file, { create: false });
  try {
    const reviewer = opened.db.prepare('SELECT id, name FROM reviewers WHERE name = ?').get(name) as { id: number } | undefined ?? createReviewer(opened.db, name);
    for (const [caseId, dimension, value] of labels) recordLabel(opened.db, { reviewerId: reviewer.id, caseId, responseId: null, dimension, value });
  } finally {
    opened.db.close();
  }
  const exported = await cli('labels', 'export', '--db', file, '--reviewer', name, '--out', out);
  expect(exported.code).toBe(0);
  return out;
}

interface Imported {
  added: number;
  conflictsOpened: number;
}

describe('conflicts: a case edited in two places, surfaced for the lead', () => {
  const tempDir = useTempDir();

  it('claims edited differently in two packs open one conflict; the same pack twice and identical edits open nothing; the lead resolves, a later edit reopens', async () => {
    const dir = tempDir();
    const { master, ada, bo } = await threeCopies(dir);
    const adaClaims = [claim('30 天内可退款'), claim('按剩余天数折算', '按剩余天数折算退款金额')];
    const boClaims = [claim('一个月内可以退款')];
    const same = [claim('购买后 30 天内可退')];
    const adaPack = await labelAndExport(ada, 'Ada', [['c1', 'claims', adaClaims], ['c2', 'claims', same]], join(dir, 'ada-pack'));
    const boPack = await labelAndExport(bo, 'Bo', [['c1', 'claims', boClaims], ['c2', 'claims', same], ['c3', 'claims', [claim('只有 Bo 改了')]]], join(dir, 'bo-pack'));

    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: master });
    try {
      const lead = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Lead' });
      const first = await call<Imported>(backend, 'labels.importPack', { dir: adaPack });
      expect(first).toMatchObject({ added: 2, conflictsOpened: 0 });
      const second = await call<Imported>(backend, 'labels.importPack', { dir: boPack });
      expect(second).toMatchObject({ added: 3, conflictsOpened: 1 });
      const again = await call<Imported>(backend, 'labels.importPack', { dir: adaPack });
      expect(again).toMatchObject({ added: 0, conflictsOpened: 0 });

      const listed = await call<{ total: number; rows: OpenConflict[] }>(backend, 'conflicts.list', {});
      expect(listed.total).toBe(1);
      const [conflict] = listed.rows;
      expect(conflict).toMatchObject({ caseId: 'c1', query: '问题 1', field: 'claims', settled: null });
      expect(conflict.imported).toEqual([claim('30 天内可退款')]);
      expect(conflict.versions.map((v) => [v.holders.map((h) => h.reviewer), v.value])).toEqual([[['Ada'], adaClaims], [['Bo'], boClaims]]);

      // a lead who did not see every version is refused, and nothing is written
      const stale = await backend.dispatch('conflicts.resolve', { caseId: 'c1', field: 'claims', reviewerId: lead.id, seenUids: [conflict.uids[0], 'not-seen'], value: boClaims });
      expect(stale).toMatchObject({ ok: false, error: { code: 'conflict', location: { field: 'seenUids' } } });
      expect((await call<{ total: number }>(backend, 'conflicts.list', {})).total).toBe(1);
      const noClaims = await backend.dispatch('conflicts.resolve', { caseId: 'c1', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: [] });
      expect(noClaims).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

      const resolved = await call<{ settled: { value: unknown; by: string; note: string | null } }>(backend, 'conflicts.resolve', {
        caseId: 'c1', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: adaClaims, note: '  Ada cites the policy  ',
      });
      expect(resolved.settled).toMatchObject({ value: adaClaims, by: 'Lead', note: 'Ada cites the policy' });
      expect((await call<{ total: number }>(backend, 'conflicts.list', {})).total).toBe(0);
      const again2 = await backend.dispatch('conflicts.resolve', { caseId: 'c1', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: boClaims });
      expect(again2).toMatchObject({ ok: false, error: { code: 'conflict' } });

      // the case now shows the settled claims; the imported ones stay as they came
      const detail = await call<CaseDetail>(backend, 'cases.get', { id: 'c1' });
      expect(detail.settled?.claims).toMatchObject({ value: adaClaims, by: 'Lead' });
      expect(detail.case.claims).toEqual([claim('30 天内可退款')]);
      expect(detail.settled?.referenceAnswer).toBeNull();
      // and a reviewer who has not labeled it yet is offered the settled claims
      const item = await call<LabelingItem>(backend, 'labeling.item', { reviewerId: lead.id, caseId: 'c1' });
      expect(item.steps.find((s) => s.dimension === 'claims')).toMatchObject({ suggestion: adaClaims, suggestionReason: 'settled-claims' });
    } finally {
      await backend.close();
    }

    // Bo changes his mind on his laptop: the next merge reopens the conflict
    const boPack2 = await labelAndExport(bo, 'Bo', [['c1', 'claims', [claim('一个月内可以退款'), claim('按天折算')]]], join(dir, 'bo-pack-2'));
    const merged = await cli('import', 'labels', boPack2, '--db', master);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain('1 conflict opened');
    const reopened = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: master });
    try {
      const listed = await call<{ rows: OpenConflict[] }>(reopened, 'conflicts.list', {});
      expect(listed.rows.map((r) => [r.caseId, r.field, r.versions.length, r.settled?.by])).toEqual([['c1', 'claims', 2, 'Lead']]);
    } finally {
      reopened.close();
    }
  });

  it('reference answer edits travel in packs, show in the history, and conflict and resolve the same way', async () => {
    const dir = tempDir();
    const { master, ada, bo } = await threeCopies(dir);
    const adaPack = await labelAndExport(ada, 'Ada', [['c2', 'referenceAnswer', '购买后 30 天内可以退款。']], join(dir, 'ada-pack'));
    const boPack = await labelAndExport(bo, 'Bo', [['c2', 'referenceAnswer', '一个月内可以退款，按天折算。'], ['c4', 'referenceAnswer', '30 天内可退款']], join(dir, 'bo-pack'));

    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: master });
    try {
      const lead = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Lead' });
      const empty = await backend.dispatch('labels.record', { reviewerId: lead.id, caseId: 'c2', responseId: null, dimension: 'referenceAnswer', value: '   ' });
      expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-input', location: { field: 'value' } } });

      expect(await call<Imported>(backend, 'labels.importPack', { dir: adaPack })).toMatchObject({ added: 1, conflictsOpened: 0 });
      // Bo's c4 edit equals the imported reference answer: no version of its own
      expect(await call<Imported>(backend, 'labels.importPack', { dir: boPack })).toMatchObject({ added: 2, conflictsOpened: 1 });
      const history = await call<{ reviewer: string; dimension: string; value: unknown }[]>(backend, 'labels.history', { caseId: 'c2' });
      expect(history.map((h) => [h.reviewer, h.dimension, h.value])).toEqual([
        ['Ada', 'referenceAnswer', '购买后 30 天内可以退款。'],
        ['Bo', 'referenceAnswer', '一个月内可以退款，按天折算。'],
      ]);
      // the built-in field is never a guided step, nor a dimension of the test set
      const item = await call<LabelingItem>(backend, 'labeling.item', { reviewerId: lead.id, caseId: 'c2' });
      expect(item.steps.some((s) => s.dimension === 'referenceAnswer')).toBe(false);
      expect((await call<{ name: string }[]>(backend, 'dimensions.list', {})).some((d) => d.name === 'referenceAnswer')).toBe(false);
      const humans = await call<{ dimensions: { dimension: string }[] }>(backend, 'agreement.humanVsHuman', {});
      expect(humans.dimensions.map((d) => d.dimension)).not.toContain('referenceAnswer');

      const [conflict] = (await call<{ rows: OpenConflict[] }>(backend, 'conflicts.list', {})).rows;
      expect(conflict).toMatchObject({ caseId: 'c2', field: 'referenceAnswer', imported: '30 天内可退款' });
      const edited = '购买后 30 天（一个月）内可以退款，按剩余天数折算。';
      await call(backend, 'conflicts.resolve', { caseId: 'c2', field: 'referenceAnswer', reviewerId: lead.id, seenUids: conflict.uids, value: `  ${edited}\n` });
      const detail = await call<CaseDetail>(backend, 'cases.get', { id: 'c2' });
      expect(detail.settled?.referenceAnswer).toMatchObject({ value: edited, by: 'Lead' });
      expect(detail.case.referenceAnswer).toBe('30 天内可退款');
      expect((await call<{ total: number }>(backend, 'conflicts.list', {})).total).toBe(0);

      // a reviewer adopting the settled text keeps it closed; a third, different text reopens it
      const cy = await call<{ id: number }>(backend, 'reviewers.create', { name: 'Cy' });
      await call(backend, 'labels.record', { reviewerId: cy.id, caseId: 'c2', responseId: null, dimension: 'referenceAnswer', value: edited });
      expect((await call<{ total: number }>(backend, 'conflicts.list', {})).total).toBe(0);
      await call(backend, 'labels.record', { reviewerId: cy.id, caseId: 'c2', responseId: null, dimension: 'referenceAnswer', value: '可以退。' });
      const reopened = await call<{ rows: OpenConflict[] }>(backend, 'conflicts.list', {});
      expect(reopened.rows.map((r) => [r.caseId, r.field, r.versions.length, r.settled?.value])).toEqual([['c2', 'referenceAnswer', 3, edited]]);
    } finally {
      await backend.close();
    }
  });
  it('lists open conflicts a page at a time, in case order, claims before the reference answer', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    const bo = createReviewer(opened.db, 'Bo');
    for (const [reviewer, suffix] of [[ada, '甲'], [bo, '乙']] as const) {
      for (const caseId of ['c3', 'c1']) recordLabel(opened.db, { reviewerId: reviewer.id, caseId, responseId: null, dimension: 'claims', value: [claim(`可退款${suffix}`)] });
      recordLabel(opened.db, { reviewerId: reviewer.id, caseId: 'c1', responseId: null, dimension: 'referenceAnswer', value: `可以${suffix}` });
    }
    opened.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
    try {
      const first = await call<{ total: number; offset: number; rows: OpenConflict[] }>(backend, 'conflicts.list', { offset: 0, limit: 2 });
      expect(first.total).toBe(3);
      expect(first.rows.map((r) => [r.caseId, r.field])).toEqual([['c1', 'claims'], ['c1', 'referenceAnswer']]);
      const second = await call<{ total: number; offset: number; rows: OpenConflict[] }>(backend, 'conflicts.list', { offset: 2, limit: 2 });
      expect(second).toMatchObject({ total: 3, offset: 2 });
      expect(second.rows.map((r) => [r.caseId, r.field])).toEqual([['c3', 'claims']]);
    } finally {
      await backend.close();
    }
  });
});
