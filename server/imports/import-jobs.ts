import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ApiError, type AppendedCounts, type ApiErrorBody, type ImportJob } from '../../shared/api/contract';
import type { AppendedKind } from '../../shared/domain/schemas';
import { importFailure } from './import-pipeline';
import type { ImportRequest, ImportProgress, ImportOutcome } from './import-pipeline';
import { text as say } from '../../shared/messages/text';
import type { TurnMessage, WriteTurns } from './write-turns';

export type WorkerMessage =
  | ({ type: 'progress' } & ImportProgress)
  /** a turn for one short write on the test set (a batch of search rows or rows), its end, and the span in which the import publishes */
  | TurnMessage
  | ({ type: 'done' } & ImportOutcome)
  | { type: 'failed'; error: ApiErrorBody };

export interface ImportWorkerData {
  dbPath: string;
  request: ImportRequest;
}

/** Running from TypeScript sources (tsx) the worker needs the tsx loader; a bundled build ships plain JS. */
function spawnImportWorker(data: ImportWorkerData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  if (fromSources) {
    return new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./import-worker.ts', import.meta.url).href, data },
    });
  }
  return new Worker(new URL('./import-worker.mjs', import.meta.url), { workerData: { data } });
}

/**
 * Imports run in a worker thread with their own connection, one at a time,
 * so a large file never freezes the app; callers poll `status` for progress.
 * The worker writes the import into a staged copy and touches the test set
 * only in short turns (db/import-stage.ts), so a label waits at most one of them.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly turns: WriteTurns) {}

  start(dbPath: string, request: ImportRequest): string {
    const jobId = randomUUID();
    const job = this.newJob(jobId, request.fileName, request.kind);
    this.queue = this.queue.then(() => this.run(job, dbPath, request));
    return jobId;
  }

  /**
   * A labels or adjudications export: appended on the app's own connection (a few short
   * transactions, no worker), after any import queued before it, so it finds the cases it names.
   */
  startAppend(fileName: string, kind: AppendedKind, append: () => Promise<AppendedCounts>): string {
    const jobId = randomUUID();
    const job = this.newJob(jobId, fileName, kind);
    this.queue = this.queue.then(async () => {
      try {
        const appended = await append();
        Object.assign(job, { state: 'done', phase: 'finished', format: null, appended, done: appended.rows, total: appended.rows });
      } catch (error) {
        Object.assign(job, { state: 'failed', phase: 'finished', error: importFailure(error, fileName) });
      }
    });
    return jobId;
  }

  private newJob(jobId: string, fileName: string, kind: ImportJob['kind']): ImportJob {
    const job: ImportJob = {
      jobId, fileName, kind, state: 'running', phase: 'reading', done: 0, total: 0, format: null, added: null,
      runId: null, alreadyImported: false, report: null, appended: null, error: null,
    };
    this.jobs.set(jobId, job);
    return job;
  }

  private async run(job: ImportJob, dbPath: string, request: ImportRequest): Promise<void> {
    // The worker writes the backup itself, once the file is valid and before writing (db/backups.ts).
    return new Promise((resolve) => {
      const worker = spawnImportWorker({ dbPath, request });
      const turn = this.turns.serve(worker);
      const finish = (patch: Partial<ImportJob>) => {
        if (job.state === 'running') Object.assign(job, patch);
        turn.end();
        resolve();
      };
      worker.on('message', (message: WorkerMessage) => {
        if (turn.answer(message)) return;
        if (message.type === 'progress') Object.assign(job, { phase: message.phase, done: message.done, total: message.total });
        else if (message.type === 'done') finish({
          state: 'done', phase: 'finished', format: message.format, added: message.added, done: job.total,
          runId: message.runId, alreadyImported: message.alreadyImported, report: message.report,
        });
        else finish({ state: 'failed', phase: 'finished', error: message.error });
      });
      worker.on('error', (error) => finish({ state: 'failed', phase: 'finished', error: new ApiError('internal', say('err.import.worker-failed', { reason: error.message })).toBody() }));
      worker.on('exit', () => finish({ state: 'failed', phase: 'finished', error: new ApiError('internal', say('err.import.worker-exited')).toBody() }));
    });
  }

  /** An import is running or queued (a restore is refused meanwhile). */
  get running(): boolean {
    for (const job of this.jobs.values()) if (job.state === 'running') return true;
    return false;
  }

  status(jobId: string): ImportJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new ApiError('not-found', say('err.import.no-job', { jobId }), { file: 'import.status', line: null, field: 'jobId' });
    return { ...job };
  }
}
