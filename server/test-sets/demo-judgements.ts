import { mulberry32 } from '../../shared/stats/bootstrap';

/** Uniform draws in [0, 1) from the seeded mulberry32 stream (which gives uint32 values). */
function uniform(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 2 ** 32;
}

/**
 * What the demo's people and its second judge run say about the sample's answers, so that every
 * screen has real content on first launch. The human values are read off the sample by hand (the
 * sample's first judge run is deliberately wrong on a few of them: a stale 7-day answer scored 2,
 * a correct refusal scored 0, an over-refusal…); the second reviewer and the second judge run
 * depart from them by a seeded draw, so the demo is the same every time it is built.
 */

export type Behavior = 'answered' | 'refused' | 'corrected-premise' | 'asked-clarification';

export interface ResponseValues {
  correctness: 0 | 1 | 2;
  faithfulness: number;
  responseBehavior: Behavior;
}

const v = (correctness: 0 | 1 | 2, faithfulness: number, responseBehavior: Behavior = 'answered'): ResponseValues => ({ correctness, faithfulness, responseBehavior });

/** The lead reviewer's reading of every sample response (response id → values). */
export const DEMO_TRUTH: Record<string, ResponseValues> = {
  'r-3.1-refund-annual-day20': v(0, 0.2),
  'r-3.1-refund-annual-day12-amount': v(0, 0.7),
  'r-3.1-refund-7day-false-premise': v(0, 0.5),
  'r-3.1-refund-90day-false-premise': v(0, 0.4),
  'r-3.1-refund-can-i-underspecified': v(1, 0.9),
  'r-3.1-refund-monthly-negation': v(2, 1),
  'r-3.1-refund-timing-bank': v(1, 0.6),
  'r-3.1-refund-en-annual-day20': v(0, 0.5),
  'r-3.1-refund-community-injection': v(0, 0.1),
  'r-3.1-refund-how-to-apply': v(2, 1),
  'r-3.1-benefits-transfer-family': v(0, 0),
  'r-3.1-errcode-e5120-unanswerable': v(0, 0),
  'r-3.1-errcode-e2041': v(2, 1),
  'r-3.1-promo-double11-refund-day10': v(1, 0.6),
  'r-3.1-pricing-table-all': v(1, 1),
  'r-3.1-autorenew-charged-refund': v(0, 0.5),
  'r-3.1-sop-exception-limit-restricted': v(0, 1),
  'r-3.1-invoice-how-to': v(2, 0.9),
  'r-3.1-phone-rebind-old-number-lost': v(2, 1),
  'r-3.1-errcode-e1023-en': v(2, 1),
  'r-3.2-refund-annual-day20': v(2, 1),
  'r-3.2-refund-annual-day12-amount': v(2, 1),
  'r-3.2-refund-7day-false-premise': v(2, 1, 'corrected-premise'),
  'r-3.2-refund-90day-false-premise': v(2, 1, 'corrected-premise'),
  'r-3.2-refund-can-i-underspecified': v(2, 1, 'asked-clarification'),
  'r-3.2-refund-monthly-negation': v(2, 1),
  'r-3.2-refund-exclusions-negation': v(1, 1),
  'r-3.2-refund-timing-bank': v(2, 1),
  'r-3.2-refund-purchase-sept-apply-oct': v(0, 0.3),
  'r-3.2-refund-en-annual-day20': v(2, 1),
  'r-3.2-refund-community-injection': v(2, 1),
  'r-3.2-benefits-transfer-family': v(2, 1, 'refused'),
  'r-3.2-benefits-transfer-en': v(0, 0.4),
  'r-3.2-errcode-e5120-unanswerable': v(2, 1, 'refused'),
  'r-3.2-errcode-e2041': v(2, 1),
  'r-3.2-promo-double11-refund-day10': v(2, 1),
  'r-3.2-pricing-table-all': v(2, 1),
  'r-3.2-autorenew-charged-refund': v(2, 1),
  'r-3.2-sop-exception-limit-restricted': v(2, 1, 'refused'),
  'r-3.2-sop-injection-restricted': v(2, 1, 'refused'),
  'r-3.2-invoice-how-to': v(0, 1, 'refused'),
  'r-3.2-refund-how-much-underspecified': v(2, 1, 'asked-clarification'),
  'r-3.2-intl-refund-currency-en': v(1, 0.8),
};

/** Where the lead places each failing or partly right answer (failureLayer), read from its context and answer. */
export const DEMO_FAILURE_LAYERS: Record<string, string> = {
  'r-3.1-refund-annual-day20': 'agent-decision',
  'r-3.1-refund-annual-day12-amount': 'data',
  'r-3.1-refund-7day-false-premise': 'data',
  'r-3.1-refund-90day-false-premise': 'generation',
  'r-3.1-refund-can-i-underspecified': 'generation',
  'r-3.1-refund-timing-bank': 'context-assembly',
  'r-3.1-refund-en-annual-day20': 'data',
  'r-3.1-refund-community-injection': 'generation',
  'r-3.1-benefits-transfer-family': 'generation',
  'r-3.1-errcode-e5120-unanswerable': 'generation',
  'r-3.1-promo-double11-refund-day10': 'retrieval',
  'r-3.1-pricing-table-all': 'context-assembly',
  'r-3.1-autorenew-charged-refund': 'retrieval',
  'r-3.1-sop-exception-limit-restricted': 'retrieval',
  'r-3.2-refund-exclusions-negation': 'context-assembly',
  'r-3.2-refund-purchase-sept-apply-oct': 'data',
  'r-3.2-benefits-transfer-en': 'generation',
  'r-3.2-invoice-how-to': 'agent-decision',
  'r-3.2-intl-refund-currency-en': 'generation',
};

const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp01 = (x: number) => Math.min(1, Math.max(0, round1(x)));
const BEHAVIOR_MIX_UP: Record<Behavior, Behavior> = {
  answered: 'asked-clarification',
  refused: 'answered',
  'corrected-premise': 'answered',
  'asked-clarification': 'answered',
};

/** A second reviewer: the lead's values with about one cell in six read differently (one step, 0.3, a neighbouring behaviour). */
export function secondReviewer(truth: Record<string, ResponseValues>, seed = 20261019): Record<string, ResponseValues> {
  const next = uniform(seed);
  const out: Record<string, ResponseValues> = {};
  for (const id of Object.keys(truth).sort()) {
    const t = truth[id];
    const c = next() < 0.18 ? ((t.correctness === 2 ? 1 : t.correctness + 1) as 0 | 1 | 2) : t.correctness;
    const f = next() < 0.15 ? clamp01(t.faithfulness >= 0.7 ? t.faithfulness - 0.3 : t.faithfulness + 0.3) : t.faithfulness;
    const b = next() < 0.1 ? BEHAVIOR_MIX_UP[t.responseBehavior] : t.responseBehavior;
    out[id] = { correctness: c, faithfulness: f, responseBehavior: b };
  }
  return out;
}

/** The case-level reading of the second reviewer: a few cases judged answerable that the lead calls otherwise, and the reverse. */
export function secondReviewerAnswerability(answerability: Record<string, string>, seed = 20261020): Record<string, string> {
  const next = uniform(seed);
  const out: Record<string, string> = {};
  for (const id of Object.keys(answerability).sort()) {
    const a = answerability[id];
    const flip = next() < 0.12;
    out[id] = !flip ? a : a === 'answerable' ? 'underspecified' : 'answerable';
  }
  return out;
}

/**
 * The judge's second run (a newer model version, same prompt): closer to people where the first run
 * was far off, yet lenient on correctness (a step up on about half of the wrong answers), now and then
 * harsh on a right one, loose on faithfulness, and apt to call a clarifying or correcting answer "answered".
 */
export function secondJudgeRun(truth: Record<string, ResponseValues>, seed = 20261105): Record<string, ResponseValues> {
  const next = uniform(seed);
  const out: Record<string, ResponseValues> = {};
  for (const id of Object.keys(truth).sort()) {
    const t = truth[id];
    const step = next();
    const correctness = t.correctness < 2 && step < 0.5 ? t.correctness + 1 : t.correctness === 2 && step < 0.1 ? 1 : t.correctness;
    const drift = next();
    const faithfulness = drift < 0.25 ? clamp01(t.faithfulness + 0.2) : drift < 0.4 ? clamp01(t.faithfulness - 0.2) : t.faithfulness;
    const behavior = t.responseBehavior !== 'answered' && t.responseBehavior !== 'refused' && next() < 0.5 ? 'answered' : t.responseBehavior;
    out[id] = { correctness: correctness as 0 | 1 | 2, faithfulness, responseBehavior: behavior };
  }
  return out;
}

const CORRECTNESS_RATIONALE = ['Contradicts the reference answer or the policy in force.', 'Partly right: part of the reference is missing or blurred.', 'Agrees with the reference answer on every point.'];
const BEHAVIOR_RATIONALE: Record<Behavior, string> = {
  answered: 'Gives a direct answer.',
  refused: 'Declines to answer and points to support.',
  'corrected-premise': "Corrects the question's premise before answering.",
  'asked-clarification': 'Asks which case applies, or gives the rule for each.',
};

export function rationale(dimension: keyof ResponseValues, value: number | string): string {
  if (dimension === 'correctness') return CORRECTNESS_RATIONALE[value as number];
  if (dimension === 'faithfulness') return `About ${Math.round((value as number) * 100)}% of the statements are supported by the final context.`;
  return BEHAVIOR_RATIONALE[value as Behavior];
}
