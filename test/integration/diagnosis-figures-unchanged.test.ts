import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { listSystems } from '../../db/label-reports';
import { openTestSetFile, type Db } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import type { DiagnosisInput } from '../../shared/diagnosis/types';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { useTempDir } from '../helpers/temp-dir';

/**
 * The Diagnosis screen's figures are made faster without changing one of them: every figure of
 * `diagnosis.report` and `diagnosis.layers` for every system of seeded, built test sets equals the
 * output recorded before the speed work (test/fixtures/diagnosis-figures/). A deliberate change
 * of a figure regenerates them with UPDATE_DIAGNOSIS_FIGURES=1 and shows up in the diff.
 */
const FIXTURES = join(__dirname, '..', 'fixtures');
const RECORDED = join(FIXTURES, 'diagnosis-figures');
const TODAY = '2026-12-01';

/** Plain JSON, as the contract sends it (Maps and undefined fields dropped the same way on both sides). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function figuresOf(db: Db): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { system } of listSystems(db)) {
    out[system] = { report: plain(diagnose(diagnosisInput(db, system, TODAY))), layers: plain(layersReport(layersInput(db, system))) };
  }
  return out;
}

function expectRecorded(name: string, figures: unknown): void {
  const file = join(RECORDED, `${name}.json`);
  if (process.env.UPDATE_DIAGNOSIS_FIGURES === '1') writeFileSync(file, `${JSON.stringify(figures, null, 1)}\n`);
  expect(figures).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

async function importedSet(path: string, files: [string, string][]): Promise<Db> {
  const { db } = await openTestSetFile(path, { create: true });
  for (const [kind, file] of files) runImport(db, { kind: kind as never, format: 'jsonl', fileName: file, bytes: readFileSync(join(FIXTURES, file)) });
  return db;
}

/** The synthetic bench input without the file's retrieval index: the figures match the text themselves. */
function withoutIndex(input: DiagnosisInput): DiagnosisInput {
  return { ...input, cases: input.cases.map(({ units: _units, ...c }) => c), responses: input.responses.map(({ holds: _holds, ...r }) => r) };
}

describe('the Diagnosis figures stay exactly as they were', () => {
  const tempDir = useTempDir();

  it('on the demo test set with its story (two reviewers, two judge runs, closed rounds, settled claims)', async () => {
    const path = join(tempDir(), 'demo.sqlite');
    await createDemoTestSet(path);
    const { db } = await openTestSetFile(path, { create: false });
    try {
      expectRecorded('demo', figuresOf(db));
    } finally {
      db.close();
    }
  }, 120_000);

  it('on the refund and data-layer fixtures (stale revisions, permission leaks, agent runs)', async () => {
    const refund = await importedSet(join(tempDir(), 'refund.sqlite'), [
      ['documents', 'diagnosis/refund-documents.jsonl'], ['cases', 'diagnosis/refund-cases.jsonl'], ['responses', 'diagnosis/refund-responses.jsonl'], ['judge', 'diagnosis/refund-judge.jsonl'],
    ]);
    const data = await importedSet(join(tempDir(), 'data.sqlite'), [
      ['documents', 'diagnosis-data/documents.jsonl'], ['cases', 'diagnosis-data/cases.jsonl'], ['responses', 'diagnosis-data/responses.jsonl'],
    ]);
    try {
      expectRecorded('fixtures', { refund: figuresOf(refund), data: figuresOf(data) });
    } finally {
      refund.close();
      data.close();
    }
  });

  it('on the same fixtures while the retrieval index awaits a rebuild: every figure worked out from the stored lists', async () => {
    const refund = await importedSet(join(tempDir(), 'refund-lists.sqlite'), [
      ['documents', 'diagnosis/refund-documents.jsonl'], ['cases', 'diagnosis/refund-cases.jsonl'], ['responses', 'diagnosis/refund-responses.jsonl'], ['judge', 'diagnosis/refund-judge.jsonl'],
    ]);
    const data = await importedSet(join(tempDir(), 'data-lists.sqlite'), [
      ['documents', 'diagnosis-data/documents.jsonl'], ['cases', 'diagnosis-data/cases.jsonl'], ['responses', 'diagnosis-data/responses.jsonl'],
    ]);
    try {
      for (const db of [refund, data]) db.prepare("INSERT INTO meta (key, value) VALUES ('retrieval_index_stale', '1')").run();
      expectRecorded('fixtures', { refund: figuresOf(refund), data: figuresOf(data) });
      // nothing was kept: no response had facts to read
      for (const db of [refund, data]) expect(db.prepare('SELECT count(*) FROM response_facts').pluck().get()).toBe(0);
    } finally {
      refund.close();
      data.close();
    }
  });

  it('on the bench\'s seeded synthetic responses, with the file\'s retrieval index and matched from the text', () => {
    const input = syntheticDiagnosis(400);
    expectRecorded('synthetic', { indexed: plain(diagnose(input)), matched: plain(diagnose(withoutIndex(input))) });
  });
});
