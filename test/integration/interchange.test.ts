import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { parseCsv } from '../../shared/import';
import { detectImport } from '../../shared/import/detect-kind';
import { api, calibrationSet } from '../helpers/calibration-set';
import { cli, cliWithStdin } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const EXTERNAL = fileURLToPath(new URL('../fixtures/external/', import.meta.url));
const INTERCHANGE = fileURLToPath(new URL('../fixtures/interchange/', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../shared/sample/', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));
const RAGAS_RESULTS = join(EXTERNAL, 'ragas_eval_result_letstalk.csv');
const DEEPEVAL_RUN = join(EXTERNAL, 'deepeval_latest_test_run.json');
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function initDb(dir: string, name = 'set.sqlite'): Promise<string> {
  const db = join(dir, name);
  expect((await cli('init', '--db', db)).code).toBe(0);
  return db;
}

async function importSample(db: string, kinds = ['documents', 'cases', 'responses', 'judge']): Promise<void> {
  for (const kind of kinds) expect((await cli('import', kind, join(SAMPLE, `${kind}.jsonl`), '--db', db)).code).toBe(0);
}

function query<T>(db: string, sql: string, ...params: unknown[]): T[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare(sql).all(...params) as T[];
  } finally {
    d.close();
  }
}

describe('judge runs from foreign results files', () => {
  const tempDir = useTempDir();

  it('the real Ragas results CSV becomes one judge run; the same file again is recognised and writes nothing', async () => {
    const db = await initDb(tempDir());
    const run = await cli('import', 'judge', RAGAS_RESULTS, '--db', db, '--judge-model', 'gpt-4o-mini', '--judge-version', '2024-07-18', '--prompt-version', 'ragas-0.2', '--json');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ format: 'ragas', runId: 1, alreadyImported: false, added: { cases: 10, responses: 10, verdicts: 48, judgeRuns: 1 } });
    const faithfulness = run.json.report.metrics.find((m: { dimension: string }) => m.dimension === 'faithfulness');
    // the test set's own faithfulness dimension (numeric 0–1) is reused: that comparison is the point
    expect(faithfulness).toEqual({ metric: 'faithfulness', dimension: 'faithfulness', verdicts: 5, empty: 5, defined: true });
    expect(run.json.report.newDimensions.map((d: { name: string }) => d.name)).toEqual(
      ['context_recall', 'factual_correctness_mode_f1', 'answer_relevancy', 'context_entity_recall', 'noise_sensitivity_mode_relevant']);

    const again = await cli('import', 'judge', RAGAS_RESULTS, '--db', db, '--judge-model', 'gpt-4o-mini', '--json');
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ alreadyImported: true, runId: 1, added: { verdicts: 0, judgeRuns: 0 } });
    const text = await cli('import', 'judge', RAGAS_RESULTS, '--db', db, '--judge-model', 'gpt-4o-mini');
    expect(text.stdout).toMatch(/already imported as run 1: nothing was written/);
    expect(query<{ n: number }>(db, 'SELECT count(*) AS n FROM verdicts')[0].n).toBe(48);
    expect(query<{ n: number }>(db, 'SELECT count(*) AS n FROM judge_runs')[0].n).toBe(1);

    const runs = await cli('runs', 'list', '--db', db, '--json');
    expect(runs.code).toBe(0);
    expect(runs.json.runs).toEqual([{
      id: 1, model: 'gpt-4o-mini', modelVersion: '2024-07-18', promptVersion: 'ragas-0.2', promptHash: null,
      file: 'ragas_eval_result_letstalk.csv', sha256: sha256(RAGAS_RESULTS), importedAt: expect.any(String), verdicts: 48,
      verdictsPerDimension: {
        answer_relevancy: 10, context_entity_recall: 7, context_recall: 7, factual_correctness_mode_f1: 10, faithfulness: 5, noise_sensitivity_mode_relevant: 9,
      },
    }]);
    // the run id is what agreement needs
    expect((await cli('agreement', '--db', db, '--run', '1', '--json')).code).toBe(0);
  });

  it('--create-dimensions defines the metrics the test set lacks, numeric 0–1, with the original name as label', async () => {
    const db = await initDb(tempDir());
    const run = await cli('import', 'judge', RAGAS_RESULTS, '--db', db, '--judge-model', 'gpt-4o-mini', '--create-dimensions');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/factual_correctness_mode_f1 \(from "factual_correctness\(mode=f1\)"\): 10 verdicts \(dimension created\)/);
    const defined = query<{ definition: string }>(db, 'SELECT definition FROM dimensions ORDER BY position').map((r) => JSON.parse(r.definition));
    expect(defined.find((d) => d.name === 'factual_correctness_mode_f1')).toEqual({
      name: 'factual_correctness_mode_f1', label: 'factual_correctness(mode=f1)', type: 'numeric', scope: 'response', options: [], min: 0, max: 1,
    });
    expect(defined.map((d) => d.name)).toEqual(expect.arrayContaining(['answerability', 'faithfulness', 'context_recall', 'noise_sensitivity_mode_relevant']));
  });

  it('the real DeepEval test run: verdicts keep the reason and the pass threshold, the judge is the evaluation model', async () => {
    const db = await initDb(tempDir());
    const run = await cli('import', 'judge', DEEPEVAL_RUN, '--db', db, '--json');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ format: 'deepeval', runId: 1, added: { verdicts: 3 } });
    const rows = query<{ model: string; dimension: string; value: string; threshold: number; rationale: string }>(db,
      'SELECT j.model, v.dimension, v.value, v.threshold, v.rationale FROM verdicts v JOIN judge_runs j ON j.id = v.run_id ORDER BY v.id');
    expect(rows.map((r) => [r.model, r.dimension, JSON.parse(r.value), r.threshold])).toEqual([
      ['gpt-4o', 'faithfulness', 1, 0.7], ['gpt-4o', 'faithfulness', 0.6666666666666666, 0.7], ['gpt-4o', 'faithfulness', 1, 0.7],
    ]);
    expect(rows[1].rationale).toMatch(/^The score is 0.67/);
  });

  it('a results file after its test set adds only the judge run: cases and identical answers are reused', async () => {
    const db = await initDb(tempDir());
    expect((await cli('import', 'cases', join(EXTERNAL, 'ragas_testset_letstalk.csv'), '--db', db)).code).toBe(0);
    const cases = await cli('import', 'cases', RAGAS_RESULTS, '--db', db, '--json');
    expect(cases.json.report.unused.filter((u: { reason: string }) => u.reason === 'judge-score')).toHaveLength(6);
    const judge = await cli('import', 'judge', RAGAS_RESULTS, '--db', db, '--judge-model', 'gpt-4o-mini', '--json');
    expect(judge.json.added).toEqual({ documents: 0, cases: 0, responses: 0, verdicts: 48, judgeRuns: 1 });
  });
});

describe('CLI manners', () => {
  const tempDir = useTempDir();

  it('--help and COMMAND --help print to stdout and exit 0; --version prints the version', async () => {
    const help = await cli('--help');
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: touchstone <command>/);
    const importHelp = await cli('import', '--help');
    expect(importHelp.code).toBe(0);
    expect(importHelp.stdout).toMatch(/import KIND INPUT --db FILE/);
    expect(importHelp.stdout).not.toMatch(/anchors drift/);
    const version = await cli('--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(`touchstone ${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}`);
  });

  it('with --json a usage error is JSON on stdout too, exit 2', async () => {
    const run = await cli('import', 'bananas', 'x.jsonl', '--db', 'x.sqlite', '--json');
    expect(run.code).toBe(2);
    expect(run.json).toEqual({ error: { code: 'usage', message: expect.stringMatching(/KIND must be one of/), location: null } });
    const badMap = await cli('import', 'cases', 'x.csv', '--db', 'x.sqlite', '--map', 'question', '--json');
    expect(badMap.json.error).toMatchObject({ code: 'usage', message: expect.stringMatching(/--map: "question" is not TARGET=COLUMN/) });
  });

  it('"-" reads the input from stdin', async () => {
    const db = await initDb(tempDir());
    const run = await cliWithStdin(readFileSync(join(INTERCHANGE, 'langfuse_dataset_items.json')), 'import', 'cases', '-', '--db', db, '--json');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ format: 'langfuse', added: { cases: 2 } });
    const empty = await cliWithStdin(new Uint8Array(), 'import', 'cases', '-', '--db', db);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/stdin: the file is empty/);
  });

  it('round start refuses a week its year does not have', async () => {
    const db = await initDb(tempDir());
    const run = await cli('round', 'start', '--db', db, '--week', '2025-W53', '--json');
    expect(run.code).toBe(2);
    expect(run.json.error.message).toMatch(/2025-W53.*only 52 ISO weeks/);
  });

  it('through the real binary: stdin piped, no progress lines when stderr is not a terminal', () => {
    const dir = tempDir();
    const db = join(dir, 'bin.sqlite');
    expect(spawnSync(process.execPath, [BIN, 'init', '--db', db], { encoding: 'utf8' }).status).toBe(0);
    const run = spawnSync(process.execPath, [BIN, 'import', 'cases', '-', '--db', db], { input: readFileSync(join(INTERCHANGE, 'trulens_ground_truth.jsonl')), encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Imported stdin \(trulens\): 3 documents, 2 cases/);
  });
});

describe('exports: deterministic and importable back', () => {
  const tempDir = useTempDir();

  async function exported(db: string, dir: string, what: string, format: string, ...extra: string[]): Promise<Buffer> {
    const out = join(dir, `${what}-${format}.${format === 'csv' ? 'csv' : format === 'deepeval' ? 'json' : 'jsonl'}`);
    const first = await cli('export', what, '--db', db, '--out', out, '--format', format, ...extra);
    expect(first.code).toBe(0);
    const bytes = readFileSync(out);
    expect((await cli('export', what, '--db', db, '--out', out, '--format', format, ...extra)).code).toBe(0);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    return bytes;
  }

  it('cases as a Ragas EvaluationDataset and DeepEval goldens: reference answer, contexts from the evidence quotes; read back alike', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db, ['documents', 'cases']);
    const original = readFileSync(join(SAMPLE, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const quotes = (c: { claims: { evidence: { quote: string }[] }[] }) => [...new Set(c.claims.flatMap((k) => k.evidence.map((e) => e.quote)))];

    const ragas = (await exported(db, dir, 'cases', 'ragas')).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(ragas[0]).toEqual({ user_input: original[0].query, reference_contexts: quotes(original[0]), reference: original[0].referenceAnswer });
    const deepeval = JSON.parse((await exported(db, dir, 'cases', 'deepeval')).toString('utf8'));
    expect(deepeval[0]).toMatchObject({ input: original[0].query, expected_output: original[0].referenceAnswer, context: quotes(original[0]), additional_metadata: { id: original[0].id } });

    for (const [format, file] of [['ragas', 'cases-ragas.jsonl'], ['deepeval', 'cases-deepeval.json']]) {
      const back = await initDb(dir, `${format}.sqlite`);
      const run = await cli('import', 'cases', join(dir, file), '--db', back, '--json');
      expect(run.code).toBe(0);
      expect(run.json.format).toBe(format);
      expect(run.json.report.unused).toEqual([]);
      const cases = query<{ query: string; reference_answer: string }>(back, 'SELECT query, reference_answer FROM cases ORDER BY seq');
      expect(cases).toEqual(original.map((c) => ({ query: c.query, reference_answer: c.referenceAnswer })));
      // every exported context is a document again (a case without evidence exported its relevant documents' text)
      const docs = query<{ text: string }>(back, 'SELECT text FROM documents').map((d) => d.text).sort();
      expect(docs).toEqual([...new Set(ragas.flatMap((r: { reference_contexts: string[] }) => r.reference_contexts))].sort());
    }
  });

  it('a foreign case\'s metadata is exported with it and survives the round trip', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    expect((await cli('import', 'cases', join(INTERCHANGE, 'langfuse_dataset_items.json'), '--db', db)).code).toBe(0);
    const bytes = await exported(db, dir, 'cases', 'jsonl');
    const back = await initDb(dir, 'back.sqlite');
    expect((await cli('import', 'cases', join(dir, 'cases-jsonl.jsonl'), '--db', back)).code).toBe(0);
    const again = await exported(back, join(dir), 'cases', 'jsonl');
    expect(again.equals(bytes)).toBe(true);
    expect(JSON.parse(bytes.toString('utf8').split('\n')[0]).metadata).toMatchObject({ category: 'refund', sourceTraceId: 'trace-8f2c' });
  });

  it('responses (JSONL and CSV) and a run\'s verdicts import back into an empty test set as they were', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const responses = await exported(db, dir, 'responses', 'jsonl');
    const responsesCsv = await exported(db, dir, 'responses', 'csv');
    const verdicts = await exported(db, dir, 'verdicts', 'jsonl', '--run', '1');
    const verdictsCsv = await exported(db, dir, 'verdicts', 'csv');
    expect(parseCsv(verdictsCsv.toString('utf8'), 'v.csv')[0].fields).toEqual(
      ['runId', 'judgeModel', 'judgeVersion', 'promptVersion', 'promptHash', 'caseId', 'responseId', 'dimension', 'value', 'rationale', 'threshold']);
    expect(verdicts.toString('utf8').trim().split('\n')).toHaveLength(readFileSync(join(SAMPLE, 'judge.jsonl'), 'utf8').trim().split('\n').length);

    for (const [file, format] of [['responses-jsonl.jsonl', 'jsonl'], ['responses-csv.csv', 'csv']]) {
      const back = await initDb(dir, `back-${format}.sqlite`);
      await importSample(back, ['documents', 'cases']);
      expect((await cli('import', 'responses', join(dir, file), '--db', back)).code).toBe(0);
      if (format === 'jsonl') {
        expect((await cli('import', 'judge', join(dir, 'verdicts-jsonl.jsonl'), '--db', back)).code).toBe(0);
        expect((await exported(back, dir, 'verdicts', 'jsonl', '--run', '1')).equals(verdicts)).toBe(true);
      }
      expect((await exported(back, dir, 'responses', 'jsonl')).equals(responses)).toBe(true);
    }
    expect(responsesCsv.toString('utf8').split('\r\n')[0]).toBe('id,caseId,system,answer,retrievalCalled,finalContext,cost');
  });

  it('a run\'s verdicts CSV imports back as that run (the CLI and the wizard detect it) and exports again to the same bytes', async () => {
    const dir = tempDir();
    const db = await initDb(dir);
    await importSample(db);
    const csv = await exported(db, dir, 'verdicts', 'csv', '--run', '1');
    const file = join(dir, 'verdicts-run-1.csv');
    writeFileSync(file, csv);
    expect(detectImport('verdicts-run-1.csv', csv)).toEqual({ kind: 'judge', format: 'csv' });

    const back = await initDb(dir, 'back-verdicts.sqlite');
    await importSample(back, ['documents', 'cases', 'responses']);
    const run = await cli('import', 'judge', file, '--db', back, '--json');
    expect(run.code, run.stdout).toBe(0);
    expect(run.json).toMatchObject({ format: 'csv', runId: 1, added: { judgeRuns: 1, verdicts: csv.toString('utf8').trim().split('\r\n').length - 1 } });
    const again = join(dir, 'again');
    mkdirSync(again);
    expect((await exported(back, again, 'verdicts', 'csv', '--run', '1')).equals(csv)).toBe(true);
    expect((await exported(back, again, 'verdicts', 'jsonl', '--run', '1')).equals(await exported(db, dir, 'verdicts', 'jsonl', '--run', '1'))).toBe(true);

    // two runs in one file cannot be one judge run: refused at the first row of the second, nothing written
    const lines = csv.toString('utf8').trim().split('\r\n');
    const twoRuns = join(dir, 'two-runs.csv');
    writeFileSync(twoRuns, [lines[0], lines[1], lines[2].replace(/^1,/, '2,')].join('\r\n'));
    const refused = await cli('import', 'judge', twoRuns, '--db', back, '--json');
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatchObject({ code: 'invalid-data', location: { file: 'two-runs.csv', line: 3, field: 'runId' } });
    expect(query<{ n: number }>(back, 'SELECT count(*) AS n FROM judge_runs')[0].n).toBe(1);
  });

  it('labels and adjudications: one row per event / decision, stable columns, the same bytes every time', async () => {
    const dir = tempDir();
    const { db, file } = await calibrationSet(dir);
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const round = await call('rounds.start', { size: 4, seed: 7, week: '2026-W07' });
    const item = round.items[0];
    recordLabel(db, { reviewerId: ada, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: 2 });
    recordLabel(db, { reviewerId: bo, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: 1 });
    await call('rounds.reveal', { roundId: round.round.id, early: true });
    await call('rounds.adjudicate', { roundId: round.round.id, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: 1, deciderReviewerId: ada });
    db.close();

    const labels = parseCsv((await exported(file, dir, 'labels', 'csv')).toString('utf8'), 'labels.csv');
    expect(labels[0].fields).toEqual(['uid', 'caseId', 'responseId', 'dimension', 'value', 'reviewer', 'at', 'reason', 'kind', 'undoes', 'roundId']);
    expect(labels.slice(1).map((r) => [r.fields[1], r.fields[2], r.fields[3], r.fields[4], r.fields[5], r.fields[8]])).toEqual([
      [item.caseId, item.responseId, 'correctness', '2', 'Ada', 'set'],
      [item.caseId, item.responseId, 'correctness', '1', 'Bo', 'set'],
    ]);
    const adjudications = (await exported(file, dir, 'adjudications', 'jsonl')).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(adjudications).toEqual([{
      roundId: round.round.id, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: 1, source: 'lead', decidedBy: 'Ada', note: null, at: expect.any(String),
    }]);
  });
});
