import type { LayersReport } from '../shared/diagnosis/layers-report';
import { dataAndAgentLines, diagnoseLayers, leakLines, LEAK_FOUND } from './diagnose-layers-command';
import { ApiError } from '../shared/api/contract';
import type { Rate } from '../shared/diagnosis/rate';
import { layerNameText, layerReasonText } from '../shared/diagnosis/layer-text';
import { diagnose, type DiagnosisReport } from '../shared/diagnosis/report';
import { diagnosisInput } from '../db/diagnosis';
import { listSystems } from '../db/label-reports';
import type { ReadOnlyTestSet } from '../db/open';
import { renderText, text as say, type LocalText } from '../shared/messages/text';

/**
 * `touchstone diagnose --db FILE --system S [--json]`: the Diagnosis screen's figures for one system
 * version, from the same report the API serves, plus each failing response's layer with its
 * reason in words. Opens the file read-only: it never writes.
 */

export interface DiagnoseCommandContext {
  usage(message: string): Error;
  open(): ReadOnlyTestSet;
}

export type DiagnoseJson = DiagnosisReport & { cases: { caseId: string; responseId: string; layer: string; reason: string }[]; dataLayers: LayersReport };

const en = (t: LocalText) => renderText('en', t);

function rateLine(label: string, r: Rate): string {
  if (r.rate === null || r.low === null || r.high === null) return `${label}: undefined (n = 0)`;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const how = r.method === 'cluster-ratio' ? `clustered by case (${r.clusters ?? 0} cases)` : 'Wilson';
  return `${label}: ${pct(r.rate)} (${r.count}/${r.n}), 95% ${pct(r.low)}–${pct(r.high)} ${how}`;
}

/** A table's cells, one line each, with their rates. */
const cellLines = (cells: readonly { key: string; share: Rate }[]) => cells.map((c) => `  ${rateLine(c.key, c.share)}`);

function textOf(report: DiagnosisReport, cases: DiagnoseJson['cases']): string {
  const { layers, quadrant, faithfulness, goldContext, noRetrieval, distractorsOnly, reordered, citations } = report;
  const top = layers.top ? layers.counts.find((c) => c.layer === layers.top)! : null;
  const lines = [
    `Diagnosis of ${report.system}: ${report.responses.total} responses (${Object.entries(report.responses.byCondition).map(([c, n]) => `${c} ${n}`).join(', ')}).`,
    ...(report.responses.duplicates > 0 ? [`${report.responses.duplicates} extra responses of one condition for one case left out (the first by id is used).`] : []),
    layers.failing === 0
      ? en(layers.unplaced === 0 ? say('diagnosis.summary.none', { assessed: layers.assessed }) : say('diagnosis.summary.unplaced', { count: layers.unplaced }))
      : top
        ? en(say('diagnosis.summary.top', { layer: layerNameText(top.layer), count: top.share.count, total: layers.failing }))
        : en(say('diagnosis.summary.tie', { total: layers.failing })),
    ...(layers.unplaced > 0 && layers.failing > 0 ? [en(say('diagnosis.summary.unplaced', { count: layers.unplaced }))] : []),
    '',
    'Failures per layer (permission → data → agent → retrieval → context assembly → generation):',
    ...layers.counts.map((c) => `  ${rateLine(c.layer.padEnd(16), c.share)}`),
    '',
    ...cases.map((c) => `  ${c.caseId} / ${c.responseId}: ${c.layer}: ${c.reason}`),
    '',
    rateLine('Claim recall', quadrant.claimRecall),
    rateLine('Context utilisation', quadrant.utilisation),
    `Recall × utilisation (thresholds ${quadrant.thresholds.recall}, ${quadrant.thresholds.utilisation}):`,
    ...quadrant.cells.map((c) => `  ${rateLine(`recall ${c.recall} × utilisation ${c.utilisation}`, c.share)}`),
    `  left out: ${quadrant.excluded.noEvidence} without evidence, ${quadrant.excluded.notLabeled} not labeled, ${quadrant.excluded.reviewersDisagree} where reviewers disagree; ${quadrant.utilisationUndefined.length} with nothing held (utilisation undefined)`,
    `Faithfulness × correctness (faithful at ${faithfulness.threshold} or above):`,
    ...cellLines(faithfulness.cells),
    `  left out: ${faithfulness.excluded.notAssessed} without both values`,
    `Gold context (correctness from ${goldContext.correctnessFrom.human} human, ${goldContext.correctnessFrom.judge} judge):`,
    ...cellLines(goldContext.cells),
    `  left out: ${goldContext.excluded.noEvidence} without evidence, ${goldContext.excluded.notAssessed} not assessed, ${goldContext.excluded.noNormal} without a normal run to pair with`,
    'No retrieval (correct without × with retrieval):',
    ...cellLines(noRetrieval.cells),
    ...noRetrieval.groups.flatMap((g) => [
      `  question type ${g.questionType ?? '(none)'} (${g.dependency} dependency): ${
        g.dependency === 'strong'
          ? rateLine('right without retrieval (it remembered today: the policy will change)', g.rightWithoutRetrieval)
          : `retrieval fixed ${g.cells.find((c) => c.key === 'only-with-retrieval')?.cases.length ?? 0} and broke ${g.cells.find((c) => c.key === 'only-without-retrieval')?.cases.length ?? 0}`
      }`,
      ...g.cells.map((c) => `    ${rateLine(c.key, c.share)}`),
    ]),
    `  left out: ${noRetrieval.excluded.notAssessed} not assessed, ${noRetrieval.excluded.noNormal} without a normal run to pair with; leak candidates ${noRetrieval.leakCandidates.map((r) => r.caseId).join(', ') || 'none'}; flagged ${noRetrieval.flagged.join(', ') || 'none'}`,
    `${rateLine('Distractors only, unsafe', distractorsOnly.unsafe)}; left out: ${distractorsOnly.excluded.notLabeled} without a behaviour label`,
    `${rateLine('Reordered, correctness changed', reordered.changed)}; left out: ${reordered.excluded.notAssessed} not assessed, ${reordered.excluded.noNormal} without a normal run to compare with`,
    rateLine('Citation correctness', citations.correctness),
    rateLine('Citation completeness', citations.completeness),
    `Citation rule checks (${citations.responsesWithCitations} responses carry citations): ${citations.ruleFindings.map((f) => `${f.tag} ${f.responses.length}`).join(', ')}`,
  ];
  return lines.join('\n');
}

export function diagnoseCommand(args: { db: string; system: string | undefined }, context: DiagnoseCommandContext): { code: number; json: DiagnoseJson; text: string } {
  if (!args.system) throw context.usage('--system S is required (the system version to diagnose).');
  const opened = context.open();
  try {
    const systems = listSystems(opened.db).map((s) => s.system);
    if (!systems.includes(args.system)) {
      throw new ApiError('not-found', systems.length ? say('err.system.no-responses-list', { system: args.system, systems: systems.join(', ') }) : say('err.system.no-responses', { system: args.system }), { file: args.db, line: null, field: '--system' });
    }
    const report = diagnose(diagnosisInput(opened.db, args.system));
    const cases = report.layers.assignments.map((a) => ({ caseId: a.caseId, responseId: a.responseId, layer: a.layer, reason: en(layerReasonText(a.reason)) }));
    const dataLayers = diagnoseLayers(opened.db, args.system);
    // Leaks come first and are counted apart: any one fails the run.
    const text = [...leakLines(dataLayers), '', textOf(report, cases), '', ...dataAndAgentLines(dataLayers)].join('\n');
    return { code: dataLayers.permission.leakingResponses.length > 0 ? LEAK_FOUND : 0, json: { ...report, cases, dataLayers }, text };
  } finally {
    opened.db.close();
  }
}
