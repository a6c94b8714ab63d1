import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnosisInput, saveDiagnosisSettings } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { editCase } from '../../db/case-edits';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { openSqlite } from '../../db/sqlite';
import { casesPage, layersPage, reportPage, storedHalf, warmPage } from '../../server/diagnosis/page-figures';
import { listsStoredFor } from '../../db/diagnosis-pages';
import type { OpOutput } from '../../shared/api/contract';
import { caseListAt, pageOf } from '../../shared/diagnosis/case-lists';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import { DEFAULT_DIAGNOSIS_SETTINGS } from '../../shared/diagnosis/types';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const MARK = 'as kept in the file';
const withoutVersion = <T extends { version: string }>({ version: _version, ...rest }: T) => rest;

type Report = OpOutput<'diagnosis.report'>;
type Layers = OpOutput<'diagnosis.layers'>;

/** The page as the window asks it of a file just opened: both halves, then, when named, one whole list page by page. */
function askPage(db: Db, system: string, list?: { part: 'report' | 'layers'; name: string }) {
  const { version, ...report } = reportPage(db, system);
  const { version: layersVersion, ...layers } = layersPage(db, system);
  expect(layersVersion).toBe(version);
  const rows: unknown[] = [];
  if (list) {
    for (let offset = 0; ; offset += 100) {
      const more = casesPage(db, { system, version, part: list.part, list: list.name, offset, limit: 100 });
      rows.push(...more.cases);
      if (more.cases.length < 100) break;
    }
  }
  return { report: report as Omit<Report, 'version'>, layers: layers as Omit<Layers, 'version'>, rows };
}

/** Both halves as a read of the file from scratch computes them, cut as the page gets them. */
function fresh(db: Db, system: string) {
  const today = new Date().toISOString().slice(0, 10);
  const base = diagnosisInput(db, system, today);
  const report = plain(diagnose(base)) as object;
  const layers = plain(layersReport(layersInput(db, system, base))) as object;
  return { report, layers, pages: { report: pageOf(report), layers: pageOf(layers) } };
}

/** Marks the stored page, so a page shown from it is told from one computed. */
const markStored = (path: string, system: string) => {
  const raw = openSqlite(path, { readonly: false, fileMustExist: true });
  expect(raw.prepare("UPDATE diagnosis_pages SET report = json_set(report, '$.system', ?) WHERE system = ?").run(MARK, system).changes).toBe(1);
  raw.close();
};

/**
 * (Asked here of the page's figures in this thread; the app asks them of its Diagnosis worker:
 * test/integration/diagnosis-page-worker.test.ts.)
 *
 * The Diagnosis page is kept in the file with what it was read on, so a file reopened with nothing
 * written since shows it at once (at 100,000 responses computing it costs seconds). Any write the
 * figures depend on, from any connection, a threshold or a new day makes it computed again.
 */
describe('the Diagnosis page kept in the file', () => {
  const tempDir = useTempDir();
  afterEach(() => vi.useRealTimers());

  async function file() {
    const input = syntheticDiagnosis(300);
    const path = join(tempDir(), 'stored.sqlite');
    const { db } = await openTestSetFile(path, { create: true });
    writeDiagnosisFile(db, input);
    db.close();
    const open = async () => (await openTestSetFile(path, { create: false })).db;
    return { path, system: input.system, open };
  }

  it('shows a reopened file its page and lists as stored, and computes them again after a write', async () => {
    const { path, system, open } = await file();
    let db = await open();
    const first = askPage(db, system);
    const expected = fresh(db, system);
    expect(first.report).toEqual(expected.pages.report);
    db.close();

    // reopened, nothing written: the stored page, and "show more" from the stored lists
    markStored(path, system);
    db = await open();
    const longest = Object.entries(expected.pages.layers.lists).sort((a, b) => b[1] - a[1])[0][0];
    const reopened = askPage(db, system, { part: 'layers', name: longest });
    expect(reopened.report.system).toBe(MARK);
    expect(reopened.layers).toEqual(expected.pages.layers);
    expect(reopened.rows).toEqual(caseListAt(expected.layers, longest));
    const assignments = `layers.assignments@${(expected.report as Report).layers.top}`;
    expect((askPage(db, system, { part: 'report', name: assignments })).rows).toEqual(caseListAt(expected.report, assignments));
    db.close();

    // a label written by another connection while the file was closed: computed again, then stored
    const other = openSqlite(path, { readonly: false, fileMustExist: true });
    const [target] = (expected.report as Report).layers.assignments;
    recordLabel(other, { reviewerId: createReviewer(other, 'Ada').id, caseId: target.caseId, responseId: target.responseId, dimension: 'correctness', value: 2 });
    other.close();
    db = await open();
    const afterLabel = askPage(db, system, { part: 'report', name: assignments });
    const now = fresh(db, system);
    expect(afterLabel.report).toEqual(now.pages.report);
    expect(afterLabel.report.layers.failing).toBe((expected.report as Report).layers.failing - 1);
    expect(afterLabel.rows).toEqual(caseListAt(now.report, assignments));
    db.close();
    markStored(path, system);
    db = await open();
    expect((askPage(db, system)).report.system).toBe(MARK);

    // a structural write in this session: computed again
    editCase(db, target.caseId, 'forbiddenClaims', ['30 天内全额退款'], 'Lead', 'policy changed');
    const afterEdit = askPage(db, system);
    expect(afterEdit.report).toEqual(fresh(db, system).pages.report);
    db.close();

    // a threshold: computed again with it
    markStored(path, system);
    db = await open();
    saveDiagnosisSettings(db, { ...DEFAULT_DIAGNOSIS_SETTINGS, recallThreshold: 0.9 });
    const afterThreshold = askPage(db, system);
    expect(afterThreshold.report.settings.recallThreshold).toBe(0.9);
    expect(afterThreshold.report).toEqual(fresh(db, system).pages.report);
    db.close();

    // the next day (the documents' staleness is a day's): computed again
    markStored(path, system);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 86_400_000));
    db = await open();
    const tomorrow = askPage(db, system);
    expect(tomorrow.report.system).toBe(system);
    expect(tomorrow.report).toEqual(fresh(db, system).pages.report);
    db.close();
  });

  it('keeps the page brought up to date after a label, and its lists are computed when asked', async () => {
    const { path, system, open } = await file();
    let db = await open();
    const before = askPage(db, system);
    const [target] = before.report.layers.assignments;
    recordLabel(db, { reviewerId: createReviewer(db, 'Ada').id, caseId: target.caseId, responseId: target.responseId, dimension: 'correctness', value: 2 });
    const afterLabel = askPage(db, system);
    expect(afterLabel.report.layers.failing).toBe(before.report.layers.failing - 1);
    db.close();

    markStored(path, system);
    db = await open();
    const name = `layers.assignments@${target.layer}`;
    const reopened = askPage(db, system, { part: 'report', name });
    expect(reopened.report.system).toBe(MARK);
    const now = fresh(db, system);
    expect(reopened.layers).toEqual(now.pages.layers);
    // the stored lists are the first read's: these come computed, without the case labelled right
    expect(reopened.rows).toEqual(caseListAt(now.report, name));
    expect(reopened.rows.map((r) => (r as { responseId: string }).responseId)).not.toContain(target.responseId);
    db.close();
  });

  it('a read ahead after a label stores the page brought up to date and leaves the lists as stored', async () => {
    const { system, open } = await file();
    const db = await open();
    // the read ahead at opening reads the file whole and stores the lists
    warmPage(db, system);
    const listsBasis = listsStoredFor(db, system);
    expect(listsBasis).not.toBeNull();
    const [target] = askPage(db, system).report.layers.assignments;
    recordLabel(db, { reviewerId: createReviewer(db, 'Ada').id, caseId: target.caseId, responseId: target.responseId, dimension: 'correctness', value: 2 });
    expect(storedHalf(db, system, 'report')).toBeNull();
    // as after a page shown from the stored copy while a label is saved: brought up to date
    warmPage(db, system);
    expect(withoutVersion(storedHalf(db, system, 'report')!)).toEqual(fresh(db, system).pages.report);
    // writing every list again after each label would cost more than the page (tens of megabytes at 100,000 responses)
    expect(listsStoredFor(db, system)).toBe(listsBasis);
    db.close();
  });

  it('shows a file open read-only its stored page, and writes nothing to it', async () => {
    const { path, system, open } = await file();
    let db = await open();
    askPage(db, system);
    db.close();
    markStored(path, system);
    const readonly = openSqlite(path, { readonly: true, fileMustExist: true });
    expect((askPage(readonly, system)).report.system).toBe(MARK);
    readonly.close();

    // a write moved the basis: read-only, the page is computed and nothing is stored
    db = await open();
    editCase(db, 'case-0', 'forbiddenClaims', ['30 天内全额退款'], 'Lead', 'policy changed');
    db.close();
    const stored = () => {
      const raw = openSqlite(path, { readonly: true, fileMustExist: true });
      const row = raw.prepare('SELECT basis, report FROM diagnosis_pages WHERE system = ?').get(system);
      raw.close();
      return row;
    };
    const before = stored();
    const again = openSqlite(path, { readonly: true, fileMustExist: true });
    const page = askPage(again, system);
    expect(page.report.system).toBe(system);
    expect(page.report).toEqual(fresh(again, system).pages.report);
    again.close();
    expect(stored()).toEqual(before);
  });
});
