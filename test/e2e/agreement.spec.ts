import { expect, test, type Page } from '@playwright/test';
import { api, openApp, sample } from './helpers';

/**
 * Judge vs human in browser mode: import a judge run through the import dialog, record a
 * reviewer's labels through the API, open the view, read the confusion matrix and the bias,
 * and open a disagreeing case. The server and the demo test set are shared with other files,
 * so this file compares its own run with its own reviewer.
 */

const SYSTEM = 'support-agent@3.2';

const queries = new Map(sample('cases.jsonl').map((c) => [c.id as string, c.query as string]));
const responses = sample('responses.jsonl')
  .filter((r) => r.system === SYSTEM)
  .slice(0, 8)
  .map((r) => ({ id: r.id as string, caseId: r.caseId as string }));

/** The judge is more lenient than the person on three items (one step each). */
const JUDGE = [2, 2, 2, 1, 2, 0, 2, 2];
const HUMAN = [2, 1, 2, 1, 1, 0, 2, 1];

const stamp = Date.now();
const promptVersion = `e2e-agreement-${stamp}`;
let reviewerId = 0;
let reviewerName = '';
let testSetId = '';

test.beforeAll(async ({ request }) => {
  expect(responses).toHaveLength(8);
  testSetId = (await api<{ testSetId: string }>(request, 'testSets.openDemo', {})).testSetId;
  reviewerName = `e2e agreement ${stamp}`;
  reviewerId = (await api<{ id: number }>(request, 'reviewers.create', { name: reviewerName })).id;
  for (const [i, r] of responses.entries()) {
    await api(request, 'labels.record', { reviewerId, caseId: r.caseId, responseId: r.id, dimension: 'correctness', value: HUMAN[i] });
  }
});

async function openAsReviewer(page: Page) {
  await openApp(page, { reviewer: { testSetId, id: reviewerId } });
  await expect(page.getByTestId('nav-agreement')).toBeVisible();
}

test('import a judge run, read its confusion matrix and bias, open a disagreeing case', async ({ page, request }) => {
  await openAsReviewer(page);

  // import the run through the dialog
  const lines = responses.map((r, i) =>
    JSON.stringify({
      caseId: r.caseId,
      responseId: r.id,
      judge: { model: 'e2e-judge', version: '1', promptVersion },
      dimension: 'correctness',
      value: JUDGE[i],
      rationale: `e2e rationale ${i}`,
    }),
  );
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'e2e-judge.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n')) });
  await expect(dialog.getByTestId('import-kind')).toHaveValue('judge');
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId('import-result')).toContainText('8');
  await page.keyboard.press('Escape');

  const run = (await api<{ id: number; promptVersion: string }[]>(request, 'judgeRuns.list', {})).find((r) => r.promptVersion === promptVersion);
  expect(run).toBeDefined();

  // the view, for this run and this reviewer
  await page.getByTestId('nav-agreement').click();
  await expect(page.getByTestId('agreement-view')).toBeVisible();
  await page.getByTestId('agreement-run').selectOption(String(run!.id));
  await page.getByTestId('agreement-reference').selectOption(`reviewer:${reviewerId}`);
  const panel = page.locator('[data-testid="agreement-dimension"][data-dimension="correctness"]');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('agreement-counts')).toContainText('8 pairs');

  // confusion matrix: rows people, columns judge, in the option order 0, 1, 2
  const cells = panel.getByTestId('confusion-cell');
  await expect(cells).toHaveCount(9);
  const counts = await cells.evaluateAll((elements) => elements.map((e) => Number(e.getAttribute('data-count'))));
  expect(counts).toEqual([1, 0, 0, 0, 1, 3, 0, 0, 3]);
  // the judge's table (the demo's own reviewers add a people-among-themselves table below it)
  await expect(panel.getByTestId('agreement-coefficients').getByTestId('coefficient').filter({ hasText: 'Percent agreement' })).toContainText('62.5%');

  // bias: the judge scores 3/8 = 0.375 higher on average
  const bias = panel.getByTestId('agreement-bias');
  await expect(bias).toHaveAttribute('data-direction', 'lenient');
  await expect(bias).toContainText('The judge is 0.375 more lenient than people');
  await expect(panel.getByTestId('agreement-warning').filter({ hasText: 'Only 8 pairs' })).toBeVisible();

  // the three disagreeing items; the first opens in the Cases view
  const items = panel.getByTestId('agreement-disagreement');
  await expect(items).toHaveCount(3);
  const caseId = await items.first().getAttribute('data-case-id');
  expect(caseId).toBeTruthy();
  await items.first().click();
  await expect(page.getByTestId('nav-cases')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('case-detail')).toContainText(queries.get(caseId!)!);
});

test('undefined figures are shown as undefined with their reason, never as 0', async ({ page, request }) => {
  // a reviewer who agrees with the judge's single value on every item: kappa is 0/0
  const name = `e2e agreement one-category ${stamp}`;
  const id = (await api<{ id: number }>(request, 'reviewers.create', { name })).id;
  const run = (await api<{ id: number; promptVersion: string }[]>(request, 'judgeRuns.list', {})).find((r) => r.promptVersion === promptVersion);
  expect(run, 'the first test imports the run').toBeDefined();
  for (const i of [0, 2, 6]) {
    await api(request, 'labels.record', { reviewerId: id, caseId: responses[i].caseId, responseId: responses[i].id, dimension: 'correctness', value: 2 });
  }
  await openAsReviewer(page);
  await page.getByTestId('nav-agreement').click();
  await page.getByTestId('agreement-run').selectOption(String(run!.id));
  await page.getByTestId('agreement-reference').selectOption(`reviewer:${id}`);
  await expect(page.getByTestId('agreement-counts')).toContainText('3 pairs');
  const kappa = page.getByTestId('agreement-coefficients').locator('[data-testid="coefficient"][data-key="kappaQuadratic"]');
  await expect(kappa).toHaveAttribute('data-value', 'undefined');
  await expect(kappa).toContainText('undefined');
  await expect(kappa).toContainText('single category');
  await page.screenshot({ path: 'test-results/reasons-undefined-en.png', fullPage: true });

  // the same figure in a Chinese window: the reason is worded from its code, in Chinese
  await page.evaluate(() => localStorage.setItem('touchstone.locale', 'zh-CN'));
  await page.reload();
  await page.getByTestId('nav-agreement').click();
  await page.getByTestId('agreement-run').selectOption(String(run!.id));
  await page.getByTestId('agreement-reference').selectOption(`reviewer:${id}`);
  const kappaZh = page.getByTestId('agreement-coefficients').locator('[data-testid="coefficient"][data-key="kappaQuadratic"]');
  await expect(kappaZh).toHaveAttribute('data-value', 'undefined');
  await expect(kappaZh).toContainText('所有评分都落在同一类别');
  await expect(kappaZh).not.toContainText('single category');
  await page.screenshot({ path: 'test-results/reasons-undefined-zh.png', fullPage: true });
});
