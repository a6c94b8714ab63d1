import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createBackend, type Backend } from '../../server/backend';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { DEMO_ANCHOR_SET, DEMO_REVIEWERS } from '../../server/test-sets/demo-story';
import { useTempDir } from '../helpers/temp-dir';

async function call<T>(backend: Backend, name: string, input: unknown = {}): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

interface TrendPoint {
  roundId: number;
  week: string;
  break: boolean;
  breakReason: string | null;
  n: number;
}

/** What the demo holds, without what differs on every build by nature (the file's id, import and creation times). */
function contentOf(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const q = (sql: string) => db.prepare(sql).all();
    return {
      reviewers: q('SELECT id, name FROM reviewers ORDER BY id'),
      labels: q('SELECT id, uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind FROM label_events ORDER BY id'),
      runs: q('SELECT id, model, model_version, prompt_version, source_sha256 FROM judge_runs ORDER BY id'),
      verdicts: q('SELECT run_id, case_seq, response_seq, dimension, value, rationale FROM verdicts ORDER BY id'),
      rounds: q('SELECT id, week, seed, size, status, created_at, revealed_at, closed_at, notes FROM rounds ORDER BY id'),
      items: q('SELECT * FROM round_items ORDER BY round_id, position'),
      adjudications: q('SELECT * FROM adjudications ORDER BY id'),
      figures: q('SELECT * FROM round_figures ORDER BY round_id, position'),
      anchors: q('SELECT name, version, frozen_at, content_sha256 FROM anchor_sets ORDER BY id'),
    };
  } finally {
    db.close();
  }
}

describe('the demo test set shows every screen with content on first launch', () => {
  const tempDir = useTempDir();

  it('holds two demo reviewers who disagree at times, two judge runs, rounds closed and open, a trend break and an anchor set', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    try {
      expect(await call(backend, 'testSets.current')).toMatchObject({ isDemo: true });

      // two demo reviewers, each with labels on every response's correctness; some disagree
      const reviewers = await call<{ id: number; name: string }[]>(backend, 'reviewers.list');
      const lead = reviewers.find((r) => r.name === DEMO_REVIEWERS.lead)!;
      const second = reviewers.find((r) => r.name === DEMO_REVIEWERS.second)!;
      expect(lead && second).toBeTruthy();
      const db = backend.session.require().db;
      const current = (reviewerId: number) =>
        new Map(
          (db.prepare(
            `SELECT response_seq AS seq, value FROM label_events e WHERE reviewer_id = ? AND dimension = 'correctness'
             AND id = (SELECT max(id) FROM label_events f WHERE f.reviewer_id = e.reviewer_id AND f.response_seq = e.response_seq AND f.dimension = e.dimension)`,
          ).all(reviewerId) as { seq: number; value: string }[]).map((r) => [r.seq, r.value]),
        );
      const a = current(lead.id);
      const b = current(second.id);
      const responses = db.prepare('SELECT count(*) FROM responses').pluck().get() as number;
      expect(a.size).toBe(responses);
      expect(b.size).toBe(responses);
      const differing = [...a].filter(([seq, value]) => b.get(seq) !== value).length;
      expect(differing).toBeGreaterThan(0);
      expect(differing).toBeLessThan(responses / 2);

      // two judge runs of one judge: the second a newer model version
      const runs = await call<{ id: number; model: string; modelVersion: string; promptVersion: string }[]>(backend, 'judgeRuns.list');
      expect(runs).toHaveLength(2);
      expect(new Set(runs.map((r) => r.modelVersion)).size).toBe(2);

      // Judge vs human has pairs for the latest run against everyone's labels, and people disagree with it somewhere
      const latest = Math.max(...runs.map((r) => r.id));
      const jvh = await call<{ dimensions: { dimension: string; n: number; disagreements: { total: number } }[] }>(backend, 'agreement.judgeVsHuman', {
        runId: latest, dimension: 'correctness', reference: { kind: 'allReviewers' },
      });
      const figures = jvh.dimensions.find((d) => d.dimension === 'correctness')!;
      expect(figures.n).toBeGreaterThanOrEqual(responses);
      expect(figures.disagreements.total).toBeGreaterThan(0);

      // three closed rounds and one revealed, waiting for adjudication
      const rounds = await call<{ id: number; status: string; week: string }[]>(backend, 'rounds.list');
      expect(rounds.map((r) => r.status).sort()).toEqual(['closed', 'closed', 'closed', 'revealed']);
      const open = rounds.find((r) => r.status === 'revealed')!;
      const detail = await call<{ cells: { toAdjudicate: number; labeled: number; total: number } }>(backend, 'rounds.get', { roundId: open.id });
      expect(detail.cells.toAdjudicate).toBeGreaterThan(0);
      expect(detail.cells.labeled).toBe(detail.cells.total);

      // a trend across weeks, broken where the judge's model version changed
      const trend = await call<{ dimensions: { dimension: string; points: TrendPoint[] }[] }>(backend, 'rounds.trend');
      const correctness = trend.dimensions.find((d) => d.dimension === 'correctness')!;
      expect(correctness.points.map((p) => p.week)).toEqual(['2026-W43', '2026-W44', '2026-W45']);
      expect(correctness.points.map((p) => p.break)).toEqual([false, false, true]);
      expect(correctness.points[2].breakReason).toContain('model version');

      // a frozen anchor set of the closed rounds
      const anchors = await call<{ name: string; version: number; items: number; rounds: number[] }[]>(backend, 'anchors.list');
      expect(anchors).toHaveLength(1);
      expect(anchors[0]).toMatchObject({ name: DEMO_ANCHOR_SET, version: 1 });
      expect(anchors[0].items).toBeGreaterThan(0);

      // retrieval runs of two system versions
      const systems = db.prepare("SELECT DISTINCT system FROM responses WHERE json_array_length(coalesce(json_extract(final_context, '$'), '[]')) > 0 ORDER BY system").pluck().all();
      expect(systems).toEqual(['support-agent@3.1', 'support-agent@3.2']);
    } finally {
      await backend.close();
    }
  });

  it('leaves a newcomer the whole queue: a fresh reviewer has labeled nothing and starts at the first case', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    try {
      const me = await call<{ id: number }>(backend, 'reviewers.create', { name: 'newcomer' });
      const queue = await call<{ total: number; done: number; resumeCaseId: string | null }>(backend, 'queue.open', { reviewerId: me.id, queue: { source: 'unlabeled' } });
      const cases = (await call<{ rows: { id: string }[] }>(backend, 'cases.list', { filters: {}, offset: 0, limit: 1000 })).rows;
      expect(queue).toMatchObject({ total: cases.length, done: 0, resumeCaseId: cases[0].id });
      const labels = backend.session.require().db.prepare('SELECT count(*) FROM label_events WHERE reviewer_id = ?').pluck().get(me.id);
      expect(labels).toBe(0);
    } finally {
      await backend.close();
    }
  });

  it('is built the same every time (seeded)', async () => {
    const dir = tempDir();
    await createDemoTestSet(join(dir, 'one.sqlite'));
    await createDemoTestSet(join(dir, 'two.sqlite'));
    expect(contentOf(join(dir, 'two.sqlite'))).toEqual(contentOf(join(dir, 'one.sqlite')));
  });

  it('resets: labels added to the demo are gone, the story is back, and it is still the demo', async () => {
    const backend = await createBackend({ dataDir: tempDir(), mode: 'browser', version: 'test' });
    try {
      const before = await call<{ testSetId: string }>(backend, 'testSets.current');
      const me = await call<{ id: number }>(backend, 'reviewers.create', { name: 'tries things' });
      const caseId = (await call<{ rows: { id: string }[] }>(backend, 'cases.list', { filters: {}, offset: 0, limit: 1 })).rows[0].id;
      await call(backend, 'labels.record', { reviewerId: me.id, caseId, responseId: null, dimension: 'answerability', value: 'unanswerable' });
      await call(backend, 'rounds.start', { size: 3, seed: 1, sameWeek: true });

      const after = await call<{ testSetId: string; isDemo: boolean; path: string }>(backend, 'testSets.resetDemo');
      expect(after.isDemo).toBe(true);
      expect(after.testSetId).not.toBe(before.testSetId);
      const reviewers = await call<{ name: string }[]>(backend, 'reviewers.list');
      expect(reviewers.map((r) => r.name).sort()).toEqual([DEMO_REVIEWERS.lead, DEMO_REVIEWERS.second].sort());
      expect(await call<unknown[]>(backend, 'rounds.list')).toHaveLength(4);
      expect(contentOf(after.path).labels.length).toBeGreaterThan(0);
    } finally {
      await backend.close();
    }
  });

  it('resets the demo while another test set is open, and opens the demo', async () => {
    const dir = tempDir();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test' });
    try {
      await call(backend, 'testSets.create', { path: join(dir, 'mine.sqlite') });
      expect(await call(backend, 'testSets.current')).toMatchObject({ isDemo: false });
      const after = await call<{ isDemo: boolean; name: string }>(backend, 'testSets.resetDemo');
      expect(after).toMatchObject({ isDemo: true, name: 'demo.touchstone.sqlite' });
      expect(await call<unknown[]>(backend, 'judgeRuns.list')).toHaveLength(2);
    } finally {
      await backend.close();
    }
  });
});
