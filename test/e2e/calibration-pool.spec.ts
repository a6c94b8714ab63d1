import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, importLines, openApp, sample } from './helpers';

/**
 * On a test set of its own (the demo is left as it was, and reopened at the end):
 * - two closed rounds with the same judge version: the round figures pool their random halves
 *   (the window says how many rounds and items, and "too few random items yet (n of 40)"), and
 *   the changed half is its own stratum;
 * - a round still labeled blind: the Agreement view's disagreement list holds none of its items'
 *   verdicts (the page and the API answer), and says how many it left out;
 * - a new judge version checked on the anchor set: a possible mean shift says how many cases would
 *   decide it.
 * Each screen in English and Chinese, with screenshots.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const judged = sample('judge.jsonl');
const rationales = new Map(judged.map((v) => [`${v.caseId}|${v.responseId}|${v.dimension}`, String(v.rationale)]));

interface RoundDetail {
  round: { id: number };
  items: { caseId: string; responseId: string | null; reason: { kind: string } }[];
  dimensions: { dimension: string; scope: 'case' | 'response' }[];
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/calibration-pool-${name}.png`, fullPage: true });
}

/** A value for a cell: the judge's own (so most cells agree), one step lower on correctness every third item, or a valid default. */
function labelValue(dimension: string, caseId: string, responseId: string | null, index: number): string | number {
  const verdict = judged.find((v) => v.caseId === caseId && v.responseId === responseId && v.dimension === dimension);
  const fallback: Record<string, string | number> = { correctness: 1, faithfulness: 0.5, responseBehavior: 'answered' };
  const value = (verdict?.value as string | number | undefined) ?? fallback[dimension] ?? 0;
  if (dimension === 'correctness' && index % 3 === 0 && typeof value === 'number') return value === 0 ? 1 : value - 1;
  return value;
}

async function labelRound(request: APIRequestContext, reviewerId: number, detail: RoundDetail): Promise<void> {
  for (const [index, item] of detail.items.entries()) {
    for (const d of detail.dimensions) {
      if ((item.responseId === null) !== (d.scope === 'case')) continue;
      await api(request, 'labels.record', { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension: d.dimension, value: labelValue(d.dimension, item.caseId, item.responseId, index) });
    }
  }
}

interface Figures {
  dimension: string;
  random: { items: number; roundIds: number[] };
  changed: { n: number };
}

async function closedRound(request: APIRequestContext, reviewerId: number, week: string, seed: number): Promise<RoundDetail & { figures: Figures[] }> {
  const detail = await api<RoundDetail>(request, 'rounds.start', { size: 8, seed, week, sameWeek: true });
  await labelRound(request, reviewerId, detail);
  await api(request, 'rounds.reveal', { roundId: detail.round.id, early: true, reviewerId });
  const closed = await api<{ figures: Figures[] }>(request, 'rounds.close', { roundId: detail.round.id });
  return { ...detail, figures: closed.figures };
}

test('pooled random halves, a blind round kept out of Agreement, and the cases that would decide a possible drift', async ({ page, request }) => {
  test.setTimeout(240_000);
  const created = await api<{ testSetId: string }>(request, 'testSets.createNamed', { name: `e2e-pool-${stamp}` });
  try {
    await importLines(request, 'documents', 'documents.jsonl', sample('documents.jsonl'));
    await importLines(request, 'cases', 'cases.jsonl', sample('cases.jsonl'));
    await importLines(request, 'responses', 'responses.jsonl', sample('responses.jsonl'));
    await importLines(request, 'judge', 'judge.jsonl', judged);
    const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `pool-${stamp}` });
    const first = await closedRound(request, reviewer.id, '2026-W01', 11);
    const second = await closedRound(request, reviewer.id, '2026-W02', 12);

    // ---- 1. the round figures pool both rounds' random halves -----------------------------------
    await openApp(page, { reviewer: { testSetId: created.testSetId, id: reviewer.id } });
    await page.getByTestId('nav-review').click();
    await page.locator(`[data-testid="round-row"][data-round-id="${second.round.id}"]`).click();
    await page.getByTestId('round-section-figures').click();
    const row = page.locator('[data-testid="round-figure"][data-dimension="correctness"]');
    const random = row.getByTestId('round-figure-random');
    await expect(random).toHaveAttribute('data-rounds', '2');
    const pooled = second.figures.find((f) => f.dimension === 'correctness')!.random;
    expect(pooled.roundIds).toEqual([second.round.id, first.round.id]);
    const items = pooled.items;
    expect(items).toBeGreaterThan(0);
    await expect(random).toHaveAttribute('data-items', String(items));
    await expect(random.getByTestId('round-figure-pool')).toContainText(`2 round(s)`);
    await expect(random.getByTestId('round-figure-pool')).toContainText(`#${second.round.id}, #${first.round.id}`);
    await expect(random.getByTestId('round-figure-pool')).toContainText(`${items} items`);
    await expect(random.getByTestId('round-figure-few-random')).toHaveText(`too few random items yet (${items} of 40)`);
    await expect(row.getByTestId('round-figure-changed')).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'figures-en');
    await page.getByTestId('language-switch').click();
    await expect(random.getByTestId('round-figure-few-random')).toHaveText(`随机条目还太少（${items} / 40）`);
    await expect(random.getByTestId('round-figure-pool')).toContainText('合并了同一评审模型版本的 2 轮');
    await shot(page, 'figures-zh');
    await page.getByTestId('language-switch').click();

    // the two closed rounds become an anchor set (for the drift check below)
    const anchorName = `pool-anchors-${stamp}`;
    await api(request, 'anchors.freeze', { name: anchorName, roundIds: [first.round.id, second.round.id] });

    // ---- 4. a blind round: its verdicts stay out of the Agreement view --------------------------
    const blind = await api<RoundDetail>(request, 'rounds.start', { size: 8, seed: 13, week: '2026-W03', sameWeek: true });
    const blindCases = new Set(blind.items.map((i) => i.caseId));
    // the reviewer labels the blind round's judged cells against the judge (disagreements the list would show)
    let disagreeing = 0;
    for (const item of blind.items) {
      const verdict = judged.find((v) => v.caseId === item.caseId && v.responseId === item.responseId && v.dimension === 'correctness');
      if (!verdict) continue;
      await api(request, 'labels.record', { reviewerId: reviewer.id, caseId: item.caseId, responseId: item.responseId, dimension: 'correctness', value: verdict.value === 0 ? 2 : 0 });
      disagreeing += 1;
    }
    expect(disagreeing).toBeGreaterThan(0);
    const runs = await api<{ id: number }[]>(request, 'judgeRuns.list', {});
    const runId = runs[runs.length - 1].id;
    const answer = await api<{ dimensions: { dimension: string; disagreements: { blind: number; items: { caseId: string }[] } }[] }>(request, 'agreement.judgeVsHuman', {
      runId, dimension: 'correctness', reference: { kind: 'reviewer', reviewerId: reviewer.id },
    });
    const list = answer.dimensions[0].disagreements;
    expect(list.blind).toBeGreaterThanOrEqual(disagreeing);
    expect(list.items.some((d) => blindCases.has(d.caseId))).toBe(false);
    const hidden = blind.items.flatMap((i) => { const r = rationales.get(`${i.caseId}|${i.responseId}|correctness`); return r ? [r] : []; });
    for (const r of hidden) expect(JSON.stringify(answer)).not.toContain(r);

    await page.getByTestId('nav-agreement').click();
    await expect(page.getByTestId('agreement-view')).toBeVisible();
    await page.getByTestId('agreement-run').selectOption(String(runId));
    await page.getByTestId('agreement-reference').selectOption(`reviewer:${reviewer.id}`);
    await expect(page.getByTestId('agreement-reference')).toHaveValue(`reviewer:${reviewer.id}`);
    await expect(page.getByTestId('agreement-run')).toHaveValue(String(runId));
    await page.locator('[data-testid="agreement-dimension-tab"][data-dimension="correctness"]').click();
    const panel = page.locator('[data-testid="agreement-dimension"][data-dimension="correctness"]');
    await expect(panel.getByTestId('agreement-disagreements-blind')).toHaveAttribute('data-count', String(list.blind));
    for (const caseId of blindCases) await expect(panel.locator(`[data-testid="agreement-disagreement"][data-case-id="${caseId}"]`)).toHaveCount(0);
    const html = await page.content();
    for (const r of hidden) expect(html).not.toContain(r);
    await panel.getByTestId('agreement-disagreements-blind').scrollIntoViewIfNeeded();
    await shot(page, 'agreement-blind-en');
    await page.getByTestId('language-switch').click();
    await expect(panel.getByTestId('agreement-disagreements-blind')).toContainText('仍在盲标');
    await shot(page, 'agreement-blind-zh');
    await page.getByTestId('language-switch').click();

    // after the reveal the same list shows them
    await api(request, 'rounds.reveal', { roundId: blind.round.id, early: true, reviewerId: reviewer.id });
    const revealed = await api<{ dimensions: { disagreements: { blind: number; items: { caseId: string }[] } }[] }>(request, 'agreement.judgeVsHuman', {
      runId, dimension: 'correctness', reference: { kind: 'reviewer', reviewerId: reviewer.id },
    });
    expect(revealed.dimensions[0].disagreements.blind).toBe(0);
    expect(revealed.dimensions[0].disagreements.items.some((d) => blindCases.has(d.caseId))).toBe(true);

    // ---- 5. a new judge version on the anchors: a possible mean shift says what would decide it --
    // the new version scores one anchor item one step lower: a small move that a few anchors cannot settle
    const anchored = new Set(first.items.map((i) => `${i.caseId}|${i.responseId}`));
    const lowered = new Set(
      judged.filter((v) => v.dimension === 'correctness' && typeof v.value === 'number' && v.value > 0 && anchored.has(`${v.caseId}|${v.responseId}`)).slice(0, 1),
    );
    expect(lowered.size).toBe(1);
    const next = judged.map((v) => ({ ...v, judge: { ...(v.judge as Record<string, unknown>), version: '2026-11-30' }, value: lowered.has(v) ? (v.value as number) - 1 : v.value }));
    await importLines(request, 'judge', 'judge-next.jsonl', next);
    const newRun = (await api<{ id: number }[]>(request, 'judgeRuns.list', {}))[0].id;
    const drift = await api<{ dimensions: { dimension: string; shiftSincePrevious?: { state: string; decidingN?: number | null } | null }[] }>(request, 'anchors.drift', { name: anchorName, runId: newRun });
    const correctnessDrift = drift.dimensions.find((d) => d.dimension === 'correctness')!;
    expect(correctnessDrift.shiftSincePrevious?.state).toBe('possible');
    const decidingN = correctnessDrift.shiftSincePrevious!.decidingN!;
    expect(decidingN).toBeGreaterThanOrEqual(5);

    await page.getByTestId('nav-anchors').click();
    await expect(page.getByTestId('anchors-view')).toBeVisible();
    await page.locator(`[data-testid="anchor-row"][data-name="${anchorName}"]`).click();
    await page.getByTestId('anchor-drift-run').selectOption(String(newRun));
    await page.getByTestId('anchor-drift').click();
    const driftRow = page.locator('[data-testid="drift-dimension"][data-dimension="correctness"]');
    const deciding = driftRow.locator('[data-testid="drift-deciding-n"][data-which="previous"]');
    await expect(deciding).toHaveAttribute('data-n', String(decidingN));
    await expect(deciding).toContainText(`about ${decidingN} cases would decide it`);
    await expect(driftRow.getByTestId('drift-dimension-possible')).toBeVisible();
    await driftRow.scrollIntoViewIfNeeded();
    await shot(page, 'drift-en');
    await page.getByTestId('language-switch').click();
    await expect(deciding).toContainText(`约需 ${decidingN} 个用例才能下结论`);
    await shot(page, 'drift-zh');
  } finally {
    // every other spec works on the demo
    await api(request, 'testSets.openDemo');
  }
});
