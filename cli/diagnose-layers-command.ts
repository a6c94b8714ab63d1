import { layersInput } from '../db/diagnosis-layers';
import { listSystems } from '../db/label-reports';
import type { ReadOnlyTestSet } from '../db/open';
import { layersReport, type LayersReport } from '../shared/diagnosis/layers-report';

/**
 * `touchstone diagnose --db FILE [--system S] [--json]`: the data, permission and agent layers of
 * each system version (or one), permission leaks first. Exit 5 when any final context holds a
 * chunk its case's user may not see. Never writes to the file.
 */

export const LEAK_FOUND = 5;

export interface DiagnoseCommandContext {
  usage(message: string): Error;
  open(): ReadOnlyTestSet;
}

const pct = (value: number | null) => (value === null ? 'undefined (no data)' : `${(value * 100).toFixed(1)}%`);
const rateText = (r: { count: number; n: number; rate: number | null; low: number | null; high: number | null }) =>
  r.rate === null ? `undefined (n = 0)` : `${pct(r.rate)} (${r.count}/${r.n}, 95% Wilson ${pct(r.low)}–${pct(r.high)})`;

function textOf(report: LayersReport): string[] {
  const { permission: p, data: d, agent: a } = report;
  const lines = [`System ${report.system}`];
  lines.push(`  Permission leaks: ${p.leakingResponses.length} responses, ${p.leakedChunks} chunks` + (p.scopeUnknownChunks ? `; ${p.scopeUnknownChunks} chunks of documents not in the test set (scope unknown)` : ''));
  for (const leak of p.leakingResponses) {
    lines.push(`    LEAK case ${leak.caseId}${leak.restrictedCase ? ' (restricted)' : ''}, response ${leak.responseId}: ${leak.chunks.map((c) => `${c.docId} [${c.documentScope.join(', ')}]`).join('; ')}`);
  }
  lines.push(`  Stale chunk in context: ${rateText(d.staleContext)}`);
  lines.push(`  Followed stale: ${rateText(d.followedStale.followed)}${d.followedStale.unlabeled ? `, ${d.followedStale.unlabeled} not labeled` : ''}`);
  lines.push(`  Follows the old version (condition conflict): ${rateText(d.conflictRuns.followed)}`);
  lines.push(`  Follows the old version (normal runs, conflict slice): ${rateText(d.conflictSliceNormal.followed)}`);
  lines.push(`  Missed retrieval (must retrieve): ${rateText(a.missedRetrieval)}; needless retrieval: ${rateText(a.needlessRetrieval)}`);
  lines.push(`  Accuracy ${rateText(a.cost.accuracy)}; per correct answer: searches ${a.cost.searchesPerCorrect ?? 'undefined'}, tokens ${a.cost.tokensPerCorrect ?? 'undefined'}; latency p50 ${a.cost.latencyP50 ?? 'undefined'} ms, p95 ${a.cost.latencyP95 ?? 'undefined'} ms`);
  return lines;
}

export function diagnoseCommand(system: string | undefined, context: DiagnoseCommandContext): { code: number; json: unknown; text: string } {
  const opened = context.open();
  try {
    const systems = listSystems(opened.db).map((s) => s.system);
    if (system !== undefined && !systems.includes(system)) throw context.usage(`There are no responses of system "${system}" (systems: ${systems.join(', ') || 'none'}).`);
    const reports = (system ? [system] : systems).map((s) => layersReport(layersInput(opened.db, s)));
    const leaks = reports.reduce((sum, r) => sum + r.permission.leakingResponses.length, 0);
    const text = [...reports.flatMap(textOf), leaks > 0 ? `${leaks} responses leaked content outside their case's scope.` : 'No permission leaks.'].join('\n');
    return { code: leaks > 0 ? LEAK_FOUND : 0, json: { leaks, systems: reports }, text };
  } finally {
    opened.db.close();
  }
}
