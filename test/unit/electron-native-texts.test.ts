import { describe, expect, it } from 'vitest';
import { NATIVE_TEXTS, nativeLocaleFor, nativeTexts } from '../../electron/native-texts';
import { dialogSpec, type PickPurpose } from '../../electron/menu-policy';
import { GLOSSARY_ZH } from '../../renderer/i18n/glossary';

/** Every string a texts set holds, functions called with sample values, keyed by its path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return [[path, String((value as (...args: unknown[]) => unknown)('/data/x', 'boom'))]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
}

const PURPOSES: PickPurpose[] = ['openTestSet', 'createTestSet', 'testSetFolder', 'importFile', 'exportFolder', 'importFolder'];
const HAN = /[\u4e00-\u9fff]/;

describe('the words of the native menu, dialogs and message boxes', () => {
  it('has the same texts in both languages, none empty', () => {
    const en = strings(NATIVE_TEXTS.en);
    const zh = strings(NATIVE_TEXTS['zh-CN']);
    expect(zh.map(([key]) => key)).toEqual(en.map(([key]) => key));
    for (const [key, value] of [...en, ...zh]) expect(value.trim(), key).not.toBe('');
  });

  it('words every Chinese text in Chinese (not a copy of the English), with the glossary\'s terms', () => {
    const en = new Map(strings(NATIVE_TEXTS.en));
    for (const [key, value] of strings(NATIVE_TEXTS['zh-CN'])) {
      expect(value, key).toMatch(HAN);
      expect(value, key).not.toBe(en.get(key));
      for (const { zh, rejected } of GLOSSARY_ZH) for (const variant of rejected) expect(value, `${key}: use "${zh}"`).not.toContain(variant);
    }
    // the English set stays English
    for (const [key, value] of strings(NATIVE_TEXTS.en)) expect(value, key).not.toMatch(HAN);
  });

  it('puts the values into the sentence in both languages', () => {
    expect(nativeTexts('en').backend.exitCode(3)).toBe('Exit code 3.');
    expect(nativeTexts('zh-CN').backend.exitCode(3)).toBe('退出代码 3。');
    expect(nativeTexts('zh-CN').window.crashedDetail('oom')).toContain('原因：oom');
    expect(nativeTexts('zh-CN').about.dataFolder('/home/me/Touchstone')).toBe('数据文件夹：/home/me/Touchstone');
  });

  it('titles every file dialog and names its filters in the window\'s language, with the same filters and folders', () => {
    for (const purpose of PURPOSES) {
      const en = dialogSpec(purpose, 'en');
      const zh = dialogSpec(purpose, 'zh-CN');
      expect(zh.kind).toBe(en.kind);
      expect(en.title).not.toMatch(HAN);
      expect(zh.title, purpose).toMatch(HAN);
      if (zh.kind !== 'folder' && en.kind !== 'folder') {
        expect(zh.filters.map((filter) => filter.extensions)).toEqual(en.filters.map((filter) => filter.extensions));
        for (const filter of zh.filters) expect(filter.name, purpose).toMatch(HAN);
      } else if (zh.kind === 'folder' && en.kind === 'folder') {
        expect(zh.properties).toEqual(en.properties);
      }
    }
    expect(dialogSpec('openTestSet', 'zh-CN').title).toBe('打开测试集');
    expect(dialogSpec('createTestSet', 'zh-CN')).toMatchObject({ kind: 'save', defaultName: '测试集.sqlite' });
  });

  it('follows the system language until the window says which it shows', () => {
    expect(nativeLocaleFor('zh-CN')).toBe('zh-CN');
    expect(nativeLocaleFor('zh-TW')).toBe('zh-CN');
    expect(nativeLocaleFor('en-US')).toBe('en');
    expect(nativeLocaleFor('de')).toBe('en');
    expect(nativeLocaleFor('')).toBe('en');
  });
});
