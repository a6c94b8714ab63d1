import { reasonSentence } from '../messages/reasons.en';

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


/** English explanation of an undefined-result code (its wording lives with the other reason codes in shared/messages). */
export function explainUndefined(code: UndefinedCode): string {
  return reasonSentence(code);
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
  return { value, undefinedCode: code, undefinedReason: reasonSentence(code) };
}

/** A NaN number with its reason. */
export function nanBecause(code: UndefinedCode): Detailed<number> {
  return undefinedBecause(Number.NaN, code);
}
