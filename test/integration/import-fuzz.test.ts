import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { mulberry32 } from '../helpers/seeded-random';

/**
 * Fuzzing the importers: generated malformed inputs against every import kind,
 * each through the real CLI on a real file. Every one must exit 1 with a
 * message naming the file, and the test set must stay byte-for-byte the same.
 */
const SAMPLE = fileURLToPath(new URL('../../shared/sample/', import.meta.url));
const KINDS = ['documents', 'cases', 'responses', 'judge'] as const;
type Kind = (typeof KINDS)[number];

const validLine: Record<Kind, (i: number) => Record<string, unknown>> = {
  documents: (i) => ({ docId: `fuzz-doc-${i}`, title: '标题', revision: 'v1', text: '正文' }),
  cases: (i) => ({ id: `fuzz-case-${i}`, query: '问题？', claims: [{ text: 'c', evidence: [{ docId: 'refund-policy', quote: 'q' }] }] }),
  responses: (i) => ({ id: `fuzz-resp-${i}`, caseId: 'refund-annual-day20', system: 'fuzz@1', answer: 'a' }),
  judge: () => ({ caseId: 'refund-annual-day20', judge: { model: 'fuzz', version: '1', promptVersion: 'p' }, dimension: 'fuzzdim', value: 1 }),
};

type Mutation = (kind: Kind, rnd: () => number) => { name: string; bytes: Buffer; ext?: string };

const lines = (records: unknown[], eol = '\n') => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join(eol);
const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const REQUIRED: Record<Kind, string> = { documents: 'title', cases: 'query', responses: 'answer', judge: 'dimension' };

const MUTATIONS: Mutation[] = [
  (kind, rnd) => {
    const good = lines([validLine[kind](1)]);
    const text = JSON.stringify(validLine[kind](2));
    return { name: 'truncated JSON', bytes: Buffer.from(`${good}\n${text.slice(0, 1 + Math.floor(rnd() * (text.length - 2)))}`) };
  },
  (kind, rnd) => {
    const record = validLine[kind](1);
    const key = pick(rnd, Object.keys(record));
    const jsonType = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
    record[key] = pick(rnd, [42, true, [], { nested: 1 }, -1.5].filter((v) => jsonType(v) !== jsonType(record[key])));
    if (kind === 'judge' && key === 'value') record.dimension = 42;
    return { name: `wrong type for ${key}`, bytes: Buffer.from(lines([record])) };
  },
  (kind, rnd) => {
    const record = validLine[kind](1);
    record[`unexpected_${Math.floor(rnd() * 1000)}`] = 'x'.repeat(Math.floor(rnd() * 200_000));
    return { name: 'unknown huge field', bytes: Buffer.from(lines([record])) };
  },
  (kind, rnd) => {
    const text = lines([validLine[kind](1), validLine[kind](2)]);
    const at = Math.floor(rnd() * text.length);
    const bad = pick(rnd, [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xcd, 0xcb]]);
    return { name: 'invalid UTF-8', bytes: Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(bad), Buffer.from(text.slice(at))]) };
  },
  (kind) => ({ name: 'BOM + CRLF + missing field', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines([validLine[kind](1), (() => { const r = validLine[kind](2); delete r[REQUIRED[kind]]; return r; })()], '\r\n'))]) }),
  (kind, rnd) => {
    const text = lines([validLine[kind](1)]);
    const at = Math.floor(rnd() * text.length);
    return { name: 'NUL byte', bytes: Buffer.from(`${text.slice(0, at)}\u0000${text.slice(at)}`) };
  },
  (kind, rnd) => {
    const depth = 50 + Math.floor(rnd() * 5000);
    const record = validLine[kind](1);
    return { name: `nested ${depth} deep`, bytes: Buffer.from(`${JSON.stringify(record).slice(0, -1)},"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`) };
  },
  (kind) => {
    if (kind === 'judge') {
      const v = validLine.judge(1);
      return { name: 'duplicate verdict', bytes: Buffer.from(lines([v, v])) };
    }
    return { name: 'duplicate id', bytes: Buffer.from(lines([validLine[kind](7), validLine[kind](7)])) };
  },
  (kind, rnd) => {
    const header = Object.keys(validLine[kind](1)).filter((k) => typeof validLine[kind](1)[k] !== 'object').join(',');
    const broken = pick(rnd, ['"unterminated,x', 'a,"b"c",d', '"x""', ',,,,,,,,,,']);
    return { name: 'CSV quoting error', bytes: Buffer.from(`${header}\nok,${broken}\n`), ext: 'csv' };
  },
  (kind, rnd) => ({ name: 'binary garbage', bytes: Buffer.from(Array.from({ length: 1 + Math.floor(rnd() * 300) }, () => Math.floor(rnd() * 256))) }),
  (kind, rnd) => ({ name: 'top-level non-object', bytes: Buffer.from(lines([validLine[kind](1), pick(rnd, ['42', '"text"', 'null', '[1,2]', 'true'])])) }),
];

describe('fuzzing every importer with malformed input', () => {
  let dir: string;
  let master: string;
  let pristine: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'touchstone-fuzz-'));
    master = join(dir, 'master.sqlite');
    await cli('init', '--db', master);
    for (const [kind, file] of [['documents', 'documents.jsonl'], ['cases', 'cases.jsonl'], ['responses', 'responses.jsonl'], ['judge', 'judge.jsonl']]) {
      expect((await cli('import', kind, join(SAMPLE, file), '--db', master)).code).toBe(0);
    }
    pristine = readFileSync(master);
  });

  it('refuses 1,100 generated malformed inputs with exit code 1 and a message, changing nothing', async () => {
    const rnd = mulberry32(20261129);
    const db = join(dir, 'target.sqlite');
    copyFileSync(master, db);
    const statsBefore = (await cli('stats', '--db', db, '--json')).json;
    const outcomes = new Map<string, number>();
    let runs = 0;
    for (let round = 0; round < 25; round += 1) {
      for (const kind of KINDS) {
        for (const mutate of MUTATIONS) {
          const { name, bytes, ext } = mutate(kind, rnd);
          const file = join(dir, `fuzz-${runs}.${ext ?? 'jsonl'}`);
          writeFileSync(file, bytes);
          const run = await cli('import', kind, file, '--db', db);
          runs += 1;
          expect(run.code, `${kind} / ${name}: ${run.stderr}`).toBe(1);
          expect(run.stderr, `${kind} / ${name}`).toContain(`fuzz-${runs - 1}.`);
          expect(run.stderr).not.toMatch(/unexpected error|TypeError|RangeError|SqliteError|at .*\.ts:\d+/);
          outcomes.set(name.replace(/\d+/g, 'N'), (outcomes.get(name.replace(/\d+/g, 'N')) ?? 0) + 1);
        }
      }
    }
    expect(runs).toBeGreaterThanOrEqual(1000);
    expect((await cli('stats', '--db', db, '--json')).json).toEqual(statsBefore);
    expect((await cli('check', '--db', db, '--json')).code).toBe(0);
    console.log(`fuzzed ${runs} inputs: ${[...outcomes].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
  }, 240_000);

  it('the master copy used for fuzzing was never modified', () => {
    expect(readFileSync(master).equals(pristine)).toBe(true);
  });
});
