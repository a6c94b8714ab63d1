import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOpenConflicts, resolveConflict } from '../../db/conflicts';
import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The Diagnosis page reads each response's facts (what its chunk lists, citations and trajectory
 * say, with its case and the documents) from response_facts instead of parsing the lists. After
 * each kind of change that moves them, the page read from the kept facts must give exactly the
 * figures of a fresh computation: the same file with no facts kept, computed from the lists.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'diagnosis');
const SYSTEM = 'refund-bot@1';
const TODAY = '2026-12-01';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const figures = (db: Db, today = TODAY) => plain({ report: diagnose(diagnosisInput(db, SYSTEM, today)), layers: layersReport(layersInput(db, SYSTEM)) });
const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n'));
const keptFacts = (db: Db) => db.prepare('SELECT count(*) FROM response_facts').pluck().get() as number;

describe('the response facts the Diagnosis page keeps', () => {
  const tempDir = useTempDir();
  let copies = 0;

  async function refundSet(): Promise<Db> {
    const { db } = await openTestSetFile(join(tempDir(), 'refund.sqlite'), { create: true });
    for (const kind of ['documents', 'cases', 'responses', 'judge'] as const) {
      runImport(db, { kind, format: 'jsonl', fileName: `refund-${kind}.jsonl`, bytes: readFileSync(join(FIXTURES, `refund-${kind}.jsonl`)) });
    }
    return db;
  }

  /** The figures of a copy of the file without any kept facts: every one computed from the stored lists. */
  async function fresh(db: Db, today = TODAY): Promise<unknown> {
    const path = join(tempDir(), `fresh-${++copies}.sqlite`);
    db.prepare('VACUUM INTO ?').run(path);
    const copy = (await openTestSetFile(path, { create: false })).db;
    try {
      copy.prepare('DELETE FROM response_facts').run();
      return figures(copy, today);
    } finally {
      copy.close();
    }
  }

  it('a page read keeps every response\'s facts, and the next file opening reads the figures from them unchanged', async () => {
    const db = await refundSet();
    const path = db.name;
    const first = figures(db);
    expect(keptFacts(db)).toBe(db.prepare('SELECT count(*) FROM responses').pluck().get());
    expect(first).toEqual(await fresh(db));
    db.close();
    const reopened = (await openTestSetFile(path, { create: false })).db;
    expect(figures(reopened)).toEqual(first);
    reopened.close();
  });

  it('a new document revision after the page was read: the chunks it makes stale count at once', async () => {
    const db = await refundSet();
    const before = figures(db);
    // the FAQ the contexts cite gets a newer revision without the sentences they quote
    runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'faq-v2.jsonl', bytes: jsonl([{ docId: 'refund-faq', title: '会员常见问题', revision: 'v2', effectiveFrom: '2026-11-01', supersedes: 'v1', accessScope: ['public'], text: '常见问题：会员等级说明已移至帮助中心。' }]) });
    expect(keptFacts(db)).toBe(0);
    const after = figures(db);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await fresh(db));
    db.close();
  });

  it('the lead settling a case\'s claims on other evidence after the page was read', async () => {
    const db = await refundSet();
    const before = figures(db);
    const settled = [{ text: '客服时间每天 9:00-21:00', evidence: [{ docId: 'refund-faq', quote: '客服时间：每天 9:00-21:00' }] }];
    const [ada, bo, lead] = ['Ada', 'Bo', 'Lead'].map((name) => createReviewer(db, name));
    recordLabel(db, { reviewerId: ada.id, caseId: 'refund-ranked', responseId: null, dimension: 'claims', value: settled });
    recordLabel(db, { reviewerId: bo.id, caseId: 'refund-ranked', responseId: null, dimension: 'claims', value: [{ text: '可退', evidence: [] }] });
    const [conflict] = listOpenConflicts(db, 0, 10).rows;
    resolveConflict(db, { caseId: 'refund-ranked', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: settled });
    const after = figures(db);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await fresh(db));
    db.close();
  });

  it('responses imported after the page was read are in the next one', async () => {
    const db = await refundSet();
    const before = figures(db);
    runImport(db, {
      kind: 'responses', format: 'jsonl', fileName: 'more.jsonl',
      bytes: jsonl([{ id: 'r-leak', caseId: 'refund-ok', system: SYSTEM, condition: 'conflict', answer: '主管可特批全额退款。', finalContext: [{ docId: 'refund-staff-handbook', chunkId: 'refund-staff-handbook#1', rank: 1, text: '内部流程：客服主管可对年度会员特批全额退款。' }] }]),
    });
    const after = figures(db);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await fresh(db));
    expect(keptFacts(db)).toBe(db.prepare('SELECT count(*) FROM responses').pluck().get());
    db.close();
  });

  it('a revision expiring with the calendar: the facts are computed again for the day asked', async () => {
    const db = await refundSet();
    runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'faq-v2.jsonl', bytes: jsonl([{ docId: 'refund-faq', title: '会员常见问题', revision: 'v2', effectiveFrom: '2026-11-01', expiresAt: '2027-01-15', supersedes: 'v1', accessScope: ['public'], text: readFileSync(join(FIXTURES, 'refund-documents.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { docId: string; text: string }).find((d) => d.docId === 'refund-faq')!.text }]) });
    const january = figures(db, '2027-01-01');
    const february = figures(db, '2027-02-01');
    expect(february).not.toEqual(january);
    expect(february).toEqual(await fresh(db, '2027-02-01'));
    expect(figures(db, '2027-01-01')).toEqual(january);
    expect(january).toEqual(await fresh(db, '2027-01-01'));
    db.close();
  });

  it('a label saved here, or a write by another connection, shows in the next page', async () => {
    const db = await refundSet();
    const before = figures(db);
    const ada = createReviewer(db, 'Ada');
    recordLabel(db, { reviewerId: ada.id, caseId: 'refund-ok', responseId: 'r-ok', dimension: 'correctness', value: 0 });
    const labeled = figures(db);
    expect(labeled).not.toEqual(before);
    expect(labeled).toEqual(await fresh(db));
    const other = (await openTestSetFile(db.name, { create: false })).db;
    // asked before v2 took effect, the v1 chunk was the policy in force: no longer stale
    other.prepare("UPDATE cases SET as_of = '2026-09-01' WHERE id = 'refund-stale'").run();
    other.close();
    const scoped = figures(db);
    expect(scoped).not.toEqual(labeled);
    expect(scoped).toEqual(await fresh(db));
    db.close();
  });
});
