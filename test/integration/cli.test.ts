import { LATEST_SCHEMA_VERSION } from '../../db/migrations';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const FIXTURES = fileURLToPath(new URL('../fixtures/external/', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../shared/sample/', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));

async function initDb(dir: string): Promise<string> {
  const db = join(dir, 'set.sqlite');
  expect((await cli('init', '--db', db)).code).toBe(0);
  return db;
}

async function importSample(db: string): Promise<void> {
  for (const [kind, file] of [['documents', 'documents.jsonl'], ['cases', 'cases.jsonl'], ['responses', 'responses.jsonl'], ['judge', 'judge.jsonl']]) {
    const run = await cli('import', kind, join(SAMPLE, file), '--db', db);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
}

describe('touchstone CLI', () => {
  const tempDir = useTempDir();

  it('init creates a test set and reports it as JSON', async () => {
    const db = join(tempDir(), 'a.sqlite');
    const run = await cli('init', '--db', db, '--json');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ path: db, schemaVersion: LATEST_SCHEMA_VERSION, backupPath: null });
    const again = await cli('init', '--db', db, '--json');
    expect(again.json.testSetId).toBe(run.json.testSetId);
  });

  it('imports the bundled sample and counts it in stats', async () => {
    const db = await initDb(tempDir());
    await importSample(db);
    const stats = await cli('stats', '--db', db, '--json');
    expect(stats.code).toBe(0);
    const lines = (file: string) => readFileSync(join(SAMPLE, file), 'utf8').trim().split('\n').length;
    expect(stats.json).toMatchObject({ documents: lines('documents.jsonl'), cases: lines('cases.jsonl'), responses: lines('responses.jsonl'), verdicts: lines('judge.jsonl'), judgeRuns: 1 });
    const check = await cli('check', '--db', db, '--json');
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, integrity: ['ok'], foreignKeyViolations: 0 });
  });

  it('export cases then import into a new file round-trips without loss', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const cases = join(dir, 'cases.out.jsonl');
    const documents = join(dir, 'documents.out.jsonl');
    expect((await cli('export', 'cases', '--db', db, '--out', cases, '--json')).json.cases).toBeGreaterThanOrEqual(40);
    expect((await cli('export', 'documents', '--db', db, '--out', documents)).code).toBe(0);

    const copy = join(dir, 'copy.sqlite');
    await cli('init', '--db', copy);
    expect((await cli('import', 'documents', documents, '--db', copy)).code).toBe(0);
    expect((await cli('import', 'cases', cases, '--db', copy)).code).toBe(0);
    const cases2 = join(dir, 'cases.again.jsonl');
    await cli('export', 'cases', '--db', copy, '--out', cases2);
    expect(readFileSync(cases2, 'utf8')).toBe(readFileSync(cases, 'utf8'));

    // and nothing of the original sample was lost on the way: same records as the source file
    const normalise = (text: string) => text.trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => a.id.localeCompare(b.id));
    const exported = normalise(readFileSync(cases, 'utf8'));
    const source = normalise(readFileSync(join(SAMPLE, 'cases.jsonl'), 'utf8'));
    expect(exported.length).toBe(source.length);
    for (let i = 0; i < source.length; i += 1) {
      for (const [key, value] of Object.entries(source[i])) expect(exported[i][key], `${source[i].id}.${key}`).toEqual(value);
    }
  });

  it('a bad row gives exit code 1, names file, line and field, and changes nothing', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const before = (await cli('stats', '--db', db, '--json')).json;
    const bad = join(dir, 'bad-cases.jsonl');
    writeFileSync(bad, [
      JSON.stringify({ id: 'new-1', query: '第一个新问题' }),
      JSON.stringify({ id: 'new-2', query: 42 }),
    ].join('\n'));
    const run = await cli('import', 'cases', bad, '--db', db);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bad-cases\.jsonl, line 2, field "query"/);
    expect((await cli('stats', '--db', db, '--json')).json).toEqual(before);
  });

  it('refuses a case citing an unknown docId and a duplicate case id, with line and field', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const before = (await cli('stats', '--db', db, '--json')).json;
    const unknownDoc = join(dir, 'unknown-doc.jsonl');
    writeFileSync(unknownDoc, `${JSON.stringify({ id: 'ok-1', query: 'q' })}\n${JSON.stringify({ id: 'x-1', query: 'q', claims: [{ text: 'c', evidence: [{ docId: 'no-such-doc', quote: 'x' }] }] })}\n`);
    const run = await cli('import', 'cases', unknownDoc, '--db', db);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unknown-doc\.jsonl, line 2, field "claims\.0\.evidence\.0\.docId": unknown docId "no-such-doc"/);

    const duplicate = join(dir, 'dup.jsonl');
    writeFileSync(duplicate, `${JSON.stringify({ id: 'fresh', query: 'q' })}\n${JSON.stringify({ id: 'refund-annual-day20', query: 'q' })}\n`);
    const dup = await cli('import', 'cases', duplicate, '--db', db);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/dup\.jsonl, line 2, field "id": case id "refund-annual-day20" is already in this test set/);
    expect((await cli('stats', '--db', db, '--json')).json).toEqual(before);
  });

  it('imports real Ragas and DeepEval exports with --format auto', async () => {
    const db = await initDb(tempDir());
    const ragas = await cli('import', 'cases', join(FIXTURES, 'ragas_testset_letstalk.csv'), '--db', db, '--json');
    expect(ragas.code).toBe(0);
    expect(ragas.json).toMatchObject({ format: 'ragas', added: { cases: 10 } });
    // the evaluation results of the same test set add their responses to the cases already there
    const results = await cli('import', 'cases', join(FIXTURES, 'ragas_eval_result_letstalk.csv'), '--db', db, '--json');
    expect(results.code).toBe(0);
    expect(results.json).toMatchObject({ format: 'ragas', added: { cases: 0, documents: 0, responses: 10 } });
    // the same file again finds its cases and identical responses already there: nothing is added
    const again = await cli('import', 'cases', join(FIXTURES, 'ragas_eval_result_letstalk.csv'), '--db', db, '--json');
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ added: { cases: 0, documents: 0, responses: 0, verdicts: 0 } });
    const deepeval = await cli('import', 'cases', join(FIXTURES, 'deepeval_goldens.json'), '--db', db, '--json');
    expect(deepeval.code).toBe(0);
    expect(deepeval.json).toMatchObject({ format: 'deepeval', added: { cases: 4 } });
  });

  it('usage errors exit 2; an integrity problem exits 3', async () => {
    const dir = tempDir();
    expect((await cli()).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('stats')).code).toBe(2);
    expect((await cli('import', 'bananas', 'x.jsonl', '--db', 'x.sqlite')).code).toBe(2);
    expect((await cli('import', 'cases', 'x.jsonl', '--db', 'x.sqlite', '--format', 'xml')).code).toBe(2);
    expect((await cli('stats', '--db', join(dir, 'missing.sqlite'))).code).toBe(1);

    const db = await initDb(dir);
    await importSample(db);
    // Remove a document behind Touchstone's back: its evidence is now orphaned.
    execFileSync(process.execPath, ['-e', `const D=require('better-sqlite3');const d=new D(${JSON.stringify(db)});d.prepare("DELETE FROM documents WHERE doc_id='refund-policy'").run();d.close();`]);
    const check = await cli('check', '--db', db, '--json');
    expect(check.code).toBe(3);
    expect(check.json.orphanEvidence.length).toBeGreaterThan(0);
  });

  it('runs as `npx touchstone` through the bin script with real exit codes', () => {
    const dir = tempDir();
    const db = join(dir, 'bin.sqlite');
    const init = spawnSync(process.execPath, [BIN, 'init', '--db', db, '--json'], { encoding: 'utf8' });
    expect(init.status).toBe(0);
    expect(JSON.parse(init.stdout).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    const usage = spawnSync(process.execPath, [BIN, 'nonsense'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: touchstone');
  });
});

describe('touchstone CLI never harms the file it only reads', () => {
  const tempDir = useTempDir();

  it('refuses to export over the test set itself or another database', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const before = readFileSync(db);
    const run = await cli('export', 'cases', '--db', db, '--out', db);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Refusing to write the export over/);
    const other = join(dir, 'other.sqlite');
    await cli('init', '--db', other);
    expect((await cli('export', 'cases', '--db', db, '--out', other)).code).toBe(1);
    expect(readFileSync(db).equals(before)).toBe(true);
    expect((await cli('stats', '--db', db)).code).toBe(0);
  });

  it('stats and export do not migrate an older file; check reports that it needs migrating', async () => {
    const dir = tempDir();
    const db = join(dir, 'old.sqlite');
    const { openTestSetFile } = await import('../../db/open');
    const { MIGRATIONS } = await import('../../db/migrations');
    const old = await openTestSetFile(db, { create: true, migrations: MIGRATIONS.slice(0, 1) });
    old.db.pragma('wal_checkpoint(TRUNCATE)');
    old.db.close();
    const before = readFileSync(db);
    const stats = await cli('stats', '--db', db);
    expect(stats.code).toBe(1);
    expect(stats.stderr).toMatch(/schema version 1; this Touchstone uses \d+\. Migrate it with: touchstone init/);
    expect((await cli('export', 'cases', '--db', db, '--out', join(dir, 'x.jsonl'))).code).toBe(1);
    const check = await cli('check', '--db', db, '--json');
    expect(check.code).toBe(3);
    expect(check.json).toMatchObject({ ok: false, schemaVersion: 1 });
    expect(readFileSync(db).equals(before)).toBe(true);
    const init = await cli('init', '--db', db, '--json');
    expect(init.json.backupPath).toMatch(/\.backups[\\/].*-before-migration-v1\.sqlite$/);
    expect((await cli('stats', '--db', db)).code).toBe(0);
  });

  it('responses of Ragas results files are told apart by --system', async () => {
    const db = await initDb(tempDir());
    const testset = join(FIXTURES, 'ragas_testset_letstalk.csv');
    const results = join(FIXTURES, 'ragas_eval_result_letstalk.csv');
    expect((await cli('import', 'cases', testset, '--db', db)).code).toBe(0);
    expect((await cli('import', 'cases', results, '--db', db, '--system', 'rag-bot@1', '--json')).json).toMatchObject({ added: { responses: 10 } });
    expect((await cli('import', 'cases', results, '--db', db, '--system', 'rag-bot@2', '--json')).json).toMatchObject({ added: { responses: 10 } });
    expect((await cli('stats', '--db', db, '--json')).json.responses).toBe(20);
  });
});
