import { describe, expect, it } from 'vitest';
import { judgeVsHumanReport } from '../../server/agreement/agreement-handlers';
import { createReviewer, recordLabel } from '../../db/labels';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, CASES, responseOf, RUN2 } from '../helpers/calibration-set';

/**
 * The Agreement view's disagreement list holds judge verdicts and rationales: for the items of a
 * round still labeled blind the server leaves them out (counted as `blind`) until the reveal.
 */
describe('a blind round keeps its verdicts out of the disagreement list', () => {
  const tempDir = useTempDir();

  it('hides the round’s cases while it is labeled, shows them after the reveal', async () => {
    const { db } = await calibrationSet(tempDir());
    const call = api(db);
    const ada = createReviewer(db, 'Ada').id;
    // Ada disagrees with run 2 on correctness everywhere
    for (const c of CASES) recordLabel(db, { reviewerId: ada, caseId: c, responseId: responseOf(c), dimension: 'correctness', value: (RUN2[c].correctness + 1) % 3 });
    const input = { runId: 2, dimension: 'correctness', reference: { kind: 'reviewer', reviewerId: ada } } as const;
    const before = judgeVsHumanReport(db, input).dimensions[0].disagreements;
    expect(before.total).toBe(16);
    expect(before.blind).toBe(0);

    const round = await call('rounds.start', { size: 6, seed: 9, week: '2026-W10' });
    const inRound = new Set(round.items.map((i) => i.caseId));
    const during = judgeVsHumanReport(db, input);
    const list = during.dimensions[0].disagreements;
    expect(list.blind).toBe(inRound.size);
    expect(list.total).toBe(16 - inRound.size);
    expect(list.items.some((d) => inRound.has(d.caseId))).toBe(false);
    const answer = JSON.stringify(during);
    for (const c of inRound) expect(answer).not.toContain(`correctness of ${c}`);
    // the figures themselves still count every pair
    expect(during.dimensions[0].n).toBe(16);

    await call('rounds.reveal', { roundId: round.round.id, early: true });
    const after = judgeVsHumanReport(db, input).dimensions[0].disagreements;
    expect(after.blind).toBe(0);
    expect(after.items.filter((d) => inRound.has(d.caseId)).map((d) => d.rationale).sort()).toEqual([...inRound].map((c) => `correctness of ${c}`).sort());
  });
});
