import type { ReasonCode } from '../../../shared/messages/reasons.en';
import { catalogues, type Locale } from '../../i18n';

/** Presentation of the agreement figures: number formats and translated reasons. No statistics here. */

/** A catalogue entry looked up by a key built at run time (undefined when there is none). */
export const lookup = (locale: Locale, key: string): string | undefined => (catalogues[locale] as Record<string, string>)[key];

/**
 * Why a figure is undefined, in `locale`: worded from its code. A figure stored by an older
 * version has only the English sentence; it is shown as it is.
 */
export function reasonWording(locale: Locale, reason: string | null | undefined, code: ReasonCode | null | undefined): string {
  return (code ? lookup(locale, `reason.${code}`) : undefined) ?? reason ?? '';
}

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
