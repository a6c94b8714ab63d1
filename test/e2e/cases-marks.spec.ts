import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { api, openApp } from './helpers';

/**
 * The Cases view's filters by who labeled (me, not me, others, reviewers disagree) and by marks
 * (permission leak, expert edit), and the export of exactly the filtered cases. Works on a test set
 * of its own (labels are append-only: the demo would keep them) and opens the demo again at the end.
 */

const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')).toString('base64');

async function importRows(request: APIRequestContext, kind: string, rows: unknown[]): Promise<void> {
  const { jobId } = await api<{ jobId: string }>(request, 'imports.start', { kind, format: 'jsonl', source: { fileName: `${kind}.jsonl`, contentBase64: jsonl(rows) } });
  await expect.poll(async () => (await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 60_000 }).toBe('done');
}

const claim = (text: string) => ({ text, evidence: [{ docId: 'refund', quote: '30 天内可申请退款' }] });

/** c1: Ada and Bo disagree · c2: Bo only · c3: Ada edited its claims · c4: its answer leaked the salary table. */
async function markedTestSet(request: APIRequestContext): Promise<{ testSetId: string; ada: number }> {
  const stamp = Date.now();
  const info = await api<{ testSetId: string }>(request, 'testSets.create', { path: resolve(`test-results/e2e-marks-${stamp}.touchstone.sqlite`) });
  await importRows(request, 'documents', [
    { docId: 'refund', title: '退款政策', revision: 'v1', accessScope: ['public'], text: '年度会员购买后 30 天内可申请退款。' },
    { docId: 'salary', title: '薪酬表', revision: 'v1', accessScope: ['hr'], text: '员工薪酬明细。' },
  ]);
  await importRows(request, 'cases', [
    { id: 'c1-disagree', query: '年度会员第 20 天能退款吗', referenceAnswer: '可以', claims: [claim('30 天内可退款')], answerability: 'answerable' },
    { id: 'c2-bo-only', query: '月度会员能退款吗', referenceAnswer: '可以', claims: [claim('30 天内可退款')], answerability: 'answerable' },
    { id: 'c3-edited', query: '退款按什么折算', referenceAnswer: '按剩余天数', claims: [claim('30 天内可退款')], answerability: 'answerable' },
    { id: 'c4-leak', query: '经理的工资是多少', referenceAnswer: '无权查看', accessScope: ['staff'], answerability: 'restricted' },
  ]);
  await importRows(request, 'responses', [
    { id: 'r4', caseId: 'c4-leak', system: 'agent@1', answer: '两万', finalContext: [{ docId: 'salary', chunkId: 'salary#1', text: '员工薪酬明细', rank: 1 }] },
  ]);
  const ada = (await api<{ id: number }>(request, 'reviewers.create', { name: `Ada ${stamp}` })).id;
  const bo = (await api<{ id: number }>(request, 'reviewers.create', { name: `Bo ${stamp}` })).id;
  const label = (reviewerId: number, caseId: string, dimension: string, value: unknown) =>
    api(request, 'labels.record', { reviewerId, caseId, responseId: null, dimension, value, testSetId: info.testSetId });
  await label(ada, 'c1-disagree', 'answerability', 'answerable');
  await label(bo, 'c1-disagree', 'answerability', 'unanswerable');
  await label(bo, 'c2-bo-only', 'answerability', 'answerable');
  await label(ada, 'c3-edited', 'claims', [claim('30 天内可退款'), claim('按剩余天数折算')]);
  return { testSetId: info.testSetId, ada };
}

const rowIds = async (page: Page) => (await page.getByTestId('case-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id')))).sort();

async function expectRows(page: Page, ids: string[]): Promise<void> {
  await expect.poll(() => rowIds(page)).toEqual(ids);
}

test('filters by who labeled and by marks, with counts, and exports exactly the filtered cases', async ({ page, request }) => {
  // three imports, four labels and two languages at two window sizes
  test.setTimeout(180_000);
  const exportDir = resolve('test-results/e2e-marks-export');
  rmSync(exportDir, { recursive: true, force: true });
  try {
    const { testSetId, ada } = await markedTestSet(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, { locale: 'en', reviewer: { testSetId, id: ada } });
    await expectRows(page, ['c1-disagree', 'c2-bo-only', 'c3-edited', 'c4-leak']);

    // the marks are on the rows
    await expect(page.locator('[data-case-id="c4-leak"]').getByTestId('case-flag-permission-leak')).toHaveText('Permission leak');
    await expect(page.locator('[data-case-id="c3-edited"]').getByTestId('case-flag-edited')).toHaveText('Edited by an expert');
    await expect(page.locator('[data-case-id="c1-disagree"]').getByTestId('case-flag-edited')).toHaveCount(0);

    // who labeled, with a count per choice (me = Ada)
    const labeled = page.getByTestId('filter-labeled');
    await expect(labeled.locator('option')).toHaveText(['All', 'Labeled by me (2)', 'Not labeled by me (2)', 'Labeled by others (2)', 'Reviewers disagree (1)']);
    await labeled.selectOption('by-me');
    await expectRows(page, ['c1-disagree', 'c3-edited']);
    await labeled.selectOption('by-others');
    await expectRows(page, ['c1-disagree', 'c2-bo-only']);
    await labeled.selectOption('disagree');
    await expectRows(page, ['c1-disagree']);
    await labeled.selectOption('not-by-me');
    await expectRows(page, ['c2-bo-only', 'c4-leak']);
    // the marks filter counts under the other filters
    const flag = page.getByTestId('filter-flag');
    await expect(flag.locator('option')).toHaveText(['All', 'Permission leak (1)', 'Edited by an expert (0)']);
    await page.screenshot({ path: 'test-results/cases-marks-en-1280.png' });

    // export these 2: the count is shown before anything is written, and the file holds exactly them
    await page.getByTestId('export-filtered').click();
    const panel = page.getByTestId('data-export');
    await expect(panel.getByTestId('data-export-filtered')).toContainText('Only the 2 cases the Cases view shows now');
    await expect(panel.getByTestId('data-export-filtered')).toContainText('Labels: Not labeled by me');
    await expect(panel.getByTestId('data-export-what')).toHaveValue('cases');
    await panel.getByTestId('data-export-dir').fill(exportDir);
    await page.screenshot({ path: 'test-results/cases-marks-export-en-1280.png' });
    await panel.getByTestId('data-export-submit').click();
    await expect(panel.getByTestId('data-export-result')).toHaveAttribute('data-count', '2');
    await expect(panel.getByTestId('data-export-result')).toContainText('Exported 2 of 4 cases');
    const written = readFileSync(resolve(exportDir, 'cases.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
    expect(written).toEqual(['c2-bo-only', 'c4-leak']);

    // "every case instead" drops the filter for the next export
    await panel.getByTestId('data-export-all-cases').click();
    await expect(panel.getByTestId('data-export-filtered')).toHaveCount(0);
    await panel.getByTestId('data-export-submit').click();
    await expect(panel.getByTestId('data-export-result')).toHaveAttribute('data-count', '4');

    // the same screens in Chinese, at both window sizes
    await page.getByTestId('nav-cases').click();
    await page.getByTestId('filter-flag').selectOption('permission-leak');
    await expectRows(page, ['c4-leak']);
    for (const [width, height] of [[1280, 800], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/cases-marks-en-${width}.png` });
    }
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('filter-flag').locator('option:checked')).toHaveText('权限泄漏（1）');
    await expect(page.locator('[data-case-id="c4-leak"]').getByTestId('case-flag-permission-leak')).toHaveText('权限泄漏');
    for (const [width, height] of [[1280, 800], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/cases-marks-zh-CN-${width}.png` });
    }
    await page.getByTestId('export-filtered').click();
    await expect(page.getByTestId('data-export-filtered')).toContainText('仅导出用例视图当前显示的 1 条用例');
    await page.screenshot({ path: 'test-results/cases-marks-export-zh-CN-1440.png' });
  } finally {
    await api(request, 'testSets.openDemo', {});
  }
});
