import { describe, expect, it } from 'vitest';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { isoWeek } from '../../shared/calibration/iso-week';
import { readStoredNotes, roundNoteText, storedNotes, type CodedNote } from '../../shared/calibration/round-notes';
import { changeOf } from '../../shared/calibration/scale';
import { comparableRuns, itemKey, pickRound, type SamplerInput, type SamplerItem, type SamplerRun, type SamplerVerdict } from '../../shared/calibration/sampler';
import { mulberry32 } from '../../shared/stats';

const dims = DEFAULT_DIMENSIONS;
const dim = (name: string) => dims.find((d) => d.name === name)!;

const items: SamplerItem[] = Array.from({ length: 60 }, (_, i) => {
  const caseId = `case-${String(i).padStart(3, '0')}`;
  return { key: itemKey(caseId, `r-${i}`), caseId, responseId: `r-${i}` };
});

const run = (id: number, promptVersion = 'p1', model = 'm', modelVersion = `v${id}`): SamplerRun => ({ id, model, modelVersion, promptVersion });

/** Two runs with random faithfulness and correctness values; some items unchanged. */
function randomVerdicts(seed: number, runIds: number[]): SamplerVerdict[] {
  const next = mulberry32(seed);
  const out: SamplerVerdict[] = [];
  for (const runId of runIds) {
    for (const item of items) {
      out.push({ runId, dimension: 'faithfulness', itemKey: item.key, value: Math.round((next() / 2 ** 32) * 10) / 10 });
      out.push({ runId, dimension: 'correctness', itemKey: item.key, value: next() % 3 });
    }
  }
  return out;
}

const base = (over: Partial<SamplerInput> = {}): SamplerInput => ({
  size: 20, seed: 7, dimensions: dims, runs: [run(1), run(2)], verdicts: randomVerdicts(11, [1, 2]), eligible: items, exclude: new Set(), ...over,
});

describe('round sampler', () => {
  it('is reproducible: the same seed on the same data gives the same pick; another seed another random half', () => {
    const a = pickRound(base());
    const b = pickRound(base({ eligible: [...items].reverse() })); // input order does not matter
    expect(b.picks).toEqual(a.picks);
    const c = pickRound(base({ seed: 8 }));
    // the changed half's sizes do not depend on the seed (only which of equal changes is taken)
    const sizes = (picks: typeof a.picks) => picks.slice(0, 10).map((p) => (p.reason.kind === 'changed' ? p.reason.magnitude : -1));
    expect(sizes(c.picks)).toEqual(sizes(a.picks));
    expect(c.picks.slice(10).map((p) => p.item.key)).not.toEqual(a.picks.slice(10).map((p) => p.item.key));
    expect(new Set(a.picks.map((p) => p.item.key)).size).toBe(20);
  });

  it('the changed half holds the largest changes (as a share of the scale)', () => {
    const verdicts = randomVerdicts(5, [1, 2]);
    const out = pickRound(base({ verdicts }));
    // independent: each item's largest change over both dimensions
    const value = (runId: number, dimension: string, key: string) => verdicts.find((v) => v.runId === runId && v.dimension === dimension && v.itemKey === key)!.value as number;
    const magnitude = (item: SamplerItem) =>
      Math.max(Math.abs(value(2, 'faithfulness', item.key) - value(1, 'faithfulness', item.key)), Math.abs(value(2, 'correctness', item.key) - value(1, 'correctness', item.key)) / 2);
    const expected = items.map(magnitude).filter((m) => m > 0).sort((x, y) => y - x).slice(0, 10);
    const changed = out.picks.filter((p) => p.reason.kind === 'changed');
    expect(changed.map((p) => magnitude(p.item))).toEqual(expected);
    // every item changed more than the smallest pick is in
    const cut = expected[expected.length - 1];
    const must = items.filter((i) => magnitude(i) > cut).map((i) => i.key);
    expect(must.every((k) => changed.some((p) => p.item.key === k))).toBe(true);
    for (const p of changed) if (p.reason.kind === 'changed') expect(p.reason.magnitude).toBeCloseTo(magnitude(p.item), 12);
    expect(out.picks.slice(10).every((p) => p.reason.kind === 'random')).toBe(true);
  });

  it('compares only runs of the same model and prompt version, the two latest of that lineage', () => {
    const scoring = new Map([['correctness', new Set([1, 2, 3, 4])]]);
    const runs = [run(1, 'p1'), run(2, 'p2'), run(3, 'p1'), run(4, 'p1', 'other-model')];
    // latest scoring correctness is 4 (other model, no earlier run of its lineage)
    expect(comparableRuns(runs, scoring, [dim('correctness')])).toEqual({ comparisons: [], missing: ['correctness'] });
    expect(comparableRuns(runs.slice(0, 3), new Map([['correctness', new Set([1, 2, 3])]]), [dim('correctness')]).comparisons).toEqual([
      { dimension: 'correctness', fromRunId: 1, toRunId: 3 },
    ]);
  });

  it('keeps the previous round out of the changed half only: the random half draws from every eligible item', () => {
    const first = pickRound(base());
    const exclude = new Set(first.picks.map((p) => p.item.key));
    const second = pickRound(base({ exclude }));
    expect(second.picks).toHaveLength(20);
    expect(second.picks.filter((p) => p.reason.kind === 'changed').some((p) => exclude.has(p.item.key))).toBe(false);
    expect(second.notes).toContainEqual({ code: 'previous-excluded', values: { excluded: 20 } });
    expect(second.notes.map(roundNoteText)).toContain('20 items of the previous round were kept out of the changed half.');
    // over many seeds the random half does pick last week's items, as a uniform draw would (20 of 60 eligible)
    const seen = Array.from({ length: 30 }, (_, seed) => pickRound(base({ exclude, seed })).picks.filter((p) => p.reason.kind === 'random' && exclude.has(p.item.key)).length);
    expect(seen.reduce((s, x) => s + x, 0)).toBeGreaterThan(0);
  });

  it('breaks ties by a shuffle seeded with the round, never by id', () => {
    // every item's behaviour changed (categorical: magnitude 1 for all): which ten is up to the seed
    const v: SamplerVerdict[] = items.flatMap((i) => [
      { runId: 1, dimension: 'responseBehavior', itemKey: i.key, value: 'answered' },
      { runId: 2, dimension: 'responseBehavior', itemKey: i.key, value: 'refused' },
    ]);
    const changedOf = (seed: number) => pickRound(base({ verdicts: v, seed })).picks.filter((p) => p.reason.kind === 'changed').map((p) => p.item.caseId);
    const a = changedOf(7);
    expect(a).toHaveLength(10);
    expect([...a].sort()).not.toEqual(items.slice(0, 10).map((i) => i.caseId));
    expect(changedOf(7)).toEqual(a);
    expect(pickRound(base({ verdicts: v, seed: 7, eligible: [...items].reverse() })).picks.filter((p) => p.reason.kind === 'changed').map((p) => p.item.caseId)).toEqual(a);
    expect(changedOf(8)).not.toEqual(a);
  });

  it('short data: one run, few changes, few eligible items — says so and fills from random', () => {
    const oneRun = pickRound(base({ runs: [run(1)], verdicts: randomVerdicts(11, [1]) }));
    expect(oneRun.picks).toHaveLength(20);
    expect(oneRun.picks.every((p) => p.reason.kind === 'random')).toBe(true);
    expect(oneRun.notes[0]).toEqual({ code: 'no-comparable-runs', values: {} });
    expect(roundNoteText(oneRun.notes[0])).toMatch(/^Fewer than two comparable judge runs/);

    const v: SamplerVerdict[] = items.flatMap((i, n) => [
      { runId: 1, dimension: 'responseBehavior', itemKey: i.key, value: 'answered' },
      { runId: 2, dimension: 'responseBehavior', itemKey: i.key, value: n < 3 ? 'refused' : 'answered' },
    ]);
    const few = pickRound(base({ verdicts: v }));
    expect(few.picks.filter((p) => p.reason.kind === 'changed').map((p) => p.item.caseId).sort()).toEqual(['case-000', 'case-001', 'case-002']);
    expect(few.picks).toHaveLength(20);
    expect(few.notes).toContainEqual({ code: 'few-changed', values: { changed: 3, wanted: 10 } });
    expect(few.notes.map(roundNoteText)).toContain('Only 3 eligible items changed between the comparable judge runs (10 wanted): the rest was filled from random.');

    const small = pickRound(base({ eligible: items.slice(0, 10) }));
    expect(small.picks).toHaveLength(10);
    expect(small.notes).toContainEqual({ code: 'few-eligible', values: { eligible: 10, picked: 10, size: 20 } });
    expect(small.notes.map(roundNoteText)).toContain('Only 10 items are eligible: the round has 10 items, not 20.');
  });
});

describe('round notes', () => {
  it('word each code in English as the CLI printed it, singular and plural', () => {
    const cases: [CodedNote, string][] = [
      [{ code: 'changes-measured', values: { fromRunId: 1, toRunId: 2, dimensions: ['correctness', 'faithfulness'] } }, 'Judge changes measured between runs 1 → 2 on correctness, faithfulness.'],
      [{ code: 'no-judge-run', values: {} }, 'No judge run scores any dimension yet: the round reviews every dimension and its figures will have no judge to compare.'],
      [{ code: 'no-comparable-runs', values: {} }, 'Fewer than two comparable judge runs (same dimension, same judge model and prompt version): the changed half was filled from random.'],
      [{ code: 'few-changed', values: { changed: 1, wanted: 15 } }, 'Only 1 eligible item changed between the comparable judge runs (15 wanted): the rest was filled from random.'],
      [{ code: 'few-changed', values: { changed: 0, wanted: 15 } }, 'Only 0 eligible items changed between the comparable judge runs (15 wanted): the rest was filled from random.'],
      [{ code: 'previous-excluded', values: { excluded: 1 } }, '1 item of the previous round was kept out of the changed half.'],
      [{ code: 'previous-excluded', values: { excluded: 6 } }, '6 items of the previous round were kept out of the changed half.'],
      [{ code: 'few-eligible', values: { eligible: 1, picked: 1, size: 30 } }, 'Only 1 item is eligible: the round has 1 item, not 30.'],
      [{ code: 'few-eligible', values: { eligible: 0, picked: 0, size: 30 } }, 'Only 0 items are eligible: the round has 0 items, not 30.'],
    ];
    for (const [note, text] of cases) expect(roundNoteText(note), note.code).toBe(text);
  });

  it('a sampler that fills the changed half with one changed item and excludes one says so in the singular', () => {
    const v: SamplerVerdict[] = items.flatMap((i, n) => [
      { runId: 1, dimension: 'responseBehavior', itemKey: i.key, value: 'answered' },
      { runId: 2, dimension: 'responseBehavior', itemKey: i.key, value: n === 5 ? 'refused' : 'answered' },
    ]);
    const out = pickRound(base({ verdicts: v, eligible: items.slice(0, 12), exclude: new Set([items[0].key]) }));
    expect(out.notes.map(roundNoteText)).toEqual([
      'Only 1 eligible item changed between the comparable judge runs (10 wanted): the rest was filled from random.',
      '1 item of the previous round was kept out of the changed half.',
      'Only 12 items are eligible: the round has 12 items, not 20.',
    ]);
  });

  it('stored notes: codes round-trip with their English text; sentences stored before codes read as they are', () => {
    const notes: CodedNote[] = [{ code: 'previous-excluded', values: { excluded: 2 } }, { code: 'no-comparable-runs', values: {} }];
    expect(readStoredNotes(storedNotes(notes))).toEqual([
      { code: 'previous-excluded', values: { excluded: 2 }, text: '2 items of the previous round were kept out of the changed half.' },
      { code: 'no-comparable-runs', values: {}, text: roundNoteText(notes[1]) },
    ]);
    expect(readStoredNotes('["Only 3 eligible items changed between the comparable judge runs (15 wanted): the rest was filled from random."]')).toEqual([
      { code: 'text', values: {}, text: 'Only 3 eligible items changed between the comparable judge runs (15 wanted): the rest was filled from random.' },
    ]);
  });
});

describe('scale and ISO week', () => {
  it('measures a change as a share of the scale', () => {
    expect(changeOf(dim('correctness'), 2, 0)).toEqual({ delta: -2, magnitude: 1 });
    expect(changeOf(dim('faithfulness'), 0.25, 0.75)).toEqual({ delta: 0.5, magnitude: 0.5 });
    expect(changeOf(dim('refusalCorrect'), 'correct', 'incorrect')).toEqual({ delta: -1, magnitude: 1 });
    expect(changeOf(dim('responseBehavior'), 'answered', 'refused')).toEqual({ delta: null, magnitude: 1 });
    expect(changeOf(dim('responseBehavior'), 'answered', 'nonsense')).toBeNull();
  });

  it('names ISO weeks', () => {
    expect(isoWeek(new Date('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeek(new Date('2026-02-12T23:59:59Z'))).toBe('2026-W07');
  });
});
