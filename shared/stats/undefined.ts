/**
 * Why a statistic could not be computed.
 *
 * Every function in this module returns NaN (never 0, never a throw) when its
 * result is undefined. Each one has a `...Detailed` twin that returns the same
 * value together with a machine-readable `undefinedCode` (stable, for i18n and
 * for tests) and an English `undefinedReason` (for the UI as-is). Both are
 * `null` when the value is defined.
 */

export type UndefinedCode =
  | 'no-data'
  | 'length-mismatch'
  | 'too-few-observations'
  | 'single-category'
  | 'no-pairable-items'
  | 'labels-not-present'
  | 'constant-input'
  | 'non-finite-input'
  | 'unequal-raters-per-item'
  | 'one-rater-per-item'
  | 'non-numeric-labels'
  | 'label-out-of-domain'
  | 'no-expected-disagreement'
  | 'no-degrees-of-freedom'
  | 'invalid-argument'
  | 'no-valid-resamples';

const MESSAGES: Record<UndefinedCode, string> = {
  'no-data': 'There is no data to compute it from.',
  'length-mismatch': 'The two lists have different lengths, so their entries cannot be paired.',
  'too-few-observations': 'There are too few observations to compute it.',
  'single-category':
    'Every rating falls into a single category, so agreement expected by chance is total and the coefficient is 0/0.',
  'no-pairable-items': 'No item was rated by at least two raters, so there is no pair of ratings to compare.',
  'labels-not-present': 'None of the given labels occurs in the ratings.',
  'constant-input': 'One of the inputs is constant, so a correlation is not defined.',
  'non-finite-input': 'The input contains NaN or an infinite value.',
  'unequal-raters-per-item': 'Items were rated by different numbers of raters; this coefficient needs the same number for every item.',
  'one-rater-per-item': 'Each item has only one rating, so raters cannot agree or disagree.',
  'non-numeric-labels':
    'This level of measurement needs numeric ratings (or, for ordinal, an ordered list of the possible values).',
  'label-out-of-domain': 'A rating is not among the listed possible values.',
  'no-expected-disagreement':
    'All pairable ratings have the same value, so no disagreement is expected by chance and the coefficient is 0/0.',
  'no-degrees-of-freedom': 'With only two observations there are no degrees of freedom left for a p-value.',
  'invalid-argument': 'An argument is outside its allowed range.',
  'no-valid-resamples': 'The statistic was undefined (NaN) on every bootstrap resample.',
};

/** English explanation of an undefined-result code. */
export function explainUndefined(code: UndefinedCode): string {
  return MESSAGES[code];
}

/** A value plus, when it is (partly) undefined, why. */
export interface Detailed<T> {
  value: T;
  undefinedCode: UndefinedCode | null;
  undefinedReason: string | null;
}

export function defined<T>(value: T): Detailed<T> {
  return { value, undefinedCode: null, undefinedReason: null };
}

export function undefinedBecause<T>(value: T, code: UndefinedCode): Detailed<T> {
  return { value, undefinedCode: code, undefinedReason: MESSAGES[code] };
}

/** A NaN number with its reason. */
export function nanBecause(code: UndefinedCode): Detailed<number> {
  return undefinedBecause(Number.NaN, code);
}
