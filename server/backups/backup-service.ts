import { resolve } from 'node:path';
import { ApiError, type OpOutput } from '../../shared/api/contract';
import type { BackupInfo, BackupSettings } from '../../shared/api/exchange-ops';
import { backupTestSet, listBackups } from '../../db/backups';
import type { Db } from '../../db/open';
import { copyBackupInto, verifyBackup } from '../../db/restore';
import { IntervalBackups } from './interval-backups';
import type { TestSetSession } from '../test-sets/test-set-session';
import { text as say } from '../../shared/messages/text';
import { resumeDiagnosisWorker, stopDiagnosisWorker } from '../diagnosis/page-jobs';
import { diagnosisGeneration, moveGenerationPast } from '../../db/diagnosis-inputs';

/**
 * Backups of the open file while the app runs: now, every N minutes, and
 * restoring one. Everything that reads the whole file or replaces it (these,
 * and label-pack merges via `serial`) runs one at a time, so a backup never
 * reads a connection a restore is closing.
 */
export class BackupService {
  private chain: Promise<unknown> = Promise.resolve();
  private restoring: Promise<unknown> | null = null;
  readonly interval: IntervalBackups;

  constructor(
    private readonly session: TestSetSession,
    private readonly importRunning: () => boolean,
    now: () => number = Date.now,
  ) {
    this.interval = new IntervalBackups({
      now,
      intervalMinutes: () => session.backupInterval(),
      db: () => session.openFile()?.db ?? null,
      busy: () => this.restoring !== null || importRunning(),
      backUp: (db) => this.serial(() => this.backUpIf(db, 'interval')),
      onError: (error) => console.error('Interval backup failed:', error),
    });
  }

  /** Runs after everything queued before it; a failure does not block what comes next (the chain itself never rejects). */
  serial<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Writes on the app's connection wait here while a restore replaces the file. */
  async idle(): Promise<void> {
    while (this.restoring) await this.restoring.catch(() => undefined);
  }

  /**
   * For a write that does not wait on the app's connection (an import runs in
   * its own worker): refused while a restore replaces the file, never queued.
   */
  refuseDuringRestore(): void {
    if (this.restoring) throw new ApiError('conflict', say('err.backup.restoring'));
  }

  /** The interval backup skips a connection that a switch or restore closed while it waited its turn. */
  private async backUpIf(db: Db, reason: string): Promise<BackupInfo | null> {
    const file = this.session.openFile();
    if (!file || file.db !== db || !db.open) return null;
    return backupTestSet(db, file.path, reason);
  }

  list(): BackupInfo[] {
    return listBackups(this.session.require().path);
  }

  create(): Promise<BackupInfo> {
    return this.serial(async () => {
      const file = this.session.require();
      const backup = await backupTestSet(file.db, file.path, 'manual');
      this.interval.noteBackup(file.db);
      return backup;
    });
  }

  settings(): BackupSettings {
    return { intervalMinutes: this.session.backupInterval() };
  }

  saveSettings(settings: BackupSettings): BackupSettings {
    this.session.setBackupInterval(settings.intervalMinutes);
    return this.settings();
  }

  restore(path: string): Promise<OpOutput<'backups.restore'>> {
    if (this.importRunning()) throw new ApiError('conflict', say('err.backup.import-running'));
    const file = this.session.require();
    // Only a backup of the open file, as listed: never an arbitrary path from the client.
    const chosen = listBackups(file.path).find((b) => resolve(b.path) === resolve(path));
    if (!chosen) {
      throw new ApiError('not-found', say('err.backup.not-listed', { path, file: file.path }), { file: path, line: null, field: 'path' });
    }
    const task = this.serial(async () => {
      if (this.importRunning()) throw new ApiError('conflict', say('err.backup.import-running'));
      const open = this.session.require();
      if (open.path !== file.path) throw new ApiError('conflict', say('err.backup.other-opened'));
      const verified = verifyBackup(chosen.path, open.testSetId);
      const safetyBackup = await backupTestSet(open.db, open.path, 'before-restore', { keep: chosen.path });
      // what the Diagnosis worker keeps was read from the content about to be replaced
      await stopDiagnosisWorker(open.db);
      const generation = diagnosisGeneration(open.db);
      let testSet: Awaited<ReturnType<TestSetSession['reopen']>>;
      try {
        await copyBackupInto(verified, open.path);
        testSet = await this.session.reopen();
      } catch (error) {
        // the file stays open as it was: its page is computed again as before
        resumeDiagnosisWorker(open.db);
        throw error;
      }
      moveGenerationPast(this.session.require().db, generation);
      return { restored: chosen, safetyBackup, testSet };
    });
    this.restoring = task;
    void task.then(
      () => this.settle(task),
      () => this.settle(task),
    );
    return task;
  }

  private settle(task: Promise<unknown>): void {
    if (this.restoring === task) this.restoring = null;
  }

  stop(): void {
    this.interval.stop();
  }
}
