/**
 * English wording of why an agreement or calibration figure (or its interval) is undefined, by reason code.
 * The backend fills a figure's English `reason` from here (CLI, --json) and sends the code beside it;
 * the window words the code in the reader's language (reasons.zh-CN.ts).
 */
export const enReasonText = {
  'reason.no-data': 'There is no data to compute it from.',
  'reason.length-mismatch': 'The two lists have different lengths, so their entries cannot be paired.',
  'reason.too-few-observations': 'There are too few observations to compute it.',
  'reason.single-category': 'Every rating falls into a single category, so agreement expected by chance is total and the coefficient is 0/0.',
  'reason.no-pairable-items': 'No item was rated by at least two raters, so there is no pair of ratings to compare.',
  'reason.labels-not-present': 'None of the given labels occurs in the ratings.',
  'reason.constant-input': 'One of the inputs is constant, so a correlation is not defined.',
  'reason.non-finite-input': 'The input contains NaN or an infinite value.',
  'reason.unequal-raters-per-item': 'Items were rated by different numbers of raters; this coefficient needs the same number for every item.',
  'reason.one-rater-per-item': 'Each item has only one rating, so raters cannot agree or disagree.',
  'reason.non-numeric-labels': 'This level of measurement needs numeric ratings (or, for ordinal, an ordered list of the possible values).',
  'reason.label-out-of-domain': 'A rating is not among the listed possible values.',
  'reason.no-expected-disagreement': 'All pairable ratings have the same value, so no disagreement is expected by chance and the coefficient is 0/0.',
  'reason.no-degrees-of-freedom': 'With only two observations there are no degrees of freedom left for a p-value.',
  'reason.invalid-argument': 'An argument is outside its allowed range.',
  'reason.no-valid-resamples': 'The statistic was undefined (NaN) on every bootstrap resample.',
  'reason.no-pairs': 'No verdict of this run has a human label on this dimension from the chosen reference yet, so there is nothing to compare.',
  'reason.adjudicated': 'Adjudicated values are settled when a weekly calibration round is closed, and no round has been closed yet; close a review, or pick one reviewer or all reviewers.',
  'reason.no-double-labels': 'No item has labels from two or more reviewers on this dimension yet.',
  'reason.no-complete-items': 'No item has labels from every one of these reviewers, which Fleiss’ kappa needs.',
  'reason.all-labeled': 'Every item the judge scored also has a human value, so there is nothing left to correct: the human mean on them is the estimate.',
  'reason.no-labeled': 'No item the judge scored has a human value from the chosen reference yet, so the bias cannot be measured.',
  'reason.small-n-interval': 'Fewer than 10 labeled items or 5 cases: an interval would not hold at this n, so only the point estimate is shown.',
  'reason.few-random': 'Too few random items yet: the interval is shown from 40 pooled random items on.',
  'reason.no-coefficient': 'This dimension type has no agreement coefficient.',
  'reason.anchors-not-scored': 'This judge run scored none of the anchor items on this dimension.',
  'reason.coefficient-undefined': 'The coefficient is undefined on these items.',
  'reason.categorical-bias': 'A categorical dimension has no mean bias: see the over- and under-calling per value in "Judge vs human".',
  'reason.not-correctable': 'The bias-corrected estimate needs a numeric, pass/fail or numeric-ordinal dimension.',
  'reason.no-random': 'No random item of this round, or of the rounds pooled with it, has a final value and a verdict: the population figures need them.',
  'reason.no-judge': 'No judge run scored this dimension when the round started, so there is nothing to compare.',
} as const;

type ReasonKey = keyof typeof enReasonText;
/** Why a figure is undefined: a code of this catalogue (the undefined-statistic codes of shared/stats included). */
export type ReasonCode = ReasonKey extends `reason.${infer C}` ? C : never;

export const REASON_CODES = Object.keys(enReasonText).map((key) => key.slice('reason.'.length)) as [ReasonCode, ...ReasonCode[]];

/** The English sentence of a reason code. */
export function reasonSentence(code: ReasonCode): string {
  return enReasonText[`reason.${code}`];
}
