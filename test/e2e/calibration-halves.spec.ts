import { expect, test, type Page } from '@playwright/test';
import { api, importLines, openApp, sample } from './helpers';

/**
 * On a test set of its own (the demo is left as it was, and reopened at the end): a new judge
 * version scores six answers a step lower; a round picks those six (the changed half) and random
 * items; people keep their score on the six (so the changed half is biased) and agree with the
 * judge on the random items. The closed round's figures show the random half as the population
 * figure and the changed half apart, and the trend plots the random half and says so, in English
 * and Chinese, with screenshots.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const judged = sample('judge.jsonl');

interface RoundDetail {
  round: { id: number };
  items: { caseId: string; responseId: string | null; reason: { kind: string } }[];
  dimensions: { dimension: string; scope: 'case' | 'response' }[];
}

interface FigureData {
  value: number | null;
}

interface Figures {
  dimension: string;
  n: number;
  bias: FigureData;
  agreement: FigureData;
  random: { items: number; roundIds: number[]; bias: FigureData };
  changed: { n: number; bias: FigureData };
}

async function shot(page: Page, name: string): Promise<void> {
  // hovering a point on the right scrolls the page sideways (the top bar is wider than the window in English): back to the left edge
  await page.evaluate(() => {
    for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) if (element && element.scrollLeft) element.scrollLeft = 0;
  });
  await page.screenshot({ path: `test-results/screens/calibration-halves-${name}.png`, fullPage: true });
}

const key = (caseId: string, responseId: string | null) => `${caseId}|${responseId}`;

test('a closed round and the trend report the random half; the items whose judge score moved are their own stratum', async ({ page, request }) => {
  test.setTimeout(240_000);
  const created = await api<{ testSetId: string }>(request, 'testSets.createNamed', { name: `e2e-halves-${stamp}` });
  try {
    await importLines(request, 'documents', 'documents.jsonl', sample('documents.jsonl'));
    await importLines(request, 'cases', 'cases.jsonl', sample('cases.jsonl'));
    await importLines(request, 'responses', 'responses.jsonl', sample('responses.jsonl'));
    await importLines(request, 'judge', 'judge.jsonl', judged);
    // the new judge version scores six fully correct answers one step lower
    const lowered = new Set(judged.filter((v) => v.dimension === 'correctness' && v.value === 2).slice(0, 6).map((v) => key(String(v.caseId), v.responseId as string)));
    const next: Record<string, unknown>[] = judged.map((v) => ({
      ...v,
      judge: { ...(v.judge as Record<string, unknown>), version: '2026-11-30' },
      value: v.dimension === 'correctness' && lowered.has(key(String(v.caseId), v.responseId as string)) ? 1 : v.value,
    }));
    await importLines(request, 'judge', 'judge-next.jsonl', next);
    const verdict = new Map(next.map((v) => [`${key(String(v.caseId), v.responseId as string)}|${v.dimension}`, v.value as string | number]));
    const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `halves-${stamp}` });

    const detail = await api<RoundDetail>(request, 'rounds.start', { size: 30, seed: 21, week: '2026-W20', sameWeek: true });
    const changedKeys = new Set(detail.items.filter((i) => i.reason.kind === 'changed').map((i) => key(i.caseId, i.responseId)));
    expect(changedKeys).toEqual(lowered);
    // people keep 2 on the changed items (the judge is one step low there) and agree with the judge elsewhere
    const fallback: Record<string, string | number> = { correctness: 1, faithfulness: 0.5, responseBehavior: 'answered' };
    const pairs: { half: string; human: number; judge: number }[] = [];
    for (const item of detail.items) {
      for (const d of detail.dimensions) {
        if ((item.responseId === null) !== (d.scope === 'case')) continue;
        const judge = verdict.get(`${key(item.caseId, item.responseId)}|${d.dimension}`);
        const value = d.dimension === 'correctness' && changedKeys.has(key(item.caseId, item.responseId)) ? 2 : judge ?? fallback[d.dimension];
        await api(request, 'labels.record', { reviewerId: reviewer.id, caseId: item.caseId, responseId: item.responseId, dimension: d.dimension, value });
        if (d.dimension === 'correctness' && typeof judge === 'number') pairs.push({ half: item.reason.kind, human: value as number, judge });
      }
    }
    await api(request, 'rounds.reveal', { roundId: detail.round.id, early: true, reviewerId: reviewer.id });
    const closed = await api<{ figures: Figures[] }>(request, 'rounds.close', { roundId: detail.round.id });
    const fig = closed.figures.find((f) => f.dimension === 'correctness')!;
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const randomPairs = pairs.filter((p) => p.half === 'random');
    const mixedBias = mean(pairs.map((p) => p.judge - p.human));
    expect(randomPairs.length).toBeGreaterThan(0);
    expect(fig.n).toBe(randomPairs.length);
    expect(fig.bias.value).toBeCloseTo(mean(randomPairs.map((p) => p.judge - p.human)), 9);
    expect(fig.bias.value).not.toBeCloseTo(mixedBias, 3);
    expect(fig.changed.n).toBe(6);
    expect(fig.changed.bias.value).toBeCloseTo(-1, 9);

    // ---- the round's figures: the random half on top, the changed half apart ---------------------
    await openApp(page, { reviewer: { testSetId: created.testSetId, id: reviewer.id } });
    await page.getByTestId('nav-review').click();
    await page.locator(`[data-testid="round-row"][data-round-id="${detail.round.id}"]`).click();
    await page.getByTestId('round-section-figures').click();
    const row = page.locator('[data-testid="round-figure"][data-dimension="correctness"]');
    await expect(row).toHaveAttribute('data-n', String(fig.n));
    await expect(row).toHaveAttribute('data-computed', 'close');
    await expect(row.getByTestId('round-figure-n')).toHaveText(`n = ${fig.n} random (population) · 6 changed`);
    const random = row.getByTestId('round-figure-random');
    await expect(random).toContainText('Random half: the population figures');
    await expect(random.getByTestId('round-figure-bias')).toHaveAttribute('data-value', String(fig.bias.value));
    const changed = row.getByTestId('round-figure-changed');
    await expect(changed).toContainText('Items whose judge score moved (own stratum)');
    await expect(changed.getByTestId('round-figure-changed-bias')).toHaveAttribute('data-value', String(fig.changed.bias.value));
    await expect(page.getByTestId('round-figures')).toContainText('Population figures from the random half only');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'figures-en');
    await page.getByTestId('language-switch').click();
    await expect(random).toContainText('随机一半：总体指标');
    await expect(row.getByTestId('round-figure-n')).toHaveText(`n = ${fig.n} 个随机条目（总体）· 6 个分数变化条目`);
    await expect(changed).toContainText('评审模型分数有变化的条目（单独分层）');
    await shot(page, 'figures-zh');
    await page.getByTestId('language-switch').click();

    // ---- the trend plots the random half and says so ---------------------------------------------
    await page.getByTestId('review-tab-trend').click();
    const bias = page.locator('[data-testid="trend-chart"][data-dimension="correctness"][data-metric="bias"]');
    await expect(bias).toHaveAttribute('data-half', 'random');
    await expect(bias.locator('figcaption')).toHaveText('Bias, judge − human, random half');
    const point = bias.locator(`[data-testid="trend-point"][data-round-id="${detail.round.id}"]`);
    await expect(point).toHaveAttribute('data-value', String(fig.bias.value));
    await point.hover();
    await expect(bias.getByTestId('trend-tooltip-pool')).toHaveText(`random half: ${fig.n} items from 1 round(s)`);
    await expect(page.getByTestId('trend-legend-random')).toContainText('The items picked because the judge’s score moved are never plotted');
    await expect(page.locator('[data-testid="trend-chart"][data-dimension="correctness"][data-metric="agreement"] figcaption')).toContainText('random half');
    await shot(page, 'trend-en');
    await page.getByTestId('language-switch').click();
    await expect(bias.locator('figcaption')).toHaveText('偏差（模型 − 人工），随机一半');
    await expect(page.getByTestId('trend-legend-random')).toContainText('从不画入');
    await point.hover();
    await expect(bias.getByTestId('trend-tooltip-pool')).toHaveText(`随机一半：1 轮共 ${fig.n} 个条目`);
    await shot(page, 'trend-zh');
    await page.getByTestId('language-switch').click();
  } finally {
    // every other spec works on the demo
    await api(request, 'testSets.openDemo');
  }
});
