import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { diagnosisInput, saveDiagnosisSettings, setCaseLeak } from '../../db/diagnosis';
import { diagnosisInputs, heldRead, type DiagnosisInputs } from '../../db/diagnosis-inputs';
import { layersInput, MUST_RETRIEVE_KEY } from '../../db/diagnosis-layers';
import { editCase } from '../../db/case-edits';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { DIAGNOSIS_BASIS_TABLES, DIAGNOSIS_DELTA_TABLES } from '../../db/migrations/020-diagnosis-basis';
import { openTestSetFile, type Db } from '../../db/open';
import { openSqlite } from '../../db/sqlite';
import { writeSetting } from '../../db/settings';
import { runImport } from '../../server/imports/import-pipeline';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

const TODAY = '2026-12-02';
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Both reports from these inputs, and from a read of the file from scratch: they must be the same. */
function expectFresh(db: Db, system: string, inputs: DiagnosisInputs): void {
  const fresh = diagnosisInput(db, system, TODAY);
  expect(plain(diagnose(inputs.base))).toEqual(plain(diagnose(fresh)));
  expect(plain(layersReport(inputs.layers))).toEqual(plain(layersReport(layersInput(db, system, fresh))));
}

/** A read of the inputs with `write` done once meanwhile, just before the read prepares its first statement naming `sql`. */
function whileReading(db: Db, system: string, sql: string, write: () => unknown) {
  const prepare = db.prepare.bind(db);
  let written = false;
  db.prepare = ((text: string) => {
    if (!written && text.includes(sql)) {
      written = true;
      write();
    }
    return prepare(text);
  }) as typeof db.prepare;
  try {
    return diagnosisInputs(db, system, TODAY);
  } finally {
    db.prepare = prepare;
    expect(written).toBe(true);
  }
}

/** How many of the responses are the very objects of the earlier read (not read again). */
const sameObjects = (before: DiagnosisInputs, after: DiagnosisInputs) => after.base.responses.filter((r, i) => r === before.base.responses[i]).length;

/**
 * The Diagnosis page keeps what it read of a system between visits and, while people label, reads
 * only the responses whose labels, adjudications or verdicts were added since: the figures are then
 * exactly those of a read from scratch. Any other write to what it read makes it read everything again.
 */
describe('the Diagnosis page\'s kept read', () => {
  const tempDir = useTempDir();

  async function fileWith(responses: number) {
    const input = syntheticDiagnosis(responses);
    const path = join(tempDir(), 'kept.sqlite');
    const { db } = await openTestSetFile(path, { create: true });
    writeDiagnosisFile(db, input);
    return { db, path, system: input.system, input };
  }

  it('takes in new labels, undos and verdicts without reading the rest again', async () => {
    const { db, system, input } = await fileWith(200);
    const first = diagnosisInputs(db, system, TODAY);
    expect(sameObjects(first, diagnosisInputs(db, system, TODAY))).toBe(200);

    const [a, b, c] = input.responses.filter((r) => r.condition === 'normal');
    const ada = createReviewer(db, 'Ada');
    recordLabel(db, { reviewerId: ada.id, caseId: a.caseId, responseId: a.responseId, dimension: 'correctness', value: 0 });
    recordLabel(db, { reviewerId: ada.id, caseId: a.caseId, responseId: a.responseId, dimension: 'claimsStated', value: {} });
    recordLabel(db, { reviewerId: ada.id, caseId: b.caseId, responseId: b.responseId, dimension: 'failureLayer', value: 'retrieval' });
    const second = diagnosisInputs(db, system, TODAY);
    expect(sameObjects(first, second)).toBe(198);
    expectFresh(db, system, second);

    // a reviewer who disagrees on what another answer states leaves it out of the data layer's follow-old figures
    const d = input.responses.find((r) => r.condition === 'normal' && r.stated.kind === 'value' && ![a, b, c].includes(r))!;
    const dMarks = d.stated.kind === 'value' ? d.stated.marks : {};
    const unlabeled = layersReport(second.layers).data.followedStale.unlabeled;
    recordLabel(db, { reviewerId: ada.id, caseId: d.caseId, responseId: d.responseId, dimension: 'claimsStated', value: { ...dMarks, c1: { stated: !dMarks.c1.stated } } });
    const disputed = diagnosisInputs(db, system, TODAY);
    expect(layersReport(disputed.layers).data.followedStale.unlabeled).toBe(unlabeled + 1);
    expectFresh(db, system, disputed);

    // a second reviewer who disagrees takes the response out of the figures; an undo brings it back
    const bo = createReviewer(db, 'Bo');
    recordLabel(db, { reviewerId: bo.id, caseId: a.caseId, responseId: a.responseId, dimension: 'correctness', value: 2 });
    expectFresh(db, system, diagnosisInputs(db, system, TODAY));
    undoLast(db, bo.id);
    expectFresh(db, system, diagnosisInputs(db, system, TODAY));

    // a judge run scoring a response people have not labeled, and placing the one Ada placed
    const judge = { model: 'late-judge', version: '2', promptVersion: 'p2' };
    runImport(db, {
      kind: 'judge', format: 'jsonl', fileName: 'late.jsonl',
      bytes: Buffer.from([
        { caseId: c.caseId, responseId: c.responseId, judge, dimension: 'faithfulness', value: 0.1 },
        { caseId: b.caseId, responseId: b.responseId, judge, dimension: 'failureLayer', value: 'generation' },
      ].map((row) => JSON.stringify(row)).join('\n')),
    });
    const third = diagnosisInputs(db, system, TODAY);
    expect(sameObjects(first, third)).toBeGreaterThanOrEqual(196);
    expect(third.layers.responses.find((r) => r.responseId === b.responseId)).toMatchObject({ humanLayer: 'retrieval', judgeLayer: 'generation' });
    expect(layersReport(third.layers).judgeBlamesGeneration).toMatchObject({ count: 1, n: 1 });
    expectFresh(db, system, third);
    db.close();
  });

  it('reads everything again after any other write to what it read, from this connection or another', async () => {
    const { db, path, system, input } = await fileWith(120);
    let last = diagnosisInputs(db, system, TODAY);
    const readAgain = () => {
      const now = diagnosisInputs(db, system, TODAY);
      expect(sameObjects(last, now)).toBe(0);
      expectFresh(db, system, now);
      last = now;
    };
    const kase = input.cases[0].caseId;
    setCaseLeak(db, kase, true);
    readAgain();
    db.transaction(() => editCase(db, kase, 'forbiddenClaims', ['30 天内全额退款'], 'Lead', 'policy changed'))();
    readAgain();
    writeSetting(db, MUST_RETRIEVE_KEY, { 'how-to': false });
    readAgain();
    runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'more.jsonl', bytes: Buffer.from(JSON.stringify({ docId: 'doc-0', title: 'doc-0', revision: 'v3', accessScope: ['public'], text: '新规则' })) });
    readAgain();

    // another connection (the command line, an import worker) writing to the same file
    const other = openSqlite(path, { readonly: false, fileMustExist: true });
    other.prepare('UPDATE cases SET leak = 0 WHERE id = ?').run(kase);
    readAgain();
    // … or committing while this one reads: the generation moves past what it read
    setCaseLeak(db, kase, true);
    whileReading(db, system, 'FROM documents', () => other.prepare('UPDATE cases SET leak = 0 WHERE id = ?').run(kase));
    other.close();
    readAgain();
    // the retrieval index awaiting a rebuild (a file from before it): the lists are matched as stored
    db.prepare("INSERT INTO meta (key, value) VALUES ('retrieval_index_stale', '1')").run();
    readAgain();
    db.prepare("DELETE FROM meta WHERE key = 'retrieval_index_stale'").run();
    readAgain();

    // the thresholds only steer the computing: the read is kept, the figures follow them
    saveDiagnosisSettings(db, { recallThreshold: 0.9, utilisationThreshold: 0.2, faithfulnessThreshold: 0.5, dependency: {} });
    const steered = diagnosisInputs(db, system, TODAY);
    expect(sameObjects(last, steered)).toBe(120);
    expect(steered.base.settings.recallThreshold).toBe(0.9);
    expectFresh(db, system, steered);

    // a new day reads the documents' staleness again
    expect(sameObjects(steered, diagnosisInputs(db, system, '2026-12-03'))).toBe(0);
    db.close();
  });

  it('keeps a read during which another connection saved labels, and takes them in at the next', async () => {
    // the Diagnosis worker reads on its own connection while the app saves labels on another
    const { db, path, system, input } = await fileWith(60);
    const app = openSqlite(path, { readonly: false, fileMustExist: true });
    app.pragma('busy_timeout = 5000');
    const [a] = input.responses.filter((r) => r.condition === 'normal');
    const ada = createReviewer(app, 'Ada');
    const during = whileReading(db, system, 'FROM documents', () => recordLabel(app, { reviewerId: ada.id, caseId: a.caseId, responseId: a.responseId, dimension: 'correctness', value: 0 }));
    expect(during.basis).not.toBeNull();
    const after = diagnosisInputs(db, system, TODAY);
    expect(after.read).toBe('relabelled');
    expect(sameObjects(during, after)).toBe(59);
    expectFresh(db, system, after);
    app.close();
    db.close();
  });

  it('holds no write lock while it reads: a label saved meanwhile never waits for the facts it computes', async () => {
    const { db, path, system, input } = await fileWith(60);
    // the facts are computed (and kept) by the read: the first after an import, or after a document changed
    db.prepare('DELETE FROM response_facts').run();
    const app = openSqlite(path, { readonly: false, fileMustExist: true });
    app.pragma('busy_timeout = 0');
    const [a] = input.responses.filter((r) => r.condition === 'normal');
    const ada = createReviewer(app, 'Ada');
    // late in the read: the facts are computed by now
    const during = whileReading(db, system, 'FROM case_slices', () => recordLabel(app, { reviewerId: ada.id, caseId: a.caseId, responseId: a.responseId, dimension: 'correctness', value: 0 }));
    // kept once the read ended (a label moves no generation)
    expect(db.prepare('SELECT count(*) FROM response_facts').pluck().get()).toBe(60);
    expect(diagnosisInputs(db, system, TODAY).read).toBe('relabelled');
    expect(during.read).toBe('whole');
    app.close();
    db.close();
  });

  it('keeps no facts computed from a document another connection changed while it read', async () => {
    const { db, path, system } = await fileWith(60);
    db.prepare('DELETE FROM response_facts').run();
    const app = openSqlite(path, { readonly: false, fileMustExist: true });
    whileReading(db, system, 'FROM case_slices', () => app.prepare("UPDATE documents SET text = '新规则：购买后 7 天内可退款' WHERE doc_id = 'doc-0'").run());
    // computed from the document as it was: not kept, and the next read is whole
    expect(db.prepare('SELECT count(*) FROM response_facts').pluck().get()).toBe(0);
    const next = diagnosisInputs(db, system, TODAY);
    expect(next.read).toBe('whole');
    expectFresh(db, system, next);
    app.close();
    db.close();
  });

  it('is let go a quarter of an hour after the page last asked it, however often it was kept current since', async () => {
    const { db, system, input } = await fileWith(40);
    vi.useFakeTimers();
    try {
      diagnosisInputs(db, system, TODAY);
      expect(heldRead(db)?.system).toBe(system);
      vi.advanceTimersByTime(10 * 60_000);
      // read whole again to keep it current after a case edit: not an ask of the page
      expect(setCaseLeak(db, input.cases[0].caseId, true)).toBe(true);
      expect(diagnosisInputs(db, system, TODAY, 'to-keep-current').read).toBe('whole');
      vi.advanceTimersByTime(4 * 60_000);
      expect(heldRead(db)?.system).toBe(system);
      vi.advanceTimersByTime(60_000 + 1);
      expect(heldRead(db)).toBeNull();
      // an ask of the page keeps it a quarter of an hour from then
      diagnosisInputs(db, system, TODAY);
      vi.advanceTimersByTime(14 * 60_000);
      expect(diagnosisInputs(db, system, TODAY).read).toBe('kept');
      vi.advanceTimersByTime(14 * 60_000);
      expect(heldRead(db)?.system).toBe(system);
    } finally {
      vi.useRealTimers();
      db.close();
    }
  });

  it('is not kept for a file open read-only', async () => {
    const { db, path, system } = await fileWith(40);
    db.close();
    const readonly = openSqlite(path, { readonly: true, fileMustExist: true });
    const first = diagnosisInputs(readonly, system, TODAY);
    expect(sameObjects(first, diagnosisInputs(readonly, system, TODAY))).toBe(0);
    readonly.close();
  });

  it('knows, for every table of the file, whether a write to it moves what the page read', async () => {
    const { db } = await fileWith(10);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'cases_fts%'").pluck().all() as string[]).sort();
    const triggers = new Set(db.prepare("SELECT tbl_name || ':' || substr(sql, instr(sql, 'AFTER ') + 6, 6) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'diagnosis_basis_%'").pluck().all() as string[]);
    const notRead = [
      'anchor_items', 'anchor_sets', 'case_edits', 'case_labelers', 'case_marks', 'case_marks_dirty', 'diagnosis_basis', 'diagnosis_page_lists', 'diagnosis_pages',
      'facet_stamp', 'holdout_openings', 'import_publishing', 'imported_files', 'judge_runs', 'label_merge_batches', 'label_merge_reviewers',
      'label_progress', 'resume_points', 'reviewers', 'round_dimensions', 'round_figures', 'round_items', 'rounds',
    ];
    // read, and followed otherwise: meta's index flag is compared at each ask and the facts' basis is the day
    // in the kept read's key; response facts are derived from the tables above; settings and the labels asked
    // again (case_content_changes) have triggers of their own
    const readOtherwise = ['meta', 'response_facts', 'settings', 'case_content_changes'];
    const unclassified = tables.filter((t) => !notRead.includes(t) && !(DIAGNOSIS_BASIS_TABLES as readonly string[]).includes(t) && !(DIAGNOSIS_DELTA_TABLES as readonly string[]).includes(t) && !readOtherwise.includes(t));
    expect(unclassified).toEqual([]);
    for (const table of DIAGNOSIS_BASIS_TABLES) for (const event of ['INSERT', 'UPDATE', 'DELETE']) expect(triggers).toContain(`${table}:${event}`);
    for (const table of DIAGNOSIS_DELTA_TABLES) for (const event of ['UPDATE', 'DELETE']) expect(triggers).toContain(`${table}:${event}`);
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) expect(triggers).toContain(`case_content_changes:${event}`);
    db.close();
  });
});
