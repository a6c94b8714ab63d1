import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import { DEFAULT_DIMENSIONS, type Dimension } from '../../shared/domain/dimensions';
import { stepKey } from '../../shared/labeling';
import { saveDimensions } from '../../db/dimension-edits';
import { listDimensions } from '../../db/dimensions';
import { caseHistory, createReviewer, currentLabels, listReviewers, recordLabel, undoLast } from '../../db/labels';
import type { Db } from '../../db/open';
import { useTempDir } from '../helpers/temp-dir';
import { smallLabelingSet } from '../helpers/labeling-set';

const seq = (db: Db, caseId: string) => db.prepare('SELECT seq FROM cases WHERE id = ?').pluck().get(caseId) as number;
const eventCount = (db: Db) => db.prepare('SELECT count(*) FROM label_events').pluck().get() as number;

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('label events on a real file', () => {
  const tempDir = useTempDir();

  it('reviewers: names are unique ignoring case, listed by name', async () => {
    const { db } = await smallLabelingSet(tempDir());
    createReviewer(db, '  Zhang Wei ');
    createReviewer(db, 'ada');
    const clash = thrown(() => createReviewer(db, 'ZHANG WEI'));
    expect(clash.code).toBe('conflict');
    expect(clash.message).toContain('"Zhang Wei"');
    createReviewer(db, 'Ärztin');
    expect(thrown(() => createReviewer(db, 'äRZTIN')).code).toBe('conflict');
    expect(listReviewers(db).map((r) => r.name)).toEqual(['ada', 'Zhang Wei', 'Ärztin']);
    db.close();
  });

  it('the latest event wins per (item, dimension, reviewer); two reviewers are independent; repeats append nothing', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const first = recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
    expect(first).toMatchObject({ previousValue: null, appended: true });
    expect(first.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    recordLabel(db, { reviewerId: bo, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'unanswerable' });
    const change = recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'false-premise', reason: 'premise is wrong' });
    expect(change).toMatchObject({ previousValue: 'answerable', appended: true });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1a', dimension: 'correctness', value: 1 });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1b', dimension: 'correctness', value: 2 });

    const before = eventCount(db);
    const repeat = recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'false-premise' });
    expect(repeat).toEqual({ eventId: change.eventId, at: change.at, previousValue: 'false-premise', appended: false });
    expect(eventCount(db)).toBe(before);

    const mine = currentLabels(db, seq(db, 'c1'), ada);
    expect(mine.get(stepKey('answerability', null))).toMatchObject({ value: 'false-premise', reason: 'premise is wrong', eventId: change.eventId });
    expect(mine.get(stepKey('correctness', 'r1a'))?.value).toBe(1);
    expect(mine.get(stepKey('correctness', 'r1b'))?.value).toBe(2);
    expect(currentLabels(db, seq(db, 'c1'), bo).get(stepKey('answerability', null))?.value).toBe('unanswerable');
    expect(currentLabels(db, seq(db, 'c1'), bo).size).toBe(1);
    db.close();
  });

  it('stores every kind of value: categorical, ordinal, numeric, binary, structured claims', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const claims = [{ text: '30 天内可退款 🙂', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款', start: 8, end: 18 }] }];
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'claims', value: claims });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1a', dimension: 'faithfulness', value: 0.75 });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1a', dimension: 'refusalCorrect', value: 'correct' });
    const mine = currentLabels(db, seq(db, 'c1'), ada);
    expect(mine.get(stepKey('claims', null))?.value).toEqual(claims);
    expect(mine.get(stepKey('faithfulness', 'r1a'))?.value).toBe(0.75);
    expect(mine.get(stepKey('refusalCorrect', 'r1a'))?.value).toBe('correct');
    // the same claims with keys in another order are the same value
    const again = recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'claims', value: [{ evidence: [{ end: 18, start: 8, quote: '30 天内可申请退款', docId: 'refund-policy' }], text: '30 天内可退款 🙂' }] });
    expect(again.appended).toBe(false);
    db.close();
  });

  it('a value that does not fit its dimension is refused, naming the field; nothing is written', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const cases: [string, string | null, unknown, RegExp][] = [
      ['correctness', 'r1a', 3, /value 3 does not fit dimension "correctness" \(expected one of 0, 1, 2\)/],
      ['faithfulness', 'r1a', 1.5, /value 1\.5 does not fit dimension "faithfulness" \(expected a number from 0 to 1\)/],
      ['answerability', null, 'maybe', /value "maybe" does not fit dimension "answerability"/],
      ['claims', null, 'not claims', /expected a list of claims/],
      ['refusalCorrect', 'r1a', true, /value true does not fit dimension "refusalCorrect"/],
    ];
    for (const [dimension, responseId, value, message] of cases) {
      const error = thrown(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId, dimension, value: value as never }));
      expect(error.code).toBe('invalid-input');
      expect(error.location).toEqual({ file: 'labels.record', line: null, field: 'value' });
      expect(error.message).toMatch(message);
    }
    const unknown = thrown(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'vibes', value: 'good' }));
    expect(unknown).toMatchObject({ code: 'invalid-input', location: { field: 'dimension' } });
    expect(thrown(() => recordLabel(db, { reviewerId: ada, caseId: 'nope', responseId: null, dimension: 'answerability', value: 'answerable' }))).toMatchObject({ code: 'not-found', location: { field: 'caseId' } });
    expect(thrown(() => recordLabel(db, { reviewerId: 99, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' }))).toMatchObject({ code: 'not-found', location: { field: 'reviewerId' } });
    expect(eventCount(db)).toBe(0);
    db.close();
  });

  it('scope: a case dimension takes no response; a response dimension needs a response of that very case', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const scope = (caseId: string, responseId: string | null, dimension: string, value: string | number) =>
      thrown(() => recordLabel(db, { reviewerId: ada, caseId, responseId, dimension, value }));
    expect(scope('c1', 'r1a', 'answerability', 'answerable')).toMatchObject({ code: 'invalid-input', location: { field: 'responseId' } });
    expect(scope('c1', 'r1a', 'answerability', 'answerable').message).toMatch(/about the case/);
    expect(scope('c1', null, 'correctness', 2).message).toMatch(/about a response/);
    expect(scope('c1', 'r2a', 'correctness', 2).message).toMatch(/belongs to another case than "c1"/);
    expect(scope('c1', 'ghost', 'correctness', 2).message).toMatch(/no response with id "ghost"/);
    expect(eventCount(db)).toBe(0);
    db.close();
  });

  it('undo: restores the value before the change, walks further back on repeat, and says when there is nothing left', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    const rec = (caseId: string, responseId: string | null, dimension: string, value: string | number) =>
      recordLabel(db, { reviewerId: ada, caseId, responseId, dimension, value });
    const value = (caseId: string, responseId: string | null, dimension: string) => currentLabels(db, seq(db, caseId), ada).get(stepKey(dimension, responseId))?.value ?? null;

    expect(undoLast(db, ada)).toMatchObject({ undone: false, caseId: null, restoredValue: null });
    rec('c1', null, 'answerability', 'answerable'); // A1
    rec('c1', 'r1a', 'correctness', 1); // B1
    rec('c1', null, 'answerability', 'unanswerable'); // A2
    recordLabel(db, { reviewerId: bo, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'restricted' });
    rec('c2', null, 'questionType', 'fact'); // C1

    // the undone change's value comes back too: it is what a redo writes again
    expect(undoLast(db, ada)).toMatchObject({ undone: true, caseId: 'c2', dimension: 'questionType', responseId: null, restoredValue: null, undoneValue: 'fact' });
    expect(value('c2', null, 'questionType')).toBeNull();
    expect(undoLast(db, ada)).toMatchObject({ undone: true, caseId: 'c1', dimension: 'answerability', restoredValue: 'answerable', undoneValue: 'unanswerable' });
    expect(value('c1', null, 'answerability')).toBe('answerable');
    // a new change after undoing is undone first, restoring what the undo had restored
    rec('c1', null, 'answerability', 'false-premise'); // A3
    expect(undoLast(db, ada)).toMatchObject({ restoredValue: 'answerable', dimension: 'answerability' });
    expect(undoLast(db, ada)).toMatchObject({ caseId: 'c1', responseId: 'r1a', dimension: 'correctness', restoredValue: null });
    expect(undoLast(db, ada)).toMatchObject({ dimension: 'answerability', restoredValue: null });
    expect(value('c1', null, 'answerability')).toBeNull();
    expect(undoLast(db, ada)).toMatchObject({ undone: false, undoneValue: null });
    // the other reviewer's label is untouched, and undo events are events
    expect(currentLabels(db, seq(db, 'c1'), bo).get(stepKey('answerability', null))?.value).toBe('restricted');
    expect(db.prepare("SELECT count(*) FROM label_events WHERE kind = 'undo'").pluck().get()).toBe(5);
    db.close();
  });

  it('history: every event in order, with reviewer, old → new per chain, reasons and undo links', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    const bo = createReviewer(db, 'Bo').id;
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
    recordLabel(db, { reviewerId: bo, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'unanswerable' });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1b', dimension: 'correctness', value: 0 });
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1b', dimension: 'correctness', value: 2, reason: '  misread the amount  ' });
    recordLabel(db, { reviewerId: ada, caseId: 'c2', responseId: null, dimension: 'answerability', value: 'answerable' });
    undoLast(db, ada); // c2
    undoLast(db, ada); // correctness 2 → 0
    const history = caseHistory(db, 'c1');
    expect(history.map((e) => [e.reviewer, e.dimension, e.responseId, e.previousValue, e.value, e.kind, e.reason])).toEqual([
      ['Ada', 'answerability', null, null, 'answerable', 'set', null],
      ['Bo', 'answerability', null, null, 'unanswerable', 'set', null],
      ['Ada', 'correctness', 'r1b', null, 0, 'set', null],
      ['Ada', 'correctness', 'r1b', 0, 2, 'set', 'misread the amount'],
      ['Ada', 'correctness', 'r1b', 2, 0, 'undo', null],
    ]);
    expect(history[4].undoesEventId).toBe(history[3].eventId);
    expect(history.map((e) => e.eventId)).toEqual([...history.map((e) => e.eventId)].sort((a, b) => a - b));
    expect(caseHistory(db, 'c2').map((e) => e.kind)).toEqual(['set', 'undo']);
    db.close();
  });

  it('label events are append-only: the file itself refuses UPDATE and DELETE', async () => {
    const { db } = await smallLabelingSet(tempDir());
    const ada = createReviewer(db, 'Ada').id;
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
    expect(() => db.prepare("UPDATE label_events SET value = '\"unanswerable\"'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM label_events').run()).toThrow(/append-only/);
    expect(eventCount(db)).toBe(1);
    db.close();
  });

  it('dimensions: defaults until saved; saving replaces them; a dimension with labels cannot be dropped or broken', async () => {
    const { db } = await smallLabelingSet(tempDir());
    expect(listDimensions(db)).toEqual(DEFAULT_DIMENSIONS);
    const ada = createReviewer(db, 'Ada').id;
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'questionType', value: 'fact' });

    const edited: Dimension[] = DEFAULT_DIMENSIONS.map((d) =>
      d.name === 'questionType' ? { ...d, options: [...d.options, { value: 'billing', stakes: 'high' as const }] } : d,
    ).filter((d) => d.name !== 'failureLayer');
    const saved = saveDimensions(db, [edited[1], edited[0], ...edited.slice(2)]);
    expect(saved.map((d) => d.name)).toEqual(['questionType', 'answerability', 'claims', 'responseBehavior', 'claimsStated', 'refusalCorrect', 'correctness', 'faithfulness', 'failureTags']);
    expect(saved[0].options.map((o) => o.value)).toContain('billing');
    expect(listDimensions(db)).toEqual(saved);

    const without = saved.filter((d) => d.name !== 'questionType');
    expect(thrown(() => saveDimensions(db, without))).toMatchObject({ code: 'conflict', message: expect.stringMatching(/"questionType" has 1 label event and cannot be removed/) });
    const narrowed = saved.map((d) => (d.name === 'questionType' ? { ...d, options: d.options.filter((o) => o.value !== 'fact') } : d));
    expect(thrown(() => saveDimensions(db, narrowed))).toMatchObject({ code: 'conflict', location: { field: 'dimensions.0.options' } });
    const moved = saved.map((d) => (d.name === 'questionType' ? { ...d, scope: 'response' as const } : d));
    expect(thrown(() => saveDimensions(db, moved))).toMatchObject({ code: 'conflict', location: { field: 'dimensions.0.scope' } });
    const twice = [...saved, { ...saved[0], name: 'QuestionType' }];
    expect(thrown(() => saveDimensions(db, twice))).toMatchObject({ code: 'invalid-input' });
    expect(listDimensions(db)).toEqual(saved);
    // the labels now follow the saved definitions
    expect(thrown(() => recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: 'r1a', dimension: 'failureLayer', value: 'data' })).location?.field).toBe('dimension');
    recordLabel(db, { reviewerId: ada, caseId: 'c1', responseId: null, dimension: 'questionType', value: 'billing' });
    db.close();
  });
});
