import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createReviewer } from '../../db/labels';
import { connect, openTestSetFile, readMeta } from '../../db/open';
import { createBackend, type Backend } from '../../server/backend';
import { runImport } from '../../server/imports/import-pipeline';
import type { ImportJob } from '../../shared/api/contract';
import { PACK_EVENTS_PER_CASE, writeGeneratedPack } from '../helpers/generated-pack';

const SEED_CASES = 50;
const LABEL_EVERY_MS = 100;
/** The merged pack: 200,000 events (25,000 finished cases), or every case of a smaller bench. */
const MERGE_PACK_CASES = 25_000;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Labels saved through the backend on a fixed schedule, every 100 ms (whether or not the previous one
 * was answered: a label waiting on the import or merge does not hide the ones due meanwhile), while
 * `running` holds. Each latency is from the call to the acknowledged answer.
 */
async function labelWhile(backend: Backend, reviewerId: number, caseId: (i: number) => string, running: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const saves: Promise<void>[] = [];
  for (let i = 0; running(); i += 1) {
    const at = performance.now();
    // each label on a case changes its value, so every one is a new event
    const value = Math.floor(i / SEED_CASES) % 2 ? 'answerable' : 'unanswerable';
    saves.push(
      backend.dispatch('labels.record', { reviewerId, caseId: caseId(i), responseId: null, dimension: 'answerability', value }).then((saved) => {
        if (!saved.ok) throw new Error(`a label was refused: ${saved.error.message}`);
        latencies.push(performance.now() - at);
      }),
    );
    await new Promise((r) => setTimeout(r, LABEL_EVERY_MS));
  }
  await Promise.all(saves);
  return latencies;
}

const figures = (latencies: number[]) => ({
  count: latencies.length,
  p50: Number(percentile(latencies, 50).toFixed(1)),
  p95: Number(percentile(latencies, 95).toFixed(1)),
  max: Number(Math.max(...latencies).toFixed(1)),
});

/** Upper bounds (ms) of the histogram of write-turn lengths; the last bucket is everything longer. */
const TURN_BUCKETS = [50, 100, 200, 300, 500, 1000];

/**
 * How long each of the worker's write turns held the file (a label waits for the one in progress):
 * count, p50/p95/max, and a histogram, e.g. importTurns100To200Ms, importTurnsOver1000Ms.
 */
function turnFigures(prefix: string, turns: number[]): Record<string, number> {
  if (turns.length === 0) return { [`${prefix}TurnCount`]: 0 };
  const out: Record<string, number> = {
    [`${prefix}TurnCount`]: turns.length,
    [`${prefix}TurnP50Ms`]: Number(percentile(turns, 50).toFixed(1)),
    [`${prefix}TurnP95Ms`]: Number(percentile(turns, 95).toFixed(1)),
    [`${prefix}TurnMaxMs`]: Number(Math.max(...turns).toFixed(1)),
  };
  let lower = 0;
  for (const upper of TURN_BUCKETS) {
    out[`${prefix}Turns${lower}To${upper}Ms`] = turns.filter((t) => t >= lower && t < upper).length;
    lower = upper;
  }
  out[`${prefix}TurnsOver${lower}Ms`] = turns.filter((t) => t >= lower).length;
  return out;
}

/**
 * Labels acknowledged while a large import runs, as the app does it: the
 * import in its worker thread (parse, validate, backup, staging, the short
 * publishing turns) started through the backend, and labels saved through the
 * same backend (labelWhile) until the import ends.
 */
export async function measureLabelsDuringImport(dir: string, files: { documents: string; cases: string }): Promise<Record<string, number>> {
  const file = join(dir, 'labels-during-import.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  runImport(opened.db, { kind: 'documents', format: 'jsonl', fileName: 'documents.jsonl', bytes: Buffer.from(files.documents) });
  const seeds = Array.from({ length: SEED_CASES }, (_, i) => JSON.stringify({ id: `seed-${i}`, query: `标注中的问题 ${i}` })).join('\n');
  runImport(opened.db, { kind: 'cases', format: 'jsonl', fileName: 'seed.jsonl', bytes: Buffer.from(seeds) });
  const reviewerId = createReviewer(opened.db, 'Ada').id;
  opened.db.close();

  const turns: number[] = [];
  const backend = await createBackend({
    dataDir: join(dir, 'labels-during-import-data'), mode: 'browser', version: 'bench', initialTestSet: file, onWriteTurn: (ms) => turns.push(ms),
  });
  try {
    const started = performance.now();
    const begun = await backend.dispatch('imports.start', { kind: 'cases', format: 'jsonl', source: { fileName: 'cases.jsonl', contentBase64: Buffer.from(files.cases).toString('base64') } });
    if (!begun.ok) throw new Error(begun.error.message);
    const { jobId } = begun.value as { jobId: string };
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
    const latencies = await labelWhile(backend, reviewerId, (i) => `seed-${i % SEED_CASES}`, () => running);
    await watcher;
    const { count, p50, p95, max } = figures(latencies);
    return {
      importWithLabelsSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      labelAckDuringImportCount: count,
      labelAckDuringImportP50Ms: p50,
      labelAckDuringImportP95Ms: p95,
      labelAckDuringImportMaxMs: max,
      ...turnFigures('import', turns),
    };
  } finally {
    await backend.close();
  }
}

/**
 * Labels acknowledged while a large label pack merges, as the app does it: a teammate's pack of
 * 200,000 events (every step of 25,000 cases; fewer on a smaller bench) merged through the backend
 * into a copy of the bench's test set from before any label (verification, check, backup, the
 * batches), and a label of another reviewer saved through the same backend every 100 ms until the
 * merge is answered.
 */
export async function measureLabelsDuringMerge(dir: string, masterPath: string, cases: number): Promise<Record<string, number>> {
  const file = join(dir, 'labels-during-merge.sqlite');
  copyFileSync(masterPath, file);
  const db = connect(file);
  const packCases = Math.min(MERGE_PACK_CASES, cases);
  const events = writeGeneratedPack(join(dir, 'merge-pack'), readMeta(db, 'test_set_id')!, 'Cy', packCases);
  const reviewerId = createReviewer(db, 'Labeling during the merge').id;
  db.close();

  const turns: number[] = [];
  const backend = await createBackend({
    dataDir: join(dir, 'labels-during-merge-data'), mode: 'browser', version: 'bench', initialTestSet: file, onWriteTurn: (ms) => turns.push(ms),
  });
  try {
    const started = performance.now();
    let running = true;
    const merged = backend.dispatch('labels.importPack', { dir: join(dir, 'merge-pack') }).finally(() => (running = false));
    const latencies = await labelWhile(backend, reviewerId, (i) => `case-${cases - 1 - (i % SEED_CASES)}`, () => running);
    const outcome = await merged;
    if (!outcome.ok) throw new Error(`bench merge failed: ${outcome.error.message}`);
    if ((outcome.value as { added: number }).added !== events) throw new Error(`bench merge added ${(outcome.value as { added: number }).added} of ${events} events`);
    const { count, p50, p95, max } = figures(latencies);
    return {
      mergeEvents: events,
      mergeEventsPerCase: PACK_EVENTS_PER_CASE,
      mergeWithLabelsSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      labelAckDuringMergeCount: count,
      labelAckDuringMergeP50Ms: p50,
      labelAckDuringMergeP95Ms: p95,
      labelAckDuringMergeMaxMs: max,
      ...turnFigures('merge', turns),
    };
  } finally {
    await backend.close();
  }
}
