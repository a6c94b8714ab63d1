import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosisInput } from '../../db/diagnosis';
import { diagnosisInputs } from '../../db/diagnosis-inputs';
import { layersInput } from '../../db/diagnosis-layers';
import { createReviewer, recordLabel } from '../../db/labels';
import { listSystems } from '../../db/label-reports';
import { openTestSetFile, type Db } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import { createDemoTestSet } from '../../server/test-sets/demo';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import type { DiagnosisInput } from '../../shared/diagnosis/types';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
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

/** Both halves of one system's page, read from the file. */
function fileFigures(db: Db, system: string): { report: unknown; layers: unknown } {
  const base = diagnosisInput(db, system, TODAY);
  return { report: plain(diagnose(base)), layers: plain(layersReport(layersInput(db, system, base))) };
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

/** The refund fixture (stale revisions, agent runs, a judge run) and the data-layer fixture (permission leaks), each imported into a file of its own in `dir`. */
async function fixtureSets(dir: string): Promise<{ refund: Db; data: Db }> {
  const refund = await importedSet(join(dir, 'refund.sqlite'), [
    ['documents', 'diagnosis/refund-documents.jsonl'], ['cases', 'diagnosis/refund-cases.jsonl'], ['responses', 'diagnosis/refund-responses.jsonl'], ['judge', 'diagnosis/refund-judge.jsonl'],
  ]);
  const data = await importedSet(join(dir, 'data.sqlite'), [
    ['documents', 'diagnosis-data/documents.jsonl'], ['cases', 'diagnosis-data/cases.jsonl'], ['responses', 'diagnosis-data/responses.jsonl'],
  ]);
  return { refund, data };
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
    const { refund, data } = await fixtureSets(tempDir());
    try {
      expectRecorded('fixtures', { refund: figuresOf(refund), data: figuresOf(data) });
    } finally {
      refund.close();
      data.close();
    }
  });

  it('on the same fixtures while the retrieval index awaits a rebuild: every figure worked out from the stored lists', async () => {
    const { refund, data } = await fixtureSets(tempDir());
    try {
      for (const db of [refund, data]) db.prepare("INSERT INTO meta (key, value) VALUES ('retrieval_index_stale', '1')").run();
      // read from the recording the indexed figures made (not written again here)
      expect({ refund: figuresOf(refund), data: figuresOf(data) }).toEqual(JSON.parse(readFileSync(join(RECORDED, 'fixtures.json'), 'utf8')));
      // every response's lists were read as stored: none came with facts or holds
      for (const db of [refund, data]) {
        for (const { system } of listSystems(db)) expect(diagnosisInput(db, system, TODAY).responses.every((r) => !r.facts && !r.holds)).toBe(true);
      }
    } finally {
      refund.close();
      data.close();
    }
  });

  it('on a written file of "stated" labels as people leave them: adjudications with an extra mark or of old claims, reviewers who add marks, dispute a citation or save none, a response without its case, relabelled while kept, and read from the stored lists', async () => {
    const input = syntheticDiagnosis(120);
    const { db } = await openTestSetFile(join(tempDir(), 'stated.sqlite'), { create: true });
    writeDiagnosisFile(db, input);
    const system = input.system;
    const byId = new Map(input.responses.map((r) => [r.responseId, r]));
    const cases = new Map(input.cases.map((c) => [c.caseId, c]));
    const bo = createReviewer(db, 'Bo').id;
    db.prepare("INSERT INTO rounds (id, week, seed, size, status, created_at) VALUES (1, '2026-W01', 1, 1, 'closed', '2026-01-01')").run();
    const adjudicate = db.prepare("INSERT INTO adjudications (round_id, case_seq, response_seq, dimension, value, source, created_at) VALUES (1, ?, ?, 'claimsStated', ?, 'lead', '2026-01-01')");
    const label = db.prepare("INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind) VALUES (?, ?, ?, 'claimsStated', ?, ?, '2026-11-02T00:00:00Z', 'set')");
    const rows = db.prepare('SELECT seq, case_seq, id FROM responses ORDER BY seq').all() as { seq: number; case_seq: number; id: string }[];
    rows.forEach((row, i) => {
      const r = byId.get(row.id)!;
      const kase = cases.get(r.caseId)!;
      const all: Record<string, unknown> = {};
      for (const c of kase.claims) all[c.id] = { stated: i % 3 === 0, citation: i % 2 ? 'supported' : null };
      for (const f of kase.forbidden) all[f.id] = { stated: i % 5 === 0 };
      if (i % 7 === 0) adjudicate.run(row.case_seq, row.seq, JSON.stringify({ ...all, zz: { stated: true } }));
      else if (i % 7 === 1) adjudicate.run(row.case_seq, row.seq, JSON.stringify({ zz: { stated: true } }));
      else if (i % 7 === 2) label.run(`bo-${i}`, row.case_seq, row.seq, JSON.stringify({ ...all, extra: { stated: false } }), bo);
      else if (i % 7 === 3 && r.stated.kind === 'value') {
        label.run(`bo-${i}`, row.case_seq, row.seq, JSON.stringify(Object.fromEntries(Object.entries(r.stated.marks).map(([id, m]) => [id, { stated: m.stated, citation: 'unsupported' }]))), bo);
      } else if (i % 7 === 4) label.run(`bo-${i}`, row.case_seq, row.seq, JSON.stringify({}), bo);
    });
    // a response whose case the file does not hold (written with its foreign keys off)
    db.pragma('foreign_keys = OFF');
    db.prepare("INSERT INTO responses (id, case_seq, system, answer, final_context, condition, citations, trajectory) VALUES ('orphan', 999999, ?, 'x', '[]', 'normal', '[]', '[]')").run(system);
    db.pragma('foreign_keys = ON');
    const fresh = fileFigures(db, system);
    // kept, then relabelled by Bo: the same figures as a read from scratch
    diagnosisInputs(db, system, TODAY);
    input.responses.filter((r) => r.condition === 'normal').slice(0, 12).forEach((r, i) => {
      const kase = cases.get(r.caseId)!;
      const all: Record<string, { stated: boolean }> = {};
      for (const c of kase.claims) all[c.id] = { stated: i % 2 === 0 };
      for (const f of kase.forbidden) all[f.id] = { stated: i % 3 === 0 };
      recordLabel(db, { reviewerId: bo, caseId: r.caseId, responseId: r.responseId, dimension: 'claimsStated', value: i % 4 === 3 ? {} : all });
    });
    const kept = diagnosisInputs(db, system, TODAY);
    expect(kept.read).toBe('relabelled');
    const relabelled = fileFigures(db, system);
    expect({ report: plain(diagnose(kept.base)), layers: plain(layersReport(kept.layers)) }).toEqual(relabelled);
    db.prepare("INSERT INTO meta (key, value) VALUES ('retrieval_index_stale', '1')").run();
    expectRecorded('stated-file', { fresh, relabelled, fromStoredLists: fileFigures(db, system) });
    db.close();
  });

  it('on the bench\'s seeded synthetic responses, with the file\'s retrieval index and matched from the text', () => {
    const input = syntheticDiagnosis(400);
    expectRecorded('synthetic', { indexed: plain(diagnose(input)), matched: plain(diagnose(withoutIndex(input))) });
  });
});
