import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { addSystem, quoteOf, retrievalSet } from '../helpers/retrieval-set';
import { useTempDir } from '../helpers/temp-dir';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('touchstone retrieval (the CI gate)', () => {
  const tempDir = useTempDir();

  it('prints the figures as JSON, exit 0 for an equal version and 4 for a regressed one, naming the case and unit lost; never writes', async () => {
    // 30 cases; case 30 has no evidence and case 29 is unanswerable: both left out of the means.
    const set = await retrievalSet(tempDir(), 30, (i) => ({ noEvidence: i === 30, answerability: i === 29 ? 'unanswerable' : 'answerable', slices: i <= 10 ? ['table'] : [] }));
    addSystem(set, 'v1', 30, (i) => (i % 2 ? 1 : 2));
    addSystem(set, 'v1-again', 30, (i) => (i % 2 ? 1 : 2));
    addSystem(set, 'v2', 30, (i) => (i === 3 ? null : i % 2 ? 1 : 2));
    set.db.close();
    const before = sha(set.file);

    const alone = await cli('retrieval', '--db', set.file, '--system', 'v1', '--k', '3', '--list', 'candidates', '--json');
    expect(alone.code).toBe(0);
    expect(alone.json).toMatchObject({
      system: 'v1', k: 3, list: 'candidates', n: 28, excluded: { noEvidence: 1, unanswerable: 1 },
      mean: { recall: 1, hit: 1, allFound: 1, claimRecall: 1, reciprocalRank: 14 / 28 + (14 / 28) / 2 },
      regressions: [],
    });
    expect(alone.json.mean.precision).toBeCloseTo(1 / 3, 12);
    expect(alone.json.mean.ndcg).toBeCloseTo(0.5 + 0.5 / Math.log2(3), 12);
    expect(alone.json.cases).toHaveLength(28);
    expect(alone.json.cases[0]).toMatchObject({ caseId: 'c1', responseId: 'v1/c1', recall: 1, reciprocalRank: 1 });
    expect(alone.json.bySlice).toEqual([expect.objectContaining({ slice: 'table', n: 10 })]);
    expect(alone.json).not.toHaveProperty('baseline');

    const equal = await cli('retrieval', '--db', set.file, '--system', 'v1-again', '--baseline', 'v1', '--k', '3', '--list', 'candidates', '--json');
    expect(equal.code).toBe(0);
    expect(equal.json.baseline).toEqual(expect.objectContaining({ system: 'v1', n: 28, drop: 0 }));
    expect(equal.json.regressions).toEqual([]);

    const regressed = await cli('retrieval', '--db', set.file, '--system', 'v2', '--baseline', 'v1', '--k', '3', '--list', 'candidates', '--json');
    expect(regressed.code).toBe(4);
    expect(regressed.json.baseline.drop).toBeCloseTo(1 / 28, 12);
    expect(regressed.json.regressions).toEqual([{
      caseId: 'c3', responseId: 'v2/c3', baselineResponseId: 'v1/c3', recallBefore: 1, recallAfter: 0,
      lost: [{ docId: 'benefits', quote: quoteOf(3), rankBefore: 1, rankAfter: null }],
    }]);
    const text = await cli('retrieval', '--db', set.file, '--system', 'v2', '--baseline', 'v1', '--k', '3', '--list', 'candidates');
    expect(text.code).toBe(4);
    expect(text.stdout).toMatch(/RETRIEVAL GATE FAILED: mean Recall@3 dropped by 0\.0357 over 28 cases/);
    expect(text.stdout).toContain(`lost benefits "${quoteOf(3)}" (rank 1 → not retrieved)`);

    // A looser --max-drop lets the same drop through.
    expect((await cli('retrieval', '--db', set.file, '--system', 'v2', '--baseline', 'v1', '--k', '3', '--list', 'candidates', '--max-drop', '0.05')).code).toBe(0);
    expect(sha(set.file)).toBe(before);
  });

  it('fails on a slice of 20 or more cases that drops although the mean holds; a smaller slice does not gate', async () => {
    const set = await retrievalSet(tempDir(), 60, (i) => ({ slices: i <= 20 ? ['table'] : i <= 25 ? ['negation'] : [] }));
    addSystem(set, 'v1', 60, () => 1);
    addSystem(set, 'table-drop', 60, (i) => (i === 1 ? null : 1));
    addSystem(set, 'negation-drop', 60, (i) => (i === 21 ? null : 1));
    set.db.close();
    const table = await cli('retrieval', '--db', set.file, '--system', 'table-drop', '--baseline', 'v1', '--json');
    expect(table.json.baseline.drop).toBeCloseTo(1 / 60, 12);
    expect(table.json.bySlice.find((s: { slice: string }) => s.slice === 'table').baseline).toEqual(expect.objectContaining({ n: 20, drop: expect.closeTo(0.05, 12) }));
    expect(table.code).toBe(4);
    const negation = await cli('retrieval', '--db', set.file, '--system', 'negation-drop', '--baseline', 'v1', '--json');
    expect(negation.json.bySlice.find((s: { slice: string }) => s.slice === 'negation').baseline.drop).toBeCloseTo(0.2, 12);
    expect(negation.code).toBe(0);
  });

  it('exit 2 for bad options and 1 for an unknown system', async () => {
    const set = await retrievalSet(tempDir(), 2);
    addSystem(set, 'v1', 2, () => 1);
    set.db.close();
    expect((await cli('retrieval', '--db', set.file)).code).toBe(2);
    expect((await cli('retrieval', '--db', set.file, '--system', 'v1', '--k', '0')).code).toBe(2);
    expect((await cli('retrieval', '--db', set.file, '--system', 'v1', '--list', 'reranked')).code).toBe(2);
    const unknown = await cli('retrieval', '--db', set.file, '--system', 'v9', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no system "v9".*systems: v1/);
  });
});
