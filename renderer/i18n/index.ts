import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';

export type { MessageKey } from './en';

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export type Catalogue = Record<MessageKey, string>;
export const catalogues: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN };

export type MessageParams = Record<string, string | number>;

/** Vocabularies whose values are shown translated (raw value when the catalogue has none). */
export type EnumKind = 'answerability' | 'origin' | 'split' | 'slice' | 'questionType' | 'importKind' | 'importFormat' | 'leak' | 'labeled' | 'flag';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** zh-CN for any Chinese browser language, English otherwise. */
export function detectLocale(languages: readonly (string | undefined | null)[]): Locale {
  for (const language of languages) {
    if (!language) continue;
    const lower = language.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** Replaces `{name}` by params[name]; unknown names are left as they are. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

function lookup(locale: Locale, key: string): string | undefined {
  const catalogue = catalogues[locale] as Record<string, string>;
  return Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;
}

/** The message for `key` in `locale` (singular `.one` form when params.count is 1; a numeric count is written in the locale's digits grouping). */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = (params?.count === 1 ? lookup(locale, `${key}.one`) : undefined) ?? lookup(locale, key) ?? lookup('en', key) ?? key;
  return interpolate(template, typeof params?.count === 'number' ? { ...params, count: formatNumber(locale, params.count) } : params);
}

/** The label of a vocabulary value, or the raw value for user-defined ones. */
export function enumLabel(locale: Locale, kind: EnumKind, value: string): string {
  return lookup(locale, `enum.${kind}.${value}`) ?? value;
}

export function hasEnumLabel(locale: Locale, kind: EnumKind, value: string): boolean {
  return lookup(locale, `enum.${kind}.${value}`) !== undefined;
}

// building a formatter costs far more than using one, and headers format numbers on every render
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export function formatNumber(locale: Locale, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

export { en, zhCN };
