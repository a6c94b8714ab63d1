import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { createDispatcher } from '../../server/dispatch';
import { createDiagnosisDataHandlers } from '../../server/diagnosis/data-handlers';
import { createDiagnosisHandlers } from '../../server/diagnosis/handlers';
import type { Handlers, OpOutput } from '../../shared/api/contract';
import { PAGE_CASES, pageOf } from '../../shared/diagnosis/case-lists';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The Diagnosis page gets every figure of the whole report but only the first cases of each list,
 * with each list's length; "show more" reads the rest a page at a time, and together the pages are
 * exactly the whole list `touchstone diagnose` prints.
 */
describe('the Diagnosis page\'s lists of cases', () => {
  const tempDir = useTempDir();

  it('carry their first cases and their lengths, and the rest page by page', async () => {
    const input = syntheticDiagnosis(400);
    const { db } = await openTestSetFile(join(tempDir(), 'lists.sqlite'), { create: true });
    writeDiagnosisFile(db, input);
    const dispatch = createDispatcher({ ...createDiagnosisHandlers(() => db), ...createDiagnosisDataHandlers(() => db) } as Handlers);
    const call = async <T>(name: string, ask: unknown): Promise<T> => {
      const answer = await dispatch(name, ask);
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value as T;
    };
    const page = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    const whole = plain(diagnose(diagnosisInput(db, input.system))) as OpOutput<'diagnosis.report'>;
    const layersPage = await call<OpOutput<'diagnosis.layers'>>('diagnosis.layers', { system: input.system });
    const wholeLayers = plain(layersReport(layersInput(db, input.system))) as OpOutput<'diagnosis.layers'>;

    // the figures are the whole report's
    expect(page.quadrant.cells.map((c) => c.share)).toEqual(whole.quadrant.cells.map((c) => c.share));
    expect(page.layers.counts).toEqual(whole.layers.counts);
    expect(layersPage.data).toEqual(wholeLayers.data);
    // a long list: its first cases and its length
    const cell = whole.quadrant.cells.findIndex((c) => c.responses.length > PAGE_CASES);
    expect(cell).toBeGreaterThanOrEqual(0);
    expect(page.quadrant.cells[cell].responses).toEqual(whole.quadrant.cells[cell].responses.slice(0, PAGE_CASES));
    expect(page.lists[`quadrant.cells.${cell}.responses`]).toBe(whole.quadrant.cells[cell].responses.length);
    // each layer's failing responses are cut apart, so every layer row shows its first ones
    for (const { layer, share } of whole.layers.counts) {
      expect(page.lists[`layers.assignments@${layer}`] ?? 0).toBe(share.count);
      expect(page.layers.assignments.filter((a) => a.layer === layer)).toEqual(whole.layers.assignments.filter((a) => a.layer === layer).slice(0, PAGE_CASES));
    }

    // page by page, the rest of a list is the whole list
    for (const list of [`quadrant.cells.${cell}.responses`, `layers.assignments@${whole.layers.top}`]) {
      const rows: unknown[] = [];
      for (let offset = 0; ; offset += 50) {
        const more = await call<{ total: number; cases: unknown[] }>('diagnosis.cases', { system: input.system, version: page.version, part: 'report', list, offset, limit: 50 });
        expect(more.total).toBe(page.lists[list]);
        rows.push(...more.cases);
        if (more.cases.length < 50) break;
      }
      const layer = list.split('@')[1];
      const expected = layer ? whole.layers.assignments.filter((a) => a.layer === layer) : whole.quadrant.cells[cell].responses;
      expect(rows).toEqual(expected);
    }
    const unsafe = await call<{ total: number; cases: unknown[] }>('diagnosis.cases', { system: input.system, version: page.version, part: 'report', list: 'distractorsOnly.responses', offset: 0, limit: 500 });
    expect(unsafe).toEqual({ total: whole.distractorsOnly.responses.length, cases: whole.distractorsOnly.responses });

    const unknown = await dispatch('diagnosis.cases', { system: input.system, version: page.version, part: 'report', list: 'quadrant.claimRecall', offset: 0, limit: 10 });
    expect(unknown.ok ? null : unknown.error.code).toBe('not-found');

    // the kept reports last only while nothing is written: a label moves the page's figures and its lists
    const failingBefore = page.layers.failing;
    const right = whole.layers.assignments[0];
    const reviewer = createReviewer(db, 'Ada');
    recordLabel(db, { reviewerId: reviewer.id, caseId: right.caseId, responseId: right.responseId, dimension: 'correctness', value: 2 });
    recordLabel(db, { reviewerId: reviewer.id, caseId: right.caseId, responseId: right.responseId, dimension: 'claimsStated', value: {} });
    // a "show more" of the page read before the write is refused, not answered from the new lists at the old offsets
    const late = await dispatch('diagnosis.cases', { system: input.system, version: page.version, part: 'report', list: `layers.assignments@${right.layer}`, offset: 0, limit: 10 });
    expect(late.ok ? null : [late.error.code, late.error.location?.field]).toEqual(['conflict', 'version']);
    const { version: afterVersion, ...after } = await call<OpOutput<'diagnosis.report'>>('diagnosis.report', { system: input.system });
    expect(afterVersion).not.toBe(page.version);
    expect(after).toEqual(pageOf(plain(diagnose(diagnosisInput(db, input.system))) as object));
    expect(after.layers.failing).toBe(failingBefore - 1);
    const rest = await call<{ total: number; cases: { responseId: string }[] }>('diagnosis.cases', { system: input.system, version: afterVersion, part: 'report', list: `layers.assignments@${right.layer}`, offset: 0, limit: 500 });
    expect(rest.cases.map((a) => a.responseId)).not.toContain(right.responseId);
    db.close();
  });
});
