import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCases } from '../../db/case-queries';
import { openTestSetFile } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The import indexes a file's new cases for search in one pass at the end of
 * its transaction: every case of every import is found by its question,
 * reference answer and claims, and a refused file leaves no search rows.
 */
const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n'));

describe('search index written by imports', () => {
  const tempDir = useTempDir();

  it('indexes the cases of each import, appended ones too, with their claims in order', async () => {
    const opened = await openTestSetFile(join(tempDir(), 'index.sqlite'), { create: true });
    const { db } = opened;
    runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'documents.jsonl', bytes: jsonl([{ docId: 'd1', title: '政策', revision: 'v1' }]) });
    const claim = (text: string) => ({ text, evidence: [{ docId: 'd1', quote: '原文' }] });
    runImport(db, { kind: 'cases', format: 'jsonl', fileName: 'first.jsonl', bytes: jsonl([
      { id: 'a1', query: '年度会员可以退款吗', referenceAnswer: '三十天内可以', claims: [claim('购买后三十天内'), claim('需要提供订单号')] },
      { id: 'a2', query: '没有参考答案的问题', claims: [] },
    ]) });
    runImport(db, { kind: 'cases', format: 'jsonl', fileName: 'second.jsonl', bytes: jsonl([
      { id: 'b1', query: '发票如何重开', referenceAnswer: '在订单页申请', claims: [claim('电子发票可重开一次')] },
    ]) });
    const search = (text: string) => listCases(db, { search: text }, 0, 100).map((row) => row.id).sort();

    expect(search('年度会员')).toEqual(['a1']);
    expect(search('三十天内可以')).toEqual(['a1']);
    expect(search('需要提供订单号')).toEqual(['a1']);
    expect(search('没有参考答案')).toEqual(['a2']);
    expect(search('电子发票可重开')).toEqual(['b1']);
    expect(search('在订单页')).toEqual(['b1']);
    const rows = db.prepare('SELECT c.id, f.reference_answer, f.claims_text FROM cases_fts f JOIN cases c ON c.seq = f.rowid ORDER BY c.seq').all();
    expect(rows).toEqual([
      { id: 'a1', reference_answer: '三十天内可以\n\n', claims_text: '购买后三十天内\n需要提供订单号\n\n' },
      { id: 'a2', reference_answer: '\n\n', claims_text: '\n\n' },
      { id: 'b1', reference_answer: '在订单页申请\n\n', claims_text: '电子发票可重开一次\n\n' },
    ]);

    // a refused file (its last case names an unknown document) adds no search rows either
    expect(() => runImport(db, { kind: 'cases', format: 'jsonl', fileName: 'bad.jsonl', bytes: jsonl([
      { id: 'c1', query: '这个问题不该被找到', claims: [] },
      { id: 'c2', query: '第二个', relevantDocuments: ['missing-doc'] },
    ]) })).toThrow(/bad\.jsonl.*line 2.*unknown docId "missing-doc"/);
    expect(search('不该被找到')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM cases_fts').pluck().get()).toBe(3);
    db.close();
  });
});
