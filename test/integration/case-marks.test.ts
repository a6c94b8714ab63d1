import { describe, expect, it } from 'vitest';
import { caseFacets } from '../../db/case-facets';
import { editCase } from '../../db/case-edits';
import { listCases } from '../../db/case-queries';
import { caseWhere } from '../../db/case-search';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import type { CaseFacets, CaseFilters } from '../../shared/api/contract';
import { CASE_FLAGS, LABELED_FILTERS } from '../../shared/cases/filters';
import { importRows } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { join } from 'node:path';

/**
 * The Cases view's marks (who labeled, disagreement, expert edits, permission leaks) and every facet
 * count, checked on a real file after labels, undo, imports and case edits: each count equals a plain
 * COUNT over the cases with the same filters (the SQL the list runs), and the marks equal the cases
 * built to carry them.
 */

const claim = (text: string) => ({ text, evidence: [{ docId: 'refund', quote: '30 天内可申请退款' }] });

async function seeded(dir: string): Promise<OpenedTestSet> {
  const opened = await openTestSetFile(join(dir, 'marks.sqlite'), { create: true });
  importRows(opened, 'documents', [
    { docId: 'refund', title: '退款政策', revision: 'v1', accessScope: ['public'], text: '年度会员购买后 30 天内可申请退款。' },
    { docId: 'salary', title: '薪酬表', revision: 'v1', accessScope: ['hr'], text: '员工薪酬明细。' },
  ]);
  importRows(opened, 'cases', [1, 2, 3, 4, 5, 6].map((i) => ({
    id: `c${i}`,
    query: i === 6 ? '经理的工资是多少' : `退款问题 ${i}`,
    referenceAnswer: '30 天内可退款',
    claims: [claim('30 天内可退款')],
    accessScope: i === 6 ? ['staff'] : ['public'],
    answerability: i % 2 ? 'answerable' : 'unanswerable',
    questionType: i <= 3 ? 'policy-and-amounts' : 'how-to',
    slices: i <= 2 ? ['time-sensitive', 'table'] : ['table'],
    split: i === 1 ? 'holdout' : 'dev',
  })));
  importRows(opened, 'responses', [
    { id: 'r1', caseId: 'c1', system: 'a@1', answer: '可以', finalContext: [{ docId: 'refund', chunkId: 'refund#1', text: '30 天内可申请退款', rank: 1 }] },
    // c6's user (scope staff) may not see the salary table: a permission leak
    { id: 'r6', caseId: 'c6', system: 'a@1', answer: '两万', finalContext: [{ docId: 'salary', chunkId: 'salary#1', text: '员工薪酬明细', rank: 1 }] },
  ]);
  return opened;
}

/** The cases the filters list, holdout included (c1 is a holdout case; the marks do not depend on the split). */
const ids = (db: OpenedTestSet['db'], filters: CaseFilters) => listCases(db, { holdout: 'include', ...filters }, 0, 100).map((r) => r.id);

/** Every facet value counted by a plain COUNT over the cases with the other filters and that value. */
function countedPlainly(db: OpenedTestSet['db'], filters: CaseFilters): Omit<CaseFacets, 'total' | 'matching'> & { total: number; matching: number } {
  const count = (f: CaseFilters) => {
    const where = caseWhere(db, f);
    return db.prepare(`SELECT count(*) FROM cases c ${where.sql}`).pluck().get(...where.params) as number;
  };
  const values = (column: string) => db.prepare(`SELECT DISTINCT ${column} FROM cases WHERE ${column} IS NOT NULL`).pluck().all() as string[];
  const facet = (name: keyof CaseFilters, all: readonly string[], keepZero = false) =>
    all.map((value) => ({ value, count: count({ ...filters, [name]: value }) }))
      .filter((v) => keepZero || v.count > 0)
      .sort((a, b) => (keepZero ? 0 : b.count - a.count || (a.value < b.value ? -1 : 1)));
  return {
    total: count({ holdout: 'include' }),
    matching: count(filters),
    answerability: facet('answerability', values('answerability')),
    questionType: facet('questionType', values('question_type')),
    slice: facet('slice', db.prepare('SELECT DISTINCT slice FROM case_slices').pluck().all() as string[]),
    split: facet('split', values('split')),
    origin: facet('origin', values('origin')),
    leak: facet('leak', ['leak']),
    labeled: facet('labeled', LABELED_FILTERS, true),
    flag: facet('flag', CASE_FLAGS, true),
    // the split facet counts holdout cases whether shown or not (asking for the split shows them); this file's setting is off
    holdout: { shown: filters.split === 'holdout' || filters.holdout === 'include', matching: count({ ...filters, split: 'holdout' }), total: count({ split: 'holdout' }) },
  };
}

const FILTER_SETS = (me: number): CaseFilters[] => [
  {},
  { reviewerId: me },
  { reviewerId: me, labeled: 'by-me' },
  { reviewerId: me, labeled: 'not-by-me', slice: 'table' },
  { reviewerId: me, labeled: 'by-others', answerability: 'answerable' },
  { reviewerId: me, labeled: 'disagree' },
  { flag: 'edited', questionType: 'policy-and-amounts' },
  { flag: 'permission-leak' },
  { search: '退款', reviewerId: me, labeled: 'not-by-me' },
  { search: '工资', split: 'dev' },
  { holdout: 'include', slice: 'table' },
  { holdout: 'exclude', split: 'holdout' },
  { holdout: 'exclude', answerability: 'answerable', reviewerId: me, labeled: 'by-me' },
  { search: '款问', labeled: 'by-others', reviewerId: me },
];

function expectCountsPlain(db: OpenedTestSet['db'], me: number): void {
  for (const filters of FILTER_SETS(me)) expect(caseFacets(db, filters), JSON.stringify(filters)).toEqual(countedPlainly(db, filters));
}

describe('case marks and facet counts', () => {
  const tempDir = useTempDir();

  it('marks who labeled, where reviewers disagree, what an expert edited and which case leaked, and counts them like a plain COUNT', async () => {
    const opened = await seeded(tempDir());
    const { db } = opened;
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    expect(listCases(db, { flag: 'permission-leak' }, 0, 10).map((r) => [r.id, r.flags])).toEqual([['c6', ['permission-leak']]]);
    expectCountsPlain(db, ada);

    const label = (reviewerId: number, caseId: string, dimension: string, value: unknown, responseId: string | null = null) =>
      recordLabel(db, { reviewerId, caseId, responseId, dimension, value: value as never });
    label(ada, 'c1', 'answerability', 'answerable');
    label(bo, 'c1', 'answerability', 'unanswerable'); // disagree on c1
    label(ada, 'c2', 'answerability', 'unanswerable');
    label(bo, 'c2', 'answerability', 'unanswerable'); // agree on c2
    label(bo, 'c3', 'questionType', 'fact');
    expect(ids(db, { reviewerId: ada, labeled: 'by-me' })).toEqual(['c1', 'c2']);
    expect(ids(db, { reviewerId: ada, labeled: 'not-by-me' })).toEqual(['c3', 'c4', 'c5', 'c6']);
    expect(ids(db, { reviewerId: ada, labeled: 'by-others' })).toEqual(['c1', 'c2', 'c3']);
    expect(ids(db, { labeled: 'disagree' })).toEqual(['c1']);
    expectCountsPlain(db, ada);
    expectCountsPlain(db, bo);

    // claims confirmed unchanged are no edit; a changed claim or reference answer is
    label(ada, 'c3', 'claims', [claim('30 天内可退款')]);
    expect(ids(db, { flag: 'edited' })).toEqual([]);
    label(ada, 'c4', 'claims', [claim('30 天内可退款'), claim('按剩余天数折算')]);
    label(bo, 'c5', 'referenceAnswer', '  30 天内可退款，按天折算 ');
    expect(ids(db, { flag: 'edited' })).toEqual(['c4', 'c5']);
    expect(listCases(db, { search: '问题 4' }, 0, 10)[0].flags).toEqual(['edited']);
    expectCountsPlain(db, ada);

    // taking a label back takes its mark back: Bo's last label (the reference answer) is undone
    undoLast(db, bo);
    expect(ids(db, { flag: 'edited' })).toEqual(['c4']);
    // a change of mind ends the disagreement; a cleared label makes its reviewer no labeler of the case
    label(bo, 'c1', 'answerability', 'answerable');
    expect(ids(db, { labeled: 'disagree' })).toEqual([]);
    label(bo, 'c3', 'questionType', null);
    expect(ids(db, { reviewerId: ada, labeled: 'by-others' })).toEqual(['c1', 'c2']);
    expectCountsPlain(db, ada);

    // imports: new cases, a new response that leaks, a new document revision that makes c6's context visible
    importRows(opened, 'cases', [{ id: 'c7', query: '员工工资怎么查', accessScope: ['staff'], slices: ['permission'] }], 'more.jsonl');
    importRows(opened, 'responses', [{ id: 'r7', caseId: 'c7', system: 'a@1', answer: '见薪酬表', finalContext: [{ docId: 'salary', chunkId: 'salary#2', text: '员工薪酬明细', rank: 1 }] }], 'more-responses.jsonl');
    expect(ids(db, { flag: 'permission-leak' })).toEqual(['c6', 'c7']);
    expectCountsPlain(db, ada);
    importRows(opened, 'documents', [{ docId: 'salary', title: '薪酬表', revision: 'v2', effectiveFrom: '2026-12-01', accessScope: ['hr', 'staff'], text: '员工薪酬明细（公开给员工）。' }], 'salary-v2.jsonl');
    expect(ids(db, { flag: 'permission-leak' })).toEqual([]);

    // edits by the tools (split, slices) move the counts too
    db.transaction(() => {
      editCase(db, 'c2', 'split', 'holdout', 'Ada', 'test');
      editCase(db, 'c3', 'slices', ['conflict'], 'Ada', 'test');
    })();
    expectCountsPlain(db, ada);
    expectCountsPlain(db, bo);
    db.close();
  });

  it('derives the marks of a file labeled before they existed, at its first read', async () => {
    const { db } = await seeded(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'answerable' });
    recordLabel(db, { reviewerId: bo, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'restricted' });
    // as a file migrated to this version holds them: labels there, marks not yet derived
    db.exec('DELETE FROM case_labelers; DELETE FROM case_marks; INSERT INTO case_marks_dirty VALUES (0);');
    expect(ids(db, { labeled: 'disagree' })).toEqual(['c2']);
    expect(ids(db, { flag: 'permission-leak' })).toEqual(['c6']);
    expectCountsPlain(db, ada);
    db.close();
  });
});
