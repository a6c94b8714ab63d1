import { describe, expect, it } from 'vitest';
import { errorSentence, renderText, text } from '../../shared/messages/text';
import { zhErrors } from '../../shared/messages/errors.zh-CN';
import { enErrors } from '../../shared/messages/errors.en';
import { ImportDataError } from '../../shared/import/errors';
import { parseImportFile } from '../../shared/import/parse-import';
import type { ImportKind } from '../../shared/domain/schemas';
import { importFailure } from '../../server/imports/import-pipeline';

const bytes = (s: string | Uint8Array) => (typeof s === 'string' ? new TextEncoder().encode(s) : s);

function refusal(fileName: string, content: string | Uint8Array, kind: ImportKind = 'cases'): ImportDataError {
  try {
    parseImportFile({ kind, format: 'auto', fileName, bytes: bytes(content) });
  } catch (error) {
    if (error instanceof ImportDataError) return error;
    throw error;
  }
  throw new Error(`${fileName} was accepted`);
}

// words of an English sentence; a Chinese sentence may still quote ids, field names and file names
const ENGLISH_WORDS = /\b(expected|got|line|the|file|field|must|unknown|duplicate|not|already|with|holds?|column|nothing|imported)\b/i;
const stripQuoted = (s: string) => s.replace(/"[^"]*"/g, '').replace(/[\w.-]+\.(jsonl|csv|json)/g, '');

const BAD_FILES: [string, string | Uint8Array, ImportKind?][] = [
  ['cases.jsonl', '{"id":"a","query":"q","question":"q?"}\n'],
  ['cases.jsonl', '{"id":"a","query":7}\n'],
  ['cases.jsonl', '{"id":"a","query":"q"}\n{"id":"a","query":"r"}\n'],
  ['cases.jsonl', '{"id":"a","query":"q"}\n{"id":"b","query":}\n'],
  ['cases.jsonl', '{"nothing":"known"}\n'],
  ['cases.csv', 'id,query\na,q,extra\n'],
  ['cases.csv', new Uint8Array([0x69, 0x64, 0x2c, 0x71, 0x0a, 0xd6, 0xd0])],
  ['docs.jsonl', '{"docId":"d","title":"t","revision":"1","text":"x","effectiveFrom":"soon"}\n', 'documents'],
  ['empty.jsonl', '  \n'],
];

describe('errors in the reader\'s language', () => {
  it('every import refusal is worded in Chinese from its code, and in English from the same code', () => {
    for (const [name, content, kind] of BAD_FILES) {
      const error = refusal(name, content, kind);
      const body = importFailure(error, name);
      const zh = errorSentence('zh-CN', body);
      expect(zh, name).toMatch(/[\u4e00-\u9fff]/);
      expect(stripQuoted(zh), `${name}: ${zh}`).not.toMatch(ENGLISH_WORDS);
      expect(zh, name).toContain('未导入任何内容');
      // the CLI's English is the same code worded in English, with the location in front
      expect(body.message.endsWith(renderText('en', body.text!)), name).toBe(true);
      expect(body.message.startsWith(name), name).toBe(true);
    }
  });

  it('keeps the values the sentence names (line, id, field)', () => {
    const duplicate = importFailure(refusal('cases.jsonl', '{"id":"a","query":"q"}\n{"id":"a","query":"r"}\n'), 'cases.jsonl');
    expect(duplicate.location).toEqual({ file: 'cases.jsonl', line: 2, field: 'id' });
    expect(errorSentence('zh-CN', duplicate)).toContain('"a"');
    expect(errorSentence('zh-CN', duplicate)).toContain('第 1 行');
    expect(errorSentence('en', duplicate)).toBe('duplicate case id "a": line 1 already has a case with this id. Case ids must be unique within a file. Nothing was imported.');
  });

  it('words nested values and lists in the reader\'s language, the singular when the count is 1', () => {
    const t = text('err.field.type', { expected: text('err.type.string'), got: text('err.type.number') });
    expect(renderText('en', t)).toBe('expected a string, got a number.');
    expect(renderText('zh-CN', t)).toBe('应为字符串，实际为数字。');
    expect(renderText('en', text('err.field.more-problems', { count: 1 }))).toBe('1 more problem');
    expect(renderText('en', text('err.field.more-problems', { count: 3 }))).toBe('3 more problems');
    expect(renderText('zh-CN', text('err.field.also', { first: 'A', unit: text('err.unit.line'), others: ['B', 'C'] }))).toBe('A这一行还有：B；C。');
  });

  it('an error without a code keeps its message; an unknown key is shown as itself, never as another sentence', () => {
    expect(errorSentence('zh-CN', { message: 'plain' })).toBe('plain');
    expect(renderText('zh-CN', text('err.no-such-key'))).toBe('err.no-such-key');
  });

  it('every Chinese error sentence is Chinese', () => {
    const zh = zhErrors as Record<string, string>;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(enErrors).sort());
    const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
    for (const [key, value] of Object.entries(enErrors)) expect(placeholders(zh[key]), key).toEqual(placeholders(value));
    // names of things, the same in every language
    const technical = new Set(['err.type.null', 'err.type.other', 'err.list', 'err.seen.test-cases-list', 'err.seen.container', 'err.pack.problem', 'err.api.invalid-input', 'err.tried.ragas', 'err.tried.foreign']);
    for (const [key, value] of Object.entries(zh)) {
      if (!key.startsWith('err.') || technical.has(key)) continue;
      expect(value, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
