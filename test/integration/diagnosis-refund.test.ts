import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseFacets } from '../../db/case-facets';
import { listCases } from '../../db/case-queries';
import { setCaseLeak } from '../../db/diagnosis';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { forbiddenClaimId } from '../../shared/diagnosis/claim-ids';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const FIXTURES = join(__dirname, '..', 'fixtures', 'diagnosis');
const SYSTEM = 'refund-bot@1';
const SEVEN_DAYS = forbiddenClaimId('7 天内全额退款');

/** The hand-built refund set (test/fixtures/diagnosis/SOURCES.md) in a fresh file, plus one reviewer's "claims this answer states" labels. */
async function refundSet(dir: string): Promise<string> {
  const db = join(dir, 'refund.sqlite');
  expect((await cli('init', '--db', db)).code).toBe(0);
  for (const kind of ['documents', 'cases', 'responses', 'judge']) {
    const run = await cli('import', kind, join(FIXTURES, `refund-${kind}.jsonl`), '--db', db);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
  const opened = await openTestSetFile(db, { create: false });
  try {
    const reviewer = createReviewer(opened.db, 'Lin');
    const stated = (caseId: string, responseId: string, value: Record<string, { stated: boolean; citation?: 'supported' | 'unsupported' | 'none' }>) =>
      recordLabel(opened.db, { reviewerId: reviewer.id, caseId, responseId, dimension: 'claimsStated', value, reason: null });
    // the answer states the forbidden 7-day claim while its context held the 30-day rule; its citation points at that rule
    stated('refund-prior', 'r-prior', { c1: { stated: false }, c2: { stated: false }, [SEVEN_DAYS]: { stated: true, citation: 'unsupported' } });
    stated('refund-ok', 'r-ok', { c1: { stated: true, citation: 'supported' }, c2: { stated: true, citation: 'supported' }, [SEVEN_DAYS]: { stated: false } });
  } finally {
    opened.db.close();
  }
  return db;
}

describe('touchstone diagnose on the refund case, each root cause once', () => {
  const tempDir = useTempDir();

  it('assigns each failing response to its layer with the reason in words, and never writes', async () => {
    const db = await refundSet(tempDir());
    const before = statSync(db).mtimeMs;
    const run = await cli('diagnose', '--db', db, '--system', SYSTEM, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const byCase = Object.fromEntries(run.json.cases.map((c: { caseId: string }) => [c.caseId, c]));
    expect(Object.keys(byCase).sort()).toEqual(['refund-agent', 'refund-prior', 'refund-ranked', 'refund-stale']);
    expect(byCase['refund-stale']).toEqual({ caseId: 'refund-stale', responseId: 'r-stale', layer: 'data', reason: 'the context held the stale revision v1 of “refund-rules”' });
    expect(byCase['refund-ranked']).toMatchObject({ layer: 'retrieval', reason: 'the evidence of “购买后 30 天内可以退款” ranked 6, outside the top 3 given to the model' });
    expect(byCase['refund-prior']).toMatchObject({ layer: 'generation', reason: expect.stringContaining('the forbidden claim “7 天内全额退款”') });
    expect(byCase['refund-agent']).toMatchObject({ layer: 'agent', reason: 'the agent never retrieved' });
    // one failure in each of four layers: no single layer leads
    expect(run.json.layers.failing).toBe(4);
    expect(run.json.layers.top).toBeNull();
    expect(statSync(db).mtimeMs).toBe(before);
  });

  it('prints the same figures the screen shows: recall, utilisation, conditions and citations', async () => {
    const db = await refundSet(tempDir());
    const { json } = await cli('diagnose', '--db', db, '--system', SYSTEM, '--json');
    // normal responses: stale (0 of 2 held), ranked (0), prior (2), agent (0), ok (2)
    expect([json.quadrant.claimRecall.count, json.quadrant.claimRecall.n]).toEqual([4, 10]);
    // labeled: prior states neither held claim, ok states both
    expect([json.quadrant.utilisation.count, json.quadrant.utilisation.n]).toEqual([2, 4]);
    expect(json.quadrant.excluded).toEqual({ noEvidence: 0, notLabeled: 3, reviewersDisagree: 0 });
    const cell = (key: string) => json.goldContext.cells.find((c: { key: string }) => c.key === key).cases.map((r: { caseId: string }) => r.caseId);
    expect(cell('good-good')).toEqual(['refund-ok']);
    expect(cell('good-retrieval-bad-generation')).toEqual(['refund-prior']);
    expect(cell('bad-retrieval-good-generation')).toEqual(['refund-ranked']);
    expect(json.goldContext.correctnessFrom).toEqual({ human: 0, judge: 3 });
    const base = (key: string) => json.noRetrieval.cells.find((c: { key: string }) => c.key === key).cases.map((r: { caseId: string }) => r.caseId);
    expect(base('only-with-retrieval')).toEqual(['refund-ok']);
    expect(base('only-without-retrieval')).toEqual(['refund-prior']);
    expect(json.noRetrieval.leakCandidates.map((r: { caseId: string }) => r.caseId)).toEqual(['refund-prior']);
    expect([json.reordered.changed.count, json.reordered.changed.n]).toEqual([1, 1]);
    expect(json.distractorsOnly.excluded.notLabeled).toBe(1);
    // cited: ok's two supported + prior's forbidden claim unsupported
    expect([json.citations.correctness.count, json.citations.correctness.n]).toEqual([2, 3]);
    expect([json.citations.completeness.count, json.citations.completeness.n]).toEqual([2, 2]);
    const tag = (t: string) => json.citations.ruleFindings.find((f: { tag: string }) => f.tag === t).responses.map((r: { responseId: string }) => r.responseId);
    expect(tag('stale_citation')).toEqual(['r-stale']);
    expect(tag('wrong_source_id')).toEqual([]);
  });

  it('prints in words what the JSON holds: every table with its rates, what was left out, and how each interval was made', async () => {
    const db = await refundSet(tempDir());
    const { json } = await cli('diagnose', '--db', db, '--system', SYSTEM, '--json');
    const { stdout: text } = await cli('diagnose', '--db', db, '--system', SYSTEM);
    // claims come in clusters: said so, never "Wilson"
    expect(text).toMatch(new RegExp(`Claim recall: 40\\.0% \\(4/10\\), 95% [0-9.]+%–[0-9.]+% clustered by case \\(${json.quadrant.claimRecall.clusters} cases\\)`));
    expect(text).toMatch(/Context utilisation: 50\.0% \(2\/4\), 95% .* clustered by case/);
    expect(text).toContain('left out: 0 without evidence, 3 not labeled, 0 where reviewers disagree');
    for (const table of [json.faithfulness.cells, json.goldContext.cells, json.noRetrieval.cells]) {
      for (const cell of table) expect(text).toContain(`  ${cell.key}: ${cell.share.rate === null ? 'undefined' : `${(cell.share.rate * 100).toFixed(1)}% (${cell.share.count}/${cell.share.n})`}`);
    }
    expect(text).toContain(`left out: ${json.distractorsOnly.excluded.notLabeled} without a behaviour label`);
    expect(text).toContain(`(${json.citations.responsesWithCitations} responses carry citations)`);
    // per question type: each cell with its rate, and the figure its dependency asks for
    for (const group of json.noRetrieval.groups) {
      for (const cell of group.cells) expect(text).toContain(`    ${cell.key}: ${cell.share.rate === null ? 'undefined' : `${(cell.share.rate * 100).toFixed(1)}% (${cell.share.count}/${cell.share.n})`}`);
      expect(text).toContain(group.dependency === 'strong' ? 'right without retrieval (it remembered today' : 'retrieval fixed');
    }
    expect(text).toContain(`${json.goldContext.excluded.noNormal} without a normal run to pair with`);
  });

  it('refuses an unknown system naming it, and a missing --system as a usage error', async () => {
    const db = await refundSet(tempDir());
    const unknown = await cli('diagnose', '--db', db, '--system', 'nope@1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There are no responses of system "nope@1"');
    expect((await cli('diagnose', '--db', db)).code).toBe(2);
  });

  it('a case flagged as leak is filtered in the Cases view, exported with the flag and imported back with it', async () => {
    const dir = tempDir();
    const db = await refundSet(dir);
    const opened = await openTestSetFile(db, { create: false });
    try {
      expect(setCaseLeak(opened.db, 'refund-prior', true)).toBe(true);
      expect(setCaseLeak(opened.db, 'no-such-case', true)).toBe(false);
      expect(listCases(opened.db, { search: '', leak: 'leak' }, 0, 50).map((c) => c.id)).toEqual(['refund-prior']);
      expect(caseFacets(opened.db, { search: '' }).leak).toEqual([{ value: 'leak', count: 1 }]);
    } finally {
      opened.db.close();
    }
    const { json } = await cli('diagnose', '--db', db, '--system', SYSTEM, '--json');
    expect(json.noRetrieval.flagged).toEqual(['refund-prior']);
    expect(json.noRetrieval.leakCandidates).toEqual([]);
    const out = join(dir, 'cases.jsonl');
    expect((await cli('export', 'cases', '--db', db, '--out', out)).code).toBe(0);
    const exported = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(exported.filter((c) => c.leak).map((c) => c.id)).toEqual(['refund-prior']);
    const copy = join(dir, 'copy.sqlite');
    await cli('init', '--db', copy);
    await cli('import', 'documents', join(FIXTURES, 'refund-documents.jsonl'), '--db', copy);
    expect((await cli('import', 'cases', out, '--db', copy)).code).toBe(0);
    const reopened = await openTestSetFile(copy, { create: false });
    try {
      expect(listCases(reopened.db, { search: '', leak: 'leak' }, 0, 50).map((c) => c.id)).toEqual(['refund-prior']);
    } finally {
      reopened.db.close();
    }
  });
});
