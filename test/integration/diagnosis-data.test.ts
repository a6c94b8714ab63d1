import { completeMarks, statedClaimList } from '../../shared/diagnosis/claims-stated';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseEdits } from '../../db/case-edits';
import { createReviewer } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { forbiddenClaimId } from '../../shared/diagnosis/claim-ids';
import type { LayersReport } from '../../shared/diagnosis/layers-report';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const FIXTURES = fileURLToPath(new URL('../fixtures/diagnosis-data/', import.meta.url));
const SYSTEM = 'support-agent@3';

async function fixtureSet(dir: string): Promise<string> {
  const db = join(dir, 'set.sqlite');
  expect((await cli('init', '--db', db)).code).toBe(0);
  for (const kind of ['documents', 'cases', 'responses']) {
    const run = await cli('import', kind, join(FIXTURES, `${kind}.jsonl`), '--db', db);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
  return db;
}

const reportOf = (json: { dataLayers: LayersReport }) => json.dataLayers;

/** A reviewer's "claims this answer states" marks for a response, as the labeling step stores them. */
async function markStated(db: string, responseId: string, marks: Record<string, { stated: boolean }>): Promise<void> {
  const opened = await openTestSetFile(db, { create: false });
  try {
    const reviewer = (opened.db.prepare('SELECT id FROM reviewers WHERE name = ?').pluck().get('Ada') as number | undefined) ?? createReviewer(opened.db, 'Ada').id;
    const { seq, case_seq } = opened.db.prepare('SELECT seq, case_seq FROM responses WHERE id = ?').get(responseId) as { seq: number; case_seq: number };
    // as the step saves it: every claim of the case marked, the ones not given as not stated
    const claims = (opened.db.prepare('SELECT text FROM claims WHERE case_seq = ? ORDER BY position').pluck().all(case_seq) as string[]).map((text) => ({ text }));
    const forbidden = JSON.parse(opened.db.prepare('SELECT forbidden_claims FROM cases WHERE seq = ?').pluck().get(case_seq) as string) as string[];
    const value = completeMarks(statedClaimList(claims, forbidden), marks, false);
    opened.db
      .prepare(`INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind) VALUES (?, ?, ?, 'claimsStated', ?, ?, ?, 'set')`)
      .run(randomUUID(), case_seq, seq, JSON.stringify(value), reviewer, new Date().toISOString());
  } finally {
    opened.db.close();
  }
}

describe('diagnosis data: stale chunks, permission leaks, agent decisions, document changes, the conflict set', () => {
  const tempDir = useTempDir();

  it('imports asOf, mustRetrieve, stopState and trajectory and exports the cases as they came', async () => {
    const dir = tempDir();
    const db = await fixtureSet(dir);
    const out = join(dir, 'cases.jsonl');
    expect((await cli('export', 'cases', '--db', db, '--out', out)).code).toBe(0);
    const exported = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(exported.find((c) => c.id === 'refund-day20')).toMatchObject({ asOf: '2026-11-15' });
    expect(exported.find((c) => c.id === 'refund-day20')).not.toHaveProperty('mustRetrieve');
    expect(exported.find((c) => c.id === 'enterprise-price')).toMatchObject({ mustRetrieve: false });
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify({ id: 'x', caseId: 'refund-day20', system: 's', answer: 'a', stopState: 'DONE' })}\n`);
    const refused = await cli('import', 'responses', bad, '--db', db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.jsonl');
    expect(refused.stderr).toContain('stopState');
  });

  it('touchstone diagnose lists the leak first and exits 5; stale context, missed retrieval and cost are per system', async () => {
    const db = await fixtureSet(tempDir());
    const run = await cli('diagnose', '--db', db, '--system', SYSTEM, '--json');
    expect(run.code).toBe(5);
    const report = reportOf(run.json);
    expect(report.permission.leakingResponses).toEqual([
      { responseId: 'r1-enterprise-price', caseId: 'enterprise-price', restrictedCase: true, chunks: [{ docId: 'enterprise-price-sheet', chunkId: 'enterprise-price-sheet@r3#1', rank: 1, documentScope: ['sales'] }] },
    ]);
    // The v1 chunk is stale at the case's asOf (v2 in effect since 2026-10-01).
    expect(report.staleResponses).toEqual([{ caseId: 'refund-day20', responseId: 'r1-refund-day20', docId: 'membership-refund-rules', revision: 'v1', current: 'v2', reason: 'superseded' }]);
    expect(report.data.staleContext).toMatchObject({ count: 1, n: 3 });
    // Both policy-and-amounts cases must retrieve; the invoice one did not.
    expect(report.agent.missedRetrieval).toMatchObject({ count: 1, n: 2 });
    expect(report.agent.needlessRetrieval).toMatchObject({ count: 1, n: 1 });
    expect(report.agent.searchesPerCase).toEqual({ mean: 1, n: 3 });
    expect(report.agent.cost.latencyP50).toBe(900);
    expect(report.suggestions.map((s) => s.suggestion.tag)).toEqual(['stale_revision']);
    const text = await cli('diagnose', '--db', db, '--system', SYSTEM);
    expect(text.code).toBe(5);
    expect(text.stdout.indexOf('Permission leaks')).toBe(0);
    expect(text.stdout).toContain('Stale chunk in the final context: 33.3% (1/3)');
    expect(text.stdout).not.toContain('单价 168 元');
  });

  it('touchstone affected lists the cases citing a document, whether each quote is still there, and writes their ids', async () => {
    const dir = tempDir();
    const db = await fixtureSet(dir);
    const v3 = join(dir, 'v3.jsonl');
    writeFileSync(v3, `${JSON.stringify({ docId: 'membership-refund-rules', title: '会员退款政策', revision: 'v3', effectiveFrom: '2026-12-01', accessScope: ['public'], text: '第 2 条 年度会员购买后 15 天内可申请退款；超过 15 天不予退款。\n第 3 条 月度会员一经开通不予退款。' })}\n`);
    expect((await cli('import', 'documents', v3, '--db', db)).code).toBe(0);
    const ids = join(dir, 'rerun.txt');
    const run = await cli('affected', '--db', db, '--doc', 'membership-refund-rules', '--out', ids, '--json');
    expect(run.code).toBe(0);
    expect(run.json).toEqual({
      docId: 'membership-refund-rules',
      newestRevision: 'v3',
      cases: [
        { caseId: 'refund-day20', quotes: [{ claim: 1, quote: '年度会员购买后 30 天内可申请退款', found: false }, { claim: 2, quote: '超过 30 天不予退款', found: false }] },
        { caseId: 'monthly-refund', quotes: [{ claim: 1, quote: '月度会员一经开通不予退款', found: true }] },
      ],
    });
    expect(readFileSync(ids, 'utf8')).toBe('refund-day20\nmonthly-refund\n');
    expect((await cli('affected', '--db', db)).code).toBe(2);
  });

  it('builds the conflict set: altered older copies written, forbidden claims added with history, the follow-old rate from conflict responses', async () => {
    const dir = tempDir();
    const db = await fixtureSet(dir);
    const out = join(dir, 'conflict-documents.jsonl');
    const built = await cli('conflict-set', 'build', '--db', db, '--out', out, '--rule', 'times:2', '--json');
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    // The holdout case and the fact case are left out.
    expect(built.json.cases).toEqual([
      { id: 'refund-day20', added: ['购买后 60 天内可以退款', '超过 60 天不退款'] },
      { id: 'invoice-window', added: ['订单完成后 360 天内可申请发票'] },
    ]);
    const documents = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(documents.map((d) => [d.docId, d.revision, d.effectiveFrom, d.supersededBy])).toEqual([
      ['membership-refund-rules', 'v2-conflict', '2025-10-01', 'v2'],
      ['e-invoice-rules', '2026-01-conflict', '2025-01-01', '2026-01'],
    ]);
    expect(documents[0].text).toContain('年度会员购买后 60 天内可申请退款');
    expect(documents[0].text).toContain('超过 60 天不予退款');
    // Numbers outside the quoted evidence stay as they were.
    expect(documents[0].text).toContain('3–10 个工作日');

    const opened = await openTestSetFile(db, { create: false });
    try {
      const edits = caseEdits(opened.db, 'refund-day20');
      expect(edits.map((e) => [e.field, e.before, e.after, e.by])).toEqual([
        ['forbiddenClaims', ['7 天内全额退款'], ['7 天内全额退款', '购买后 60 天内可以退款', '超过 60 天不退款'], 'touchstone conflict-set'],
      ]);
      expect(caseEdits(opened.db, 'invoice-window').map((e) => [e.field, e.after])).toEqual([
        ['forbiddenClaims', ['订单完成后 360 天内可申请发票']],
        ['slices', ['conflict']],
      ]);
      expect(edits[0].reason).toContain('times:2');
    } finally {
      opened.db.close();
    }

    const conflictResponses = join(dir, 'conflict-responses.jsonl');
    const chunk = (docId: string, revision: string, text: string) => ({ docId, chunkId: `${docId}@${revision}#1`, text, rank: 1 });
    writeFileSync(
      conflictResponses,
      [
        { id: 'c-refund', caseId: 'refund-day20', system: SYSTEM, condition: 'conflict', answer: '购买后 60 天内可以退款。', finalContext: [chunk('membership-refund-rules', 'v2-conflict', '年度会员购买后 60 天内可申请退款'), chunk('membership-refund-rules', 'v2', '年度会员购买后 30 天内可申请退款')] },
        { id: 'c-invoice', caseId: 'invoice-window', system: SYSTEM, condition: 'conflict', answer: '订单完成后 180 天内可以申请。', finalContext: [chunk('e-invoice-rules', '2026-01-conflict', '电子发票在订单完成后 360 天内可申请开具')] },
      ].map((r) => `${JSON.stringify(r)}\n`).join(''),
    );
    expect((await cli('import', 'responses', conflictResponses, '--db', db)).code).toBe(0);
    await markStated(db, 'c-refund', { [forbiddenClaimId('购买后 60 天内可以退款')]: { stated: true } });
    await markStated(db, 'c-invoice', { [forbiddenClaimId('订单完成后 360 天内可申请发票')]: { stated: false } });
    await markStated(db, 'r1-refund-day20', { [forbiddenClaimId('7 天内全额退款')]: { stated: true } });

    const report = reportOf((await cli('diagnose', '--db', db, '--system', SYSTEM, '--json')).json);
    expect(report.data.conflictRuns.followed).toMatchObject({ count: 1, n: 2, rate: 0.5, method: 'wilson' });
    expect(report.data.conflictRuns.followed.low).toBeCloseTo(0.09453120573423074, 12);
    expect(report.data.conflictSliceNormal.followed).toMatchObject({ count: 1, n: 1 });
    expect(report.data.followedResponses).toEqual(['c-refund', 'r1-refund-day20']);
  });

  it('touchstone splits assign keeps each group and document on one side and records the change', async () => {
    const db = await fixtureSet(tempDir());
    const run = await cli('splits', 'assign', '--db', db, '--unit', 'group', '--holdout', '0.3', '--seed', '3', '--json');
    expect(run.code).toBe(0);
    const holdout = run.json.assignments.filter((a: { split: string }) => a.split === 'holdout').map((a: { id: string }) => a.id);
    // refund-day20 and monthly-refund share a group and a document: together on one side.
    expect(holdout.includes('refund-day20')).toBe(holdout.includes('monthly-refund'));
    expect(run.json.holdoutCases).toBeGreaterThanOrEqual(2);
    const opened = await openTestSetFile(db, { create: false });
    try {
      const changed = run.json.assignments.filter((a: { id: string; split: string }) => caseEdits(opened.db, a.id).length > 0);
      expect(changed.length).toBe(run.json.changed);
    } finally {
      opened.db.close();
    }
  });
});
