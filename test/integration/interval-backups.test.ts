import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupTestSet, listBackups } from '../../db/backups';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { writeSetting } from '../../db/settings';
import { IntervalBackups } from '../../server/backups/interval-backups';
import { createLabelingHandlers } from '../../server/labeling/labeling-handlers';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

const MINUTE = 60_000;

describe('interval backups of the open file (injected clock, real file)', () => {
  const tempDir = useTempDir();

  async function setUp() {
    const opened = await smallLabelingSet(tempDir());
    const ada = createReviewer(opened.db, 'Ada');
    const clock = { now: Date.parse('2026-11-30T09:00:00.000Z'), interval: 10, busy: false, db: opened.db as Db | null };
    const errors: unknown[] = [];
    const backups = new IntervalBackups({
      now: () => clock.now,
      intervalMinutes: () => clock.interval,
      db: () => clock.db,
      busy: () => clock.busy,
      backUp: (db) => backupTestSet(db, opened.file, 'interval', { now: () => new Date(clock.now) }),
      onError: (error) => errors.push(error),
    });
    let labels = 0;
    const label = () => {
      labels += 1;
      recordLabel(opened.db, { reviewerId: ada.id, caseId: `c${labels}`, responseId: null, dimension: 'answerability', value: labels === 2 ? 'unanswerable' : 'answerable' });
    };
    const at = (minutes: number) => {
      clock.now = Date.parse('2026-11-30T09:00:00.000Z') + minutes * MINUTE;
      return backups.tick();
    };
    const handlers = createLabelingHandlers(() => opened.db);
    /** What the label view does for every case a reviewer looks at (it moves the resume point). */
    const view = (caseId: string) => handlers['labeling.item']({ reviewerId: ada.id, caseId, queue: { source: 'unlabeled' }, step: 0 });
    return { opened, clock, backups, label, view, at, errors, count: () => listBackups(opened.file).length };
  }

  it('backs up once the interval has passed and only when the file changed since the last backup', async () => {
    const { opened, backups, label, at, errors, count } = await setUp();
    expect(await at(0)).toBe('new-file');
    label();
    expect(await at(5)).toBe('not-due');
    expect(count()).toBe(0);
    expect(await at(10)).toBe('back-up');
    expect(listBackups(opened.file)).toMatchObject([{ reason: 'interval', createdAt: '2026-11-30T09:10:00.000Z' }]);
    expect(await at(15)).toBe('not-due');
    expect(await at(20)).toBe('unchanged');
    expect(await at(45)).toBe('unchanged');
    expect(count()).toBe(1);
    label();
    expect(await at(46)).toBe('back-up');
    expect(count()).toBe(2);
    // Back up now restarts the count
    label();
    backups.noteBackup(opened.db);
    expect(await at(60)).toBe('unchanged');
    expect(errors).toEqual([]);
    opened.db.close();
  });

  it('runs its timer without keeping Node alive, until stopped', async () => {
    const { opened, backups } = await setUp();
    const keepingAlive = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = keepingAlive();
    backups.start();
    expect(keepingAlive()).toBe(before);
    backups.stop();
    opened.db.close();
  });

  it('notices a commit from another connection (an import worker, the CLI)', async () => {
    const { opened, at, count } = await setUp();
    expect(await at(0)).toBe('new-file');
    expect(await at(10)).toBe('unchanged');
    const other = new Database(opened.file);
    other.prepare("INSERT INTO reviewers (name, created_at) VALUES ('Bo', '2026-11-30T09:11:00.000Z')").run();
    other.close();
    expect(await at(20)).toBe('back-up');
    expect(count()).toBe(1);
    opened.db.close();
  });

  it('waits while an import or restore runs, does nothing when off, and starts afresh on another file', async () => {
    const { opened, clock, label, at, count } = await setUp();
    expect(await at(0)).toBe('new-file');
    label();
    clock.busy = true;
    expect(await at(30)).toBe('busy');
    expect(count()).toBe(0);
    clock.busy = false;
    clock.interval = 0;
    expect(await at(31)).toBe('off');
    clock.interval = 5;
    expect(await at(32)).toBe('back-up');

    const other = await openTestSetFile(`${opened.file}.other.sqlite`, { create: true });
    clock.db = other.db;
    expect(await at(40)).toBe('new-file');
    clock.db = null;
    expect(await at(50)).toBe('no-file');
    expect(count()).toBe(1);
    other.db.close();
    opened.db.close();
  });

  it('browsing cases (resume points only) is no change: no interval backup however long it goes on', async () => {
    const { opened, view, at, errors, count } = await setUp();
    // the first view builds the per-reviewer progress cache of this file, once ever: a write, but not browsing
    await view('c1');
    expect(await at(0)).toBe('new-file');
    const moved = () => opened.db.prepare('SELECT count(*) FROM resume_points').pluck().get() as number;
    for (let minute = 10; minute <= 180; minute += 10) {
      await view(`c${(minute / 10) % 5 + 1}`);
      expect(await at(minute)).toBe('unchanged');
    }
    expect(moved()).toBe(1);
    expect(count()).toBe(0);
    expect(errors).toEqual([]);
    opened.db.close();
  });

  it('a change made in place (a setting of the test set) is a change', async () => {
    const { opened, at, count } = await setUp();
    writeSetting(opened.db, 'releaseThresholds', { kappa: 0.6 });
    expect(await at(0)).toBe('new-file');
    expect(await at(10)).toBe('unchanged');
    writeSetting(opened.db, 'releaseThresholds', { kappa: 0.7 });
    expect(await at(20)).toBe('back-up');
    expect(count()).toBe(1);
    opened.db.close();
  });
});
