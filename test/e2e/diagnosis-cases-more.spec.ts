import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { api, freshTestSet, importLines, openApp } from './helpers';

/**
 * The Diagnosis page carries the first 30 cases of each list; "show more" reads the rest. On a test
 * set of its own: 70 cases whose answers were judged wrong with no evidence retrieved, so the
 * retrieval layer's list holds all 70.
 */

const SHOTS = resolve(`test-results/diagnosis-cases-more-e2e-${process.env.E2E_PORT ?? 4599}`);
const SYSTEM = 'many@1';
const CASES = 70;
const QUOTE = '年度会员购买后 30 天内可申请退款';
const judge = { model: 'judge-x', version: '1', promptVersion: 'p1' };

// each test opens a test set of its own: the specs after this one expect the shared demo open
test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});

/** 70 cases whose answers the judge found wrong, with no evidence in their final context. */
async function importManyFailing(request: APIRequestContext): Promise<string[]> {
  const ids = Array.from({ length: CASES }, (_, i) => `many-${String(i).padStart(2, '0')}`);
  await importLines(request, 'documents', 'documents.jsonl', [{ docId: 'policy', title: '退款政策', revision: 'v1', text: `${QUOTE}。` }]);
  await importLines(request, 'cases', 'cases.jsonl', ids.map((id) => ({
    id, query: `问题 ${id}：可以退款吗？`, referenceAnswer: '30 天内可退款', claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: QUOTE }] }],
    questionType: 'policy-and-amounts', answerability: 'answerable',
  })));
  await importLines(request, 'responses', 'responses.jsonl', ids.map((id) => ({
    id: `r-${id}`, caseId: id, system: SYSTEM, answer: '不能退款。', retrievalCalled: true,
    finalContext: [{ docId: 'other', chunkId: 'other#1', text: '会员等级说明。', rank: 1 }], candidates: [{ docId: 'other', chunkId: 'other#1', text: '会员等级说明。', rank: 1 }],
  })));
  await importLines(request, 'judge', 'judge.jsonl', ids.map((id) => ({ caseId: id, responseId: `r-${id}`, judge, dimension: 'correctness', value: 0 })));
  return ids;
}

/** A test set of its own with those 70 cases, on the Diagnosis screen: their ids and the retrieval layer's row. */
async function retrievalLayerOfMany(page: Page, prefix: string): Promise<{ ids: string[]; row: Locator }> {
  await openApp(page);
  await freshTestSet(page, prefix);
  const ids = await importManyFailing(page.request);
  await page.getByTestId('nav-diagnosis').click();
  await page.getByTestId('diagnosis-system').selectOption(SYSTEM);
  return { ids, row: page.getByTestId('diagnosis-layer-retrieval') };
}

test('a layer with more cases than the page carries lists the rest on "show more", in both languages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { ids, row } = await retrievalLayerOfMany(page, 'dx-more');
  await expect(row).toContainText(`Cases (${CASES})`);
  await row.getByRole('button', { name: `Cases (${CASES})` }).click();
  const rows = row.getByTestId('dx-case-row');
  await expect(rows).toHaveCount(30);
  await expect(rows.first()).toContainText(ids[0]);
  await expect(row).toContainText('… and 40 more');
  await row.getByTestId('dx-cases-more').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'cases-more-en.png') });
  await page.getByTestId('language-switch').click();
  await expect(row).toContainText('另有 40 个');
  await expect(row.getByTestId('dx-cases-more')).toHaveText('再显示 40 个');
  await page.screenshot({ path: join(SHOTS, 'cases-more-zh-CN.png') });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-switch').blur();

  await row.getByTestId('dx-cases-more').click();
  await expect(rows).toHaveCount(CASES);
  await expect(rows.last()).toContainText(ids[CASES - 1]);
  await expect(row.getByTestId('dx-cases-more')).toHaveCount(0);
  // a case read on "show more" names its reason like the first ones, and opens in the Cases view
  await expect(rows.nth(45)).toContainText('30 天内可退款');
  await rows.nth(45).getByRole('button', { name: ids[45] }).click();
  await expect(page.getByTestId('nav-cases')).toHaveAttribute('aria-current', 'page');

  // back on the page, the list is open as it was left, with the cases "show more" read, and scrolled to them
  await page.getByTestId('nav-diagnosis').click();
  await expect(rows).toHaveCount(CASES);
  await expect(row.getByRole('button', { name: 'Hide cases' })).toBeVisible();
  await expect(rows.nth(45)).toBeInViewport();
  await row.getByRole('button', { name: 'Hide cases' }).click();
  await expect(rows).toHaveCount(0);
});

test('"show more" after the file changed reads the page again instead of skipping or repeating a case', async ({ page }) => {
  test.setTimeout(120_000);
  const { ids, row } = await retrievalLayerOfMany(page, 'dx-more-changed');
  await row.getByRole('button', { name: `Cases (${CASES})` }).click();
  await expect(row.getByTestId('dx-case-row')).toHaveCount(30);

  // meanwhile a reviewer finds the first answer right: it leaves the retrieval layer's list
  const reviewerId = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `dx-more ${Date.now()}` })).id;
  await api(page.request, 'labels.record', { reviewerId, caseId: ids[0], responseId: `r-${ids[0]}`, dimension: 'correctness', value: 2 });

  // the click finds the page out of date: the page is read again, the list stays open on its new first cases
  await row.getByTestId('dx-cases-more').click();
  await expect(row).toContainText(`(${CASES - 1}/${CASES - 1})`);
  await expect(row).toContainText(`… and ${CASES - 1 - 30} more`);
  const rows = row.getByTestId('dx-case-row');
  await expect(rows.first()).toContainText(ids[1]);
  await row.getByTestId('dx-cases-more').click();
  await expect(rows).toHaveCount(CASES - 1);
  await expect(rows.first()).toContainText(ids[1]);
  const shown = await rows.locator('button.mono').allTextContents();
  expect(new Set(shown).size).toBe(CASES - 1);
  expect(shown).not.toContain(ids[0]);
});
