import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportDataError } from '../../shared/import/errors';
import { parseImportFile } from '../../shared/import/parse-import';
import { MappingError, parseColumnMapping } from '../../shared/import/foreign/mapped';
import type { ImportFormat, ImportKind } from '../../shared/domain/schemas';
import type { ColumnMapping } from '../../shared/import/foreign/mapped';
import { importFailure } from '../../server/imports/import-pipeline';
import { checkCall } from '../../shared/api/validate';
import { errorSentence, renderText } from '../../shared/messages/text';

const ROOT = join(__dirname, '..', '..');
/** Where refusals are thrown: the backend, the import readers, the database layer, the contract check and the CLI. */
const REFUSING_FOLDERS = ['server', 'db', 'cli', join('shared', 'import'), join('shared', 'api')];
/** Failures of the program itself (never a person's input), printed to a terminal or logged. */
const INTERNAL_ERRORS = new Set([join('server', 'test-sets', 'demo.ts'), join('server', 'test-sets', 'demo-story.ts'), join('server', 'http-bridge.ts')]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The source without comments, so a sentence in a comment is not taken for a thrown one. */
const withoutComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The top-level arguments of the call whose "(" is at `open`. */
function callArguments(s: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = open + 1;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        args.push(s.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const isLiteral = (arg: string | undefined) => arg !== undefined && /^['"`]/.test(arg);

/** Every place in `source` that words a refusal as a bare sentence instead of a catalogue code. */
function bareSentences(file: string, source: string): string[] {
  const s = withoutComments(source);
  const found: string[] = [];
  const lineOf = (at: number) => s.slice(0, at).split('\n').length;
  for (const m of s.matchAll(/new (ApiError|ImportDataError|AnchorFormatError)\(/g)) {
    const args = callArguments(s, m.index! + m[0].length - 1);
    const sentence = m[1] === 'ApiError' ? args[1] : args[3];
    if (isLiteral(sentence)) found.push(`${file}:${lineOf(m.index!)} ${m[1]} with ${sentence!.slice(0, 60)}`);
  }
  // an error body written by hand carries its English as the only wording
  for (const m of s.matchAll(/\bcode:\s*'[\w-]+',\s*message:\s*['"`]/g)) found.push(`${file}:${lineOf(m.index!)} an error body with a bare message`);
  if (!INTERNAL_ERRORS.has(file)) {
    for (const m of s.matchAll(/throw new Error\(\s*['"`]/g)) found.push(`${file}:${lineOf(m.index!)} throw new Error with a sentence`);
  }
  return found;
}

describe('refusals are catalogue codes, never bare English sentences', () => {
  it('no refusal in server/, db/, cli/, shared/import/ or shared/api/ is thrown as a sentence', () => {
    const found = REFUSING_FOLDERS.flatMap((folder) =>
      sources(join(ROOT, folder)).flatMap((path) => bareSentences(relative(ROOT, path), readFileSync(path, 'utf8'))));
    expect(found).toEqual([]);
  });

  it('the scan itself catches each way of throwing a sentence', () => {
    const bad = [
      "throw new ApiError('not-found', `There is no case ${id}.`, at('x'));",
      "throw new ImportDataError(file, line, 'query', 'expected a string.');",
      "throw new ImportDataError(file, line, `${key}.${k}`, `expected ${what}.`);",
      "return { ok: false, error: { code: 'internal', message: `The request failed` } };",
      "throw new Error('There is no case here.');",
    ];
    for (const line of bad) expect(bareSentences('server/x.ts', line), line).toHaveLength(1);
    const good = [
      "throw new ApiError('not-found', say('err.case.unknown', { id }), at('x'));",
      "throw new ImportDataError(file, line, `${key}.${k}`, say('err.field.type', { expected: say('err.type.string'), got }));",
      "// throw new Error('a comment is not a refusal');",
    ];
    for (const line of good) expect(bareSentences('server/x.ts', line), line).toEqual([]);
  });
});

const bytes = (s: string) => new TextEncoder().encode(s);
// words of an English sentence; a Chinese sentence may still quote ids, field names, file names and option names
const ENGLISH_WORDS = /\b(expected|got|line|the|file|field|must|unknown|duplicate|not|already|with|holds?|column|nothing|imported|judge|score|mapping|every)\b/i;
const stripNames = (s: string) => s.replace(/"[^"]*"/g, '').replace(/[\w.-]+\.(jsonl|csv|json)/g, '').replace(/--[\w-]+/g, '');

function refusal(fileName: string, content: string, kind: ImportKind, format: ImportFormat, mapping: ColumnMapping | null = null): ImportDataError {
  try {
    parseImportFile({ kind, format, fileName, bytes: bytes(content), mapping });
  } catch (error) {
    if (error instanceof ImportDataError) return error;
    throw error;
  }
  throw new Error(`${fileName} was accepted`);
}

/** Refusals of the foreign readers, each with the field its sentence names. */
const FOREIGN_REFUSALS: [string, string, ImportKind, ImportFormat, ColumnMapping | null, string | null][] = [
  ['ragas.jsonl', '{"user_input":"","response":"a"}\n', 'cases', 'ragas', null, 'user_input'],
  ['ragas.jsonl', '{"user_input":"q?","retrieved_contexts":7}\n', 'cases', 'ragas', null, 'retrieved_contexts'],
  ['ragas.jsonl', '{"user_input":"q?","retrieved_contexts":["a",{"x":1}]}\n', 'cases', 'ragas', null, 'retrieved_contexts.1'],
  ['ragas.csv', 'user_input,response,faithfulness\nq?,a,0.5\n', 'judge', 'ragas', null, 'judge.model'],
  ['run.json', '{"testRunData":{"testCases":[{"input":"q?","actualOutput":"a","metricsData":[{"name":"faithfulness","score":"high","evaluationModel":"gpt-4o"}]}]}}', 'judge', 'deepeval', null, 'metricsData.0.score'],
  ['ragas.csv', 'user_input,response,faithfulness\nq?,a,\n', 'judge', 'ragas', null, null],
  ['ragas.csv', "user_input,retrieved_contexts\nq?,\"['a', 'b'\"\n", 'cases', 'ragas', null, 'retrieved_contexts'],
  ['run.json', '{"testRunData":{"testCases":[{"input":"q?","actualOutput":"a","metricsData":7}]}}', 'judge', 'deepeval', null, 'metricsData'],
  ['run.json', '{"testRunData":{"testCases":[{"input":"q?","actualOutput":"a","metricsData":[{"score":1}]}]}}', 'judge', 'deepeval', null, 'metricsData.0.name'],
  ['faq.csv', 'question,ideal\nq?,a\n', 'cases', 'mapped', { query: 'prompt' }, 'prompt'],
  ['ragas.jsonl', '{"user_input":{"text":"q?"},"response":"a"}\n', 'cases', 'ragas', null, 'user_input'],
];

describe('foreign readers and the contract check speak the reader\'s language', () => {
  it('every foreign-reader refusal is worded in Chinese from its code, naming the file and the field', () => {
    for (const [name, content, kind, format, mapping, field] of FOREIGN_REFUSALS) {
      const error = refusal(name, content, kind, format, mapping);
      const body = importFailure(error, name);
      expect(body.location?.field ?? null, `${format}: ${body.message}`).toBe(field);
      const zh = errorSentence('zh-CN', body);
      expect(zh, name).toMatch(/[\u4e00-\u9fff]/);
      expect(stripNames(zh), `${format}: ${zh}`).not.toMatch(ENGLISH_WORDS);
      expect(zh, `${format}: ${zh}`).not.toContain('[object Object]');
      expect(body.message, body.message).not.toContain('[object Object]');
      expect(body.message.startsWith(name), body.message).toBe(true);
    }
  });

  it('a column mapping that cannot be read is a code too', () => {
    for (const text of ['query', 'answer=ideal,query=question,nope=x', 'referenceAnswer=ideal']) {
      let error: unknown = null;
      try {
        parseColumnMapping(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(MappingError);
      expect(renderText('zh-CN', (error as MappingError).text), text).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('a call the contract refuses names the operation and the field in both languages', () => {
    const bad = checkCall('labels.record', { caseId: 5 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.location?.field).toBeTruthy();
    expect(bad.error.message).toMatch(/^labels\.record: field "/);
    const zh = errorSentence('zh-CN', bad.error);
    expect(zh).toMatch(/^labels\.record：字段 "/);
    expect(stripNames(zh)).not.toMatch(ENGLISH_WORDS);
    const unknown = checkCall('nope', {});
    expect(!unknown.ok && errorSentence('zh-CN', unknown.error)).toBe('未知操作 "nope"。');
  });
});
