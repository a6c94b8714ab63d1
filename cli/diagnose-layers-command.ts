import { layersInput } from '../db/diagnosis-layers';
import type { Db } from '../db/open';
import { layersReport, type LayersReport } from '../shared/diagnosis/layers-report';

/**
 * The data, permission and agent layers of `touchstone diagnose`: permission leaks first (never
 * averaged in), stale context and the follow-old rates, missed/needless retrieval and accuracy
 * beside cost. Any leak makes the command exit 5.
 */

export const LEAK_FOUND = 5;

const pct = (value: number | null) => (value === null ? 'undefined' : `${(value * 100).toFixed(1)}%`);
const rateText = (r: { count: number; n: number; rate: number | null; low: number | null; high: number | null }) =>
  r.rate === null ? 'undefined (n = 0)' : `${pct(r.rate)} (${r.count}/${r.n}), 95% ${pct(r.low)}–${pct(r.high)} Wilson`;
const orUndefined = (value: number | null, unit = '') => (value === null ? 'undefined' : `${Number(value.toFixed(2))}${unit}`);

export function leakLines(report: LayersReport): string[] {
  const p = report.permission;
  const lines = [`Permission leaks: ${p.leakingResponses.length} responses, ${p.leakedChunks} chunks${p.scopeUnknownChunks ? `; scope unknown (document not in the test set): ${p.scopeUnknownChunks} chunks` : ''}`];
  for (const leak of p.leakingResponses) {
    lines.push(`  LEAK ${leak.caseId} / ${leak.responseId}${leak.restrictedCase ? ' (restricted case)' : ''}: ${leak.chunks.map((c) => `${c.docId} [scope ${c.documentScope.join(', ')}]`).join('; ')}`);
  }
  return lines;
}

export function dataAndAgentLines(report: LayersReport): string[] {
  const { data: d, agent: a } = report;
  return [
    rateLine('Stale chunk in the final context', d.staleContext),
    `${rateLine('Followed stale', d.followedStale.followed)}${d.followedStale.unlabeled ? ` (${d.followedStale.unlabeled} not labeled)` : ''}`,
    rateLine('Follows the old version, conflict runs', d.conflictRuns.followed),
    rateLine('Follows the old version, normal runs of the conflict slice', d.conflictSliceNormal.followed),
    ...report.staleResponses.map((s) => `  stale: ${s.caseId} / ${s.responseId}: ${s.docId} ${s.revision}${s.current ? ` → ${s.current}` : ''} (${s.reason})`),
    rateLine('Missed retrieval (must retrieve)', a.missedRetrieval),
    rateLine('Retrieval that was not needed', a.needlessRetrieval),
    `Searches per case: ${orUndefined(a.searchesPerCase.mean)} (n = ${a.searchesPerCase.n})`,
    `${rateLine('Accuracy', a.cost.accuracy)}; per correct answer: searches ${orUndefined(a.cost.searchesPerCorrect)}, tokens ${orUndefined(a.cost.tokensPerCorrect)}; latency p50 ${orUndefined(a.cost.latencyP50, ' ms')}, p95 ${orUndefined(a.cost.latencyP95, ' ms')}`,
    `Suggested failure tags: ${report.suggestedByLayer.flatMap((g) => g.tags.map((t) => `${t.tag} ${t.count}`)).join(', ') || 'none'}`,
    report.judgeBlamesGeneration ? rateLine('Judge blames generation where people blamed retrieval or data', report.judgeBlamesGeneration) : 'No judge run scores failureLayer.',
  ];
}

function rateLine(label: string, r: Parameters<typeof rateText>[0]): string {
  return `${label}: ${rateText(r)}`;
}

export function diagnoseLayers(db: Db, system: string): LayersReport {
  return layersReport(layersInput(db, system));
}
