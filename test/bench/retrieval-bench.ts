/**
 * Retrieval figures for `npm run bench`: 50,000 cases by default (half of BENCH_CASES; two claims, three evidence quotes each),
 * system A with two responses per case (100,000 responses × 20 candidates + a 5-chunk final
 * context), baseline B with one response per case.
 *
 * - retrievalIndexMs: precomputing which chunk holds which unit for every response (what an
 *   import of these responses adds, db/retrieval-index.ts);
 * - retrievalLoadMs: reading system A's candidate index from SQLite into memory (once per system
 *   and list; the screen keeps it until the file changes);
 * - retrievalComputeMs: every metric at one k over A's 100,000 responses with means, t intervals,
 *   slices and question types (the "under 2 s of computation");
 * - retrievalAllKMs: every case's figures at every k = 1..20, computed once per system and list
 *   when the screen first shows it (kept until the file changes);
 * - retrievalSwitchKMs: the screen's report at another k through the service, from the kept
 *   figures: means with their t intervals, slices, question types, the 200 worst cases
 *   (the "switches k within 100 ms and its intervals within 1 s");
 * - retrievalIntervalsMs: of that, the means with t intervals overall, per slice and per question type;
 * - retrievalCurveMs: the curve over k = 1..20;
 * - retrievalCliMs / retrievalCliBaselineMs: `touchstone retrieval --json` end to end (open, read,
 *   compute, print), without and with --baseline B.
 * Wall-clock medians of 3 runs, with the CPU time of the median run (the machine may be shared).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../cli/main';
import { openTestSetFile } from '../../db/open';
import { loadRetrievalData } from '../../db/retrieval';
import { indexRetrieval } from '../../db/retrieval-index';
import { reportFor } from '../../server/retrieval/retrieval-service';
import { allKFigures, reportFromAllK, retrievalCurve, retrievalReport } from '../../shared/retrieval';
import { measure } from './measure';

const CANDIDATES = 20;
const SLICES = ['exact-id', 'paraphrase', 'multi-hop', 'time-sensitive', 'table', 'negation', 'conflict'];

const quote = (c: number, u: number) => `第 ${c} 号规定的第 ${u} 款内容`;

/** Chunk p of response r for case c: every seventh one carries one of the case's quotes. */
function chunk(c: number, r: number, p: number) {
  const u = (c + r + p) % 7 === 0 ? (p % 3) : -1;
  const text = u >= 0 ? `前文 ${p}，${quote(c, u)}，后文。` : `无关段落 ${r}-${p}：会员权益说明。`;
  return { docId: u >= 0 ? `doc-${c % 500}` : 'kb-other', chunkId: `c${c}-r${r}-p${p}`, text, rank: p + 1, score: 1 - p / 40 };
}

/** `cases` test-set cases: system A answers each twice (2 × cases responses), baseline B once. */
export async function measureRetrieval(dir: string, cases: number): Promise<Record<string, number>> {
  const CASES = cases;
  const results: Record<string, number> = { retrievalCases: CASES };
  const path = join(dir, 'retrieval-bench.sqlite');
  const { db } = await openTestSetFile(path, { create: true });
  let seqs: number[] = [];
  let responses = 0;
  try {
    db.transaction(() => {
      const insertCase = db.prepare('INSERT INTO cases (seq, id, query, question_type, answerability) VALUES (?, ?, ?, ?, ?)');
      const insertSlice = db.prepare('INSERT INTO case_slices (case_seq, position, slice) VALUES (?, ?, ?)');
      const insertClaim = db.prepare('INSERT INTO claims (id, case_seq, position, text) VALUES (?, ?, ?, ?)');
      const insertEvidence = db.prepare('INSERT INTO evidence (claim_id, position, doc_id, quote, grade) VALUES (?, ?, ?, ?, ?)');
      const insertResponse = db.prepare('INSERT INTO responses (id, case_seq, system, answer, final_context, candidates) VALUES (?, ?, ?, ?, ?, ?)');
      for (let c = 1; c <= CASES; c++) {
        insertCase.run(c, `case-${c}`, `问题 ${c}`, c % 2 ? 'policy-and-amounts' : 'how-to', c % 50 === 0 ? 'unanswerable' : 'answerable');
        insertSlice.run(c, 0, SLICES[c % SLICES.length]);
        insertClaim.run(c * 2, c, 0, '断言一');
        insertClaim.run(c * 2 + 1, c, 1, '断言二');
        insertEvidence.run(c * 2, 0, `doc-${c % 500}`, quote(c, 0), null);
        insertEvidence.run(c * 2 + 1, 0, `doc-${c % 500}`, quote(c, 1), 2);
        insertEvidence.run(c * 2 + 1, 1, `doc-${c % 500}`, quote(c, 2), 3);
        for (const [system, count] of [['A', 2], ['B', 1]] as const) {
          for (let r = 0; r < count; r++) {
            const candidates = Array.from({ length: CANDIDATES }, (_, p) => chunk(c, r + (system === 'B' ? 5 : 0), p));
            insertResponse.run(`${system}-${c}-${r}`, c, system, '', JSON.stringify(candidates.slice(0, 5)), JSON.stringify(candidates));
            responses += 1;
          }
        }
      }
    })();
    results.retrievalResponses = responses;
    seqs = db.prepare('SELECT seq FROM cases').pluck().all() as number[];
    const index = await measure(1, () => indexRetrieval(db, seqs));
    results.retrievalIndexMs = index.wallMs;
    results.retrievalIndexCpuMs = index.cpuMs;
    results.retrievalHoldRows = db.prepare('SELECT count(*) FROM retrieval_holds').pluck().get() as number;

    let data = loadRetrievalData(db, 'A', 'candidates');
    const load = await measure(3, () => (data = loadRetrievalData(db, 'A', 'candidates')));
    results.retrievalLoadMs = load.wallMs;
    results.retrievalLoadCpuMs = load.cpuMs;
    const compute = await measure(3, () => retrievalReport(data, { k: 10, list: 'candidates' }));
    results.retrievalComputeMs = compute.wallMs;
    results.retrievalComputeCpuMs = compute.cpuMs;
    let all = allKFigures(data, 'candidates');
    const allK = await measure(3, () => (all = allKFigures(data, 'candidates')));
    results.retrievalAllKMs = allK.wallMs;
    results.retrievalAllKCpuMs = allK.cpuMs;
    reportFor(db, { system: 'A', list: 'candidates', k: 5 });
    let k = 1;
    const switchK = await measure(5, () => reportFor(db, { system: 'A', list: 'candidates', k: (k = (k % 20) + 1) }));
    results.retrievalSwitchKMs = switchK.wallMs;
    results.retrievalSwitchKCpuMs = switchK.cpuMs;
    const intervals = await measure(5, () => reportFromAllK(data, all, (k = (k % 20) + 1), { rows: 0 }));
    results.retrievalIntervalsMs = intervals.wallMs;
    results.retrievalIntervalsCpuMs = intervals.cpuMs;
    const curve = await measure(3, () => retrievalCurve(data, 'candidates'));
    results.retrievalCurveMs = curve.wallMs;
    results.retrievalCurveCpuMs = curve.cpuMs;
  } finally {
    db.close();
  }
  const quiet = { out: () => {}, err: () => {} };
  const cli = await measure(3, () => main(['retrieval', '--db', path, '--system', 'A', '--list', 'candidates', '--k', '10', '--json'], quiet));
  results.retrievalCliMs = cli.wallMs;
  results.retrievalCliCpuMs = cli.cpuMs;
  const gate = await measure(3, () => main(['retrieval', '--db', path, '--system', 'A', '--baseline', 'B', '--list', 'candidates', '--k', '10', '--json'], quiet));
  results.retrievalCliBaselineMs = gate.wallMs;
  results.retrievalCliBaselineCpuMs = gate.cpuMs;
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  return results;
}
