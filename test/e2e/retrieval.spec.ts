import { expect, test, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * The Retrieval screen on the demo test set (its sample responses carry candidates for
 * support-agent@3.1 and @3.2): means with n and intervals, k changed from the keyboard,
 * a case opened with its ranked chunks and highlighted evidence, assembly loss, and the
 * comparison of two versions, refused when the ks differ. Screenshots in both languages.
 */

let reviewer = { testSetId: '', id: 0 };

test.beforeAll(async ({ request }) => {
  const testSetId = (await api<{ testSetId: string }>(request, 'testSets.openDemo', {})).testSetId;
  reviewer = { testSetId, id: (await api<{ id: number }>(request, 'reviewers.create', { name: `e2e retrieval ${Date.now()}` })).id };
});

async function openRetrieval(page: Page, locale: 'en' | 'zh-CN') {
  await openApp(page, { locale, reviewer });
  await page.getByTestId('nav-retrieval').click();
  await expect(page.getByTestId('retrieval-view')).toBeVisible();
  await expect(page.getByTestId('retrieval-system')).toHaveValue('support-agent@3.2');
}

/** The page scrolls inside its own column, so a tall window shows all of it. */
async function tallScreenshot(page: Page, name: string) {
  await page.setViewportSize({ width: 1400, height: 2600 });
  await page.screenshot({ path: `test-results/${name}.png` });
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('means at k with n and intervals, k from the keyboard, a case with its ranked chunks', async ({ page }) => {
  await openRetrieval(page, 'en');
  const recall = page.getByTestId('retrieval-mean-recall');
  // 25 of 27 units over 18 cases, averaged per case
  await expect(recall).toContainText('Recall@5');
  await expect(recall).toContainText('92.6%');
  await expect(recall).toContainText('n = 18');
  await expect(recall).toContainText('95% CI');
  await expect(page.getByTestId('retrieval-excluded')).toContainText('18 cases in the means');
  await expect(page.getByTestId('retrieval-curve').locator('polyline')).toHaveCount(3);
  await tallScreenshot(page, 'retrieval-en');

  await page.keyboard.press(']');
  await expect(page.getByTestId('retrieval-k')).toHaveValue('6');
  await expect(recall).toContainText('Recall@6');
  await page.keyboard.press('[');
  await expect(recall).toContainText('Recall@5');

  await page.getByTestId('retrieval-list').selectOption('candidates');
  await expect(recall).toContainText('53.2%');
  await page.getByTestId('retrieval-list').selectOption('whole');
  await expect(page.getByTestId('retrieval-k')).toBeDisabled();
  await expect(recall).toContainText('Recall (whole context)');
  await page.getByTestId('retrieval-list').selectOption('context');

  // the worst case first; it opens with its chunks, each marked with the units it holds
  const first = page.getByTestId('retrieval-case-row').first();
  const caseId = await first.getAttribute('data-case-id');
  await first.getByRole('button').click();
  const modal = page.getByTestId('retrieval-case');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`Case ${caseId}`);
  await expect(modal.getByTestId('retrieval-candidates').getByTestId('retrieval-chunk').first()).toBeVisible();
  const mark = modal.getByTestId('retrieval-evidence-mark').first();
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('data-units', /U\d/);
  await page.screenshot({ path: 'test-results/retrieval-case-en.png' });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('assembly loss and two versions compared at the same k, refused at different ks', async ({ page }) => {
  await openRetrieval(page, 'en');
  await page.getByTestId('retrieval-tab-assembly').click();
  await expect(page.getByTestId('retrieval-assembly')).toContainText('responses with candidates lost evidence in assembly');

  await page.getByTestId('retrieval-tab-compare').click();
  await page.getByTestId('retrieval-baseline').selectOption('support-agent@3.1');
  const table = page.getByTestId('retrieval-compare-table');
  await expect(table).toContainText('Recall@5');
  await expect(page.getByTestId('retrieval-compare')).toContainText('14 cases both versions answered');
  await expect(page.getByTestId('retrieval-regression').filter({ hasText: 'invoice-how-to' })).toContainText('lost invoice-guide');
  await tallScreenshot(page, 'retrieval-compare-en');

  await page.getByTestId('retrieval-baseline-k').selectOption('10');
  const refusal = page.getByTestId('retrieval-compare-refused');
  await expect(refusal).toContainText('context@5 against context@10');
  await expect(refusal).toContainText('Recall@50');
  await expect(table).toBeHidden();
});

test('the screen in Chinese', async ({ page }) => {
  await openRetrieval(page, 'zh-CN');
  await expect(page.getByTestId('retrieval-mean-recall')).toContainText('召回率@5');
  await expect(page.getByTestId('retrieval-mean-recall')).toContainText('95% 置信区间');
  await tallScreenshot(page, 'retrieval-zh');
  await page.getByTestId('retrieval-case-row').first().getByRole('button').click();
  await expect(page.getByTestId('retrieval-case')).toBeVisible();
  await page.screenshot({ path: 'test-results/retrieval-case-zh.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('retrieval-tab-compare').click();
  await page.getByTestId('retrieval-baseline').selectOption('support-agent@3.1');
  await expect(page.getByTestId('retrieval-compare-table')).toContainText('差值');
  await tallScreenshot(page, 'retrieval-compare-zh');
});

test('the Label view shows which units the judged response\'s context holds and a suggested layer', async ({ page, request }) => {
  const own = { testSetId: reviewer.testSetId, id: (await api<{ id: number }>(request, 'reviewers.create', { name: `e2e retrieval hint ${Date.now()}` })).id };
  await openApp(page, { locale: 'en', reviewer: own });
  await page.getByTestId('nav-label').click();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('label-case-id')).toHaveText('refund-annual-day20');
  const current = page.locator('[data-testid="step"][data-state="current"]');
  // confirm the case-level steps (imported values, Enter) until the first response step
  for (let guard = 0; guard < 6 && !(await current.getAttribute('data-response-id')); guard++) {
    const dimension = await current.getAttribute('data-dimension');
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-testid="step"][data-dimension="${dimension}"]`).getByTestId('step-saved')).toBeVisible();
  }
  // support-agent@3.1 answered without retrieval: no unit in its (empty) context, no candidate list
  await expect(current).toHaveAttribute('data-response-id', 'r-3.1-refund-annual-day20');
  const hint = page.getByTestId('retrieval-hint');
  await expect(hint).toContainText('missing');
  await expect(page.getByTestId('retrieval-hint-layer')).toHaveText('Suggested failure layer: retrieval');
  await expect(hint).toContainText('nothing is saved unless you label it');
  await page.screenshot({ path: 'test-results/retrieval-hint-en.png' });
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('retrieval-hint-layer')).toHaveText('建议的失败层：检索');
  await page.screenshot({ path: 'test-results/retrieval-hint-zh.png' });
});
