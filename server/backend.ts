import { createDiagnosisDataHandlers } from './diagnosis/data-handlers';
import { requireCaseSeq } from '../db/labels';
import { caseLeaks } from '../db/permission-marks';
import { basename } from 'node:path';
import { ApiError, type Handlers } from '../shared/api/contract';
import { WAITING_WRITES } from '../shared/api/validate';
import { caseFacets } from '../db/case-facets';
import { getCaseDetail, listCases } from '../db/case-queries';
import { tableCounts } from '../db/maintenance';
import { createAgreementHandlers } from './agreement/agreement-handlers';
import { createCalibrationHandlers } from './calibration/calibration-handlers';
import { createConflictHandlers } from './conflicts/conflict-handlers';
import { createDiagnosisHandlers } from './diagnosis/handlers';
import { createDispatcher, type Dispatch } from './dispatch';
import { BackupService } from './backups/backup-service';
import { createExchangeHandlers } from './exchange/exchange-handlers';
import { createInterchangeHandlers } from './interchange/interchange-handlers';
import { readInputFile } from './files/read-input';
import { ImportJobs } from './imports/import-jobs';
import { WriteTurns } from './imports/write-turns';
import { createLabelingHandlers } from './labeling/labeling-handlers';
import { createRetrievalHandlers } from './retrieval/retrieval-handlers';
import { TestSetSession } from './test-sets/test-set-session';
import { unreadableFile } from './imports/file-errors';
import { inspectImport } from './imports/inspect';
import { isAppendedKind } from '../shared/domain/schemas';
import { appendExport } from './interchange/append-export';

export interface BackendOptions {
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  /** Where new test sets go until another folder is chosen (Documents/Touchstone on the desktop); the data folder when unset. */
  newFilesDir?: string;
  /** Open this file at launch (created when missing) instead of the last one / the demo. */
  initialTestSet?: string;
  /** Told how long each write turn of an import or merge worker held the file (the bench's histogram of turn lengths). */
  onWriteTurn?: (heldMs: number) => void;
}

export interface Backend {
  dispatch: Dispatch;
  handlers: Handlers;
  session: TestSetSession;
  /** Settles once the open file's connections are closed and its write lock released. */
  close(): Promise<void>;
}

function importSourceBytes(source: { path: string } | { fileName: string; contentBase64: string }): { fileName: string; bytes: Uint8Array } {
  if ('path' in source) return { fileName: basename(source.path), bytes: readInputFile(source.path, 'import') };
  return { fileName: basename(source.fileName), bytes: Buffer.from(source.contentBase64, 'base64') };
}

/**
 * The contract's writing operations run on the app's connection. An import holds the file's write lock
 * in its worker; these wait for it (asynchronously) rather than block on the lock and fail, so a label
 * given during an import is never lost.
 */
function waitingFor(idle: (operation: string) => Promise<void>, handlers: Handlers): Handlers {
  const wrapped: Record<string, (input: unknown) => unknown> = { ...(handlers as unknown as Record<string, (input: unknown) => unknown>) };
  for (const name of WAITING_WRITES) {
    const handler = wrapped[name];
    wrapped[name] = async (input) => {
      await idle(name);
      return handler(input);
    };
  }
  return wrapped as unknown as Handlers;
}

/** The backend both transports serve: desktop (IPC via a utility process) and browser mode (HTTP bridge). */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  const session = new TestSetSession(options.dataDir, options.newFilesDir, options.mode === 'desktop' ? 'Touchstone (desktop app)' : 'Touchstone (browser mode)');
  await session.openAtLaunch(options.initialTestSet);
  // imports and label-pack merges write in short turns from their workers; the app's own writes wait for the current one
  const turns = new WriteTurns(options.onWriteTurn);
  const jobs = new ImportJobs(turns);
  const backups = new BackupService(session, () => jobs.running);
  backups.interval.start();

  const handlers: Handlers = waitingFor(async (operation) => {
    await session.checked();
    await turns.writable(operation);
    await backups.idle();
  }, {
    'app.info': () => ({ version: options.version, mode: options.mode, dataDir: options.dataDir }),
    'testSets.current': () => session.info(),
    'testSets.recent': () => session.recent(),
    'testSets.open': ({ path }) => session.open(path),
    'testSets.create': ({ path }) => session.create(path),
    'testSets.openDemo': () => session.openDemo(),
    'testSets.resetDemo': () => {
      backups.refuseDuringRestore();
      return session.resetDemo();
    },
    'testSets.newFileFolder': () => session.newFileFolder(),
    'testSets.createNamed': ({ name, folder }) => session.createNamed(name, folder ?? null),
    'reviewers.rememberedName': () => ({ name: session.rememberedReviewer() }),
    'reviewers.rememberName': ({ name }) => ({ name: session.rememberReviewer(name) }),
    'testSets.stats': () => tableCounts(session.require().db),
    'cases.list': ({ filters, offset, limit }) => ({ rows: listCases(session.require().db, filters, offset, limit), offset }),
    'cases.facets': ({ filters }) => caseFacets(session.require().db, filters),
    'cases.get': ({ id }) => {
      const { db } = session.require();
      const detail = getCaseDetail(db, id, { edits: true });
      const seq = requireCaseSeq(db, id, 'cases.get');
      const leaks = caseLeaks(db, seq);
      return leaks.length > 0 ? { ...detail, permissionLeaks: leaks } : detail;
    },
    'imports.start': async ({ kind, format, source, system, judge, mapping, createDimensions }) => {
      backups.refuseDuringRestore();
      // an import writes the file: not before its integrity check is done (TestSetSession.checked)
      await session.checked();
      backups.refuseDuringRestore();
      const { fileName, bytes } = importSourceBytes(source);
      if (isAppendedKind(kind)) return { jobId: jobs.startAppend(fileName, kind, () => backups.serial(() => appendExport(session.require(), kind, fileName, bytes))) };
      return { jobId: jobs.start(session.require().path, { kind, format, fileName, bytes, system: system ?? undefined, judge, mapping, createDimensions }) };
    },
    'imports.status': ({ jobId }) => jobs.status(jobId),
    'imports.inspect': ({ source }) => inspectImport(session.require().db, importSourceBytes(source)),
    'dialog.pickPath': () => ({ supported: false, path: null }),
    'ui.nextMenuCommand': () => ({ command: 'none' as const }),
    'ui.setLocale': ({ locale }) => ({ locale }),
    ...createLabelingHandlers(() => session.require().db),
    ...createAgreementHandlers(() => session.require().db),
    ...createCalibrationHandlers(() => session.require().db),
    ...createExchangeHandlers(() => session.require(), backups, turns),
    ...createConflictHandlers(() => session.require().db),
    ...createDiagnosisHandlers(() => session.require().db),
    ...createInterchangeHandlers(() => session.require().db),
    ...createRetrievalHandlers(() => session.require().db),
    ...createDiagnosisDataHandlers(() => session.require().db),
  });

  return {
    dispatch: createDispatcher(handlers, (error) => console.error(error), (name, input) =>
      // opening or creating a file that cannot be written is about that file, not the one still open
      name === 'testSets.open' || name === 'testSets.create'
        ? (input as { path: string }).path
        : name === 'testSets.openDemo' || name === 'testSets.resetDemo'
          ? session.demoPath
          : (session.info()?.path ?? null),
    ),
    handlers,
    session,
    close: () => {
      backups.stop();
      return session.close();
    },
  };
}
