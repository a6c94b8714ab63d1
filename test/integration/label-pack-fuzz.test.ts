import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { backupDirOf, listBackups } from '../../db/backups';
import { exportLabelPack } from '../../db/label-packs';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { tableCounts } from '../../db/maintenance';
import { openTestSetFile, type Db } from '../../db/open';
import { importLabelPackInto } from '../../server/exchange/exchange-handlers';
import { ApiError } from '../../shared/api/contract';
import { cli } from '../helpers/cli';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { mulberry32 } from '../helpers/seeded-random';

/**
 * Fuzzing the label-pack importer (`touchstone import labels DIR`): generated
 * malformed packs, each refused with a message naming the file (and the line
 * and field when a line is at fault), no crash, no backup, and the test set
 * row-for-row as before. Most go through the importer the CLI and the app
 * share; a sample through the CLI in-process, a few through bin/touchstone.mjs.
 */
const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));
const run = promisify(execFile);

type Event = Record<string, unknown>;
type Manifest = Record<string, any>;

/** What a refusal must name: the file, and for a line at fault its line and (when given) field or field prefix. */
interface Expected {
  file: 'labels.jsonl' | 'manifest.json' | 'pack';
  line?: number;
  field?: string;
}

interface Fuzz {
  name: string;
  write: (dir: string) => void;
  expected: Expected;
}

interface Base {
  events: Event[];
  manifest: Manifest;
  /** The first `present` events are already in the target file. */
  present: number;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pick = <T,>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const int = (rnd: () => number, below: number) => Math.floor(rnd() * below);
const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v));

/** labels.jsonl from lines (objects or raw text) and a manifest that matches it (count, bytes, sha256) unless told otherwise. */
function writePack(dir: string, base: Base, lines: (Event | string)[], options: { eol?: string; bom?: boolean; bytes?: (b: Buffer) => Buffer; manifest?: (m: Manifest) => void; reseal?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).map((l) => `${l}${options.eol ?? '\n'}`).join('');
  let bytes: Buffer = Buffer.from(text);
  if (options.bom) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  if (options.bytes) bytes = options.bytes(bytes);
  const manifest = clone(base.manifest);
  if (options.reseal !== false) {
    manifest.eventCount = lines.length;
    manifest.file = { name: 'labels.jsonl', bytes: bytes.length, sha256: sha256(bytes) };
  }
  options.manifest?.(manifest);
  writeFileSync(join(dir, 'labels.jsonl'), bytes);
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Bytes of labels.jsonl with `insert` placed inside line `index` (0-based). */
function insideLine(base: Base, index: number, at: number, insert: Buffer): Buffer {
  const lines = base.events.map((e) => Buffer.from(`${JSON.stringify(e)}\n`));
  const line = lines[index];
  const cut = 1 + (at % (line.length - 2));
  lines[index] = Buffer.concat([line.subarray(0, cut), insert, line.subarray(cut)]);
  return Buffer.concat(lines);
}

const WRONG: Record<string, unknown[]> = {
  uid: [42, true, [], { n: 1 }, null, ''],
  caseId: [42, false, ['c1'], null, ''],
  responseId: [42, true, {}, ['r1a'], ''],
  dimension: [42, null, ['answerability'], ''],
  value: [{ n: 1 }, [1, 2], [{ text: 5 }], ['answerable']],
  reviewer: [42, null, [], ''],
  // not ISO, the far future, a day that does not exist
  createdAt: [42, null, {}, '', 'yesterday', '9999-12-31T00:00:00.000Z', '2026-02-30T10:00:00.000Z', '2026-03-01 10:00'],
  // a lone surrogate (JSON.stringify writes it as the escape \ud800): SQLite would store U+FFFD instead
  reason: [42, true, ['why'], { why: 1 }, 'why \ud800'],
  kind: [42, null, 'redo', 'SET', ''],
  undoesUid: [42, true, [], ''],
};

const HUGE: [string, number][] = [['uid', 200], ['dimension', 200], ['reviewer', 80], ['createdAt', 64], ['reason', 2000]];

const BAD_VALUES: Record<string, unknown[]> = {
  answerability: ['maybe', 42, true, [{ text: 'x', evidence: [] }]],
  questionType: ['no-such-type', 7],
  claims: ['a claim', 3, false],
  correctness: [3, -1, 1.5, 'good'],
  faithfulness: [1.5, -0.1, 'high', true],
  failureLayer: ['network', 0],
  responseBehavior: ['shrugged', 1],
};

/** Every kind of malformed pack, built from a valid one. */
function mutations(base: Base): ((rnd: () => number) => Fuzz)[] {
  const n = base.events.length;
  const events = () => clone(base.events);
  const lineFault = (name: string, line: number, field?: string): Pick<Fuzz, 'name' | 'expected'> => ({ name, expected: { file: 'labels.jsonl', line, field } });
  const manifestFault = (name: string, field: string, file: Expected['file'] = 'manifest.json'): Pick<Fuzz, 'name' | 'expected'> => ({ name, expected: { file, field } });
  const edited = (name: string, field: string | undefined, edit: (e: Event, rnd: () => number) => void) => (rnd: () => number): Fuzz => {
    const all = events();
    const i = int(rnd, n);
    edit(all[i], rnd);
    return { ...lineFault(name, i + 1, field), write: (dir) => writePack(dir, base, all) };
  };
  const ofDimension = (all: Event[], names: string[], rnd: () => number) => {
    const candidates = all.map((e, i) => [e, i] as const).filter(([e]) => names.includes(e.dimension as string) && e.kind === 'set');
    return pick(rnd, candidates);
  };

  return [
    (rnd) => {
      const all: (Event | string)[] = events();
      const i = int(rnd, n);
      const text = JSON.stringify(all[i]);
      all[i] = text.slice(0, 1 + int(rnd, text.length - 2));
      return { ...lineFault('truncated line', i + 1), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      const all: (Event | string)[] = events();
      const i = int(rnd, n);
      all.splice(i, 0, pick(rnd, ['', '   ', 'not json', '{', '[1,2', '{"uid":}', '{}}', "{'uid': 'x'}", 'null,']));
      return { ...lineFault('invalid JSON line', i + 1), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      const key = pick(rnd, Object.keys(WRONG));
      return edited(`wrong type for ${key}`, key, (e) => { e[key] = pick(rnd, WRONG[key]); })(rnd);
    },
    (rnd) => {
      const [key, max] = pick(rnd, HUGE);
      return edited(`huge ${key}`, key, (e) => { e[key] = 'x'.repeat(max + 1 + int(rnd, 50_000)); })(rnd);
    },
    (rnd) => {
      const key = pick(rnd, ['caseId', 'responseId', 'value']);
      const huge = '案'.repeat(1_000 + int(rnd, 30_000));
      if (key === 'value') {
        const all = events();
        const [e, i] = ofDimension(all, ['answerability', 'failureLayer', 'responseBehavior'], rnd);
        e.value = huge;
        return { ...lineFault('huge value', i + 1, 'value'), write: (dir) => writePack(dir, base, all) };
      }
      return edited(`huge unknown ${key}`, key, (e) => { e[key] = huge; })(rnd);
    },
    (rnd) => {
      const key = pick(rnd, ['extra', 'caseSeq', '__proto__x', 'Value', 'uid ']);
      return edited('unknown key', key, (e) => { e[key] = pick(rnd, [1, 'x', null, { deep: [] }]); })(rnd);
    },
    (rnd) => {
      const i = int(rnd, n);
      const bad = Buffer.from(pick(rnd, [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf5, 0x80, 0x80, 0x80]]));
      const bytes = insideLine(base, i, int(rnd, 10_000), bad);
      return { name: 'invalid UTF-8', expected: { file: 'labels.jsonl', line: i + 1 }, write: (dir) => writePack(dir, base, events(), { bytes: () => bytes }) };
    },
    (rnd) => {
      const i = int(rnd, n);
      const bytes = insideLine(base, i, int(rnd, 10_000), Buffer.from([0]));
      return { name: 'NUL byte', expected: { file: 'labels.jsonl', line: i + 1 }, write: (dir) => writePack(dir, base, events(), { bytes: () => bytes }) };
    },
    (rnd) => {
      const depth = 50 + int(rnd, 5000);
      const all: (Event | string)[] = events();
      const i = int(rnd, n);
      const where = pick(rnd, ['value', 'reason', 'deep']);
      const nest = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const e = clone(base.events[i]);
      e[where] = 0;
      all[i] = JSON.stringify(e).replace(`"${where}":0`, `"${where}":${nest}`);
      return { ...lineFault(`nested ${depth} deep`, i + 1, where), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      // the same uid twice in the pack, the second with other content
      const all = events();
      const i = int(rnd, n);
      const twin = { ...all[i], reason: `changed ${int(rnd, 1000)}` };
      const at = i + 1 + int(rnd, n - i);
      all.splice(at, 0, twin);
      return { ...lineFault('duplicate uid in the pack', at + 1, 'uid'), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      // a uid this file already holds, with other content
      const all = events();
      const i = int(rnd, base.present);
      const e = all[i];
      const key = pick(rnd, e.kind === 'set' ? ['reason', 'createdAt', 'value'] : ['reason', 'createdAt']);
      if (key === 'value') {
        const dimension = e.dimension as string;
        e.value = dimension === 'answerability' ? (e.value === 'answerable' ? 'restricted' : 'answerable') : dimension === 'correctness' ? (e.value === 0 ? 1 : 0) : 'answered';
      } else if (key === 'reason') e.reason = `other ${int(rnd, 1000)}`;
      else e.createdAt = '2030-01-01T00:00:00.000Z';
      return { ...lineFault('uid already here with other content', i + 1, key), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      const key = pick(rnd, ['caseId', 'responseId', 'dimension']);
      return edited(`unknown ${key}`, key, (e) => {
        if (key === 'responseId') e.responseId = `no-such-response-${int(rnd, 99)}`;
        else e[key] = `no-such-${key}-${int(rnd, 99)}`;
      })(rnd);
    },
    (rnd) => {
      const all = events();
      const [e, i] = ofDimension(all, Object.keys(BAD_VALUES).filter((d) => all.some((x) => x.dimension === d && x.kind === 'set')), rnd);
      e.value = pick(rnd, BAD_VALUES[e.dimension as string]);
      return { ...lineFault(`value not fitting ${e.dimension as string}`, i + 1, 'value'), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      const all = events();
      const i = int(rnd, n);
      const how = pick(rnd, ['nowhere', 'later', 'set with target', 'undo without target']);
      if (how === 'nowhere') Object.assign(all[i], { kind: 'undo', undoesUid: `missing-${int(rnd, 1e6)}`, value: null });
      if (how === 'later') {
        const later = all.findIndex((e, k) => k > Math.max(i, base.present - 1) && e.kind === 'set');
        Object.assign(all[i], { kind: 'undo', undoesUid: later === -1 ? 'missing-later' : all[later].uid, value: null });
      }
      if (how === 'set with target') Object.assign(all[i], { kind: 'set', undoesUid: all[(i + 1) % n].uid });
      if (how === 'undo without target') Object.assign(all[i], { kind: 'undo', undoesUid: null });
      return { ...lineFault(`undo ${how}`, i + 1, 'undoesUid'), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => edited('line reviewer differs from the manifest', 'reviewer', (e) => { e.reviewer = pick(rnd, ['Bo', 'Ad', 'Ada ', 'someone else']); })(rnd),
    (rnd) => {
      const all = events();
      const [e, i] = ofDimension(all, ['answerability', 'questionType', 'claims'], rnd);
      e.responseId = 'r1a';
      return { ...lineFault('case dimension on a response', i + 1, 'responseId'), write: (dir) => writePack(dir, base, all) };
    },
    (rnd) => {
      const delta = pick(rnd, [-1, 1, 2, -3, 1000]);
      return { ...manifestFault(`eventCount ${delta > 0 ? '+' : ''}${delta}`, 'eventCount', 'labels.jsonl'), write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.eventCount = n + delta; } }) };
    },
    (rnd) => ({ ...manifestFault('sha256 of other bytes', 'sha256', 'labels.jsonl'), write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.file.sha256 = sha256(Buffer.from(String(rnd()))); } }) }),
    (rnd) => ({ ...manifestFault('bytes off', 'bytes', 'labels.jsonl'), write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.file.bytes += pick(rnd, [-1, 1, 17, -100]); } }) }),
    (rnd) => {
      const [field, value] = pick(rnd, [
        ['formatVersion', 2], ['formatVersion', '1'], ['formatVersion', 0], ['formatVersion', null], ['formatVersion', undefined],
        ['format', 'touchstone-label-pack-v2'], ['format', ''], ['eventCount', -1], ['eventCount', 1.5], ['eventCount', '12'],
        ['reviewer', ''], ['reviewer', 'x'.repeat(81)], ['testSetId', ''], ['createdAt', 5], ['file.sha256', 'ABC'], ['file.bytes', -1], ['file', null],
      ] as [string, unknown][]);
      return {
        ...manifestFault(`manifest ${field} = ${JSON.stringify(value) ?? 'missing'}`, field),
        write: (dir) => writePack(dir, base, events(), {
          manifest: (m) => {
            const [top, sub] = field.split('.');
            if (sub) m[top][sub] = field === 'file.sha256' ? m.file.sha256.toUpperCase() : value;
            else if (value === undefined) delete m[top];
            else m[top] = value;
          },
        }),
      };
    },
    (rnd) => {
      const name = pick(rnd, ['../x', '../labels.jsonl', '/etc/passwd', 'labels.jsonl/../labels.jsonl', '..\\labels.jsonl', 'manifest.json', 'sub/labels.jsonl', '']);
      return { ...manifestFault(`path-like file name ${JSON.stringify(name)}`, 'file.name'), write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.file.name = name; } }) };
    },
    (rnd) => {
      const key = pick(rnd, ['extra', 'files', 'signature', 'path']);
      const inFile = rnd() < 0.5;
      return {
        ...manifestFault(`manifest extra key ${key}`, inFile ? `file.${key}` : key),
        write: (dir) => writePack(dir, base, events(), { manifest: (m) => { (inFile ? m.file : m)[key] = pick(rnd, ['../x', 1, null]); } }),
      };
    },
    (rnd) => ({
      ...manifestFault('manifest of another test set', 'testSetId'),
      write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.testSetId = pick(rnd, ['00000000-0000-0000-0000-000000000000', `${m.testSetId}x`, 'x'.repeat(50_000)]); } }),
    }),
    (rnd) => {
      const other = pick(rnd, ['Bo', 'Adam', 'Ada2']);
      return { ...lineFault('manifest reviewer differs from the lines', 1, 'reviewer'), write: (dir) => writePack(dir, base, events(), { manifest: (m) => { m.reviewer = other; } }) };
    },
    (rnd) => {
      const missing = pick(rnd, ['labels.jsonl', 'manifest.json'] as const);
      return { name: `missing ${missing}`, expected: { file: missing }, write: (dir) => { writePack(dir, base, events()); rmSync(join(dir, missing)); } };
    },
    (rnd) => {
      const linked = pick(rnd, ['labels.jsonl', 'manifest.json'] as const);
      return {
        name: `symlinked ${linked}`,
        expected: { file: linked },
        write: (dir) => {
          writePack(dir, base, events());
          const real = `${dir}-real-${linked}`;
          copyFileSync(join(dir, linked), real);
          rmSync(join(dir, linked));
          symlinkSync(real, join(dir, linked));
        },
      };
    },
    (rnd) => {
      const what = pick(rnd, ['labels.jsonl', 'manifest.json'] as const);
      return { name: `${what} is a folder`, expected: { file: what }, write: (dir) => { writePack(dir, base, events()); rmSync(join(dir, what)); mkdirSync(join(dir, what)); } };
    },
    (rnd) => {
      const how = pick(rnd, ['truncated', 'not JSON', 'invalid UTF-8', 'an array', 'empty', 'BOM and truncated', 'null']);
      return {
        name: `manifest ${how}`,
        expected: { file: 'manifest.json' },
        write: (dir) => {
          writePack(dir, base, events());
          const text = readFileSync(join(dir, 'manifest.json'));
          const bytes = {
            truncated: text.subarray(0, 1 + int(rnd, text.length - 3)),
            'not JSON': Buffer.from('format = touchstone-label-pack'),
            'invalid UTF-8': Buffer.concat([text.subarray(0, 20), Buffer.from([0xff, 0xfe]), text.subarray(20)]),
            'an array': Buffer.from(`[${text}]`),
            empty: Buffer.alloc(0),
            'BOM and truncated': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text.subarray(0, text.length - 5)]),
            null: Buffer.from('null'),
          }[how]!;
          writeFileSync(join(dir, 'manifest.json'), bytes);
        },
      };
    },
    (rnd) => {
      // an editor or a checkout converted line ends or added a BOM after export
      const how = pick(rnd, ['CRLF', 'BOM', 'BOM + CRLF', 'trailing blank line']);
      return {
        ...manifestFault(`${how} after export`, 'sha256', 'labels.jsonl'),
        write: (dir) => writePack(dir, base, events(), {
          reseal: false,
          eol: how.includes('CRLF') ? '\r\n' : '\n',
          bom: how.startsWith('BOM'),
          bytes: (b) => (how === 'trailing blank line' ? Buffer.concat([b, Buffer.from('\n')]) : b),
        }),
      };
    },
    (rnd) => {
      // CRLF and a BOM, resealed: still read line by line, and a bad line is still found
      const all = events();
      const i = int(rnd, n);
      all[i].kind = 'unset';
      return { ...lineFault('BOM + CRLF + bad kind', i + 1, 'kind'), write: (dir) => writePack(dir, base, all, { eol: '\r\n', bom: true }) };
    },
    (rnd) => {
      const how = pick(rnd, ['no such folder', 'a file']);
      return {
        name: `pack is ${how}`,
        expected: { file: 'pack' },
        write: (dir) => { if (how === 'a file') writeFileSync(dir, 'not a folder'); },
      };
    },
  ];
}

/** Everything a refused pack must leave exactly as it was. */
function snapshot(db: Db): { counts: Record<string, number>; events: string; reviewers: string; progress: string } {
  const hash = (sql: string) => sha256(Buffer.from(JSON.stringify(db.prepare(sql).raw().all())));
  return {
    counts: tableCounts(db),
    events: hash('SELECT * FROM label_events ORDER BY id'),
    reviewers: hash('SELECT * FROM reviewers ORDER BY id'),
    progress: hash('SELECT * FROM label_progress ORDER BY reviewer_id, case_seq'),
  };
}

function checkRefusal(error: unknown, fuzz: Fuzz, dir: string): void {
  const what = `${fuzz.name}: ${(error as Error)?.message?.slice(0, 300)}`;
  expect(error, fuzz.name).toBeInstanceOf(ApiError);
  const { code, message, location } = (error as ApiError).toBody();
  expect(['invalid-data', 'invalid-input', 'not-found'], what).toContain(code);
  expect(message, what).toContain(dir);
  expect(message.length, what).toBeLessThan(1500);
  if (fuzz.expected.file !== 'pack') expect(message, what).toContain(fuzz.expected.file);
  if (fuzz.expected.line !== undefined) {
    expect(location?.file, what).toBe(join(dir, 'labels.jsonl'));
    expect(location?.line, what).toBe(fuzz.expected.line);
    expect(message, what).toContain(`line ${fuzz.expected.line}`);
  }
  if (fuzz.expected.field !== undefined) expect(location?.field ?? '', what).toMatch(new RegExp(`^${fuzz.expected.field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

describe('fuzzing the label-pack importer', () => {
  const tempDir = useTempDir();

  /** Target: a test set holding Ada's first five events; the base pack: those five and seven more (with claims and an undo). */
  async function setUp(dir: string): Promise<{ target: string; base: Base; baseDir: string }> {
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    let t = 0;
    const now = () => new Date(Date.UTC(2026, 2, 1, 10, 0, t++)).toISOString();
    const label = (caseId: string, responseId: string | null, dimension: string, value: unknown, reason?: string) =>
      recordLabel(opened.db, { reviewerId: ada.id, caseId, responseId, dimension, value: value as never, reason }, now);
    label('c1', null, 'answerability', 'answerable');
    label('c1', 'r1a', 'correctness', 2, '完全正确');
    label('c2', null, 'answerability', 'unanswerable');
    label('c2', 'r2a', 'responseBehavior', 'refused');
    undoLast(opened.db, ada.id, now);
    opened.db.close();
    const target = join(dir, 'target.sqlite');
    copyFileSync(opened.file, target);

    const source = await openTestSetFile(opened.file, { create: false });
    const more = (caseId: string, responseId: string | null, dimension: string, value: unknown, reason?: string) =>
      recordLabel(source.db, { reviewerId: ada.id, caseId, responseId, dimension, value: value as never, reason }, now);
    more('c3', null, 'answerability', 'answerable');
    more('c3', null, 'questionType', 'fact');
    more('c3', null, 'claims', [{ text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }]);
    more('c1', 'r1b', 'faithfulness', 0.5, 'mostly');
    more('c1', 'r1b', 'failureLayer', 'retrieval');
    more('c1', 'r1a', 'responseBehavior', 'answered');
    undoLast(source.db, ada.id, now);
    const baseDir = join(dir, 'base-pack');
    exportLabelPack(source.db, ada.id, baseDir);
    source.db.close();
    const events = readFileSync(join(baseDir, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Event);
    const manifest = JSON.parse(readFileSync(join(baseDir, 'manifest.json'), 'utf8')) as Manifest;
    return { target, base: { events, manifest, present: 5 }, baseDir };
  }

  it('the base pack is valid: it merges into a copy of the target, and a second time adds nothing', async () => {
    const dir = tempDir();
    const { target, base, baseDir } = await setUp(dir);
    expect(base.events).toHaveLength(12);
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(target, copy);
    const opened = await openTestSetFile(copy, { create: false });
    const first = await importLabelPackInto({ db: opened.db, path: copy }, baseDir);
    expect(first).toMatchObject({ added: 7, alreadyPresent: 5 });
    // rewritten by the fuzzer's own writer (resealed): still valid, and now all present
    writePack(join(dir, 'rewritten'), base, base.events);
    const second = await importLabelPackInto({ db: opened.db, path: copy }, join(dir, 'rewritten'));
    expect(second).toMatchObject({ added: 0, alreadyPresent: 12 });
    opened.db.close();
  });

  it('refuses 1,000+ generated malformed packs with a message naming file, line and field, changing nothing', async () => {
    const dir = tempDir();
    const { target, base } = await setUp(dir);
    const opened = await openTestSetFile(target, { create: false });
    const file = { db: opened.db, path: target };
    const before = snapshot(opened.db);
    const rnd = mulberry32(20261130);
    const makers = mutations(base);
    const outcomes = new Map<string, number>();
    const viaCli: { fuzz: Fuzz; packDir: string }[] = [];
    let runs = 0;
    for (let round = 0; round < 34; round += 1) {
      for (const make of makers) {
        const fuzz = make(rnd);
        const packDir = join(dir, `pack-${runs}`);
        fuzz.write(packDir);
        runs += 1;
        let error: unknown = null;
        try {
          await importLabelPackInto(file, packDir);
        } catch (caught) {
          error = caught;
        }
        checkRefusal(error, fuzz, packDir);
        if (runs % 40 === 0) viaCli.push({ fuzz, packDir });
        const kind = fuzz.name.replace(/\d+/g, 'N').replace(/ = .*/, '');
        outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
      }
    }
    expect(runs).toBeGreaterThanOrEqual(1000);
    expect(snapshot(opened.db)).toEqual(before);
    opened.db.close();

    // a sample through the CLI, in-process: exit code 1 and the same message on stderr
    for (const { fuzz, packDir } of viaCli) {
      const result = await cli('import', 'labels', packDir, '--db', target, '--json');
      expect(result.code, `${fuzz.name}: ${result.stderr}`).toBe(1);
      expect(result.stderr).toContain(packDir);
      expect(result.stderr).not.toMatch(/unexpected error|TypeError|RangeError|SqliteError|at .*\.ts:\d+/);
      if (fuzz.expected.line !== undefined) expect(result.json.error.location.line, fuzz.name).toBe(fuzz.expected.line);
    }
    // and one through the real executable (a process start costs seconds)
    for (const { fuzz, packDir } of viaCli.slice(0, 1)) {
      const outcome = await run(process.execPath, [BIN, 'import', 'labels', packDir, '--db', target]).then(() => ({ code: 0, stderr: '' }), (e) => ({ code: e.code as number, stderr: e.stderr as string }));
      expect(outcome.code, `${fuzz.name}: ${outcome.stderr}`).toBe(1);
      expect(outcome.stderr).toContain(packDir);
    }

    const after = await openTestSetFile(target, { create: false });
    expect(snapshot(after.db)).toEqual(before);
    after.db.close();
    expect(listBackups(target)).toEqual([]);
    expect(existsSync(backupDirOf(target))).toBe(false);
    console.log(`fuzzed ${runs} label packs: ${[...outcomes].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
  }, 240_000);

  it('a pack copied by hand keeps working: the base pack copied with cpSync is accepted as is', async () => {
    const dir = tempDir();
    const { target, baseDir } = await setUp(dir);
    const copied = join(dir, 'copied');
    cpSync(baseDir, copied, { recursive: true });
    const result = await cli('import', 'labels', copied, '--db', target, '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(result.json).toMatchObject({ added: 7, alreadyPresent: 5 });
  });
});
