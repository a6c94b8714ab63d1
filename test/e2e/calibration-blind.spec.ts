import { expect, test, type Page } from '@playwright/test';
import { api, openApp, sample } from './helpers';

/**
 * A blind round, enforced by the server, in the real app: a reviewer who labeled (and could see
 * the judge on) every judged response before starts a round; its queue shows none of those labels
 * and no verdict; a label saved inside the round still brings no verdict to the page or into the
 * API's answer; after the reveal the verdict is there.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

interface Item {
  steps: { dimension: string; responseId: string | null; current: unknown }[];
  verdicts: { dimension: string; responseId: string | null; rationale: string | null }[];
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/calibration-blind-${name}.png`, fullPage: false });
}

test('blind round: earlier labels stay out of the round queue, no verdict reaches the page until the reveal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.openDemo');
  const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `blind-${stamp}` });
  const judged = sample('judge.jsonl').filter((v) => typeof v.responseId === 'string');
  // earlier labels on every judged response, outside any round: there the judge is shown once labeled
  for (const v of judged) {
    await api(request, 'labels.record', { reviewerId: reviewer.id, caseId: v.caseId, responseId: v.responseId, dimension: v.dimension, value: v.value });
  }
  const outside = await api<Item>(request, 'labeling.item', { reviewerId: reviewer.id, caseId: judged[0].caseId, queue: { source: 'unlabeled' }, step: 0 });
  expect(outside.verdicts.length).toBeGreaterThan(0);

  // the reviewer starts a round in the window
  await openApp(page, { reviewer: { testSetId, id: reviewer.id } });
  await page.getByTestId('nav-review').click();
  await page.getByTestId('round-size').fill('4');
  await page.getByTestId('round-seed').fill('31337');
  await page.getByTestId('round-start').click();
  const sameWeek = page.getByTestId('round-start-same-week');
  const roundPage = page.locator('[data-testid="round-page"][data-status="labeling"]');
  await expect(roundPage.or(sameWeek).first()).toBeVisible();
  if (await sameWeek.isVisible()) await sameWeek.click();
  await expect(roundPage).toBeVisible();
  const roundId = Number(await roundPage.getAttribute('data-round-id'));
  const detail = await api<{ items: { caseId: string }[]; dimensions: { dimension: string }[] }>(request, 'rounds.get', { roundId });
  const roundDimensions = new Set(detail.dimensions.map((d) => d.dimension));

  // the round queue: nothing done, and the case on screen has no label of the round and no verdict
  await page.getByTestId('round-label').click();
  await expect(page.getByTestId('queue-source')).toHaveAttribute('data-source', 'round');
  await expect(page.getByTestId('label-progress')).toHaveAttribute('data-done', '0');
  await expect(page.getByTestId('step-card')).toBeVisible();
  const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
  const queue = { source: 'round', roundId };
  const before = await api<Item>(request, 'labeling.item', { reviewerId: reviewer.id, caseId, queue, step: 0 });
  const roundSteps = before.steps.filter((s) => roundDimensions.has(s.dimension));
  expect(roundSteps.length).toBeGreaterThan(0);
  expect(roundSteps.every((s) => s.current === null)).toBe(true);
  expect(before.verdicts).toEqual([]);
  for (const s of roundSteps) await expect(page.locator(`[data-testid="step"][data-dimension="${s.dimension}"][data-response-id="${s.responseId ?? ''}"]`).getByTestId('step-saved')).toHaveCount(0);
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  await shot(page, 'queue-en');

  // save one round label with the keyboard: still no verdict on the page or in the answer
  const step = page.locator('[data-testid="step"][data-state="current"]');
  const dimension = (await step.getAttribute('data-dimension')) as string;
  const responseId = (await step.getAttribute('data-response-id')) || null;
  if (dimension === 'faithfulness') {
    await page.keyboard.press('8');
    await page.keyboard.press('Enter');
  } else if (dimension === 'claims') {
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.press('1');
  }
  await expect(page.locator(`[data-testid="step"][data-dimension="${dimension}"][data-response-id="${responseId ?? ''}"]`).getByTestId('step-saved')).toBeVisible();
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  const rationales = judged.filter((v) => v.caseId === caseId).map((v) => String(v.rationale));
  const html = await page.content();
  for (const r of rationales) expect(html).not.toContain(r);
  const afterSave = await api<Item>(request, 'labeling.item', { reviewerId: reviewer.id, caseId, queue, step: 0 });
  expect(afterSave.verdicts).toEqual([]);
  for (const r of rationales) expect(JSON.stringify(afterSave)).not.toContain(r);

  // a judged step of this case inside the round, saved too: still nothing revealed
  const judgedHere = judged.find((v) => v.caseId === caseId && roundDimensions.has(String(v.dimension)));
  expect(judgedHere).toBeDefined();
  await api(request, 'labels.record', { reviewerId: reviewer.id, caseId, responseId: judgedHere!.responseId, dimension: judgedHere!.dimension, value: judgedHere!.value });
  expect((await api<Item>(request, 'labeling.item', { reviewerId: reviewer.id, caseId, queue, step: 0 })).verdicts).toEqual([]);

  // reveal (early, recorded with who): the verdict of the labeled step now reaches the window
  await api(request, 'rounds.reveal', { roundId, early: true, reviewerId: reviewer.id });
  const afterReveal = await api<Item>(request, 'labeling.item', { reviewerId: reviewer.id, caseId, queue, step: 0 });
  expect(afterReveal.verdicts.some((v) => v.dimension === judgedHere!.dimension && v.rationale === judgedHere!.rationale)).toBe(true);
  // the page, reading the case again, shows it on that step
  await page.getByTestId('label-next').click();
  await expect(page.getByTestId('label-case-id')).not.toHaveText(caseId);
  await page.getByTestId('label-previous').click();
  await expect(page.getByTestId('label-case-id')).toHaveText(caseId);
  await page.locator(`[data-testid="step"][data-dimension="${judgedHere!.dimension}"][data-response-id="${judgedHere!.responseId}"]`).click();
  await expect(page.getByTestId('verdict').first()).toBeVisible();
  await shot(page, 'after-reveal-en');

  await page.getByTestId('nav-review').click();
  await page.locator(`[data-testid="round-row"][data-round-id="${roundId}"]`).click();
  await expect(page.locator(`[data-testid="round-page"][data-round-id="${roundId}"]`)).toHaveAttribute('data-status', 'revealed');
  await expect(page.getByTestId('round-revealed-early')).toBeVisible();
  await expect(page.getByTestId('round-revealed-by')).toContainText(`blind-${stamp}`);
  await shot(page, 'revealed-en');

  // the same screens in Chinese
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('round-revealed-by')).toContainText('揭晓');
  await shot(page, 'revealed-zh');
  await page.getByTestId('nav-label').click();
  await expect(page.getByTestId('verdict').first()).toBeVisible();
  await shot(page, 'after-reveal-zh');
});
