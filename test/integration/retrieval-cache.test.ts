import { describe, expect, it } from 'vitest';
import { listOpenConflicts, resolveConflict } from '../../db/conflicts';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { reportFor } from '../../server/retrieval/retrieval-service';
import { importRows } from '../helpers/labeling-set';
import { addSystem, quoteOf, retrievalSet } from '../helpers/retrieval-set';
import { useTempDir } from '../helpers/temp-dir';

/** The screen keeps every case's figures at every k; any change to the file must show in the next report. */
describe('the retrieval figures the service keeps', () => {
  const tempDir = useTempDir();
  const recallAt = (db: Parameters<typeof reportFor>[0], k: number) => reportFor(db, { system: 'v1', list: 'candidates', k }).mean.recall.value;

  it('switching k gives each k its own figures', async () => {
    const set = await retrievalSet(tempDir(), 4);
    addSystem(set, 'v1', 4, (i) => [1, 2, 3, null][i - 1]);
    expect([1, 2, 3, 4, 5, 2].map((k) => recallAt(set.db, k))).toEqual([0.25, 0.5, 0.75, 0.75, 0.75, 0.5]);
    expect(reportFor(set.db, { system: 'v1', list: 'candidates', k: 2 }).cases.map((c) => c.caseId)).toEqual(['c3', 'c4', 'c2', 'c1']);
    set.db.close();
  });

  it('a conflict resolution that changes the evidence changes the figures', async () => {
    const set = await retrievalSet(tempDir(), 2);
    addSystem(set, 'v1', 2, () => 1);
    expect(recallAt(set.db, 3)).toBe(1);
    // c1 is settled on two sentences, one of which no candidate holds
    const settled = [{ text: '结论 1', evidence: [{ docId: 'benefits', quote: quoteOf(1) }] }, { text: '结论 1b', evidence: [{ docId: 'benefits', quote: quoteOf(2) }] }];
    const [ada, bo, lead] = ['Ada', 'Bo', 'Lead'].map((name) => createReviewer(set.db, name));
    recordLabel(set.db, { reviewerId: ada.id, caseId: 'c1', responseId: null, dimension: 'claims', value: settled });
    recordLabel(set.db, { reviewerId: bo.id, caseId: 'c1', responseId: null, dimension: 'claims', value: [{ text: '结论', evidence: [] }] });
    const [conflict] = listOpenConflicts(set.db, 0, 10).rows;
    resolveConflict(set.db, { caseId: 'c1', field: 'claims', reviewerId: lead.id, seenUids: conflict.uids, value: settled });
    expect(recallAt(set.db, 3)).toBe(0.75);
    set.db.close();
  });

  it('an import of responses, and a write by another connection, change the figures', async () => {
    const set = await retrievalSet(tempDir(), 2);
    addSystem(set, 'v1', 1, () => 1);
    expect(recallAt(set.db, 1)).toBe(1);
    addSystem(set, 'v1b', 2, () => null);
    importRows(set, 'responses', [{ id: 'v1/c2', caseId: 'c2', system: 'v1', answer: '回答', candidates: [{ text: '无关', rank: 1 }], finalContext: [] }], 'more.jsonl');
    expect(recallAt(set.db, 1)).toBe(0.5);
    const other = await openTestSetFile(set.file, { create: false });
    other.db.prepare("UPDATE cases SET answerability = 'unanswerable' WHERE id = 'c2'").run();
    other.db.close();
    expect(recallAt(set.db, 1)).toBe(1);
    set.db.close();
  });
});
