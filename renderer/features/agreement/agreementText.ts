import {
  ADJUDICATED_REASON, ALL_LABELED_REASON, NO_COMPLETE_ITEMS_REASON, NO_DOUBLE_LABELS_REASON, NO_LABELED_REASON, NO_PAIRS_REASON, SMALL_N_INTERVAL_REASON,
} from '../../../shared/agreement';
import { FEW_RANDOM_REASON } from '../../../shared/calibration/population';
import { CATEGORICAL_BIAS_REASON, NO_JUDGE_REASON, NO_RANDOM_REASON, NOT_CORRECTABLE_REASON } from '../../../shared/calibration/figures';
import { catalogues, type Locale, type MessageKey } from '../../i18n';
import { explainUndefined, type UndefinedCode } from '../../../shared/stats';

/** Presentation of the agreement figures: number formats and translated reasons. No statistics here. */

const UNDEFINED_CODES: UndefinedCode[] = [
  'no-data', 'length-mismatch', 'too-few-observations', 'single-category', 'no-pairable-items', 'labels-not-present', 'constant-input',
  'non-finite-input', 'unequal-raters-per-item', 'one-rater-per-item', 'non-numeric-labels', 'label-out-of-domain', 'no-expected-disagreement',
  'no-degrees-of-freedom', 'invalid-argument', 'no-valid-resamples',
];

/** The API sends undefined reasons as English sentences; each known one has a translation. */
const REASON_KEYS = new Map<string, MessageKey>([
  ...UNDEFINED_CODES.map((code) => [explainUndefined(code), `agreement.reason.${code}` as MessageKey] as const),
  [NO_PAIRS_REASON, 'agreement.reason.no-pairs'],
  [ADJUDICATED_REASON, 'agreement.reason.adjudicated'],
  [NO_DOUBLE_LABELS_REASON, 'agreement.reason.no-double-labels'],
  [ALL_LABELED_REASON, 'agreement.reason.all-labeled'],
  [NO_LABELED_REASON, 'agreement.reason.no-labeled'],
  [NO_COMPLETE_ITEMS_REASON, 'agreement.reason.no-complete-items'],
  [SMALL_N_INTERVAL_REASON, 'agreement.reason.small-n-interval'],
  [FEW_RANDOM_REASON, 'agreement.reason.few-random'],
  [NO_RANDOM_REASON, 'calibration.reason.no-random'],
  [CATEGORICAL_BIAS_REASON, 'calibration.reason.categorical-bias'],
  [NO_JUDGE_REASON, 'calibration.reason.no-judge'],
  [NOT_CORRECTABLE_REASON, 'calibration.reason.not-correctable'],
]);

export function reasonKey(reason: string | null): MessageKey | null {
  return reason === null ? null : REASON_KEYS.get(reason) ?? null;
}

/** A catalogue entry looked up by a key built at run time (undefined when there is none). */
export const lookup = (locale: Locale, key: string): string | undefined => (catalogues[locale] as Record<string, string>)[key];

/** A dimension's display name (the labeling screen's wording when it has one). */
export function dimensionName(locale: Locale, name: string): string {
  return lookup(locale, `labeling.dim.${name}`) ?? name;
}

/** A value's display label (the labeling screen's wording when it has one), else the value itself. */
export function valueName(locale: Locale, dimension: string, value: string | number): string {
  return lookup(locale, `labeling.value.${dimension}.${String(value)}`) ?? String(value);
}

const MINUS = '\u2212';

function group(locale: Locale, value: number, digits: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value).replace('-', MINUS);
}

/** A coefficient or mean: 3 decimals (2 when |value| ≥ 10). */
export function formatValue(locale: Locale, value: number, digits = 3): string {
  return group(locale, value, Math.abs(value) >= 10 ? Math.min(digits, 2) : digits);
}

export function formatSigned(locale: Locale, value: number, digits = 3): string {
  const text = formatValue(locale, Math.abs(value), digits);
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text;
}

/** A share as a percentage ("82.6%"). */
export function formatPercent(locale: Locale, share: number, digits = 1): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share);
}

/** A difference of shares in percentage points ("+13.0"). */
export function formatPoints(locale: Locale, share: number, digits = 1): string {
  return formatSigned(locale, share * 100, digits);
}
