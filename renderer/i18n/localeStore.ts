import { create } from 'zustand';
import { detectLocale, isLocale, type Locale } from './index';

const STORAGE_KEY = 'touchstone.locale';

function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function initialLocale(): Locale {
  return storedLocale() ?? detectLocale(typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language]);
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

export const useLocaleStore = create<LocaleState>()((set) => ({
  locale: initialLocale(),
  setLocale(locale) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // storage unavailable: the choice lasts for this session only
    }
    set({ locale });
  },
}));
