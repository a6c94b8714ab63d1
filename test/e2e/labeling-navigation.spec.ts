import { expect, test, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * Moving between cases with J and K while the next cases are read ahead: a
 * quick run of keys lands on the right cases in order, each case shows what
 * the API says of it (its own labels too), and the queue still resumes where
 * the reviewer stopped.
 */

interface Opened {
  reviewerId: number;
  first: string;
}

const UNLABELED = { source: 'unlabeled' } as const;

async function openQueueAsNewReviewer(page: Page, prefix: string): Promise<Opened> {
  const testSet = await api<{ testSetId: string }>(page.request, 'testSets.current');
  const reviewer = await api<{ id: number }>(page.request, 'reviewers.create', { name: `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}` });
  await openApp(page, { reviewer: { testSetId: testSet.testSetId, id: reviewer.id } });
  await page.getByTestId('nav-label').click();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('step-card')).toBeVisible();
  return { reviewerId: reviewer.id, first: (await page.getByTestId('label-case-id').textContent()) as string };
}

/** The queue's cases after `from`, in order, as the API walks them. */
async function casesAfter(page: Page, reviewerId: number, from: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let at = from;
  for (let i = 0; i < count; i += 1) {
    const { caseId } = await api<{ caseId: string | null }>(page.request, 'queue.navigate', { reviewerId, queue: UNLABELED, fromCaseId: at, direction: 'next' });
    expect(caseId, `a case after ${at}`).not.toBeNull();
    ids.push(caseId as string);
    at = caseId as string;
  }
  return ids;
}

async function expectCaseShown(page: Page, reviewerId: number, caseId: string): Promise<void> {
  await expect(page.getByTestId('label-case-id')).toHaveText(caseId);
  const item = await api<{ detail: { case: { query: string } } }>(page.request, 'labeling.item', { reviewerId, caseId, queue: null, step: 0 });
  await expect(page.getByTestId('label-query')).toHaveText(item.detail.case.query);
  await expect(page.getByTestId('step-card')).toBeVisible();
}

test('a quick run of J and K lands on every case in queue order and back', async ({ page }) => {
  const { reviewerId, first } = await openQueueAsNewReviewer(page, 'nav');
  const ahead = await casesAfter(page, reviewerId, first, 5);

  // five J without waiting for any case to appear: the fifth case is the one on screen
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('j');
  await expectCaseShown(page, reviewerId, ahead[4]);

  // one at a time back: each case in reverse order, then the first
  for (const caseId of [...ahead.slice(0, 4)].reverse()) {
    await page.keyboard.press('k');
    await expectCaseShown(page, reviewerId, caseId);
  }
  await page.keyboard.press('k');
  await expectCaseShown(page, reviewerId, first);

  // and forward again over the same trail, quickly
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('j');
  await expectCaseShown(page, reviewerId, ahead[2]);
});

test('J pressed faster than the queue answers still moves one case per key', async ({ page }) => {
  // every neighbour answers late, as from a busy server: the keys outrun the read-ahead
  await page.route('**/api/queue.navigate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const { reviewerId, first } = await openQueueAsNewReviewer(page, 'nav-slow');
  const ahead = await casesAfter(page, reviewerId, first, 5);

  for (let i = 0; i < 5; i += 1) await page.keyboard.press('j');
  await expectCaseShown(page, reviewerId, ahead[4]);
});

test('a case left with a new label and returned to shows that label, and the queue resumes on the case last shown', async ({ page }) => {
  const { reviewerId, first } = await openQueueAsNewReviewer(page, 'nav-label');
  const [second] = await casesAfter(page, reviewerId, first, 1);
  const answerability = page.locator('[data-testid="step"][data-dimension="answerability"][data-response-id=""]');

  await page.keyboard.press('2');
  await expect(answerability.getByTestId('step-saved')).toBeVisible();
  await page.keyboard.press('j');
  await expectCaseShown(page, reviewerId, second);
  await expect(answerability.getByTestId('step-saved')).toHaveCount(0);

  await page.keyboard.press('k');
  await expectCaseShown(page, reviewerId, first);
  await expect(answerability.getByTestId('step-saved')).toBeVisible();
  await expect(answerability).toHaveAttribute('data-save', 'saved');

  // the case shown from the cache still writes the resume point once it stays on screen
  await expect.poll(async () => (await api<{ resumeCaseId: string | null }>(page.request, 'queue.open', { reviewerId, queue: UNLABELED })).resumeCaseId).toBe(first);
  await page.reload();
  await page.getByTestId('nav-label').click();
  await expect(page.getByTestId('label-case-id')).toHaveText(first);
});

test('the next case starts at the top of the case pane, wherever the last one was scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 420 });
  await openQueueAsNewReviewer(page, 'nav-scroll');
  const pane = page.locator('#label-context');
  await expect.poll(() => pane.evaluate((element) => element.scrollHeight > element.clientHeight + 100)).toBe(true);

  await pane.hover();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => pane.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  // the scroll event has been handled once two frames have passed
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  const before = (await page.getByTestId('label-case-id').textContent()) as string;
  await page.keyboard.press('j');
  await expect(page.getByTestId('label-case-id')).not.toHaveText(before);
  await expect.poll(() => pane.evaluate((element) => element.scrollTop)).toBe(0);
});
