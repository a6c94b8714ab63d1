import { listJudgeRuns } from '../db/agreement';
import type { ReadOnlyTestSet } from '../db/open';

interface RunsContext {
  usage(message: string): Error;
  open(): ReadOnlyTestSet;
}

/** `touchstone runs list --db FILE`: every judge run, oldest first, with what CI needs to pick one (its id and source sha256). */
export function runsCommand(sub: string | undefined, context: RunsContext): { code: number; json: unknown; text: string } {
  if (sub !== 'list') throw context.usage(sub ? `Unknown runs command "${sub}" (expected: runs list).` : 'runs needs a command: runs list.');
  const opened = context.open();
  try {
    const runs = listJudgeRuns(opened.db).reverse().map((r) => ({
      id: r.id, model: r.model, modelVersion: r.modelVersion, promptVersion: r.promptVersion, promptHash: r.promptHash,
      file: r.sourceFile, sha256: r.sourceSha256, importedAt: r.importedAt, verdicts: r.verdicts,
      verdictsPerDimension: Object.fromEntries(r.dimensions.map((d) => [d.name, d.verdicts])),
    }));
    const text = runs.length === 0
      ? 'No judge runs yet (import one with: touchstone import judge FILE --db FILE).'
      : runs.map((r) => [
        `run ${r.id}  ${r.model} ${r.modelVersion}  prompt ${r.promptVersion}  imported ${r.importedAt}`,
        `  file ${r.file}  sha256 ${r.sha256}`,
        `  ${r.verdicts} verdicts: ${Object.entries(r.verdictsPerDimension).map(([d, n]) => `${d} ${n}`).join(', ')}`,
      ].join('\n')).join('\n');
    return { code: 0, json: { runs }, text };
  } finally {
    opened.db.close();
  }
}
