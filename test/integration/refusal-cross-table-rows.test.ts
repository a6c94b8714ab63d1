import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { crossTableRows } from '../../db/label-reports';
import type { Db } from '../../db/open';
import { importRows, smallLabelingSet } from '../helpers/labeling-set';
import { mulberry32 } from '../helpers/seeded-random';
import { useTempDir } from '../helpers/temp-dir';

/**
 * What the refusal cross-table must read, written the plain way: for each
 * response of the system, the latest event (highest id) of each label, the
 * reviewer's own when one is named; the case's labels else its imported values.
 */
function plainRows(db: Db, system: string, reviewerId: number | null) {
  const latest = (caseSeq: number, responseSeq: number | null, dimension: string): { found: boolean; value: unknown } => {
    const row = db
      .prepare(
        `SELECT value FROM label_events WHERE case_seq = ? AND response_seq IS ? AND dimension = ? ${reviewerId === null ? '' : 'AND reviewer_id = ?'}
          ORDER BY id DESC LIMIT 1`,
      )
      .get(caseSeq, responseSeq, dimension, ...(reviewerId === null ? [] : [reviewerId])) as { value: string | null } | undefined;
    return row === undefined ? { found: false, value: null } : { found: true, value: row.value === null ? null : JSON.parse(row.value) };
  };
  const text = (l: { found: boolean; value: unknown }, fallback: string | null) => (l.found && l.value !== null ? String(l.value) : fallback);
  const responses = db
    .prepare(
      `SELECT r.seq, r.case_seq, c.id AS case_id, c.answerability, c.question_type FROM responses r JOIN cases c ON c.seq = r.case_seq
        WHERE r.system = ? ORDER BY r.case_seq, r.id`,
    )
    .all(system) as { seq: number; case_seq: number; case_id: string; answerability: string | null; question_type: string | null }[];
  return responses
    .map((r) => ({
      caseId: r.case_id,
      questionType: text(latest(r.case_seq, null, 'questionType'), r.question_type),
      answerability: text(latest(r.case_seq, null, 'answerability'), r.answerability),
      behavior: text(latest(r.case_seq, r.seq, 'responseBehavior'), null),
      correctness: latest(r.case_seq, r.seq, 'correctness').value,
    }))
    .filter((r) => r.behavior !== null);
}

describe('the rows behind the refusal cross-table', () => {
  const tempDir = useTempDir();

  it('are each response’s latest labels, through clears, undos, several reviewers and systems', async () => {
    const opened = await smallLabelingSet(tempDir());
    const { db } = opened;
    // more cases and responses than the small set: several responses per case, in an order unlike their ids
    importRows(opened, 'cases', Array.from({ length: 30 }, (_, i) => ({
      id: `k${i}`, query: `问题 k${i}`, questionType: i % 3 ? 'how-to' : undefined, answerability: i % 4 ? 'answerable' : undefined,
    })), 'more-cases.jsonl');
    importRows(opened, 'responses', Array.from({ length: 60 }, (_, i) => ({
      id: `resp-${59 - i}`, caseId: `k${i % 30}`, system: i % 3 ? 'a@1' : 'b@1', answer: '回答',
    })), 'more-responses.jsonl');
    const reviewers = ['Ada', 'Bo', 'Cy'].map((name) => createReviewer(db, name).id);
    const responses = db.prepare('SELECT r.id, c.id AS caseId FROM responses r JOIN cases c ON c.seq = r.case_seq').all() as { id: string; caseId: string }[];
    const cases = db.prepare('SELECT id FROM cases').pluck().all() as string[];
    const random = mulberry32(20261202);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const anyOf = (items: readonly unknown[]) => pick(items) as never;
    for (let i = 0; i < 1500; i += 1) {
      const reviewerId = pick(reviewers);
      const roll = random();
      if (roll < 0.1) undoLast(db, reviewerId);
      else if (roll < 0.45) {
        const caseId = pick(cases);
        const [dimension, values] = pick([['answerability', ['answerable', 'unanswerable', 'false-premise', null]], ['questionType', ['how-to', 'fact', null]]] as const);
        recordLabel(db, { reviewerId, caseId, responseId: null, dimension, value: anyOf(values) });
      } else {
        const { id: responseId, caseId } = pick(responses);
        const [dimension, values] = pick([['responseBehavior', ['answered', 'refused', 'asked-clarification', null]], ['correctness', [0, 1, 2, null]]] as const);
        recordLabel(db, { reviewerId, caseId, responseId, dimension, value: anyOf(values) });
      }
    }
    // a value longer than the index holds is read from its event
    const long = 'x'.repeat(300);
    db.prepare(`INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind)
                SELECT 'long-one', case_seq, seq, 'responseBehavior', ?, ?, '2026-12-02T00:00:00.000Z', 'set' FROM responses WHERE id = 'resp-7'`)
      .run(JSON.stringify(long), reviewers[0]);

    for (const system of ['a@1', 'b@1', 'nobody@1']) {
      for (const reviewerId of [null, ...reviewers]) {
        const rows = crossTableRows(db, system, reviewerId);
        expect(rows).toEqual(plainRows(db, system, reviewerId));
        if (system !== 'nobody@1') expect(rows.length).toBeGreaterThan(3);
      }
    }
    expect(crossTableRows(db, 'a@1', null).some((r) => r.behavior === long) || crossTableRows(db, 'b@1', null).some((r) => r.behavior === long)).toBe(true);
    db.close();
  });
});
