import { compareRetrieval, retrievalReport, SUMMARY_METRICS, type Means, type RetrievalFigures, type RetrievalListName, type SummaryMetric } from '../shared/retrieval';
import type { ReadOnlyTestSet } from '../db/open';
import { retrievalData } from '../server/retrieval/retrieval-service';

/**
 * `touchstone retrieval --db FILE --system S [--k 5] [--list candidates|context] [--baseline S2]
 * [--max-drop 0.02] [--json]`: the CI gate. Retrieval metrics are deterministic (the same
 * version on the same cases gives the same figures), so the gate compares point values: a drop
 * on this test set is a real drop on it, treated like a failing unit test. Exit 4 when, over the
 * cases both versions answered, mean Recall@k drops by more than --max-drop, or any slice with
 * at least 20 such cases does. Never writes to the file.
 */

export const GATE_FAILED = 4;
/** Means differ by rounding in the last bits; a drop within this of --max-drop is not over it. */
const ROUNDING = 1e-12;
/** A slice takes part in the gate from this many cases both versions answered. */
export const GATE_MIN_SLICE = 20;

export interface RetrievalArgs {
  system: string | undefined;
  k: string | undefined;
  list: string | undefined;
  baseline: string | undefined;
  maxDrop: string | undefined;
}

export interface RetrievalCommandContext {
  usage(message: string): Error;
  open(): ReadOnlyTestSet;
}

type Points = Record<SummaryMetric, number | null>;

const point = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : v);
const pointsOf = (means: Means): Points => Object.fromEntries(SUMMARY_METRICS.map((m) => [m, point(means[m].value)])) as Points;
const figuresOf = (f: RetrievalFigures): Points => ({
  recall: point(f.recall), hit: point(f.hit), precision: point(f.precision), reciprocalRank: point(f.reciprocalRank),
  ndcg: point(f.ndcg), allFound: f.allFound === null ? null : Number(f.allFound), claimRecall: point(f.claimRecall),
});

export interface RetrievalGateJson {
  system: string;
  k: number;
  list: RetrievalListName;
  n: number;
  excluded: { noEvidence: number; unanswerable: number; noList: number };
  mean: Points;
  cases: ({ caseId: string; responseId: string } & Points)[];
  bySlice: { slice: string; n: number; mean: Points; baseline?: { n: number; mean: Points; drop: number | null } }[];
  baseline?: { system: string; mean: Points; n: number; drop: number | null };
  regressions: { caseId: string; responseId: string; baselineResponseId: string; recallBefore: number; recallAfter: number; lost: { docId: string; quote: string; rankBefore: number | null; rankAfter: number | null }[] }[];
}

function parseArgs(args: RetrievalArgs, context: RetrievalCommandContext): { system: string; k: number; list: RetrievalListName; baseline: string | null; maxDrop: number } {
  if (!args.system?.trim()) throw context.usage('--system S is required (the system version to measure).');
  const k = args.k ?? '5';
  if (!/^\d+$/.test(k) || Number(k) < 1) throw context.usage(`--k must be a whole number of chunks, 1 or more (got "${k}").`);
  const list = args.list ?? 'context';
  if (list !== 'candidates' && list !== 'context') throw context.usage(`--list must be candidates or context (got "${list}").`);
  const maxDrop = args.maxDrop ?? '0.02';
  if (!/^\d*\.?\d+$/.test(maxDrop) || Number(maxDrop) > 1) throw context.usage(`--max-drop must be a share between 0 and 1 (got "${maxDrop}").`);
  if (args.baseline !== undefined && !args.baseline.trim()) throw context.usage('--baseline needs a system version.');
  return { system: args.system.trim(), k: Number(k), list, baseline: args.baseline?.trim() ?? null, maxDrop: Number(maxDrop) };
}

export function retrievalCommand(raw: RetrievalArgs, context: RetrievalCommandContext): { code: number; json: RetrievalGateJson; text: string } {
  const args = parseArgs(raw, context);
  const opened = context.open();
  try {
    const options = { k: args.k, list: args.list };
    const data = retrievalData(opened.db, args.system, args.list);
    const report = retrievalReport(data, options);
    const inMeans = new Set(report.cases.map((c) => c.caseId));
    const json: RetrievalGateJson = {
      system: args.system, k: args.k, list: args.list, n: report.n, excluded: report.excluded, mean: pointsOf(report.mean),
      cases: report.responses.filter((r) => inMeans.has(r.caseId)).map((r) => ({ caseId: r.caseId, responseId: r.responseId, ...figuresOf(r.figures) })),
      bySlice: report.bySlice.map((g) => ({ slice: g.group, n: g.n, mean: pointsOf(g.mean) })),
      regressions: [],
    };
    const failures: string[] = [];
    if (args.baseline !== null) {
      const comparison = compareRetrieval(data, retrievalData(opened.db, args.baseline, args.list), options);
      const drop = (before: Means, after: Means) => {
        const b = before.recall.value;
        const a = after.recall.value;
        return b === null || a === null || !Number.isFinite(b) || !Number.isFinite(a) ? null : b - a;
      };
      const overall = drop(comparison.baseline, comparison.current);
      json.baseline = { system: args.baseline, mean: pointsOf(comparison.baseline), n: comparison.n, drop: overall };
      if (overall !== null && overall > args.maxDrop + ROUNDING) failures.push(`mean Recall@${args.k} dropped by ${overall.toFixed(4)} over ${comparison.n} cases (more than ${args.maxDrop})`);
      for (const slice of comparison.bySlice) {
        const sliceDrop = drop(slice.baseline, slice.current);
        const row = json.bySlice.find((s) => s.slice === slice.group);
        if (row) row.baseline = { n: slice.n, mean: pointsOf(slice.baseline), drop: sliceDrop };
        if (slice.n >= GATE_MIN_SLICE && sliceDrop !== null && sliceDrop > args.maxDrop + ROUNDING) {
          failures.push(`slice ${slice.group}: mean Recall@${args.k} dropped by ${sliceDrop.toFixed(4)} over ${slice.n} cases`);
        }
      }
      json.regressions = comparison.regressions;
    }
    return { code: failures.length > 0 ? GATE_FAILED : 0, json, text: formatGate(json, failures) };
  } finally {
    opened.db.close();
  }
}

const pct = (v: number | null) => (v === null ? 'undefined' : v.toFixed(4));

function formatGate(json: RetrievalGateJson, failures: string[]): string {
  const lines = [
    `${json.system}: ${json.list} at k = ${json.k}, ${json.n} cases (left out: ${json.excluded.noEvidence} without evidence, ${json.excluded.unanswerable} unanswerable, ${json.excluded.noList} responses without this list)`,
    `  Recall ${pct(json.mean.recall)}  Hit ${pct(json.mean.hit)}  Precision ${pct(json.mean.precision)}  MRR ${pct(json.mean.reciprocalRank)}  nDCG ${pct(json.mean.ndcg)}  All found ${pct(json.mean.allFound)}  Claim recall ${pct(json.mean.claimRecall)}`,
  ];
  if (json.baseline) {
    lines.push(`baseline ${json.baseline.system} over ${json.baseline.n} cases both answered: Recall ${pct(json.baseline.mean.recall)}, drop ${pct(json.baseline.drop)}`);
    for (const r of json.regressions.slice(0, 20)) {
      lines.push(`  ${r.caseId}: Recall ${r.recallBefore.toFixed(2)} → ${r.recallAfter.toFixed(2)}`);
      for (const u of r.lost) lines.push(`    lost ${u.docId} "${u.quote}" (rank ${u.rankBefore ?? '–'} → ${u.rankAfter ?? 'not retrieved'})`);
    }
    if (json.regressions.length > 20) lines.push(`  … ${json.regressions.length - 20} more (see --json)`);
  }
  lines.push(failures.length > 0 ? `RETRIEVAL GATE FAILED: ${failures.join('; ')}` : 'retrieval gate passed');
  return lines.join('\n');
}
