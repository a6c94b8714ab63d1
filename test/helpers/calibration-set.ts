import { join } from 'node:path';
import { openTestSetFile, type Db, type OpenedTestSet } from '../../db/open';
import { contract, type OpInput, type OpName, type OpOutput } from '../../shared/api/contract';
import { createCalibrationHandlers } from '../../server/calibration/calibration-handlers';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { importRows } from './labeling-set';
import { createReviewer, recordLabel } from '../../db/labels';

/** Calls calibration and labeling handlers the way the dispatcher does: input parsed by the contract, output checked against it. */
export function api(db: Db) {
  const handlers = { ...createLabelingHandlers(() => db), ...createCalibrationHandlers(() => db) } as unknown as Record<string, (input: unknown) => unknown>;
  return async <N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> => {
    const parsed = contract[name].input.parse(input);
    return contract[name].output.parse(await handlers[name](parsed)) as OpOutput<N>;
  };
}

export const CASES = Array.from({ length: 16 }, (_, i) => `k${String(i + 1).padStart(2, '0')}`);
export const responseOf = (caseId: string) => `r-${caseId}`;

export interface JudgeValues {
  correctness: number;
  faithfulness: number;
  responseBehavior: string;
}

/** Run 1: a fixed pattern over the 16 responses. */
export const RUN1: Record<string, JudgeValues> = Object.fromEntries(
  CASES.map((c, i) => [c, { correctness: [2, 1, 2, 0][i % 4], faithfulness: [0.9, 0.5, 1, 0.3][i % 4], responseBehavior: i % 5 === 0 ? 'refused' : 'answered' }]),
);

/**
 * Run 2 (same model and prompt version, new model version): the changes, by size —
 * k03 correctness 2→0 (1.0), k12 responseBehavior answered→refused (1.0), k07 faithfulness 1→0.2
 * (0.8), k05 correctness 2→1 (0.5), k13 correctness 2→1 (0.5), k10 faithfulness 0.5→0.4 (0.1).
 */
export const RUN2: Record<string, JudgeValues> = (() => {
  const run = structuredClone(RUN1);
  run.k03.correctness = 0;
  run.k12.responseBehavior = 'refused';
  run.k07.faithfulness = 0.2;
  run.k05.correctness = 1;
  run.k13.correctness = 1;
  run.k10.faithfulness = 0.4;
  return run;
})();
export const CHANGED_ORDER = ['k03', 'k12', 'k07', 'k05', 'k13', 'k10'];

export function judgeRows(values: Record<string, JudgeValues>, judge: { model: string; version: string; promptVersion: string }): unknown[] {
  return Object.entries(values).flatMap(([caseId, v]) =>
    (['correctness', 'faithfulness', 'responseBehavior'] as const).map((dimension) => ({
      caseId, responseId: responseOf(caseId), judge, dimension, value: v[dimension], rationale: `${dimension} of ${caseId}`,
    })),
  );
}

export const JUDGE_V1 = { model: 'judge-x', version: '2026-01', promptVersion: 'p4' };
export const JUDGE_V2 = { model: 'judge-x', version: '2026-02', promptVersion: 'p4' };

/** 16 cases k01..k16 with one response each, and two comparable judge runs (RUN1 = run 1, RUN2 = run 2). */
export async function calibrationSet(dir: string, opts: { runs?: 0 | 1 | 2 } = {}): Promise<OpenedTestSet & { file: string }> {
  const file = join(dir, 'calibration.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  importRows(opened, 'cases', CASES.map((id, i) => ({ id, query: `question ${id}`, referenceAnswer: 'ref', slices: i % 2 ? ['table'] : ['negation'], questionType: 'fact' })));
  importRows(opened, 'responses', CASES.map((c) => ({ id: responseOf(c), caseId: c, system: 'bot@1', answer: `answer ${c}`, finalContext: [{ docId: null, text: `context of ${c}`, rank: 1 }] })));
  const runs = opts.runs ?? 2;
  if (runs >= 1) importRows(opened, 'judge', judgeRows(RUN1, JUDGE_V1), 'judge-v1.jsonl');
  if (runs >= 2) importRows(opened, 'judge', judgeRows(RUN2, JUDGE_V2), 'judge-v2.jsonl');
  return { ...opened, file };
}

/**
 * A round of 4 items whose first items two reviewers (names) labeled on correctness (values: [first, second]
 * per item), revealed early; `copy` is the file as it was then, before any decision: a copy that lacks them.
 */
export async function revealedRound(dir: string, values: readonly (readonly [number, number])[], names: readonly [string, string] = ['Ada', 'Bo']) {
  const set = await calibrationSet(dir);
  const call = api(set.db);
  const reviewers = names.map((name) => createReviewer(set.db, name).id);
  const round = await call('rounds.start', { size: 4, seed: 7, week: '2026-W07' });
  values.forEach((pair, i) => {
    const item = round.items[i];
    pair.forEach((value, r) => recordLabel(set.db, { reviewerId: reviewers[r], caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value }));
  });
  await call('rounds.reveal', { roundId: round.round.id, early: true });
  const copy = join(dir, 'copy.sqlite');
  await set.db.backup(copy);
  return { ...set, call, reviewers, round, copy };
}
