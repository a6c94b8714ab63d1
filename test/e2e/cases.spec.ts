import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, fileMenu, openApp } from './helpers';

const FIXTURE = fileURLToPath(new URL('../fixtures/external/deepeval_goldens.json', import.meta.url));

async function openCases(page: Page, locale: 'en' | 'zh-CN' = 'en') {
  await openApp(page, { locale });
  await expect(page.getByTestId('case-list')).toBeVisible();
  await expect(page.getByTestId('case-row').first()).toBeVisible();
}

/** The count the view shows once it has arrived (the rows come first, the count after them). */
async function caseCount(page: Page): Promise<number> {
  await expect(page.getByTestId('case-count')).not.toHaveClass(/stale/);
  const text = (await page.getByTestId('case-count').innerText()).replace(/[,\s]/g, '');
  return Number(/(\d+)/.exec(text)?.[1]);
}

test('the demo test set opens on first launch with its cases', async ({ page }) => {
  await openCases(page);
  await expect(page.getByTestId('testset-name')).toContainText('demo.touchstone.sqlite');
  await expect(page).toHaveTitle(/demo\.touchstone\.sqlite — Touchstone/);
  expect(await caseCount(page)).toBeGreaterThanOrEqual(40);
});

test('searching 退款 finds the refund cases and only matching cases', async ({ page }) => {
  await openCases(page);
  const total = await caseCount(page);
  await page.getByTestId('search-input').fill('退款');
  await expect(page.locator('[data-testid="case-row"][data-case-id="refund-annual-day20"]')).toBeVisible();
  await expect.poll(() => caseCount(page)).toBeLessThan(total);
  const queries = await page.getByTestId('case-row').allInnerTexts();
  expect(queries.length).toBeGreaterThan(0);
  await page.getByTestId('search-input').fill('转给家人');
  await expect.poll(() => caseCount(page)).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="case-row"][data-case-id="refund-annual-day20"]')).toHaveCount(0);
});

test('a case shows its claims with the evidence highlighted inside the document text', async ({ page, request }) => {
  // a holdout case: it opens for someone who says who they are (the opening is recorded with the name)
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.current', {});
  const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `cases-reader-${Date.now()}` });
  await openApp(page, { reviewer: { testSetId, id: reviewer.id } });
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  await page.getByTestId('search-input').fill('第 20 天');
  await page.locator('[data-testid="case-row"][data-case-id="refund-annual-day20"]').click();
  const detail = page.getByTestId('case-detail');
  await expect(detail).toContainText('年度会员买了第 20 天，还能退款吗？');
  await expect(detail.getByTestId('claim')).toHaveCount(3);
  const marks = detail.getByTestId('evidence-mark');
  await expect(marks.filter({ hasText: '年度会员购买后 30 天内可申请退款' }).first()).toBeVisible();
  await expect(marks.filter({ hasText: '超过 30 天不予退款' }).first()).toBeVisible();
  await expect(detail.getByTestId('document').filter({ hasText: 'v2' }).first()).toBeVisible();
  await expect(detail.getByTestId('response').first()).toBeVisible();
});

test('filters narrow the list and show counts', async ({ page }) => {
  await openCases(page);
  const total = await caseCount(page);
  await page.getByTestId('filter-answerability').selectOption('unanswerable');
  await expect.poll(() => caseCount(page)).toBeLessThan(total);
  for (const row of await page.getByTestId('case-row').all()) {
    const id = await row.getAttribute('data-case-id');
    expect(id).toBeTruthy();
  }
  await page.getByTestId('filter-answerability').selectOption('');
  await expect.poll(() => caseCount(page)).toBe(total);
});

test('importing a DeepEval fixture adds its cases', async ({ page }) => {
  await openCases(page);
  const before = await caseCount(page);
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'deepeval_goldens.json', mimeType: 'application/json', buffer: readFileSync(FIXTURE) });
  await expect(dialog.getByTestId('import-kind')).toHaveValue('cases');
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-result')).toBeVisible();
  await expect(dialog.getByTestId('import-result')).toContainText('4');
  await page.keyboard.press('Escape');
  await expect.poll(() => caseCount(page)).toBe(before + 4);
});

test('importing a broken file shows the error with its line and adds nothing', async ({ page }) => {
  await openCases(page);
  const before = await caseCount(page);
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  const broken = `${JSON.stringify({ id: 'e2e-good', query: '好问题' })}\n{"id": "e2e-bad", "query": \n`;
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/json', buffer: Buffer.from(broken) });
  await expect(dialog.getByTestId('import-kind')).toHaveValue('cases');
  await dialog.getByTestId('import-start').click();
  const error = dialog.getByTestId('import-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('broken.jsonl');
  await expect(error).toContainText('2');
  await page.keyboard.press('Escape');
  expect(await caseCount(page)).toBe(before);
  await page.getByTestId('search-input').fill('e2e-good');
  await expect.poll(() => caseCount(page)).toBe(0);
});

test('switching the language changes the interface', async ({ page }) => {
  await openCases(page, 'en');
  const englishSearch = await page.getByTestId('search-input').getAttribute('placeholder');
  await page.getByTestId('language-switch').click();
  const menuItem = page.getByRole('menuitemradio', { name: '中文' });
  if (await menuItem.count()) await menuItem.click();
  await expect.poll(() => page.getByTestId('search-input').getAttribute('placeholder')).not.toBe(englishSearch);
  const chinese = await page.getByTestId('search-input').getAttribute('placeholder');
  expect(chinese).toMatch(/[\u4e00-\u9fff]/);
  await expect(page.getByTestId('import-button')).toContainText(/[\u4e00-\u9fff]/);
});

test('creating and switching test-set files from browser mode', async ({ page }) => {
  await openCases(page);
  await fileMenu(page, 'file-new');
  await page.getByTestId('new-test-set-name').fill(`e2e-new-${Date.now()}`);
  await page.getByTestId('new-test-set-name').press('Enter');
  await expect(page.getByTestId('testset-name')).toContainText('e2e-new-');
  await expect.poll(() => caseCount(page)).toBe(0);
  await fileMenu(page, 'file-demo');
  await expect(page.getByTestId('testset-name')).toContainText('demo.touchstone.sqlite');
  await expect.poll(() => caseCount(page)).toBeGreaterThanOrEqual(40);
});
