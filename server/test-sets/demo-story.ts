import type { Db } from '../../db/open';
import { createReviewer, recordLabel } from '../../db/labels';
import { adjudicate, closeRound, revealRound, roundState, startRound } from '../calibration/calibration-rounds';
import { freezeAnchorSet } from '../calibration/calibration-anchors';
import { runImport } from '../imports/import-pipeline';
import {
  DEMO_FAILURE_LAYERS, DEMO_TRUTH, rationale, secondJudgeRun, secondReviewer, secondReviewerAnswerability, type ResponseValues,
} from './demo-judgements';

/**
 * The weeks after the sample was imported, played through the ordinary services on a fixed
 * clock, so that the demo opens with content on every screen: two demo reviewers' labels (some
 * disagreeing), a second judge run (a newer model version: a break in the trend), three closed
 * calibration rounds and one revealed round still waiting for adjudication, and a frozen anchor set.
 * Everything is seeded: the same demo every time.
 */

export const DEMO_REVIEWERS = { lead: '演示·王敏', second: '演示·李航' } as const;
export const DEMO_ANCHOR_SET = '退款政策锚点';

const JUDGE_V5 = { model: 'judge-model-x', version: '2026-11-05', promptVersion: 'rag-judge-v4', promptHash: 'sha256:129166d7e9ebc82bf0e44f74767ff0d526cb180d01502235073d4c8f49a3928e' };

/** The weekly rounds: ISO week, the clock at its start, the sampler's seed; the last one stays open (revealed, not adjudicated). */
const ROUNDS = [
  { week: '2026-W43', start: '2026-10-19T09:00:00.000Z', seed: 4301 },
  { week: '2026-W44', start: '2026-10-26T09:00:00.000Z', seed: 4402 },
  { week: '2026-W45', start: '2026-11-09T09:00:00.000Z', seed: 4503, judgeBefore: '2026-11-06T10:00:00.000Z' },
  { week: '2026-W46', start: '2026-11-16T09:00:00.000Z', seed: 4604, open: true },
];
export const DEMO_ROUND_SIZE = 10;

/** A clock that starts at a given time and moves on 37 seconds at each reading (labels are seconds apart, as when typed). */
function clockFrom(iso: string): { now: () => string; date: () => Date } {
  let t = Date.parse(iso);
  const tick = () => {
    t += 37_000;
    return t;
  };
  return { now: () => new Date(tick()).toISOString(), date: () => new Date(tick()) };
}

interface ResponseRow {
  id: string;
  caseId: string;
}

const DIMENSIONS = ['correctness', 'faithfulness', 'responseBehavior'] as const;

export function playDemoStory(db: Db): void {
  // one transaction: the story is written whole or not at all, and fast (no commit per label)
  db.transaction(() => play(db))();
}

function play(db: Db): void {
  const responses = db.prepare('SELECT r.id, c.id AS caseId FROM responses r JOIN cases c ON c.seq = r.case_seq ORDER BY r.seq').all() as ResponseRow[];
  const cases = db.prepare('SELECT id, answerability, question_type AS questionType FROM cases ORDER BY seq').all() as { id: string; answerability: string | null; questionType: string | null }[];
  const truth = DEMO_TRUTH;
  const missing = responses.filter((r) => !truth[r.id]).map((r) => r.id);
  if (missing.length) throw new Error(`The demo story has no values for the sample responses ${missing.join(', ')}`);
  const second = secondReviewer(truth);
  const lead = createReviewer(db, DEMO_REVIEWERS.lead);
  const other = createReviewer(db, DEMO_REVIEWERS.second);
  const readings = new Map<number, Record<string, ResponseValues>>([[lead.id, truth], [other.id, second]]);
  const caseOfResponse = new Map(responses.map((r) => [r.id, r.caseId]));
  let uid = 0;
  const label = (reviewerId: number, caseId: string, responseId: string | null, dimension: string, value: string | number, now: () => string) =>
    recordLabel(db, { reviewerId, caseId, responseId, dimension, value, uid: `demo-${++uid}` }, now);

  // the first pass: both reviewers label every case's answerability and question type and every answer
  const firstPass = clockFrom('2026-10-16T08:30:00.000Z');
  const answerability = Object.fromEntries(cases.filter((c) => c.answerability).map((c) => [c.id, c.answerability as string]));
  const secondAnswerability = secondReviewerAnswerability(answerability);
  for (const [reviewerId, values] of readings) {
    for (const c of cases) {
      if (c.answerability) label(reviewerId, c.id, null, 'answerability', reviewerId === lead.id ? c.answerability : secondAnswerability[c.id], firstPass.now);
      if (c.questionType) label(reviewerId, c.id, null, 'questionType', c.questionType, firstPass.now);
    }
    for (const r of responses) {
      for (const d of DIMENSIONS) label(reviewerId, r.caseId, r.id, d, values[r.id][d], firstPass.now);
      // the Diagnosis screen's failure layers: the lead places every answer people found wanting
      if (reviewerId === lead.id) label(reviewerId, r.caseId, r.id, 'failureLayer', DEMO_FAILURE_LAYERS[r.id] ?? 'none', firstPass.now);
    }
  }

  const closed: number[] = [];
  for (const plan of ROUNDS) {
    if (plan.judgeBefore) importSecondJudgeRun(db, responses);
    const clock = clockFrom(plan.start);
    const detail = startRound(db, { size: DEMO_ROUND_SIZE, seed: plan.seed, week: plan.week, sameWeek: false }, clock.date);
    const roundId = detail.round.id;
    // blind: each reviewer labels every cell of the round again
    for (const [reviewerId, values] of readings) {
      for (const item of detail.items) {
        if (!item.responseId) continue;
        for (const d of detail.dimensions) label(reviewerId, item.caseId, item.responseId, d.dimension, values[item.responseId][d.dimension as (typeof DIMENSIONS)[number]], clock.now);
      }
    }
    revealRound(db, roundId, false, lead.id, clock.now);
    if (plan.open) break;
    // the lead settles each disagreement with the reading checked against the policy text
    for (const cell of roundState(db, roundId, 'demo').cells) {
      if (cell.disagreement !== 'humans' || !cell.responseId) continue;
      const value = truth[cell.responseId][cell.dimension as (typeof DIMENSIONS)[number]];
      adjudicate(db, {
        roundId, caseId: caseOfResponse.get(cell.responseId)!, responseId: cell.responseId, dimension: cell.dimension, value, note: '按政策原文核对后裁定', deciderReviewerId: lead.id,
      }, clock.now);
    }
    closeRound(db, roundId, clock.now);
    closed.push(roundId);
    if (closed.length === 3) freezeAnchorSet(db, { name: DEMO_ANCHOR_SET, roundIds: closed }, clock.now);
  }
}

/** The judge's second run over every sample answer, through the ordinary judge importer. */
function importSecondJudgeRun(db: Db, responses: ResponseRow[]): void {
  const values = secondJudgeRun(DEMO_TRUTH);
  const lines = responses.flatMap((r) =>
    DIMENSIONS.map((dimension) =>
      JSON.stringify({ caseId: r.caseId, responseId: r.id, judge: JUDGE_V5, dimension, value: values[r.id][dimension], rationale: rationale(dimension, values[r.id][dimension]) }),
    ),
  );
  runImport(db, { kind: 'judge', format: 'jsonl', fileName: 'judge-2026-11-05.jsonl', bytes: Buffer.from(`${lines.join('\n')}\n`) });
}
