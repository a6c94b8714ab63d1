import type { Locale } from '../../i18n';
import { lookup } from '../agreement/agreementText';

/** Names shown on the calibration screens: dimensions and values in the labeling screen's wording, translated reasons (reasonWording). */

/** A dimension type's name (categorical, ordinal …). */
export function typeLabel(locale: Locale, type: string): string {
  return lookup(locale, `calibration.type.${type}`) ?? type;
}

/** The short name of an agreement coefficient (κ, AC1, α …). */
export function coefficientLabel(locale: Locale, key: string | null): string {
  if (!key) return lookup(locale, 'calibration.coef.none') ?? '';
  return lookup(locale, `calibration.coef.${key}`) ?? key;
}
