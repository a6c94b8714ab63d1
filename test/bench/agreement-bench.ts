/**
 * Agreement figures for `npm run bench`: one dimension, 200,000 verdict/label pairs,
 * all coefficients plus 2,000 bootstrap resamples.
 *
 * - agreement*ComputeMs: the assembly of shared/agreement alone (point estimates, 2,000
 *   resamples, confusion matrix, bias, per-slice and per-question-type breakdowns,
 *   disagreements) on pairs already in memory — the figure the issue sets a 1 s target for;
 * - agreementEndToEndMs: the same through the API's report function, reading the verdicts and
 *   the current labels from SQLite first (200,000 + 200,000 rows).
 * Wall-clock medians of 3 runs, and the CPU time of the median run (the machine may be shared).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openTestSetFile } from '../../db/open';
import { judgeVsHumanReport } from '../../server/agreement/agreement-handlers';
import { BOOTSTRAP_RESAMPLES, judgeVsHumanDimension, type AgreementPair } from '../../shared/agreement';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { mulberry32 } from '../../shared/stats';
import { measure } from './measure';

const PAIRS = Number(process.env.BENCH_AGREEMENT_PAIRS ?? 200_000);
const SLICES = ['exact-id', 'paraphrase', 'multi-hop', 'time-sensitive', 'table', 'negation', 'conflict', 'unanswerable'];

/** Ordinal 0–2 (people mostly 2, the judge agreeing 70%, one step off otherwise), or faithfulness-like numbers. */
function syntheticPairs(kind: 'ordinal' | 'numeric'): AgreementPair[] {
  const next = mulberry32(20260101);
  const pick = <T,>(values: readonly T[]) => values[next() % values.length];
  const pairs: AgreementPair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    let human: number;
    let judge: number;
    if (kind === 'ordinal') {
      human = pick([0, 1, 2, 2, 2]);
      const roll = next() % 10;
      judge = roll < 7 ? human : roll < 9 ? Math.min(2, human + 1) : Math.max(0, human - 1);
    } else {
      human = pick([0, 0.2, 0.5, 0.8, 1, 1, 1]);
      judge = Math.min(1, Math.max(0, Math.round((human + pick([-0.2, 0, 0, 0, 0.1, 0.2])) * 10) / 10));
    }
    pairs.push({
      itemKey: i,
      caseId: `case-${i % 100_000}`,
      responseId: `r-${i}`,
      reviewer: 'bench',
      human,
      judge,
      rationale: null,
      slices: [SLICES[i % SLICES.length], SLICES[(i * 3) % SLICES.length]],
      questionType: i % 2 ? 'policy-and-amounts' : 'how-to',
    });
  }
  return pairs;
}

export async function measureAgreement(dir: string): Promise<Record<string, number>> {
  const results: Record<string, number> = { agreementPairs: PAIRS };
  const correctness = DEFAULT_DIMENSIONS.find((d) => d.name === 'correctness')!;
  const faithfulness = DEFAULT_DIMENSIONS.find((d) => d.name === 'faithfulness')!;

  const ordinal = syntheticPairs('ordinal');
  let figure = await measure(3, () => judgeVsHumanDimension({ dimension: correctness, verdicts: PAIRS, pairs: ordinal }));
  results.agreementOrdinalComputeMs = figure.wallMs;
  results.agreementOrdinalComputeCpuMs = figure.cpuMs;
  const numeric = syntheticPairs('numeric');
  figure = await measure(3, () => judgeVsHumanDimension({ dimension: faithfulness, verdicts: PAIRS, pairs: numeric }));
  results.agreementNumericComputeMs = figure.wallMs;
  results.agreementNumericComputeCpuMs = figure.cpuMs;
  const cases = new Set(ordinal.map((p) => p.caseId)).size;
  console.log(
    `agreement over ${PAIRS.toLocaleString('en-US')} pairs (${cases.toLocaleString('en-US')} cases) with ${BOOTSTRAP_RESAMPLES.toLocaleString('en-US')} case resamples: ` +
      `ordinal ${results.agreementOrdinalComputeMs} ms (${results.agreementOrdinalComputeCpuMs} ms CPU), numeric ${results.agreementNumericComputeMs} ms (${results.agreementNumericComputeCpuMs} ms CPU) of computation`,
  );

  // end to end: verdicts and labels in SQLite, read by db/agreement.ts
  const path = join(dir, 'agreement-bench.sqlite');
  const { db } = await openTestSetFile(path, { create: true });
  try {
    const fileCases = Math.ceil(PAIRS / 2);
    const now = new Date().toISOString();
    db.transaction(() => {
      const insertCase = db.prepare('INSERT INTO cases (seq, id, query, question_type) VALUES (?, ?, ?, ?)');
      const insertSlice = db.prepare('INSERT INTO case_slices (case_seq, position, slice) VALUES (?, ?, ?)');
      for (let c = 1; c <= fileCases; c++) {
        insertCase.run(c, `case-${c}`, `问题 ${c}`, c % 2 ? 'policy-and-amounts' : 'how-to');
        insertSlice.run(c, 0, SLICES[c % SLICES.length]);
        insertSlice.run(c, 1, SLICES[(c * 3 + 1) % SLICES.length]);
      }
      const insertResponse = db.prepare("INSERT INTO responses (seq, id, case_seq, system, answer) VALUES (?, ?, ?, 'bench-agent@1', '')");
      for (let r = 1; r <= PAIRS; r++) insertResponse.run(r, `r-${r}`, ((r - 1) % fileCases) + 1);
      db.prepare("INSERT INTO judge_runs (id, model, model_version, prompt_version, source_file, source_sha256, imported_at) VALUES (1, 'bench-judge', '1', 'p1', 'bench.jsonl', '-', ?)").run(now);
      db.prepare("INSERT INTO reviewers (id, name, created_at) VALUES (1, 'bench', ?)").run(now);
      const insertVerdict = db.prepare("INSERT INTO verdicts (run_id, case_seq, response_seq, dimension, value) VALUES (1, ?, ?, 'correctness', ?)");
      const insertLabel = db.prepare(
        "INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind) VALUES (?, ?, ?, 'correctness', ?, 1, ?, 'set')",
      );
      ordinal.forEach((pair, i) => {
        const caseSeq = (i % fileCases) + 1;
        insertVerdict.run(caseSeq, i + 1, JSON.stringify(pair.judge));
        insertLabel.run(`bench-${i}`, caseSeq, i + 1, JSON.stringify(pair.human), now);
      });
    })();
    figure = await measure(3, () => judgeVsHumanReport(db, { runId: 1, dimension: 'correctness', reference: { kind: 'reviewer', reviewerId: 1 } }));
    results.agreementEndToEndMs = figure.wallMs;
    results.agreementEndToEndCpuMs = figure.cpuMs;
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
  return results;
}
