import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coefficient } from '../../shared/api/agreement-ops';
import { forbiddenClaimId } from '../../shared/diagnosis/claim-ids';
import { createBackend, type Backend } from '../../server/backend';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

/**
 * Judge vs human on "claims this answer states", on the demo test set: a judge run imported from a
 * JSONL file scores the dimension, a reviewer's labels are written with plain INSERTs, and the
 * figures are checked against the scikit-learn formulas written out here (cohen_kappa_score:
 * κ = (p_o − p_e) / (1 − p_e) over the per-claim stated / not-stated pairs).
 */

interface Dim {
  dimension: string;
  type: string;
  unit?: string;
  n: number;
  items: number;
  verdicts: number;
  coefficients: Coefficient[];
  confusion: { labels: (string | number)[]; counts: number[][] } | null;
  bias: { headline: { value: number | null; ci95: [number | null, number | null] | null } } | null;
  disagreements: { total: number; items: { caseId: string; claim?: string }[] };
  warnings: { code: string }[];
}

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error.message}`);
  return envelope.value as T;
}

interface Item {
  caseId: string;
  caseSeq: number;
  responseId: string;
  responseSeq: number;
  claims: string[];
}

/** Every demo response with its case's claim ids (imported claims c1…, forbidden claims by text). */
function items(path: string): Item[] {
  const db = new Database(path, { readonly: true });
  const rows = db.prepare('SELECT r.id AS responseId, r.seq AS responseSeq, c.id AS caseId, c.seq AS caseSeq, c.forbidden_claims AS forbidden FROM responses r JOIN cases c ON c.seq = r.case_seq ORDER BY r.id').all() as (Omit<Item, 'claims'> & { forbidden: string })[];
  const count = db.prepare('SELECT count(*) FROM claims WHERE case_seq = ?').pluck();
  const out = rows.map((r) => ({
    caseId: r.caseId, caseSeq: r.caseSeq, responseId: r.responseId, responseSeq: r.responseSeq,
    claims: [...Array.from({ length: count.get(r.caseSeq) as number }, (_, k) => `c${k + 1}`), ...(JSON.parse(r.forbidden) as string[]).map(forbiddenClaimId)],
  })).filter((r) => r.claims.length > 0);
  db.close();
  return out;
}

const judgeStated = (i: number, k: number) => (i + k) % 3 !== 0;
const humanStated = (i: number, k: number) => (judgeStated(i, k) ? (i * 7 + k) % 5 !== 0 : (i + 2 * k) % 4 === 0);

describe('agreement on claims this answer states', () => {
  const tempDir = useTempDir();
  let dir: string;
  let path: string;
  let backend: Backend;
  let all: Item[];

  beforeEach(async () => {
    dir = tempDir();
    path = join(dir, 'demo.sqlite');
    await createDemoTestSet(path, { story: false });
    all = items(path);
    // the judge marks every claim; item 0's last claim is one the judge's list does not have
    const judge = all.map((item, i) => JSON.stringify({
      caseId: item.caseId, responseId: item.responseId, dimension: 'claimsStated',
      judge: { model: 'judge-x', version: '1', promptVersion: 'stated-v1' },
      value: Object.fromEntries(item.claims.filter((_, k) => i !== 0 || k < item.claims.length - 1).map((id, k) => [id, { stated: judgeStated(i, k) }])),
    }));
    writeFileSync(join(dir, 'judge.jsonl'), `${judge.join('\n')}\n`);
    expect((await cli('import', 'judge', join(dir, 'judge.jsonl'), '--db', path)).code).toBe(0);
    const db = new Database(path);
    const ana = Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run('ana-claims', new Date().toISOString()).lastInsertRowid);
    const insert = db.prepare(`INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, reason, kind) VALUES (?, ?, ?, 'claimsStated', ?, ?, ?, NULL, 'set')`);
    all.forEach((item, i) => {
      const value = Object.fromEntries(item.claims.map((id, k) => [id, { stated: humanStated(i, k) }]));
      insert.run(`claims-${i}`, item.caseSeq, item.responseSeq, JSON.stringify(value), ana, new Date(1_800_000_000_000 + i).toISOString());
    });
    db.close();
    backend = await createBackend({ dataDir: dir, mode: 'browser', version: 'test', initialTestSet: path });
  });
  afterEach(() => backend.close());

  it('compares claim by claim: n, kappa, agreement, stated rates and their difference equal the hand computation; intervals resample cases', async () => {
    const report = await call<{ dimensions: Dim[] }>(backend, 'agreement.judgeVsHuman', { runId: 2, reference: { kind: 'allReviewers' }, dimension: 'claimsStated' });
    const d = report.dimensions[0];
    expect(d).toMatchObject({ dimension: 'claimsStated', type: 'binary', unit: 'claim' });

    // the pairs, from the values written above (item 0's last claim has no verdict: left out)
    const pairs: { h: boolean; j: boolean; caseId: string }[] = [];
    all.forEach((item, i) => item.claims.forEach((_, k) => {
      if (i === 0 && k === item.claims.length - 1) return;
      pairs.push({ h: humanStated(i, k), j: judgeStated(i, k), caseId: item.caseId });
    }));
    const n = pairs.length;
    expect(d.n).toBe(n);
    expect(d.verdicts).toBe(n);
    expect(d.items).toBe(new Set(pairs.map((p) => p.caseId)).size);
    expect(d.warnings.map((w) => w.code)).toContain('excluded-values');

    // scikit-learn cohen_kappa_score, written out
    const agree = pairs.filter((p) => p.h === p.j).length;
    const hStated = pairs.filter((p) => p.h).length;
    const jStated = pairs.filter((p) => p.j).length;
    const po = agree / n;
    const pe = (hStated / n) * (jStated / n) + (1 - hStated / n) * (1 - jStated / n);
    const kappa = (po - pe) / (1 - pe);
    const coefficient = (key: Coefficient['key']) => d.coefficients.find((c) => c.key === key)!;
    expect(Math.abs(coefficient('percentAgreement').value! - po)).toBeLessThan(1e-9);
    expect(Math.abs(coefficient('cohenKappa').value! - kappa)).toBeLessThan(1e-9);
    // Gwet's AC1 (irrCAC gwet.ac1.raw, two raters, two categories): p_e = 2·π(1 − π), π the mean stated share
    const pi = (hStated + jStated) / (2 * n);
    const ac1 = (po - 2 * pi * (1 - pi)) / (1 - 2 * pi * (1 - pi));
    expect(Math.abs(coefficient('gwetAC1').value! - ac1)).toBeLessThan(1e-9);
    // several claims per case: every interval is a bootstrap over cases, inside the scale
    for (const key of ['percentAgreement', 'cohenKappa'] as const) {
      expect(coefficient(key).ciMethod).toBe('bootstrap');
      expect(coefficient(key).ci95![0]!).toBeLessThanOrEqual(coefficient(key).value!);
      expect(coefficient(key).ci95![1]!).toBeGreaterThanOrEqual(coefficient(key).value!);
    }
    // the confusion matrix (stated first) and the bias: judge stated rate − human stated rate
    expect(d.confusion!.labels).toEqual(['stated', 'not-stated']);
    expect(d.confusion!.counts[0][0]).toBe(pairs.filter((p) => p.h && p.j).length);
    expect(d.confusion!.counts[1][0]).toBe(pairs.filter((p) => !p.h && p.j).length);
    expect(Math.abs(d.bias!.headline.value! - (jStated - hStated) / n)).toBeLessThan(1e-9);
    // disagreements name the claim
    expect(d.disagreements.total).toBe(n - agree);
    expect(d.disagreements.items[0].claim).toMatch(/^(c\d+|f:.+)$/);
  });

  it('the CLI prints the same figures, and human vs human compares claim by claim', async () => {
    const run = await cli('agreement', '--db', path, '--run', '2', '--dimension', 'claimsStated', '--json');
    expect(run.code).toBe(0);
    const report = await call<{ dimensions: Dim[] }>(backend, 'agreement.judgeVsHuman', { runId: 2, reference: { kind: 'allReviewers' }, dimension: 'claimsStated' });
    const printed = (run.json.judgeVsHuman ?? run.json).dimensions[0] as Dim;
    expect(printed.n).toBe(report.dimensions[0].n);
    expect(printed.coefficients.find((c) => c.key === 'cohenKappa')!.value).toBe(report.dimensions[0].coefficients.find((c) => c.key === 'cohenKappa')!.value);

    const humans = await call<{ dimensions: { dimension: string; items: number }[] }>(backend, 'agreement.humanVsHuman', { dimension: 'claimsStated' });
    expect(humans.dimensions[0]).toMatchObject({ dimension: 'claimsStated', items: 0 });
  });

  it('a judge value of marks on a dimension other than claimsStated is refused with file, line and field', async () => {
    writeFileSync(join(dir, 'bad.jsonl'), `${JSON.stringify({ caseId: all[0].caseId, responseId: all[0].responseId, dimension: 'myOwnScore', judge: { model: 'j', version: '1', promptVersion: 'p' }, value: { c1: { stated: true } } })}\n`);
    const run = await cli('import', 'judge', join(dir, 'bad.jsonl'), '--db', path);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bad\.jsonl.*1.*value/s);
  });
});
