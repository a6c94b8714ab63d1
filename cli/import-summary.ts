import type { ImportOutcome } from '../server/imports/import-pipeline';

/** What an import added, the judge's verdicts per dimension, and what the file held that was not imported. */
export function importSummary(fileName: string, outcome: ImportOutcome): string {
  const { added, report } = outcome;
  const lines = [
    `Imported ${fileName} (${outcome.format}): ${added.documents} documents, ${added.cases} cases, ${added.responses} responses, ` +
    `${added.verdicts} verdicts${outcome.runId !== null ? ` in judge run ${outcome.runId}` : ''}.`,
  ];
  if (!report) return lines[0];
  for (const m of report.metrics) {
    const where = m.dimension === m.metric ? m.dimension : `${m.dimension} (from "${m.metric}")`;
    const status = report.createdDimensions.includes(m.dimension) ? 'dimension created' : m.defined ? 'compared with the human labels' : 'not a dimension of this test set';
    lines.push(`  ${where}: ${m.verdicts} verdicts${m.empty ? `, ${m.empty} empty scores skipped` : ''} (${status})`);
  }
  const offered = report.newDimensions.filter((d) => !report.createdDimensions.includes(d.name));
  if (offered.length) {
    lines.push(`  Not yet dimensions of this test set: ${offered.map((d) => `${d.name} (numeric ${d.min}–${d.max})`).join(', ')}. ` +
      'Add --create-dimensions to define them, so reviewers can label them and agreement can be measured.');
  }
  const scores = report.unused.filter((u) => u.reason === 'judge-score');
  if (scores.length) lines.push(`  Judge scores not imported: ${scores.map((u) => u.field).join(', ')} (import the file as kind "judge" with --judge-model to add them as a judge run).`);
  const unmapped = report.unused.filter((u) => u.reason === 'unmapped');
  if (unmapped.length) lines.push(`  Fields not imported: ${unmapped.map((u) => `${u.field} (${u.records} records)`).join(', ')}.`);
  return lines.join('\n');
}
