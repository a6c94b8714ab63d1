import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosisInput } from '../../db/diagnosis';
import { diagnosisInputs } from '../../db/diagnosis-inputs';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { caseContentChanged } from '../../db/reask';
import { CLAIMS_STATED, completeMarks, statedClaimList } from '../../shared/diagnosis/claims-stated';
import { quadrant } from '../../shared/diagnosis/quadrant';
import { casesById } from '../../shared/diagnosis/derived-once';
import { syntheticDiagnosis } from '../bench/diagnosis-bench';
import { writeDiagnosisFile } from '../bench/diagnosis-file';
import { useTempDir } from '../helpers/temp-dir';

const TODAY = '2026-12-03';

/**
 * "Claims this answer states" given before its case's content changed for every reviewer is asked
 * again: until it is given again the figures count the response as not labeled, never with the old
 * marks (which say nothing of a claim added since), whether the page reads the file whole or keeps its read.
 */
describe('a "stated" label asked again after its case changed', () => {
  const tempDir = useTempDir();

  it('counts as not given until it is given again', async () => {
    const input = syntheticDiagnosis(40);
    const { db } = await openTestSetFile(join(tempDir(), 'asked-again.sqlite'), { create: true });
    writeDiagnosisFile(db, input);
    // a normal response its reviewer marked: a second reviewer agrees with them
    const target = diagnosisInput(db, input.system, TODAY).responses.find((r) => r.condition === 'normal' && r.stated.kind === 'value')!;
    const kase = input.cases.find((c) => c.caseId === target.caseId)!;
    const list = statedClaimList(kase.claims, kase.forbidden.map((f) => f.text));
    const all = completeMarks(list, target.stated.kind === 'value' ? target.stated.marks : {}, false);
    const reviewer = createReviewer(db, 'Ada').id;
    recordLabel(db, { reviewerId: reviewer, caseId: target.caseId, responseId: target.responseId, dimension: CLAIMS_STATED, value: all });

    const statedOf = (read: { responses: { responseId: string; stated: { kind: string } }[] }) => read.responses.find((r) => r.responseId === target.responseId)!.stated.kind;
    const kept = diagnosisInputs(db, input.system, TODAY);
    expect(statedOf(kept.base)).toBe('value');
    const before = quadrant(kept.base.responses.filter((r) => r.condition === 'normal'), casesById(kept.base.cases), { recall: 0.5, utilisation: 0.5 }).excluded.notLabeled;

    // the lead settles the case's content: both reviewers' "stated" labels of it are asked again
    const caseSeq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck().get(target.caseId) as number;
    db.transaction(() => caseContentChanged(db, caseSeq))();
    const after = diagnosisInputs(db, input.system, TODAY);
    expect(after.read).toBe('whole');
    expect(statedOf(after.base)).toBe('none');
    expect(statedOf(diagnosisInput(db, input.system, TODAY))).toBe('none');
    expect(quadrant(after.base.responses.filter((r) => r.condition === 'normal'), casesById(after.base.cases), { recall: 0.5, utilisation: 0.5 }).excluded.notLabeled).toBe(before + 1);

    // a lead's adjudication of the labels from before the change is asked again with them; one that
    // settles a label given since counts
    const now = new Date().toISOString();
    db.prepare("INSERT INTO rounds (id, week, seed, size, status, created_at) VALUES (900, '2026-W49', 1, 1, 'closed', ?)").run(now);
    const responseSeq = db.prepare('SELECT seq FROM responses WHERE id = ?').pluck().get(target.responseId) as number;
    const adjudicate = (fromEventIds: number[]) =>
      db.prepare(`INSERT INTO adjudications (round_id, case_seq, response_seq, dimension, value, source, from_event_ids, created_at) VALUES (900, ?, ?, ?, ?, 'lead', ?, ?)`)
        .run(caseSeq, responseSeq, CLAIMS_STATED, JSON.stringify(all), JSON.stringify(fromEventIds), now);
    const oldEvents = db.prepare('SELECT id FROM label_events WHERE response_seq = ? AND dimension = ?').pluck().all(responseSeq, CLAIMS_STATED) as number[];
    adjudicate(oldEvents);
    expect(statedOf(diagnosisInputs(db, input.system, TODAY).base)).toBe('none');

    // given again by one of them: counted again (that reviewer's alone), taken in by the kept read
    recordLabel(db, { reviewerId: reviewer, caseId: target.caseId, responseId: target.responseId, dimension: CLAIMS_STATED, value: all });
    const again = diagnosisInputs(db, input.system, TODAY);
    expect(again.read).toBe('relabelled');
    expect(statedOf(again.base)).toBe('value');
    db.close();
  });
});
