import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createReviewer } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { createBackend } from '../../server/backend';
import { runImport } from '../../server/imports/import-pipeline';
import type { ImportJob } from '../../shared/api/contract';

const SEED_CASES = 50;
const LABEL_EVERY_MS = 100;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Labels acknowledged while a large import runs, as the app does it: the
 * import in its worker thread (parse, validate, backup, one write
 * transaction) started through the backend, and a label saved through the
 * same backend every 100 ms (on schedule, whether or not the previous one was
 * answered) until the import ends. Each latency is from the call to the
 * acknowledged answer.
 */
export async function measureLabelsDuringImport(dir: string, files: { documents: string; cases: string }): Promise<Record<string, number>> {
  const file = join(dir, 'labels-during-import.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  runImport(opened.db, { kind: 'documents', format: 'jsonl', fileName: 'documents.jsonl', bytes: Buffer.from(files.documents) });
  const seeds = Array.from({ length: SEED_CASES }, (_, i) => JSON.stringify({ id: `seed-${i}`, query: `标注中的问题 ${i}` })).join('\n');
  runImport(opened.db, { kind: 'cases', format: 'jsonl', fileName: 'seed.jsonl', bytes: Buffer.from(seeds) });
  const reviewerId = createReviewer(opened.db, 'Ada').id;
  opened.db.close();

  const backend = await createBackend({ dataDir: join(dir, 'labels-during-import-data'), mode: 'browser', version: 'bench', initialTestSet: file });
  try {
    const started = performance.now();
    const begun = await backend.dispatch('imports.start', { kind: 'cases', format: 'jsonl', source: { fileName: 'cases.jsonl', contentBase64: Buffer.from(files.cases).toString('base64') } });
    if (!begun.ok) throw new Error(begun.error.message);
    const { jobId } = begun.value as { jobId: string };
    const latencies: number[] = [];
    let running = true;
    const watcher = (async () => {
      while (running) {
        const status = await backend.dispatch('imports.status', { jobId });
        if (status.ok && (status.value as ImportJob).state !== 'running') {
          if ((status.value as ImportJob).state === 'failed') throw new Error(`bench import failed: ${(status.value as ImportJob).error?.message}`);
          running = false;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // on a fixed schedule, not one after another: a label waiting on the import does not hide the ones due meanwhile
    const saves: Promise<void>[] = [];
    for (let i = 0; running; i += 1) {
      const at = performance.now();
      saves.push(
        backend.dispatch('labels.record', { reviewerId, caseId: `seed-${i % SEED_CASES}`, responseId: null, dimension: 'answerability', value: i % 2 ? 'answerable' : 'unanswerable' }).then((saved) => {
          if (!saved.ok) throw new Error(`a label was refused during the import: ${saved.error.message}`);
          latencies.push(performance.now() - at);
        }),
      );
      await new Promise((r) => setTimeout(r, LABEL_EVERY_MS));
    }
    await Promise.all(saves);
    await watcher;
    return {
      importWithLabelsSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      labelAckDuringImportCount: latencies.length,
      labelAckDuringImportP50Ms: Number(percentile(latencies, 50).toFixed(1)),
      labelAckDuringImportP95Ms: Number(percentile(latencies, 95).toFixed(1)),
      labelAckDuringImportMaxMs: Number(Math.max(...latencies).toFixed(1)),
    };
  } finally {
    backend.close();
  }
}
