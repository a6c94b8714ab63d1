import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getCaseDetail } from '../../db/case-queries';
import { listOpenConflicts, resolveConflict } from '../../db/conflicts';
import { createReviewer, recordLabel } from '../../db/labels';
import { MIGRATIONS } from '../../db/migrations';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import { citationsOfClaims, inRankOrder, metricsFromHolds, retrievalMetrics } from '../../shared/retrieval';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

const POLICY = '第 2 条 年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额；超过 30 天不予退款。';
const FORMULA = '第 4 条 退款金额 = 实付金额 × 剩余天数 ÷ 365，结果保留两位小数。';

const caseRow = {
  id: 'refund-day20',
  query: '年度会员第 20 天能退多少？',
  claims: [
    { text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款', grade: 3 }] },
    { text: '按剩余天数折算', evidence: [{ docId: 'refund-policy', quote: '按剩余天数折算退款金额' }, { docId: 'refund-policy', quote: '实付金额 × 剩余天数 ÷ 365' }] },
  ],
};

const candidates = [
  { text: '社区帖子：退款很顺利', rank: 1, docId: 'community-post-1', chunkId: 'post#1', score: 0.91 },
  { text: FORMULA, rank: 3, docId: 'refund-policy', chunkId: 'refund-policy@v2#p4', revision: 'v2', score: 0.77 },
  { text: POLICY, rank: 2, docId: 'refund-policy', chunkId: 'refund-policy@v2#p2', revision: 'v2', score: 0.8 },
];

async function seeded(dir: string): Promise<OpenedTestSet> {
  const opened = await openTestSetFile(join(dir, 'retrieval.sqlite'), { create: true });
  importRows(opened, 'documents', [{ docId: 'refund-policy', title: '会员退款政策', revision: 'v2', text: `${POLICY}\n${FORMULA}` }]);
  importRows(opened, 'cases', [caseRow]);
  return opened;
}

interface HoldRow { list: string; position: number; unit: number }
const holdsOf = (opened: OpenedTestSet, responseId: string, list: string): number[][] => {
  const seq = opened.db.prepare('SELECT seq FROM responses WHERE id = ?').pluck().get(responseId) as number;
  const length = opened.db.prepare('SELECT length FROM retrieval_lists WHERE response_seq = ? AND list = ?').pluck().get(seq, list) as number;
  const holds: number[][] = Array.from({ length }, () => []);
  for (const row of opened.db.prepare('SELECT list, position, unit FROM retrieval_holds WHERE response_seq = ? AND list = ? ORDER BY position, unit').all(seq, list) as HoldRow[]) {
    holds[row.position - 1].push(row.unit);
  }
  return holds;
};
const unitsOf = (opened: OpenedTestSet) =>
  (opened.db.prepare('SELECT grade, claims FROM retrieval_units ORDER BY unit').all() as { grade: number; claims: string }[])
    .map((u) => ({ grade: u.grade, claims: JSON.parse(u.claims) as number[] }));

describe('importing retrieval data', () => {
  const tempDir = useTempDir();

  it('keeps candidates (with a document outside the test set), condition and evidence grades, and indexes which chunk holds which unit', async () => {
    const opened = await seeded(tempDir());
    importRows(opened, 'responses', [
      { id: 'r1', caseId: 'refund-day20', system: 'agent@2', answer: '可以退', finalContext: [candidates[2]], candidates },
      { id: 'r2', caseId: 'refund-day20', system: 'agent@2', answer: '可以退', finalContext: [candidates[2]], condition: 'gold-context' },
    ]);
    const detail = getCaseDetail(opened.db, 'refund-day20');
    const r1 = detail.responses.find((r) => r.id === 'r1')!;
    expect(r1.candidates).toEqual(candidates);
    expect(r1.condition).toBeUndefined();
    expect(detail.responses.find((r) => r.id === 'r2')!.condition).toBe('gold-context');
    expect(detail.case.claims[0].evidence[0].grade).toBe(3);
    expect(detail.case.claims[1].evidence[0]).not.toHaveProperty('grade');

    // Units: the three quotes; the candidates in rank order are post, POLICY (units 0 and 1), FORMULA (unit 2).
    expect(unitsOf(opened)).toEqual([{ grade: 3, claims: [0] }, { grade: 1, claims: [1] }, { grade: 1, claims: [1] }]);
    expect(holdsOf(opened, 'r1', 'candidates')).toEqual([[], [0, 1], [2]]);
    expect(holdsOf(opened, 'r1', 'context')).toEqual([[0, 1]]);
    expect(holdsOf(opened, 'r2', 'candidates')).toEqual([]);

    // The stored index gives exactly the figures of the pure function.
    for (const k of [1, 2, 3, 5]) {
      expect(metricsFromHolds(unitsOf(opened), holdsOf(opened, 'r1', 'candidates'), k))
        .toEqual(retrievalMetrics(citationsOfClaims(detail.case.claims), inRankOrder(candidates), { k }));
    }
    opened.db.close();
  });

  it('reads candidates from a native CSV column', async () => {
    const opened = await seeded(tempDir());
    const csv = `caseId,system,answer,candidates\nrefund-day20,agent@3,可以退,"${JSON.stringify(candidates).replace(/"/g, '""')}"\n`;
    runImport(opened.db, { kind: 'responses', format: 'csv', fileName: 'responses.csv', bytes: Buffer.from(csv) });
    expect(getCaseDetail(opened.db, 'refund-day20').responses[0].candidates).toEqual(candidates);
    expect(holdsOf(opened, 'refund-day20@agent@3', 'candidates')).toEqual([[], [0, 1], [2]]);
    opened.db.close();
  });

  it('refuses a grade outside 1–3 and an unknown condition, naming file, line and field, and writes nothing', async () => {
    const opened = await seeded(tempDir());
    const badGrade = { ...caseRow, id: 'c2', claims: [{ text: 'x', evidence: [{ docId: 'refund-policy', quote: '30 天', grade: 4 }] }] };
    expect(() => importRows(opened, 'cases', [{ ...caseRow, id: 'c1' }, badGrade])).toThrow(/cases\.jsonl.*line 2.*claims\.0\.evidence\.0\.grade/s);
    expect(() => importRows(opened, 'responses', [{ caseId: 'refund-day20', system: 's', answer: 'a', condition: 'sunny' }]))
      .toThrow(/responses\.jsonl, line 1, field "condition": expected one of "normal", "gold-context"/);
    expect(opened.db.prepare('SELECT count(*) FROM cases').pluck().get()).toBe(1);
    expect(opened.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
    opened.db.close();
  });

  it('turns Ragas retrieved_contexts into final-context chunks ranked in file order', async () => {
    const opened = await openTestSetFile(join(tempDir(), 'ragas.sqlite'), { create: true });
    const rows = [{ user_input: '年度会员能退吗？', reference: '30 天内可以', retrieved_contexts: ['第一段', '第二段'], response: '可以' }];
    runImport(opened.db, { kind: 'cases', format: 'ragas', fileName: 'ragas.jsonl', bytes: Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')), system: 'rag@1' });
    const caseId = opened.db.prepare('SELECT id FROM cases').pluck().get() as string;
    expect(getCaseDetail(opened.db, caseId).responses[0].finalContext).toEqual([{ text: '第一段', rank: 1 }, { text: '第二段', rank: 2 }]);
    opened.db.close();
  });

  it('measures against the settled claims once a conflict on them is resolved', async () => {
    const opened = await seeded(tempDir());
    importRows(opened, 'responses', [{ id: 'r1', caseId: 'refund-day20', system: 'agent@2', answer: '可以退', finalContext: [{ text: FORMULA, rank: 1 }] }]);
    expect(holdsOf(opened, 'r1', 'context')).toEqual([[2]]);
    const ada = createReviewer(opened.db, 'Ada');
    const bo = createReviewer(opened.db, 'Bo');
    const lead = createReviewer(opened.db, 'Lead');
    const settled = [{ text: '按公式折算', evidence: [{ docId: 'refund-policy', quote: '结果保留两位小数' }] }];
    recordLabel(opened.db, { reviewerId: ada.id, caseId: 'refund-day20', responseId: null, dimension: 'claims', value: settled });
    recordLabel(opened.db, { reviewerId: bo.id, caseId: 'refund-day20', responseId: null, dimension: 'claims', value: [{ text: '可退', evidence: [] }] });
    const [conflict] = listOpenConflicts(opened.db, 0, 10).rows;
    resolveConflict(opened.db, { caseId: 'refund-day20', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: settled });
    expect(unitsOf(opened)).toEqual([{ grade: 1, claims: [0] }]);
    expect(holdsOf(opened, 'r1', 'context')).toEqual([[0]]);
    opened.db.close();
  });

  it('indexes a file migrated from before retrieval data when it is opened', async () => {
    const dir = tempDir();
    const path = join(dir, 'old.sqlite');
    const old = await openTestSetFile(path, { create: true, migrations: MIGRATIONS.filter((m) => m.version < 7) });
    old.db.exec(`
      INSERT INTO documents (doc_id, revision, title) VALUES ('refund-policy', 'v2', '退款');
      INSERT INTO cases (seq, id, query) VALUES (1, 'c1', '能退吗');
      INSERT INTO claims (id, case_seq, position, text) VALUES (1, 1, 0, '30 天内可退');
      INSERT INTO evidence (claim_id, position, doc_id, quote) VALUES (1, 0, 'refund-policy', '30 天内可申请退款');
      INSERT INTO responses (id, case_seq, system, answer, final_context) VALUES ('r1', 1, 'agent@1', '可以', '${JSON.stringify([{ text: POLICY, rank: 1 }])}');
    `);
    old.db.close();
    const migrated = await openTestSetFile(path, { create: false });
    expect(holdsOf(migrated, 'r1', 'context')).toEqual([[0]]);
    expect(migrated.db.prepare("SELECT count(*) FROM meta WHERE key = 'retrieval_index_stale'").pluck().get()).toBe(0);
    migrated.db.close();
  });
});
