import { expect, test, type APIRequestContext } from '@playwright/test';
import { join, resolve } from 'node:path';
import { api, freshTestSet, importLines, openApp } from './helpers';

/**
 * The lead flags cases answered right without retrieval as leaks, by keyboard, on the Diagnosis screen;
 * the flag then shows in the Cases view (row, details, filter), where it can be cleared again. On a
 * test set of its own: 34 cases each answered right by the normal run and by a no-retrieval run.
 */

const SHOTS = resolve(`test-results/diagnosis-leak-flag-e2e-${process.env.E2E_PORT ?? 4599}`);
const SYSTEM = 'memory@1';
const QUOTE = '年度会员购买后 30 天内可申请退款';
const judge = { model: 'judge-x', version: '1', promptVersion: 'p1' };
// more than the 30 rows a page list carries: flagging one read on "show more" is tried too
const IDS = Array.from({ length: 34 }, (_, i) => `leak-${String(i).padStart(2, '0')}`);

test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});

async function importRememberedCases(request: APIRequestContext): Promise<void> {
  await importLines(request, 'documents', 'documents.jsonl', [{ docId: 'policy', title: '退款政策', revision: 'v1', accessScope: ['public'], text: `${QUOTE}。` }]);
  await importLines(request, 'cases', 'cases.jsonl', IDS.map((id) => ({
    id, query: `问题 ${id}：可以退款吗？`, referenceAnswer: '30 天内可退款', claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: QUOTE }] }],
    questionType: 'policy-and-amounts', answerability: 'answerable', accessScope: ['public'],
  })));
  await importLines(request, 'responses', 'responses.jsonl', IDS.flatMap((id) => [
    { id: `n-${id}`, caseId: id, system: SYSTEM, answer: '30 天内可退款。', retrievalCalled: true, finalContext: [{ docId: 'policy', chunkId: 'policy#1', text: `${QUOTE}。`, rank: 1 }] },
    { id: `x-${id}`, caseId: id, system: SYSTEM, condition: 'no-retrieval', answer: '30 天内可退款。', retrievalCalled: false, finalContext: [] },
  ]));
  await importLines(request, 'judge', 'judge.jsonl', IDS.flatMap((id) => [`n-${id}`, `x-${id}`].map((responseId) => ({ caseId: id, responseId, judge, dimension: 'correctness', value: 2 }))));
}

test('a leak flagged by keyboard on the Diagnosis screen shows in the Cases view, and is cleared there', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openApp(page);
  await freshTestSet(page, 'dx-leak');
  await importRememberedCases(page.request);
  await page.getByTestId('nav-diagnosis').click();
  await page.getByTestId('diagnosis-system').selectOption(SYSTEM);

  const candidates = page.getByTestId('diagnosis-leak-candidates');
  const rows = candidates.locator('li:not(.dx-case-more)');
  await expect(rows).toHaveCount(30);
  // flag the second by keyboard: the keys go on at the case that takes its place
  await candidates.getByRole('button', { name: `Flag as leak: ${IDS[1]}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('diagnosis-leak-flagged')).toContainText(IDS[1]);
  await expect(candidates.getByRole('button', { name: `Flag as leak: ${IDS[2]}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(candidates.getByRole('button', { name: `Flag as leak: ${IDS[3]}` })).toBeFocused();
  // past the page's 30: the list read on "show more" stays as long, and the keys go on at the next case
  await candidates.getByTestId('dx-cases-more').click();
  await expect(rows).toHaveCount(IDS.length - 2);
  await candidates.getByRole('button', { name: `Flag as leak: ${IDS[32]}` }).focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(IDS.length - 3);
  await expect(candidates.getByRole('button', { name: `Flag as leak: ${IDS[33]}` })).toBeFocused();

  // the Cases view: the filter counts both, their rows carry the flag, the details say it and clear it
  await page.getByTestId('nav-cases').click();
  await expect(page.getByTestId('filter-leak').locator('option')).toContainText(['All', 'Flagged as leak (3)']);
  await expect(page.getByTestId('case-row').filter({ hasText: IDS[1] }).getByTestId('case-flag-leak')).toBeVisible();
  await expect(page.getByTestId('case-row').filter({ hasText: IDS[0] }).getByTestId('case-flag-leak')).toHaveCount(0);
  await page.getByTestId('case-row').filter({ hasText: IDS[1] }).click();
  const flag = page.getByTestId('case-leak-flag');
  await expect(flag).toHaveAttribute('data-leak', 'yes');
  await expect(flag).toContainText('measures the model’s memory');
  await page.screenshot({ path: join(SHOTS, 'cases-leak-en.png') });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-switch').blur();
  await expect(flag).toContainText('测的是模型记忆');
  await page.screenshot({ path: join(SHOTS, 'cases-leak-zh-CN.png') });
  await page.getByTestId('case-leak-toggle').click();
  await expect(flag).toHaveAttribute('data-leak', 'no');
  await expect(page.getByTestId('case-row').filter({ hasText: IDS[1] }).getByTestId('case-flag-leak')).toHaveCount(0);
  await expect(page.getByTestId('filter-leak').locator('option')).toContainText(['全部', '已标记为泄漏（2）']);
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-switch').blur();

  // with the list filtered to flagged cases, a candidate opened from Diagnosis is said to be left out, and one click shows it
  await page.getByTestId('filter-leak').selectOption('leak');
  await expect(page.getByTestId('case-row')).toHaveCount(2);
  await page.getByTestId('nav-diagnosis').click();
  await candidates.getByRole('button', { name: IDS[0], exact: true }).click();
  await expect(page.getByTestId('opened-case-hidden')).toContainText(`${IDS[0]}, open on the right, is not in this list`);
  await page.screenshot({ path: join(SHOTS, 'cases-opened-hidden-en.png') });
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('opened-case-hidden')).toContainText('筛选条件把它排除了');
  await page.screenshot({ path: join(SHOTS, 'cases-opened-hidden-zh-CN.png') });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-switch').blur();
  await page.getByTestId('opened-case-show').click();
  await expect(page.getByTestId('opened-case-hidden')).toHaveCount(0);
  await expect(page.getByTestId('case-row').filter({ hasText: IDS[0] })).toHaveClass(/selected/);
});
