import { useMemo } from 'react';
import {
  enumLabel, formatNumber, translate, type EnumKind, type Locale, type MessageKey, type MessageParams,
} from './index';
import { useLocaleStore } from './localeStore';

export interface I18n {
  locale: Locale;
  t(key: MessageKey, params?: MessageParams): string;
  /** A vocabulary value's label (the raw value for user-defined ones). */
  label(kind: EnumKind, value: string): string;
  num(value: number): string;
}

export function makeI18n(locale: Locale): I18n {
  return {
    locale,
    t: (key, params) => translate(locale, key, params),
    label: (kind, value) => enumLabel(locale, kind, value),
    num: (value) => formatNumber(locale, value),
  };
}

export function useI18n(): I18n {
  const locale = useLocaleStore((s) => s.locale);
  return useMemo(() => makeI18n(locale), [locale]);
}
