import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, NO_PAIRS_REASON } from '../../shared/agreement';
import type { Coefficient } from '../../shared/api/agreement-ops';
import {
  bootstrapCI, cohenKappa, explainUndefined, gwetAC1, krippendorffAlpha, meanBias, meanBiasClustered, pearson, ppiMean, spearman, wilson, type Label,
} from '../../shared/stats';
import { createBackend, type Backend } from '../../server/backend';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { ADJUDICATED_REASON } from '../../db/agreement';
import { reasonSentence } from '../../shared/messages/reasons.en';
import { cli } from '../helpers/cli';
import { expectClose } from '../helpers/expect-close';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The figures of the "Judge vs human" screen on the demo test set against shared/stats
 * computed here from pairs read with raw SQL (not with db/agreement.ts), labels written with
 * plain INSERTs into label_events.
 */

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error.message}`);
  return envelope.value as T;
}

type JudgeVsHuman = {
  run: { id: number };
  reason: string | null;
  dimensions: {
    dimension: string;
    n: number;
    items: number;
    verdicts: number;
    reason: string | null;
    coefficients: Coefficient[];
    confusion: { labels: Label[]; counts: number[][] } | null;
    bias: { headline: { value: number | null; ci95: [number, number] | null; direction: string | null } } | null;
    disagreements: { total: number; items: { caseId: string; query: string | null }[] };
    warnings: { code: string }[];
  }[];
};

let uid = 0;
function label(db: Database.Database, reviewerId: number, caseSeq: number, responseSeq: number | null, dimension: string, value: unknown): void {
  uid += 1;
  db.prepare(
    `INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, reason, kind)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'set')`,
  ).run(`test-${uid}`, caseSeq, responseSeq, dimension, value === null ? null : JSON.stringify(value), reviewerId, new Date(1_800_000_000_000 + uid).toISOString());
}

/** Human labels that differ from the judge in a fixed pattern; bo labels every other item. */
function seedLabels(path: string): { ana: number; bo: number; cy: number } {
  const db = new Database(path);
  const now = new Date().toISOString();
  const reviewer = (name: string) => Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run(name, now).lastInsertRowid);
  const ana = reviewer('ana');
  const bo = reviewer('bo');
  const cy = reviewer('cy');
  const verdicts = db.prepare('SELECT case_seq, response_seq, dimension, value FROM verdicts WHERE run_id = 1 ORDER BY id').all() as {
    case_seq: number;
    response_seq: number | null;
    dimension: string;
    value: string;
  }[];
  const seen = new Map<string, number>();
  db.transaction(() => {
    verdicts.forEach((v) => {
      // k: the verdict's position among its dimension's verdicts
      const k = seen.get(v.dimension) ?? 0;
      seen.set(v.dimension, k + 1);
      const judge = JSON.parse(v.value) as string | number;
      let human: string | number = judge;
      if (v.dimension === 'correctness' && k % 4 === 0) human = Math.max(0, (judge as number) - 1);
      if (v.dimension === 'correctness' && k % 11 === 0) human = 2;
      if (v.dimension === 'faithfulness' && k % 5 === 0) human = Math.round(((judge as number) - 0.3) * 10) / 10;
      if (v.dimension === 'faithfulness' && k % 7 === 3) human = 0.5;
      if (v.dimension === 'responseBehavior' && k % 4 === 2) human = judge === 'answered' ? 'refused' : 'answered';
      // ana leaves a third of the faithfulness items unlabeled (they feed the PPI estimate)
      if (!(v.dimension === 'faithfulness' && k % 3 === 1)) label(db, ana, v.case_seq, v.response_seq, v.dimension, human);
      if (k % 2 === 0) label(db, bo, v.case_seq, v.response_seq, v.dimension, v.dimension === 'correctness' && k % 8 === 0 ? judge : human);
      if (v.dimension === 'responseBehavior' && judge === 'answered') label(db, cy, v.case_seq, v.response_seq, v.dimension, 'answered');
    });
    // a change of mind (the latest event wins) and a cleared label (no label)
    const [first, , third] = verdicts.filter((v) => v.dimension === 'correctness');
    label(db, ana, first.case_seq, first.response_seq, 'correctness', 0);
    label(db, ana, first.case_seq, first.response_seq, 'correctness', 1);
    label(db, ana, third.case_seq, third.response_seq, 'correctness', null);
  })();
  db.close();
  return { ana, bo, cy };
}

/** Raw SQL: (human, judge, item) of the current labels of one or all reviewers against run 1. */
function rawPairs(path: string, dimension: string, reviewerId: number | null): { human: Label; judge: Label; item: string }[] {
  const db = new Database(path, { readonly: true });
  const rows = db
    .prepare(
      `SELECT le.value AS human, v.value AS judge, v.case_seq || ':' || ifnull(v.response_seq, '') AS item
         FROM verdicts v
         JOIN label_events le ON le.case_seq = v.case_seq AND le.response_seq IS v.response_seq AND le.dimension = v.dimension
        WHERE v.run_id = 1 AND v.dimension = ? AND (? IS NULL OR le.reviewer_id = ?)
          AND le.id = (SELECT max(x.id) FROM label_events x
                        WHERE x.case_seq = le.case_seq AND x.response_seq IS le.response_seq AND x.dimension = le.dimension AND x.reviewer_id = le.reviewer_id)
          AND le.value IS NOT NULL
        ORDER BY v.id, (SELECT name FROM reviewers WHERE id = le.reviewer_id)`,
    )
    .all(dimension, reviewerId, reviewerId) as { human: string; judge: string; item: string }[];
  db.close();
  return rows.map((r) => ({ human: JSON.parse(r.human) as Label, judge: JSON.parse(r.judge) as Label, item: r.item }));
}

const coefficient = (d: JudgeVsHuman['dimensions'][number], key: Coefficient['key']) => d.coefficients.find((c) => c.key === key)!;

function expectInterval(actual: [number | null, number | null] | null, expected: [number, number]): void {
  expect(actual).not.toBeNull();
  expectClose(actual![0]!, expected[0], 1e-12);
  expectClose(actual![1]!, expected[1], 1e-12);
}

describe('agreement on the demo test set', () => {
  const tempDir = useTempDir();
  let path: string;
  let backend: Backend;
  let ids: { ana: number; bo: number; cy: number };

  beforeEach(async () => {
    const dir = tempDir();
    path = join(dir, 'demo.sqlite');
    await createDemoTestSet(path, { story: false });
    ids = seedLabels(path);
    backend = await createBackend({ dataDir: dir, mode: 'browser', version: 'test', initialTestSet: path });
  });
  afterEach(() => backend.close());

  const resamples = BOOTSTRAP_RESAMPLES;
  const seed = BOOTSTRAP_SEED;

  it('one reviewer: every figure equals shared/stats on the pairs read with raw SQL', async () => {
    const report = await call<JudgeVsHuman>(backend, 'agreement.judgeVsHuman', { runId: 1, reference: { kind: 'reviewer', reviewerId: ids.ana } });
    expect(report.dimensions.map((d) => d.dimension)).toEqual(['responseBehavior', 'correctness', 'faithfulness']);

    // correctness (ordinal 0–2)
    const c = report.dimensions.find((d) => d.dimension === 'correctness')!;
    const cp = rawPairs(path, 'correctness', ids.ana);
    const h = cp.map((p) => p.human);
    const j = cp.map((p) => p.judge);
    expect(c.n).toBe(cp.length);
    expect(c.n).toBe(22); // 23 verdicts, one label cleared
    const labels = [0, 1, 2];
    const agree = h.filter((v, i) => v === j[i]).length;
    expectClose(coefficient(c, 'percentAgreement').value!, agree / cp.length, 1e-15);
    expectInterval(coefficient(c, 'percentAgreement').ci95, wilson(agree, cp.length));
    const sub = (idx: number[]) => [idx.map((i) => h[i]), idx.map((i) => j[i])] as const;
    for (const [key, statistic] of [
      ['kappaLinear', (a: Label[], b: Label[]) => cohenKappa(a, b, { weights: 'linear', labels })],
      ['kappaQuadratic', (a: Label[], b: Label[]) => cohenKappa(a, b, { weights: 'quadratic', labels })],
      ['krippendorffOrdinal', (a: Label[], b: Label[]) => krippendorffAlpha(a.map((v, i) => [v, b[i]]), 'ordinal', { domain: labels })],
    ] as const) {
      expectClose(coefficient(c, key).value!, statistic(h, j), 1e-12);
      expectInterval(coefficient(c, key).ci95, bootstrapCI((idx) => statistic(...sub(idx)), cp.length, { resamples, seed }));
    }
    const mb = meanBias(h as number[], j as number[]);
    expectClose(c.bias!.headline.value!, mb.meanBias, 1e-15);
    // the interval clusters by case (case_seq of the item): CR1 with a t quantile on cases − 1 df
    const clustered = meanBiasClustered(h as number[], j as number[], cp.map((p) => p.item.split(':')[0]));
    expectInterval(c.bias!.headline.ci95, [clustered.ciLower, clustered.ciUpper]);
    // the confusion matrix, counted by SQL
    const db = new Database(path, { readonly: true });
    for (const [r, human] of labels.entries()) {
      for (const [k, judge] of labels.entries()) {
        expect(c.confusion!.counts[r][k]).toBe(cp.filter((p) => p.human === human && p.judge === judge).length);
      }
    }
    db.close();
    expect(c.disagreements.total).toBe(cp.length - agree);
    expect(c.disagreements.items[0].query).toEqual(expect.any(String));

    // responseBehavior (categorical)
    const b = report.dimensions.find((d) => d.dimension === 'responseBehavior')!;
    const bp = rawPairs(path, 'responseBehavior', ids.ana);
    const bh = bp.map((p) => p.human);
    const bj = bp.map((p) => p.judge);
    expectClose(coefficient(b, 'cohenKappa').value!, cohenKappa(bh, bj), 1e-12);
    expectClose(coefficient(b, 'gwetAC1').value!, gwetAC1(bh.map((v, i) => [v, bj[i]])), 1e-12);
    expectInterval(coefficient(b, 'cohenKappa').ci95, bootstrapCI((idx) => cohenKappa(idx.map((i) => bh[i]), idx.map((i) => bj[i])), bp.length, { resamples, seed }));
    expectInterval(coefficient(b, 'gwetAC1').ci95, bootstrapCI((idx) => gwetAC1(idx.map((i) => [bh[i], bj[i]])), bp.length, { resamples, seed }));

    // faithfulness (numeric 0–1)
    const f = report.dimensions.find((d) => d.dimension === 'faithfulness')!;
    const fp = rawPairs(path, 'faithfulness', ids.ana);
    const fh = fp.map((p) => p.human as number);
    const fj = fp.map((p) => p.judge as number);
    expect(f.n).toBe(fp.length);
    expectClose(coefficient(f, 'pearson').value!, pearson(fh, fj).statistic, 1e-12);
    expectClose(coefficient(f, 'spearman').value!, spearman(fh, fj).statistic, 1e-12);
    expectClose(coefficient(f, 'mae').value!, fh.reduce((s, v, i) => s + Math.abs(fj[i] - v), 0) / fh.length, 1e-12);
    expectClose(coefficient(f, 'krippendorffInterval').value!, krippendorffAlpha(fh.map((v, i) => [v, fj[i]]), 'interval'), 1e-12);
    expectInterval(coefficient(f, 'pearson').ci95, bootstrapCI((idx) => pearson(idx.map((i) => fh[i]), idx.map((i) => fj[i])).statistic, fp.length, { resamples, seed }));
    expectInterval(coefficient(f, 'spearman').ci95, bootstrapCI((idx) => spearman(idx.map((i) => fh[i]), idx.map((i) => fj[i])).statistic, fp.length, { resamples, seed }));
    expectClose(f.bias!.headline.value!, meanBias(fh, fj).meanBias, 1e-15);
  });

  it('all reviewers: every (item, reviewer) label is a pair, intervals resample items', async () => {
    const report = await call<JudgeVsHuman>(backend, 'agreement.judgeVsHuman', { runId: 1, dimension: 'correctness', reference: { kind: 'allReviewers' } });
    const c = report.dimensions[0];
    const pairs = rawPairs(path, 'correctness', null);
    expect(c.n).toBe(pairs.length);
    expect(c.items).toBe(new Set(pairs.map((p) => p.item)).size);
    expect(c.warnings.map((w) => w.code)).toContain('clustered-pairs');
    const h = pairs.map((p) => p.human);
    const j = pairs.map((p) => p.judge);
    const weights = { weights: 'quadratic' as const, labels: [0, 1, 2] };
    expectClose(coefficient(c, 'kappaQuadratic').value!, cohenKappa(h, j, weights), 1e-12);
    const items = [...new Set(pairs.map((p) => p.item))].map((item) => pairs.filter((p) => p.item === item));
    const expected = bootstrapCI(
      (idx) => {
        const chosen = idx.flatMap((i) => items[i]);
        return cohenKappa(chosen.map((p) => p.human), chosen.map((p) => p.judge), weights);
      },
      items.length,
      { resamples, seed },
    );
    expectInterval(coefficient(c, 'kappaQuadratic').ci95, expected);
  });

  it('undefined figures travel as null with their reason: one category only, no labels, adjudicated', async () => {
    const report = await call<JudgeVsHuman>(backend, 'agreement.judgeVsHuman', { runId: 1, dimension: 'responseBehavior', reference: { kind: 'reviewer', reviewerId: ids.cy } });
    const d = report.dimensions[0];
    expect(d.n).toBeGreaterThan(5);
    expect(coefficient(d, 'cohenKappa')).toMatchObject({ value: null, reason: explainUndefined('single-category'), ci95: null });
    expect(coefficient(d, 'percentAgreement').value).toBe(1);

    const adjudicated = await call<JudgeVsHuman>(backend, 'agreement.judgeVsHuman', { runId: 1, reference: { kind: 'adjudicated' } });
    expect(adjudicated).toMatchObject({ reasonCode: ADJUDICATED_REASON, reason: reasonSentence(ADJUDICATED_REASON) });
    for (const dim of adjudicated.dimensions) {
      expect(dim).toMatchObject({ n: 0, reasonCode: NO_PAIRS_REASON, reason: reasonSentence(NO_PAIRS_REASON) });
      expect(dim.verdicts).toBe(23);
      for (const c of dim.coefficients) expect(c.value).toBeNull();
    }

    const unknownRun = await backend.dispatch('agreement.judgeVsHuman', { runId: 9, reference: { kind: 'allReviewers' } });
    expect(unknownRun).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const unknownReviewer = await backend.dispatch('agreement.judgeVsHuman', { runId: 1, reference: { kind: 'reviewer', reviewerId: 999 } });
    expect(unknownReviewer).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('human vs human: Cohen between the two people who labeled the same items', async () => {
    const report = await call<{ dimensions: { dimension: string; method: string | null; raters: string[]; items: number; coefficients: Coefficient[] }[] }>(
      backend,
      'agreement.humanVsHuman',
      { dimension: 'correctness' },
    );
    const d = report.dimensions[0];
    const ana = rawPairs(path, 'correctness', ids.ana);
    const bo = rawPairs(path, 'correctness', ids.bo);
    const both = bo.filter((p) => ana.some((a) => a.item === p.item)).map((p) => [ana.find((a) => a.item === p.item)!.human, p.human]);
    expect(d).toMatchObject({ method: 'cohen', raters: ['ana', 'bo'], items: both.length });
    expectClose(
      d.coefficients.find((c) => c.key === 'kappaQuadratic')!.value!,
      cohenKappa(both.map((r) => r[0]), both.map((r) => r[1]), { weights: 'quadratic', labels: [0, 1, 2] }),
      1e-12,
    );
  });

  it('bias-corrected estimate: PPI over the judge’s unlabeled items equals ppi_py’s formula on raw SQL values', async () => {
    const report = await call<{ dimensions: { dimension: string; labeled: number; unlabeled: number; judgeRaw: { value: number }; corrected: { value: number; ci95: [number, number] } }[] }>(
      backend,
      'agreement.biasCorrected',
      { runId: 1, reference: { kind: 'reviewer', reviewerId: ids.ana } },
    );
    expect(report.dimensions.map((d) => d.dimension)).toEqual(['correctness', 'faithfulness']);
    const f = report.dimensions.find((d) => d.dimension === 'faithfulness')!;
    const db = new Database(path, { readonly: true });
    const judged = db.prepare("SELECT case_seq || ':' || response_seq AS item, value FROM verdicts WHERE run_id = 1 AND dimension = 'faithfulness' ORDER BY id").all() as { item: string; value: string }[];
    db.close();
    const human = new Map(rawPairs(path, 'faithfulness', ids.ana).map((p) => [p.item, p.human as number]));
    const Y: number[] = [];
    const Yhat: number[] = [];
    const rest: number[] = [];
    for (const v of judged) {
      const value = JSON.parse(v.value) as number;
      if (human.has(v.item)) {
        Y.push(human.get(v.item)!);
        Yhat.push(value);
      } else rest.push(value);
    }
    expect(rest.length).toBeGreaterThan(0);
    expect(f).toMatchObject({ labeled: Y.length, unlabeled: rest.length });
    const ppi = ppiMean(Y, Yhat, rest);
    expectClose(f.corrected.value, ppi.estimate, 1e-15);
    expectInterval(f.corrected.ci95, [ppi.ciLower, ppi.ciUpper]);
    expectClose(f.judgeRaw.value, judged.reduce((s, v) => s + (JSON.parse(v.value) as number), 0) / judged.length, 1e-15);
  });

  it('the CLI prints the same figures as the API (--json), and exits 1 on unknown run or reviewer, 2 on usage', async () => {
    const api = {
      judgeVsHuman: await call(backend, 'agreement.judgeVsHuman', { runId: 1, reference: { kind: 'reviewer', reviewerId: ids.ana } }),
      humanVsHuman: await call(backend, 'agreement.humanVsHuman', {}),
      biasCorrected: await call(backend, 'agreement.biasCorrected', { runId: 1, reference: { kind: 'reviewer', reviewerId: ids.ana } }),
    };
    const run = await cli('agreement', '--db', path, '--run', '1', '--reviewer', 'ana', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json).toEqual(api);

    const all = await cli('agreement', '--db', path, '--run', '1', '--dimension', 'correctness', '--json');
    expect(all.json.judgeVsHuman).toEqual(await call(backend, 'agreement.judgeVsHuman', { runId: 1, dimension: 'correctness', reference: { kind: 'allReviewers' } }));

    const text = await cli('agreement', '--db', path, '--run', '1', '--reviewer', 'ana');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Cohen's kappa");
    expect(text.stdout).toContain('confusion matrix');
    expect(text.stdout).toMatch(/bias: the judge is [\d.]+ (more lenient than|stricter than) people/);

    const unknownRun = await cli('agreement', '--db', path, '--run', '5');
    expect(unknownRun.code).toBe(1);
    expect(unknownRun.stderr).toContain('no judge run 5');
    const unknownReviewer = await cli('agreement', '--db', path, '--run', '1', '--reviewer', 'zed');
    expect(unknownReviewer.code).toBe(1);
    expect(unknownReviewer.stderr).toContain('no reviewer named "zed"');
    expect((await cli('agreement', '--db', path, '--run', '1', '--dimension', 'nope')).code).toBe(1);
    expect((await cli('agreement', '--db', path)).code).toBe(2);
    expect((await cli('agreement', '--db', path, '--run', 'latest')).code).toBe(2);
  });
});
