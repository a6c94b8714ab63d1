import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { humanValuesByItem, INDEXED_VALUE, judgeHumanData, latestVerdicts, requireJudgeRun, resolveReference, runDimensions } from '../../db/agreement';
import { openTestSetFile, type Db } from '../../db/open';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { useTempDir } from '../helpers/temp-dir';

/**
 * db/agreement.ts reads verdicts and current labels in bulk (JSON columns, the index of migration 5).
 * Here every read is checked against the plain definition, row by row in id order: the run's latest
 * verdict per item at the place of its first, the current label = the event with the highest id per
 * (item, reviewer), a cleared label (NULL) = no label, pairs of an item by reviewer name, then by
 * the order of the reviewers' first events on it.
 */

interface PlainVerdict {
  itemKey: number;
  caseSeq: number;
  responseSeq: number | null;
  caseId: string;
  responseId: string | null;
  questionType: string | null;
  slices: string[];
  value: unknown;
  rationale: string | null;
}

const itemKeyOf = (caseSeq: number, responseSeq: number | null) => (responseSeq !== null ? responseSeq : -caseSeq);

function plainVerdicts(db: Db, runId: number, dimension: string): { verdicts: PlainVerdict[]; duplicates: number } {
  const rows = db
    .prepare(
      `SELECT v.case_seq, v.response_seq, v.value, v.rationale, c.id AS case_id, c.question_type, r.id AS response_id
         FROM verdicts v JOIN cases c ON c.seq = v.case_seq LEFT JOIN responses r ON r.seq = v.response_seq
        WHERE v.run_id = ? AND v.dimension = ? ORDER BY v.id`,
    )
    .all(runId, dimension) as { case_seq: number; response_seq: number | null; value: string; rationale: string | null; case_id: string; question_type: string | null; response_id: string | null }[];
  const slices = db.prepare('SELECT slice FROM case_slices WHERE case_seq = ? ORDER BY position').pluck();
  const place = new Map<number, number>();
  const verdicts: PlainVerdict[] = [];
  for (const r of rows) {
    const verdict: PlainVerdict = {
      itemKey: itemKeyOf(r.case_seq, r.response_seq),
      caseSeq: r.case_seq,
      responseSeq: r.response_seq,
      caseId: r.case_id,
      responseId: r.response_id,
      questionType: r.question_type,
      slices: slices.all(r.case_seq) as string[],
      value: JSON.parse(r.value),
      rationale: r.rationale,
    };
    const at = place.get(verdict.itemKey);
    if (at === undefined) {
      place.set(verdict.itemKey, verdicts.length);
      verdicts.push(verdict);
    } else verdicts[at] = verdict;
  }
  return { verdicts, duplicates: rows.length - verdicts.length };
}

function plainPairs(db: Db, runId: number, dimension: string, reviewerId: number | null) {
  const { verdicts } = plainVerdicts(db, runId, dimension);
  const names = new Map((db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  // item → reviewer → latest value (null: cleared); Map order = first event
  const latest = new Map<number, Map<number, unknown>>();
  const events = db
    .prepare(`SELECT case_seq, response_seq, reviewer_id, value FROM label_events WHERE dimension = ? AND (? IS NULL OR reviewer_id = ?) ORDER BY id`)
    .all(dimension, reviewerId, reviewerId) as { case_seq: number; response_seq: number | null; reviewer_id: number; value: string | null }[];
  for (const e of events) {
    const key = itemKeyOf(e.case_seq, e.response_seq);
    if (!latest.has(key)) latest.set(key, new Map());
    latest.get(key)!.set(e.reviewer_id, e.value === null ? null : JSON.parse(e.value));
  }
  return verdicts.flatMap((v) =>
    [...(latest.get(v.itemKey) ?? new Map<number, unknown>())]
      .filter(([, value]) => value !== null)
      .map(([reviewer, value]) => ({ reviewer: names.get(reviewer)!, value }))
      .sort((a, b) => a.reviewer.localeCompare(b.reviewer))
      .map(({ reviewer, value }) => ({
        itemKey: v.itemKey, caseId: v.caseId, responseId: v.responseId, reviewer, human: value, judge: v.value, rationale: v.rationale, slices: v.slices,
        questionType: v.questionType,
      })),
  );
}

/** The latest adjudication of each item in a closed round (the latest round winning), as the pseudo-reviewer 'adjudicated'. */
function plainAdjudicated(db: Db, runId: number, dimension: string) {
  const rows = db
    .prepare(
      `SELECT a.case_seq, a.response_seq, a.value FROM adjudications a JOIN rounds r ON r.id = a.round_id
        WHERE a.dimension = ? AND r.status = 'closed' ORDER BY a.round_id, a.id`,
    )
    .all(dimension) as { case_seq: number; response_seq: number | null; value: string }[];
  const settled = new Map<number, unknown>();
  for (const r of rows) settled.set(itemKeyOf(r.case_seq, r.response_seq), JSON.parse(r.value));
  return plainVerdicts(db, runId, dimension).verdicts
    .filter((v) => settled.has(v.itemKey))
    .map((v) => ({
      itemKey: v.itemKey, caseId: v.caseId, responseId: v.responseId, reviewer: 'adjudicated', human: settled.get(v.itemKey), judge: v.value, rationale: v.rationale,
      slices: v.slices, questionType: v.questionType,
    }));
}

/** The demo's sample (without its story of labels, runs and rounds) plus: labels with changes of mind, clears and re-sets; names that collate equal; duplicate verdict lines; a case-level run; far-apart seqs; slices out of name order. */
async function testSet(dir: string): Promise<Db> {
  const path = join(dir, 'reads.sqlite');
  await createDemoTestSet(path, { story: false });
  const { db } = await openTestSetFile(path, { create: false });
  const now = new Date().toISOString();
  const reviewer = (name: string) => Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run(name, now).lastInsertRowid);
  const people = [reviewer('zed'), reviewer('ana'), reviewer('e\u0301va'), reviewer('Bo'), reviewer('\u00e9va')];
  let uid = 0;
  const insertLabel = db.prepare(
    "INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind) VALUES (?, ?, ?, ?, ?, ?, ?, 'set')",
  );
  const label = (r: number, c: number, s: number | null, d: string, v: unknown) => insertLabel.run(`t-${++uid}`, c, s, d, v === null ? null : JSON.stringify(v), r, now);
  const insertVerdict = db.prepare('INSERT INTO verdicts (run_id, case_seq, response_seq, dimension, value, rationale) VALUES (?, ?, ?, ?, ?, ?)');
  const verdicts = db.prepare('SELECT case_seq, response_seq, dimension, value FROM verdicts WHERE run_id = 1 ORDER BY id').all() as {
    case_seq: number; response_seq: number | null; dimension: string; value: string;
  }[];
  const caseSeqs = db.prepare('SELECT seq FROM cases ORDER BY seq').pluck().all() as number[];
  const answers = ['answerable', 'unanswerable', 'restricted'];
  db.transaction(() => {
    // newest items first, so that first-event order differs from id and name order
    [...verdicts].reverse().forEach((v, k) => {
      const judge = JSON.parse(v.value) as string | number;
      people.forEach((r, n) => {
        if ((k + n) % 3 === 0) return;
        label(r, v.case_seq, v.response_seq, v.dimension, (k * (n + 1)) % 5 === 0 ? 'not-an-option' : judge);
        if ((k + n) % 7 === 0) label(r, v.case_seq, v.response_seq, v.dimension, null);
        if ((k + n) % 11 === 0) label(r, v.case_seq, v.response_seq, v.dimension, typeof judge === 'number' ? judge + 1 : judge);
      });
    });
    verdicts.slice(0, 40).forEach((v, i) => {
      if (i % 3 === 0) insertVerdict.run(1, v.case_seq, v.response_seq, v.dimension, v.value, `repeated ${i}`);
    });
    db.prepare("INSERT INTO judge_runs (id, model, model_version, prompt_version, source_file, source_sha256, imported_at) VALUES (2, 'j', '1', 'p', 'f', '-', ?)").run(now);
    caseSeqs.forEach((c, i) => {
      insertVerdict.run(2, c, null, 'answerability', JSON.stringify(answers[i % 3]), null);
      if (i % 4 === 1) insertVerdict.run(2, c, null, 'answerability', JSON.stringify(answers[(i + 1) % 3]), 'changed');
      people.forEach((r, n) => {
        if ((i + n) % 2 === 0) label(r, c, null, 'answerability', answers[(i * n) % 3]);
      });
      if (i % 5 === 0) label(people[0], c, null, 'answerability', null);
    });
    // a value too long for the index (read from the table): a long option name, then a long text superseded by a short one
    const longName = `an option named at length ${'x'.repeat(300)}`;
    label(people[1], verdicts[1].case_seq, verdicts[1].response_seq, verdicts[1].dimension, longName);
    label(people[2], verdicts[2].case_seq, verdicts[2].response_seq, verdicts[2].dimension, longName);
    label(people[2], verdicts[2].case_seq, verdicts[2].response_seq, verdicts[2].dimension, JSON.parse(verdicts[2].value));
    // a far case and response: read by listed keys rather than by range
    db.prepare("INSERT INTO cases (seq, id, query, question_type) VALUES (50000, 'far-case', 'q', 'how-to')").run();
    db.prepare("INSERT INTO case_slices (case_seq, position, slice) VALUES (50000, 1, 'b-second'), (50000, 0, 'c-first')").run();
    db.prepare("INSERT INTO responses (seq, id, case_seq, system, answer) VALUES (60000, 'far-response', 50000, 's', '')").run();
    db.prepare("INSERT INTO judge_runs (id, model, model_version, prompt_version, source_file, source_sha256, imported_at) VALUES (3, 'j', '1', 'p', 'f', '-', ?)").run(now);
    insertVerdict.run(3, 50000, 60000, 'correctness', '2', 'far');
    insertVerdict.run(3, verdicts[0].case_seq, verdicts[0].response_seq, 'correctness', '1', null);
    for (const r of people) label(r, 50000, 60000, 'correctness', 1);
    // a closed round's adjudications (a later decision on a cell supersedes), and an open round's (not counted)
    db.prepare("INSERT INTO rounds (id, week, seed, size, status, created_at) VALUES (1, '2026-W01', 1, 5, 'closed', ?), (2, '2026-W02', 1, 5, 'labeling', ?)").run(now, now);
    const adjudicate = db.prepare("INSERT INTO adjudications (round_id, case_seq, response_seq, dimension, value, source, created_at) VALUES (?, ?, ?, ?, ?, 'lead', ?)");
    verdicts.forEach((v, i) => {
      if (i % 2 === 0) adjudicate.run(1, v.case_seq, v.response_seq, v.dimension, v.value, now);
      if (i % 6 === 0) adjudicate.run(1, v.case_seq, v.response_seq, v.dimension, typeof JSON.parse(v.value) === 'number' ? '0' : v.value, now);
      if (i % 5 === 0) adjudicate.run(2, v.case_seq, v.response_seq, v.dimension, v.value, now);
    });
    caseSeqs.forEach((c, i) => {
      if (i % 3 === 0) adjudicate.run(1, c, null, 'answerability', JSON.stringify(answers[(i + 2) % 3]), now);
    });
    // slices whose position order is not their name order
    db.prepare('DELETE FROM case_slices WHERE case_seq = ?').run(caseSeqs[0]);
    db.prepare("INSERT INTO case_slices (case_seq, position, slice) VALUES (?, 0, 'zz'), (?, 2, 'aa'), (?, 1, 'mm')").run(caseSeqs[0], caseSeqs[0], caseSeqs[0]);
  })();
  return db;
}

function expectPlainReads(db: Db): number {
  let pairs = 0;
  const reviewers = db.prepare('SELECT id FROM reviewers').pluck().all() as number[];
  for (const runId of [1, 2, 3]) {
    const run = requireJudgeRun(db, runId);
    for (const { dimension } of runDimensions(db, run)) {
      const plain = plainVerdicts(db, runId, dimension.name);
      const read = latestVerdicts(db, runId, dimension.name);
      expect(read.duplicates).toBe(plain.duplicates);
      expect(read.itemKey.map((itemKey, i) => ({
        itemKey, caseSeq: read.caseSeq[i], responseSeq: read.responseSeq[i], caseId: read.caseId[i], responseId: read.responseId[i],
        questionType: read.questionType[i], slices: [...read.slices[i]], value: read.value[i], rationale: read.rationale[i],
      }))).toEqual(plain.verdicts);
      const adjudicated = judgeHumanData(db, runId, dimension.name, resolveReference(db, { kind: 'adjudicated' })).pairs;
      expect(adjudicated).toEqual(plainAdjudicated(db, runId, dimension.name));
      pairs += adjudicated.length;
      for (const reviewerId of [null, ...reviewers]) {
        const reference = resolveReference(db, reviewerId === null ? { kind: 'allReviewers' } : { kind: 'reviewer', reviewerId });
        const data = judgeHumanData(db, runId, dimension.name, reference);
        const expected = plainPairs(db, runId, dimension.name, reviewerId);
        expect(data.pairs).toEqual(expected);
        pairs += expected.length;
      }
    }
  }
  return pairs;
}

describe('agreement reads (db/agreement.ts) against the plain definitions', () => {
  const tempDir = useTempDir();

  it('latest verdicts, current labels and pairs, by the index of migration 5 and without it', async () => {
    const db = await testSet(tempDir());
    // the query reads the values from the index: the same expression, a covering index
    const indexSql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'label_events_dimension'").pluck().get() as string;
    expect(indexSql).toContain(INDEXED_VALUE);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT case_seq, response_seq, id, ${INDEXED_VALUE} AS short FROM label_events WHERE dimension = ? AND reviewer_id = ?`)
      .all('correctness', 1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('COVERING INDEX label_events_dimension');
    const withIndex = expectPlainReads(db);
    expect(withIndex).toBeGreaterThan(300);
    // names that collate equal ('évа' twice, composed and not) keep the order of their first events
    const all = judgeHumanData(db, 1, 'responseBehavior', resolveReference(db, { kind: 'allReviewers' })).pairs;
    expect(all.some((p, i) => i > 0 && all[i - 1].itemKey === p.itemKey && all[i - 1].reviewer !== p.reviewer && all[i - 1].reviewer!.localeCompare(p.reviewer!) === 0)).toBe(true);
    // another plan hands the events over in another order: the same reads
    db.exec('DROP INDEX label_events_dimension');
    expect(expectPlainReads(db)).toBe(withIndex);
    db.close();
  });

  it('bias-corrected input: human values per item in pair order', async () => {
    const db = await testSet(tempDir());
    const data = judgeHumanData(db, 1, 'faithfulness', resolveReference(db, { kind: 'allReviewers' }));
    const expected = new Map<number, unknown[]>();
    for (const p of plainPairs(db, 1, 'faithfulness', null)) expected.set(p.itemKey, [...(expected.get(p.itemKey) ?? []), p.human]);
    expect([...humanValuesByItem(data.pairs)]).toEqual([...expected]);
    db.close();
  });
});
