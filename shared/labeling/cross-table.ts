import type { DimensionOption } from '../domain/dimensions';
import { wilson } from '../stats/wilson';
import { rateVerdict, type ThresholdSide, type ThresholdVerdict } from '../stats/verdict';

/**
 * SPEC workflow 3, the refusal cross-table of one system version, per
 * question-type group (each type present in the rows gets a group; there is
 * deliberately no pooled "all" group: every group is checked against its own
 * release threshold, and a pooled figure has none).
 *
 * Rates (successes / n, Wilson 95% interval, rate and interval null when n = 0):
 * - correct-answer rate on answerable: successes = behaviour "answered" and the
 *   correctness label is the top of the correctness scale (2 = right by default);
 *   n = answerable responses whose outcome is known, i.e. every answerable
 *   response except an "answered" one whose correctness is not labeled yet
 *   (unknown is not counted as wrong). Refusals, premise corrections and
 *   clarifications on answerable questions count in n as not correct answers.
 * - over-refusal rate on answerable: "refused" / all answerable responses.
 * - correct-refusal rate on unanswerable: "refused" / all unanswerable responses
 *   (restricted, false-premise and underspecified have their own rows in the
 *   cells and do not enter this rate).
 * Pass/fail compares the point estimate with the group's threshold (rate ≥ min,
 * over-refusal ≤ max); null when n = 0.
 */

export interface ReleaseThresholdValues {
  minCorrectAnswerRate: number;
  maxOverRefusalRate: number;
  minCorrectRefusalRate: number;
}

/**
 * Default release thresholds by the stakes of the question type. High stakes
 * (policy and amounts: a wrong answer causes complaints and payouts): strict
 * on answers and on refusing what cannot be answered. Low stakes (how-to: a
 * refusal leaves the user stuck): lenient on answer quality and on refusing,
 * strict on over-refusal. Types without a stakes level sit in between.
 */
export const DEFAULT_RELEASE_THRESHOLDS: Record<'high' | 'low' | 'unspecified', ReleaseThresholdValues> = {
  high: { minCorrectAnswerRate: 0.9, maxOverRefusalRate: 0.1, minCorrectRefusalRate: 0.95 },
  low: { minCorrectAnswerRate: 0.7, maxOverRefusalRate: 0.05, minCorrectRefusalRate: 0.8 },
  unspecified: { minCorrectAnswerRate: 0.8, maxOverRefusalRate: 0.1, minCorrectRefusalRate: 0.9 },
};

/** The group of responses whose case has no question type. */
export const NO_QUESTION_TYPE = '(none)';

export const CROSS_TABLE_ANSWERABILITY = ['answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted'] as const;
export const CROSS_TABLE_BEHAVIORS = ['answered', 'refused', 'corrected-premise', 'asked-clarification'] as const;

export function defaultThreshold(stakes: 'high' | 'low' | null | undefined): ReleaseThresholdValues {
  return { ...DEFAULT_RELEASE_THRESHOLDS[stakes ?? 'unspecified'] };
}

/** Saved thresholds over the defaults: one entry per question type defined, plus any saved for other types. */
export function effectiveThresholds(
  questionTypes: readonly DimensionOption[],
  saved: Readonly<Record<string, ReleaseThresholdValues>>,
): Record<string, ReleaseThresholdValues> {
  const out: Record<string, ReleaseThresholdValues> = {};
  for (const option of questionTypes) {
    const key = String(option.value);
    out[key] = saved[key] ? { ...saved[key] } : defaultThreshold(option.stakes);
  }
  for (const [key, value] of Object.entries(saved)) if (!out[key]) out[key] = { ...value };
  return out;
}

export interface CrossTableRow {
  caseId: string;
  questionType: string | null;
  answerability: string | null;
  behavior: string | null;
  /** The correctness label of the response, when there is one. */
  correctness?: unknown;
}

export interface Rate {
  successes: number;
  n: number;
  rate: number | null;
  ci95: [number | null, number | null];
}

export interface CrossTableGroup {
  questionType: string;
  stakes: 'high' | 'low' | null;
  threshold: ReleaseThresholdValues;
  cells: { answerability: string; behavior: string; count: number; caseIds: string[] }[];
  correctAnswer: Rate;
  overRefusal: Rate;
  correctRefusal: Rate;
  pass: { correctAnswer: ThresholdVerdict | null; overRefusal: ThresholdVerdict | null; correctRefusal: ThresholdVerdict | null };
}

export function rateOf(successes: number, n: number): Rate {
  if (n === 0) return { successes, n, rate: null, ci95: [null, null] };
  const [lo, hi] = wilson(successes, n);
  return { successes, n, rate: successes / n, ci95: [Number.isNaN(lo) ? null : lo, Number.isNaN(hi) ? null : hi] };
}

/** meets / fails / inconclusive on the Wilson interval (shared/stats rateVerdict); null without data. */
function verdictOf(rate: Rate, threshold: number, side: ThresholdSide): ThresholdVerdict | null {
  if (rate.n === 0) return null;
  const { state, decidingN } = rateVerdict(rate.successes, rate.n, threshold, side);
  return { state, decidingN };
}

export interface CrossTableOptions {
  /** The questionType dimension's options, for group order and stakes. */
  questionTypes: readonly DimensionOption[];
  /** Effective thresholds by question type; a type missing here gets the default for its stakes. */
  thresholds: Readonly<Record<string, ReleaseThresholdValues>>;
  /** Behaviour columns, in order (the responseBehavior dimension's options); values seen beyond these are appended. */
  behaviors?: readonly string[];
  /** The correctness value meaning "right" (the top of the scale). Default 2. */
  rightValue?: unknown;
}

const uniqueAppend = (base: readonly string[], seen: Iterable<string>): string[] => {
  const out = [...base];
  for (const v of seen) if (!out.includes(v)) out.push(v);
  return out;
};

export function refusalCrossTable(rows: readonly CrossTableRow[], options: CrossTableOptions): CrossTableGroup[] {
  const labeled = rows.filter((r) => r.answerability !== null && r.behavior !== null) as (CrossTableRow & { answerability: string; behavior: string })[];
  const rightValue = options.rightValue === undefined ? 2 : options.rightValue;
  const stakesOf = new Map(options.questionTypes.map((o) => [String(o.value), o.stakes ?? null]));
  const answerabilityRows = uniqueAppend(CROSS_TABLE_ANSWERABILITY, labeled.map((r) => r.answerability));
  const behaviorColumns = uniqueAppend(options.behaviors ?? CROSS_TABLE_BEHAVIORS, labeled.map((r) => r.behavior));

  const byType = new Map<string, typeof labeled>();
  for (const row of labeled) {
    const key = row.questionType ?? NO_QUESTION_TYPE;
    const list = byType.get(key);
    if (list) list.push(row);
    else byType.set(key, [row]);
  }
  const defined = options.questionTypes.map((o) => String(o.value)).filter((t) => byType.has(t));
  const others = [...byType.keys()].filter((t) => !stakesOf.has(t) && t !== NO_QUESTION_TYPE).sort();
  const order = [...defined, ...others, ...(byType.has(NO_QUESTION_TYPE) ? [NO_QUESTION_TYPE] : [])];

  return order.map((questionType) => {
    const group = byType.get(questionType)!;
    const stakes = (stakesOf.get(questionType) ?? null) as 'high' | 'low' | null;
    const threshold = options.thresholds[questionType] ? { ...options.thresholds[questionType] } : defaultThreshold(stakes);
    const cells = answerabilityRows.flatMap((answerability) =>
      behaviorColumns.map((behavior) => {
        const matching = group.filter((r) => r.answerability === answerability && r.behavior === behavior);
        return { answerability, behavior, count: matching.length, caseIds: [...new Set(matching.map((r) => r.caseId))] };
      }),
    );
    const answerable = group.filter((r) => r.answerability === 'answerable');
    const unanswerable = group.filter((r) => r.answerability === 'unanswerable');
    const known = answerable.filter((r) => r.behavior !== 'answered' || (r.correctness !== null && r.correctness !== undefined));
    const right = known.filter((r) => r.behavior === 'answered' && r.correctness === rightValue).length;
    const correctAnswer = rateOf(right, known.length);
    const overRefusal = rateOf(answerable.filter((r) => r.behavior === 'refused').length, answerable.length);
    const correctRefusal = rateOf(unanswerable.filter((r) => r.behavior === 'refused').length, unanswerable.length);
    return {
      questionType,
      stakes,
      threshold,
      cells,
      correctAnswer,
      overRefusal,
      correctRefusal,
      pass: {
        correctAnswer: verdictOf(correctAnswer, threshold.minCorrectAnswerRate, 'atLeast'),
        overRefusal: verdictOf(overRefusal, threshold.maxOverRefusalRate, 'atMost'),
        correctRefusal: verdictOf(correctRefusal, threshold.minCorrectRefusalRate, 'atLeast'),
      },
    };
  });
}
