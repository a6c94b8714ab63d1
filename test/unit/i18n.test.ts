import { describe, expect, it } from 'vitest';
import { catalogues, detectLocale, enumLabel, interpolate, LOCALES, translate } from '../../renderer/i18n';
import { ANSWERABILITY, DEFAULT_QUESTION_TYPES, DEFAULT_SLICES, IMPORT_FORMATS, IMPORT_KINDS, ORIGINS, SPLITS } from '../../shared/domain/schemas';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogues', () => {
  it('en and zh-CN have identical key sets', () => {
    const enKeys = Object.keys(catalogues.en).sort();
    const zhKeys = Object.keys(catalogues['zh-CN']).sort();
    expect(zhKeys).toEqual(enKeys);
  });

  it('has no empty strings', () => {
    for (const locale of LOCALES) {
      for (const [key, value] of Object.entries(catalogues[locale])) {
        expect(typeof value, `${locale} ${key}`).toBe('string');
        expect(value.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, value] of Object.entries(catalogues.en)) {
      const zh = (catalogues['zh-CN'] as Record<string, string>)[key];
      expect(placeholders(zh), key).toEqual(placeholders(value));
    }
  });

  it('translates every built-in vocabulary value', () => {
    const vocabularies = [
      ['answerability', ANSWERABILITY], ['origin', ORIGINS], ['split', SPLITS], ['questionType', DEFAULT_QUESTION_TYPES],
      ['slice', DEFAULT_SLICES], ['importKind', IMPORT_KINDS], ['importFormat', IMPORT_FORMATS],
    ] as const;
    for (const locale of LOCALES) {
      for (const [kind, values] of vocabularies) {
        for (const value of values) {
          expect(Object.keys(catalogues[locale]), `${locale} ${kind}.${value}`).toContain(`enum.${kind}.${value}`);
        }
      }
    }
  });
});

describe('i18n functions', () => {
  it('interpolates named parameters', () => {
    expect(interpolate('{shown} of {total} cases', { shown: 3, total: 45 })).toBe('3 of 45 cases');
    expect(interpolate('keep {unknown}', { other: 1 })).toBe('keep {unknown}');
  });

  it('picks the singular form when count is 1', () => {
    expect(translate('en', 'cases.responseCount', { count: 1 })).toBe('1 response');
    expect(translate('en', 'cases.responseCount', { count: 2 })).toBe('2 responses');
    expect(translate('zh-CN', 'cases.count', { shown: 3, total: 45 })).toContain('45');
  });

  it('labels vocabulary values and falls back to the raw value', () => {
    expect(enumLabel('zh-CN', 'answerability', 'false-premise')).toBe('前提错误');
    expect(enumLabel('en', 'origin', 'production-failure')).toBe('Production failure');
    expect(enumLabel('zh-CN', 'questionType', 'my-own-type')).toBe('my-own-type');
  });

  it('detects the language from the browser', () => {
    expect(detectLocale(['zh-TW'])).toBe('zh-CN');
    expect(detectLocale(['fr-FR', 'en-US'])).toBe('en');
    expect(detectLocale([undefined])).toBe('en');
  });
});
