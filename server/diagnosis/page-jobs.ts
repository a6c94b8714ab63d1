import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/open';
import { ApiError, type ApiErrorBody } from '../../shared/api/contract';
import { lastStoredSystem } from '../../db/diagnosis-pages';
import type { ReadProgress } from '../../shared/diagnosis/read-steps';
import { storedHalf } from './page-figures';
import { text as say } from '../../shared/messages/text';

/**
 * The Diagnosis page is read and computed in a worker thread, one per open file, on a connection of its
 * own (server/diagnosis/page-worker.ts): at 100,000 responses a read of the file costs seconds, and the
 * thread that saves labels must answer meanwhile. A page the file stores for what it holds now
 * (db/diagnosis-pages.ts) is answered here. The worker keeps what it read between asks, and reads a
 * system ahead when the file opens if it was diagnosed before, and after a stored page is shown, so a
 * page after labelling is brought up to date rather than read whole; while it keeps a read, a write that
 * would make the next page read the file whole is read once writes pause (server/diagnosis/keep-current.ts).
 * It lives while the file is open.
 */

export interface PageWorkerData {
  path: string;
  readonly: boolean;
}

export type CasesAsk = { system: string; version: string; part: 'report' | 'layers'; list: string; offset: number; limit: number };

/** What the worker is asked: one half of the page, a page of one of its lists, or a read ahead of a system. */
export type PageQuestion =
  | { op: 'report' | 'layers'; system: string }
  | { op: 'cases'; ask: CasesAsk }
  | { op: 'warm'; system: string };

export type PageAsk = (PageQuestion | { op: 'close' }) & { id: number };

/** An answer to an ask, or how far the read under way has come (null: none is under way). */
export type PageReply =
  | { progress: ReadProgress | null }
  | { ok: true; id: number; value: unknown }
  | { ok: false; id: number; api: ApiErrorBody }
  | { ok: false; id: number; internal: string; sqlite: string | null };

/** Running from TypeScript sources (tsx) the worker needs the tsx loader; a bundled build ships it next to backend.mjs. */
function spawnPageWorker(data: PageWorkerData): Worker {
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('../imports/worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./page-worker.ts', import.meta.url).href, data },
    });
  }
  return new Worker(new URL('./page-worker.mjs', import.meta.url), { workerData: { data } });
}

const errorOf = (reply: Extract<PageReply, { ok: false }>): Error => {
  if ('api' in reply) return ApiError.fromBody(reply.api);
  // a storage fault keeps its SQLite code, so the window words it as the app's other storage faults
  return reply.sqlite ? new Database.SqliteError(reply.internal, reply.sqlite) : new Error(reply.internal);
};

class PageWorker {
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private stopped = false;
  private readonly reading = new Set<string>();
  /** How far the worker's read under way has come (null: none is). */
  progress: ReadProgress | null = null;
  /** Asks wait for it: the file's integrity check (the worker writes what it computes, and a damaged file is never written). */
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly data: PageWorkerData) {}

  /** Holds every ask (and the worker's start) until `check` settles; a file it finds damaged is closed, and its worker stopped, meanwhile. */
  holdUntil(check: Promise<unknown>): void {
    this.ready = check.then(
      () => undefined,
      () => undefined,
    );
  }

  async ask<T>(ask: PageQuestion): Promise<T> {
    await this.ready;
    if (this.stopped) throw new ApiError('no-test-set', say('err.testset.none-open'));
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // an answer awaited keeps the process alive (an idle worker does not)
      worker.ref();
      worker.postMessage({ ...ask, id } satisfies PageAsk);
    });
  }

  /** Reads `system`'s page ahead, unless a read ahead of it is already asked. */
  readAhead(system: string): void {
    if (this.stopped || this.reading.has(system)) return;
    this.reading.add(system);
    this.ask({ op: 'warm', system })
      .catch(() => {
        // reading ahead is a convenience: a failure shows when the page itself is asked
      })
      .finally(() => this.reading.delete(system));
  }

  /** Asks the worker to close its connection and waits until its thread is gone (a file about to be replaced must have no other connection). */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    worker.ref();
    worker.postMessage({ id: 0, op: 'close' } satisfies PageAsk);
    // a worker in the middle of a read answers the close only after it: stopped then (its connection
    // is closed as its thread goes)
    const closed = await Promise.race([this.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 250).unref())]);
    if (!closed) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnPageWorker(this.data);
    worker.unref();
    this.worker = worker;
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: PageReply) => {
      if ('progress' in reply) {
        this.progress = reply.progress;
        return;
      }
      const asker = this.pending.get(reply.id);
      if (!asker) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0 && !this.stopped) worker.unref();
      if (reply.ok) asker.resolve(reply.value);
      else asker.reject(errorOf(reply));
    });
    const gone = (error: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.progress = null;
      }
      for (const asker of this.pending.values()) asker.reject(error);
      this.pending.clear();
    };
    worker.on('error', gone);
    // stopped on purpose (its file closing), an ask in flight is told so; else the worker failed
    worker.once('exit', () => gone(this.stopped ? new ApiError('no-test-set', say('err.testset.none-open')) : new Error('the Diagnosis worker stopped')));
    return worker;
  }
}

const workers = new WeakMap<Db, PageWorker>();

/** The open file's Diagnosis worker (started on its first ask). */
export function pageWorkerOf(db: Db): PageWorker {
  let worker = workers.get(db);
  if (!worker) workers.set(db, (worker = new PageWorker({ path: db.name, readonly: db.readonly })));
  return worker;
}

/**
 * One half of the page: as the file stores it, answered here (then the worker reads the system ahead,
 * so a page after the next label is brought up to date, not read whole), else from the worker.
 */
export async function pageHalf<P extends 'report' | 'layers'>(db: Db, system: string, part: P): Promise<NonNullable<ReturnType<typeof storedHalf<P>>>> {
  const stored = storedHalf(db, system, part);
  if (!stored) return pageWorkerOf(db).ask({ op: part, system });
  pageWorkerOf(db).readAhead(system);
  return stored;
}

/** How far a read of `system` by the file's worker has come, while one is under way (else null). */
export function readProgressOf(db: Db, system: string): ReadProgress | null {
  const progress = workers.get(db)?.progress ?? null;
  return progress?.system === system ? progress : null;
}

/** Reads ahead, when the file was diagnosed before, the system whose page it stored last (the one a person looked at last). */
export function warmDiagnosis(db: Db): void {
  let system: string | null;
  try {
    system = lastStoredSystem(db);
  } catch {
    // reading ahead is a convenience (run as the file opens, where nothing would catch a throw): a file
    // that cannot be read now says so when the page itself is asked
    return;
  }
  if (system !== null) pageWorkerOf(db).readAhead(system);
}

/**
 * Stops the file's worker, if it has one, and waits until its connection is closed. The file's
 * connection asks no other: it is being closed, or its content replaced (a restore reopens it).
 */
export function stopDiagnosisWorker(db: Db): Promise<void> {
  return pageWorkerOf(db).stop();
}

/** After a stop for a replacement that did not happen (a restore that failed): the connection asks a new worker. */
export function resumeDiagnosisWorker(db: Db): void {
  workers.delete(db);
}
