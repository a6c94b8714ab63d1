import { catalogues, type Locale } from '../../i18n';

/** The translated name of a key when the catalogue has one (dimension names, behaviours), else null. */
export function optionalMessage(locale: Locale, key: string): string | null {
  const own = (catalogues[locale] as Record<string, string>)[key];
  if (own !== undefined) return own;
  const en = (catalogues.en as Record<string, string>)[key];
  return en ?? null;
}

export const dimensionTitle = (locale: Locale, name: string): string | null => optionalMessage(locale, `settings.dimension.${name}`);

export const behaviorLabel = (locale: Locale, behavior: string): string => optionalMessage(locale, `report.behavior.${behavior}`) ?? behavior;
