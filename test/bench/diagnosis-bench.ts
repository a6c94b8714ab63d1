/**
 * Diagnosis figures for `npm run bench`: one system version with 100,000 responses (override with
 * BENCH_DIAGNOSIS_RESPONSES): 70% normal runs, one case each, plus gold-context, no-retrieval,
 * reordered and distractors-only runs of those cases, each response with a 5-chunk final context, 10 candidates, two claims'
 * "stated" marks and a citation, and the retrieval index (units, which chunk holds which) as the
 * file keeps it per import.
 *
 * - diagnosisComputeMs: every figure of the Diagnosis screen's report (shared/diagnosis `diagnose`)
 *   from responses already in memory, none derived before (each run on its own copy: what a response
 *   derives is kept while its object lives, shared/diagnosis/derived-once.ts);
 * - diagnosisEndToEndMs: the same through `diagnosis.report`'s reading of the file (db/diagnosis.ts)
 *   on the bench test set's own system (one plain response per case);
 * - the whole Diagnosis page of one system from a file holding those same synthetic responses
 *   (written by test/bench/diagnosis-file.ts: contexts, candidates, citations, labels, a judge run,
 *   the retrieval index), as the screen gets it: `diagnosis.report` then `diagnosis.layers` through
 *   the dispatcher (contract checks), answered by the Diagnosis worker (server/diagnosis/page-jobs.ts),
 *   and written as JSON. diagnosisPageAfterImportMs: the first page after the import (it computes and
 *   keeps every response's facts, and stores the page in the file); diagnosisPageColdMs: the first page
 *   after reopening the file with nothing written since (the page the file stores);
 *   diagnosisPageColdReadMs: the first page after reopening the file when a label was saved since, and
 *   nothing read ahead (the worker reads the file whole), with diagnosisMainThreadStallMs the longest
 *   this thread's event loop waited meanwhile (what a label saved then would wait);
 *   diagnosisPageAfterReadAheadMs: the file opened as the app opens it (a file diagnosed before is
 *   read ahead), a label, then the page; diagnosisPageWarmMs: the page asked again, nothing written
 *   between (the reports are kept); diagnosisPageBytes: what the two answers weigh (each list of
 *   cases cut to its first 30); diagnosisMoreCasesMs: "show more" on the longest list, its next 100
 *   cases; diagnosisPageAfterLabelMs: the page after one reviewer's label (the worker keeps what it
 *   read and reads that response's labels again: db/diagnosis-inputs.ts);
 *   diagnosisKeptCurrentAfterEditMs: after a case edit (which makes the next page read the file whole),
 *   how long until the worker, keeping the page current, has stored it again
 *   (server/diagnosis/keep-current.ts: this includes its wait for writes to pause, 3–6 s, and the read),
 *   and diagnosisPageAfterEditMs: the page asked then;
 * - diagnosisReportFromFileMs, diagnosisLayersFromFileMs: each half read from the file and computed in
 *   process, no contract checks and nothing kept;
 * - diagnosisFiguresShippedColdMs: both halves' figures computed from the file's inputs, already read,
 *   by code bundled as the app's Diagnosis worker is, in a fresh process (nothing derived, nothing
 *   optimised before; median of 5 processes), with its report and layers halves apart and
 *   diagnosisFiguresShippedKeptMs, the same again once every response's derived values are kept.
 * Wall-clock medians of 3 runs, and the CPU time of the median run (the machine may be shared).
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { diagnosisInput, setCaseLeak } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { forbiddenClaimId } from '../../shared/diagnosis/claim-ids';
import { diagnose } from '../../shared/diagnosis/report';
import { DEFAULT_DIAGNOSIS_SETTINGS, type Condition, type DiagnosisInput, type DxCase, type DxResponse } from '../../shared/diagnosis/types';
import { mulberry32 } from '../../shared/stats';
import { writeDiagnosisFile } from './diagnosis-file';
import { figuresAsShipped } from './diagnosis-figures-shipped';
import { measure, type Measured } from './measure';
import { createDispatcher } from '../../server/dispatch';
import { createDiagnosisHandlers } from '../../server/diagnosis/handlers';
import { createDiagnosisDataHandlers } from '../../server/diagnosis/data-handlers';
import { pageWorkerOf, stopDiagnosisWorker, warmDiagnosis } from '../../server/diagnosis/page-jobs';
import { storedHalf } from '../../server/diagnosis/page-figures';
import type { Handlers } from '../../shared/api/contract';

const RESPONSES = Number(process.env.BENCH_DIAGNOSIS_RESPONSES ?? 100_000);
const COUNTERFACTUAL: Condition[] = ['gold-context', 'no-retrieval', 'reordered', 'distractors-only'];

export function syntheticDiagnosis(responses = RESPONSES): DiagnosisInput {
  const raw = mulberry32(20261201);
  const next = () => raw() / 2 ** 32;
  // 70% normal responses, one case each; the rest counterfactual runs of those cases
  const caseCount = Math.max(1, Math.round(responses * 0.7));
  const cases: DxCase[] = [];
  const forbidden = forbiddenClaimId('7 天内全额退款');
  for (let c = 0; c < caseCount; c++) {
    cases.push({
      caseId: `case-${c}`,
      questionType: c % 2 ? 'policy-and-amounts' : 'how-to',
      answerability: 'answerable',
      accessScope: ['public'],
      claims: [
        { id: 'c1', text: `第 ${c} 条：30 天内可退款`, evidence: [{ docId: `doc-${c % 500}`, quote: `规则 ${c % 500}：购买后 30 天内可申请退款` }] },
        { id: 'c2', text: '按剩余天数折算', evidence: [{ docId: `doc-${c % 500}`, quote: '按剩余天数折算退款金额' }] },
      ],
      forbidden: [{ id: forbidden, text: '7 天内全额退款' }],
      leak: false,
      // as the file's retrieval index gives them (db/diagnosis.ts reads retrieval_units)
      units: [
        { docId: `doc-${c % 500}`, quote: `规则 ${c % 500}：购买后 30 天内可申请退款`, claims: ['c1'] },
        { docId: `doc-${c % 500}`, quote: '按剩余天数折算退款金额', claims: ['c2'] },
      ],
    });
  }
  const out: DxResponse[] = [];
  for (let i = 0; i < responses; i++) {
    const c = i < caseCount ? i : (i - caseCount) % caseCount;
    const doc = `doc-${c % 500}`;
    const evidence = { docId: doc, chunkId: `${doc}#2`, text: `第 2 条 规则 ${c % 500}：购买后 30 天内可申请退款，按剩余天数折算退款金额。` };
    const noise = Array.from({ length: 12 }, (_, k) => ({ docId: `noise-${k}`, chunkId: `noise-${k}`, text: `无关段落 ${k}：会员等级与积分说明，第 ${k} 节。` }));
    const evidenceAt = Math.floor(next() * 10);
    const candidates = noise.slice(0, 10).map((n, k) => (k === evidenceAt ? evidence : n)).map((ch, k) => ({ ...ch, rank: k + 1 }));
    out.push({
      responseId: `resp-${i}`,
      caseId: `case-${c}`,
      condition: i < caseCount ? 'normal' : COUNTERFACTUAL[(i - caseCount) % COUNTERFACTUAL.length],
      retrievalCalled: next() > 0.05,
      finalContext: candidates.slice(0, 5),
      candidates,
      citations: [{ start: 0, end: 4, chunkId: `${doc}#2`, docId: doc }],
      stated: { kind: 'value', source: 'reviewer', marks: { c1: { stated: next() > 0.3, citation: 'supported' }, c2: { stated: next() > 0.5 }, [forbidden]: { stated: next() > 0.9 } } },
      correct: { value: next() > 0.4, source: next() > 0.5 ? 'human' : 'judge' },
      faithfulness: { value: next(), source: 'judge' },
      behavior: next() > 0.5 ? 'answered' : 'refused',
      // as retrieval_holds gives them: the evidence chunk holds both units
      holds: {
        context: { length: 5, first: new Map(evidenceAt < 5 ? [[0, evidenceAt + 1], [1, evidenceAt + 1]] : []) },
        candidates: { length: 10, first: new Map([[0, evidenceAt + 1], [1, evidenceAt + 1]]) },
      },
    });
  }
  const documents = Array.from({ length: 500 }, (_, d) => ({
    docId: `doc-${d}`, revision: 'v2', newest: true, stale: false, accessScope: ['public'],
    text: `第 2 条 规则 ${d}：购买后 30 天内可申请退款，按剩余天数折算退款金额。`,
  }));
  return { system: 'bench-diagnosis@1', cases, responses: out, documents, settings: DEFAULT_DIAGNOSIS_SETTINGS };
}

/**
 * The page as the screen gets it: `diagnosis.report` then `diagnosis.layers` through the dispatcher
 * (input and output checked against the contract) and each answer written as the bridge sends it.
 */
function pageDispatcher(db: () => Db): () => Promise<number> {
  const dispatch = createDispatcher({ ...createDiagnosisHandlers(db), ...createDiagnosisDataHandlers(db) } as Handlers);
  return async () => {
    let bytes = 0;
    for (const name of ['diagnosis.report', 'diagnosis.layers']) {
      const answer = await dispatch(name, { system: 'bench-diagnosis@1' });
      if (!answer.ok) throw new Error(`${name}: ${answer.error.message}`);
      bytes += JSON.stringify(answer).length;
    }
    return bytes;
  };
}

/** "Show more" on the page's longest list of cases: its next 100 after the 30 the page carries (the page read once, before timing). */
async function moreCases(db: () => Db): Promise<() => Promise<void>> {
  const dispatch = createDispatcher({ ...createDiagnosisHandlers(db), ...createDiagnosisDataHandlers(db) } as Handlers);
  const page = await dispatch('diagnosis.report', { system: 'bench-diagnosis@1' });
  if (!page.ok) throw new Error(page.error.message);
  const { lists, version } = page.value as { lists: Record<string, number>; version: string };
  const [list] = Object.entries(lists).sort((a, b) => b[1] - a[1])[0];
  return async () => {
    const answer = await dispatch('diagnosis.cases', { system: 'bench-diagnosis@1', version, part: 'report', list, offset: 30, limit: 100 });
    if (!answer.ok) throw new Error(`diagnosis.cases: ${answer.error.message}`);
  };
}

/** Median of `runs` computations, each on a fresh copy of the input made before its timing starts. */
async function fromScratch(runs: number, input: DiagnosisInput, compute: (copy: DiagnosisInput) => unknown): Promise<Measured> {
  const samples: Measured[] = [];
  for (let run = 0; run < runs; run++) {
    const copy = structuredClone(input);
    samples.push(await measure(1, () => compute(copy)));
  }
  return samples.sort((a, b) => a.wallMs - b.wallMs)[Math.floor(runs / 2)];
}

/** One label written on the app's connection, on the next normal response (alternately right and wrong). */
function labeler(db: Db, input: DiagnosisInput): () => void {
  const reviewer = createReviewer(db, `Bench labeler ${Date.now()}`).id;
  const normal = input.responses.filter((r) => r.condition === 'normal');
  let next = 0;
  return () => {
    const r = normal[next++];
    recordLabel(db, { reviewerId: reviewer, caseId: r.caseId, responseId: r.responseId, dimension: 'correctness', value: next % 2 ? 0 : 2 });
  };
}

/** One label written, then the page; the label's own save (~2 ms) is in the figure. */
async function pageAfterLabel(db: Db, input: DiagnosisInput): Promise<() => Promise<void>> {
  const page = pageDispatcher(() => db);
  await page();
  const label = labeler(db, input);
  return async () => {
    label();
    await page();
  };
}

/** The file opened as the app opens it (its quick_check in a worker meanwhile). */
async function opened(path: string): Promise<Db> {
  const file = await openTestSetFile(path, { create: false, deferIntegrityCheck: true });
  await file.integrity;
  return file.db;
}

/** Closed as the app closes it: its Diagnosis worker first. */
async function closed(db: Db): Promise<void> {
  await stopDiagnosisWorker(db);
  db.close();
}

/** The longest wait of this thread's event loop while `fn` runs: what a label saved meanwhile would wait. */
async function longestStall(fn: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await fn();
  delay.disable();
  return Math.round(delay.max / 1e6);
}

export async function measureDiagnosis(db: Db, system: string, dir: string): Promise<Record<string, number>> {
  const input = syntheticDiagnosis();
  const compute = await fromScratch(3, input, (copy) => diagnose(copy));
  const endToEnd = await measure(3, () => diagnose(diagnosisInput(db, system)));
  const path = join(dir, 'diagnosis.sqlite');
  const written = (await openTestSetFile(path, { create: true })).db;
  let file = written;
  try {
    writeDiagnosisFile(written, input);
    // the first page after the import computes and keeps every response's facts (db/response-facts.ts) and stores the page
    const afterImport = await measure(1, pageDispatcher(() => written));
    await closed(written);
    // reopened with nothing written since: the page the file stores
    const cold: Measured[] = [];
    let pageBytes = 0;
    for (let run = 0; run < 3; run++) {
      file = await opened(path);
      const page = pageDispatcher(() => file);
      cold.push(await measure(1, async () => (pageBytes = await page())));
      await closed(file);
    }
    cold.sort((a, b) => a.wallMs - b.wallMs);
    // reopened after a label saved while it was closed, not read ahead: the worker reads it whole; this
    // thread's longest stall meanwhile
    const coldRead: Measured[] = [];
    let stall = 0;
    for (let run = 0; run < 3; run++) {
      file = await opened(path);
      labeler(file, input)();
      const page = pageDispatcher(() => file);
      stall = Math.max(stall, await longestStall(async () => coldRead.push(await measure(1, page))));
      await closed(file);
    }
    coldRead.sort((a, b) => a.wallMs - b.wallMs);
    // reopened as the app opens it (a file diagnosed before is read ahead), a label, then the page
    file = await opened(path);
    warmDiagnosis(file);
    await pageWorkerOf(file).ask({ op: 'warm', system: input.system });
    const label = labeler(file, input);
    const page = pageDispatcher(() => file);
    const afterReadAhead = await measure(1, async () => {
      label();
      await page();
    });
    // warm: the page asked again while nothing was written
    const warm = await measure(3, pageDispatcher(() => file));
    const more = await measure(3, await moreCases(() => file));
    // a reviewer's label between two visits: the page takes in that response alone (db/diagnosis-inputs.ts)
    const afterLabel = await measure(3, await pageAfterLabel(file, input));
    // a case edited between two visits: the worker, asked last for the page, reads the file again once writes pause
    const editedAt = performance.now();
    setCaseLeak(file, input.cases[0].caseId, true);
    while (storedHalf(file, input.system, 'report') === null) {
      if (performance.now() - editedAt > 300_000) throw new Error('the page was not kept current after a case edit');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const keptCurrent = Math.round(performance.now() - editedAt);
    const afterEdit = await measure(1, pageDispatcher(() => file));
    await closed(file);
    const shipped = await figuresAsShipped(path, input.system, 5);
    file = await opened(path);
    const report = () => diagnose(diagnosisInput(file, input.system));
    const layers = () => layersReport(layersInput(file, input.system));
    const fromFile = await measure(3, report);
    const layersFromFile = await measure(3, layers);
    const figure = (m: Measured) => `${m.wallMs} ms (${m.cpuMs} ms CPU)`;
    console.log(
      `Diagnosis page at ${input.responses.length.toLocaleString('en-US')} responses: reopened ${figure(cold[1])}, warm ${figure(warm)}, ` +
        `reopened after a label, read whole ${figure(coldRead[1])} (this thread's longest stall ${stall} ms), after a label once read ahead ${figure(afterReadAhead)}, ` +
        `first after the import ${figure(afterImport)}, after a label ${figure(afterLabel)}; ${(pageBytes / 1e3).toFixed(0)} kB of answers; show more ${figure(more)}; ` +
        `after a case edit stored again in ${keptCurrent} ms, then the page ${figure(afterEdit)}`,
    );
    console.log(
      `Diagnosis figures at ${input.responses.length.toLocaleString('en-US')} responses, as the app's worker runs them, from inputs read: ` +
        `first computation ${shipped.coldMs} ms (${shipped.coldCpuMs} ms CPU; report ${shipped.reportMs} ms, layers ${shipped.layersMs} ms), ` +
        `again with what each response derives kept ${shipped.keptMs} ms`,
    );
    return {
      diagnosisResponses: input.responses.length,
      diagnosisComputeMs: compute.wallMs,
      diagnosisComputeCpuMs: compute.cpuMs,
      diagnosisEndToEndMs: endToEnd.wallMs,
      diagnosisEndToEndCpuMs: endToEnd.cpuMs,
      diagnosisPageAfterImportMs: afterImport.wallMs,
      diagnosisPageAfterImportCpuMs: afterImport.cpuMs,
      diagnosisPageColdMs: cold[1].wallMs,
      diagnosisPageColdCpuMs: cold[1].cpuMs,
      diagnosisPageColdReadMs: coldRead[1].wallMs,
      diagnosisPageColdReadCpuMs: coldRead[1].cpuMs,
      diagnosisMainThreadStallMs: stall,
      diagnosisPageAfterReadAheadMs: afterReadAhead.wallMs,
      diagnosisPageWarmMs: warm.wallMs,
      diagnosisPageWarmCpuMs: warm.cpuMs,
      diagnosisPageBytes: pageBytes,
      diagnosisMoreCasesMs: more.wallMs,
      diagnosisPageAfterLabelMs: afterLabel.wallMs,
      diagnosisPageAfterLabelCpuMs: afterLabel.cpuMs,
      diagnosisKeptCurrentAfterEditMs: keptCurrent,
      diagnosisPageAfterEditMs: afterEdit.wallMs,
      diagnosisReportFromFileMs: fromFile.wallMs,
      diagnosisReportFromFileCpuMs: fromFile.cpuMs,
      diagnosisLayersFromFileMs: layersFromFile.wallMs,
      diagnosisLayersFromFileCpuMs: layersFromFile.cpuMs,
      diagnosisFiguresShippedColdMs: shipped.coldMs,
      diagnosisFiguresShippedColdCpuMs: shipped.coldCpuMs,
      diagnosisFiguresShippedReportMs: shipped.reportMs,
      diagnosisFiguresShippedLayersMs: shipped.layersMs,
      diagnosisFiguresShippedKeptMs: shipped.keptMs,
    };
  } finally {
    if (file.open) await closed(file);
  }
}
