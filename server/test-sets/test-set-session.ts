import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ApiError, type TestSetInfo } from '../../shared/api/contract';
import { BACKUP_INTERVAL_CHOICES, DEFAULT_BACKUP_INTERVAL, type BackupSettings } from '../../shared/api/exchange-ops';
import { acquireWriteLock, type FileLock } from '../../db/file-lock';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import { text as say } from '../../shared/messages/text';
import { buildDemoFile, createDemoTestSet } from './demo';
import { pageWorkerOf, stopDiagnosisWorker, warmDiagnosis } from '../diagnosis/page-jobs';
import { testSetFileName } from '../../shared/test-sets/file-name';

const RECENT_LIMIT = 10;

interface Settings {
  recent: string[];
  /** The folder "New test set" used last: offered again next time. */
  newFilesFolder?: string;
  /** The reviewer name last chosen on this computer, offered in every test set. */
  reviewerName?: string;
  /** Minutes between automatic backups: a habit of this computer, so it is not stored in (nor restored with) a test set. */
  backupIntervalMinutes?: number;
}

const isBackupInterval = (value: unknown): value is BackupSettings['intervalMinutes'] =>
  (BACKUP_INTERVAL_CHOICES as readonly unknown[]).includes(value);

/** A file's connection closed, and its Diagnosis worker's with it (server/diagnosis/page-jobs.ts). */
function closeFile(file: OpenedTestSet): Promise<void> {
  const stopped = stopDiagnosisWorker(file.db);
  file.db.close();
  return stopped;
}

/**
 * The one open test-set file of a running app, the recent-files list, and
 * the demo test set created in the data folder on first launch.
 */
export class TestSetSession {
  private current: OpenedTestSet | null = null;
  /** The write lock of the open file (db/file-lock.ts), released when another is opened or the session closes. */
  private lock: FileLock | null = null;
  /** The open file's integrity check (db/open.ts): writes wait for it; damage found closes the file. */
  private integrity: Promise<void> = Promise.resolve();
  private damage: ApiError | null = null;
  /** The last close under way (or done), settling whether or not it failed. */
  private closing: Promise<void> = Promise.resolve();
  private readonly settingsPath: string;

  /**
   * `newFilesDir`: where new test sets go until another folder is chosen (Documents/Touchstone on the desktop).
   * `holder`: who this session is, as a second writer of the same file is told ("Touchstone (browser mode)").
   */
  constructor(readonly dataDir: string, private readonly newFilesDir: string = dataDir, private readonly holder = 'Touchstone') {
    mkdirSync(dataDir, { recursive: true });
    this.settingsPath = join(dataDir, 'settings.json');
  }

  get demoPath(): string {
    return join(this.dataDir, 'demo.touchstone.sqlite');
  }

  private readSettings(): Settings {
    try {
      const parsed = JSON.parse(readFileSync(this.settingsPath, 'utf8')) as Partial<Settings>;
      return {
        recent: Array.isArray(parsed.recent) ? parsed.recent.filter((p): p is string => typeof p === 'string') : [],
        ...(isBackupInterval(parsed.backupIntervalMinutes) ? { backupIntervalMinutes: parsed.backupIntervalMinutes } : {}),
        ...(typeof parsed.newFilesFolder === 'string' && parsed.newFilesFolder ? { newFilesFolder: parsed.newFilesFolder } : {}),
        ...(typeof parsed.reviewerName === 'string' && parsed.reviewerName.trim() ? { reviewerName: parsed.reviewerName.trim() } : {}),
      };
    } catch {
      return { recent: [] };
    }
  }

  private writeSettings(settings: Settings): void {
    const temporary = `${this.settingsPath}.tmp`;
    writeFileSync(temporary, JSON.stringify(settings, null, 2));
    renameSync(temporary, this.settingsPath);
  }

  private remember(path: string): void {
    const settings = this.readSettings();
    settings.recent = [path, ...settings.recent.filter((p) => p !== path)].slice(0, RECENT_LIMIT);
    this.writeSettings(settings);
  }

  backupInterval(): BackupSettings['intervalMinutes'] {
    const minutes = this.readSettings().backupIntervalMinutes;
    return isBackupInterval(minutes) ? minutes : DEFAULT_BACKUP_INTERVAL;
  }

  setBackupInterval(minutes: BackupSettings['intervalMinutes']): void {
    this.writeSettings({ ...this.readSettings(), backupIntervalMinutes: minutes });
  }

  recent(): { path: string; name: string; exists: boolean }[] {
    return this.readSettings().recent.map((path) => ({ path, name: basename(path), exists: existsSync(path) }));
  }

  info(): TestSetInfo | null {
    if (!this.current) return null;
    return {
      path: this.current.path,
      name: basename(this.current.path),
      testSetId: this.current.testSetId,
      schemaVersion: this.current.schemaVersion,
      isDemo: resolve(this.current.path) === resolve(this.demoPath),
    };
  }

  /** The open file, or null (for callers that skip rather than fail when none is open). */
  openFile(): OpenedTestSet | null {
    return this.current;
  }

  require(): OpenedTestSet {
    if (this.damage) throw this.damage;
    if (!this.current) throw new ApiError('no-test-set', say('err.testset.none-open'));
    return this.current;
  }

  /**
   * Settles once the open file's integrity check is done; it runs after opening, so the first list is
   * served at once. Every write waits for it, so a damaged file is never written: the check closes it,
   * and the next call that needs it is told it is damaged (require).
   */
  checked(): Promise<void> {
    return this.integrity;
  }

  private watchIntegrity(opened: OpenedTestSet): void {
    this.damage = null;
    const checked = opened.integrity ?? Promise.resolve();
    // a file diagnosed before is read ahead once it is known sound
    void checked.then(() => {
      if (this.current === opened && opened.db.open) warmDiagnosis(opened.db);
    }, () => undefined);
    this.integrity = checked.catch(async (error: unknown) => {
      if (this.current !== opened) return;
      const damage = error instanceof ApiError ? error : new ApiError('invalid-data', say('err.testset.damaged', { file: basename(opened.path), check: String(error) }));
      // as if it had been refused at opening: closed and unlocked
      const closing = this.close();
      this.damage = damage;
      // the damage is what every later call is told, however the close went
      await closing.catch(() => undefined);
    });
    // the Diagnosis worker writes what it computes: it starts once the file is known sound (a damaged one is closed first)
    pageWorkerOf(opened.db).holdUntil(this.integrity);
  }

  private async switchTo(path: string, create: boolean): Promise<TestSetInfo> {
    const absolute = resolve(path);
    const same = this.current !== null && resolve(this.current.path) === absolute;
    // the lock first: migrating the file already writes it
    const lock = same ? this.lock : acquireWriteLock(absolute, this.holder);
    let opened: OpenedTestSet;
    try {
      opened = await openTestSetFile(absolute, { create, deferIntegrityCheck: true });
    } catch (error) {
      if (!same) lock?.release();
      throw error;
    }
    const [previous, previousLock] = [this.current, this.lock];
    this.current = opened;
    this.lock = lock;
    this.watchIntegrity(opened);
    this.remember(absolute);
    // the old file's lock goes only once no connection of this app (the Diagnosis worker's) writes it
    if (previous) await closeFile(previous);
    if (!same) previousLock?.release();
    return this.info()!;
  }

  /** The open file closed (no longer the open one from the start, so nothing asks it meanwhile). */
  private closeCurrent(): Promise<void> {
    const current = this.current;
    this.current = null;
    return current ? closeFile(current) : Promise.resolve();
  }

  open(path: string): Promise<TestSetInfo> {
    return this.switchTo(path, false);
  }

  async create(path: string): Promise<TestSetInfo> {
    const absolute = resolve(path);
    if (existsSync(absolute)) {
      throw new ApiError('conflict', say('err.testset.exists', { file: basename(absolute) }), { file: absolute, line: null, field: null });
    }
    if (!existsSync(dirname(absolute))) {
      throw new ApiError('not-found', say('err.folder.missing', { path: dirname(absolute) }), { file: absolute, line: null, field: null });
    }
    return this.switchTo(absolute, true);
  }

  /** The folder a new test set goes into: the one used last while it exists, else the default. */
  newFileFolder(): { folder: string; isDefault: boolean } {
    const chosen = this.readSettings().newFilesFolder;
    if (chosen && resolve(chosen) !== resolve(this.newFilesDir) && existsSync(chosen)) return { folder: chosen, isDefault: false };
    return { folder: this.newFilesDir, isDefault: true };
  }

  /**
   * A new test set named `name` in `folder` (the folder newFileFolder() gives when null). The default
   * folder is made when missing; a folder the person typed must exist, so a typo makes no stray folders.
   */
  async createNamed(name: string, folder: string | null): Promise<TestSetInfo> {
    const file = testSetFileName(name);
    if (!file.ok) throw new ApiError('invalid-input', file.problem);
    const target = resolve(folder ?? this.newFileFolder().folder);
    if (resolve(target) === resolve(this.newFilesDir)) mkdirSync(target, { recursive: true });
    if (!existsSync(target) || !statSync(target).isDirectory()) {
      throw new ApiError('not-found', say('err.folder.missing', { path: target }), { file: target, line: null, field: 'folder' });
    }
    const info = await this.create(join(target, file.fileName));
    this.writeSettings({ ...this.readSettings(), newFilesFolder: target });
    return info;
  }

  rememberedReviewer(): string | null {
    return this.readSettings().reviewerName ?? null;
  }

  rememberReviewer(name: string): string {
    this.writeSettings({ ...this.readSettings(), reviewerName: name.trim() });
    return name.trim();
  }

  /** The open file again on a fresh connection, after its content was replaced underneath (a restore); migrated if older. */
  reopen(): Promise<TestSetInfo> {
    return this.switchTo(this.require().path, false);
  }

  async openDemo(): Promise<TestSetInfo> {
    if (!existsSync(this.demoPath)) await createDemoTestSet(this.demoPath);
    return this.switchTo(this.demoPath, false);
  }

  /**
   * The demo built afresh and opened: labels, rounds and anchor sets added to it are discarded. The new
   * file is built beside the old one first and the demo's write lock is held throughout, so a failure
   * leaves the old demo as it was and no other program writes the file meanwhile.
   */
  async resetDemo(): Promise<TestSetInfo> {
    const demo = resolve(this.demoPath);
    const demoOpen = this.current !== null && resolve(this.current.path) === demo;
    const lock = demoOpen ? this.lock! : acquireWriteLock(demo, this.holder);
    let opened: OpenedTestSet;
    try {
      const building = await buildDemoFile(demo);
      if (demoOpen) {
        // the file is removed next: no connection of the worker's may be left on it
        await this.closeCurrent();
      }
      for (const suffix of ['-wal', '-shm', '']) rmSync(demo + suffix, { force: true });
      renameSync(building, demo);
      opened = await openTestSetFile(demo, { create: false });
    } catch (error) {
      if (!demoOpen) lock.release();
      throw error;
    }
    if (!demoOpen) {
      await this.closeCurrent();
      this.lock?.release();
    }
    this.current = opened;
    this.lock = lock;
    this.watchIntegrity(opened);
    this.remember(demo);
    return this.info()!;
  }

  /** First launch opens the demo; later launches reopen the last file that still opens. */
  async openAtLaunch(explicitPath?: string): Promise<TestSetInfo> {
    if (explicitPath) return existsSync(explicitPath) ? this.open(explicitPath) : this.create(explicitPath);
    for (const { path, exists } of this.recent()) {
      if (!exists) continue;
      try {
        return await this.open(path);
      } catch {
        // A file that no longer opens stays in the recent list; the next candidate is tried.
      }
    }
    return this.openDemo();
  }

  /**
   * The open file closed; its write lock goes once no connection of this app (the Diagnosis worker's) is
   * left on it. A close asked while one is under way settles with it (the app quitting while a damaged
   * file is being closed).
   */
  close(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    this.damage = null;
    if (!this.current && !lock) return this.closing;
    const closing = this.closeCurrent().finally(() => lock?.release());
    // a later close waits for this one however it went (a failed close is told to its own caller only)
    this.closing = closing.catch(() => undefined);
    return closing;
  }
}
