import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, importLines, openApp } from './helpers';

/**
 * The lead settles a case's claims in Team & backups → Conflicts, by key; a reviewer who had
 * already marked "claims this answer states" on its answer finds the step asked again, saying the
 * lead changed the case, and confirms it with Enter. Works on a test set of its own (settlements and
 * labels are append-only: the demo would keep them) and opens the demo again at the end.
 * Screenshots of the step in English and Chinese.
 */

const SHOTS = resolve(`test-results/stated-settled-e2e-${process.env.E2E_PORT ?? 4599}`);
const claim = (text: string, quote = '30 天内可申请退款') => ({ text, evidence: [{ docId: 'refund', quote }] });

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');

test('a claims settlement by the lead re-asks a reviewer\'s "claims this answer states", and Enter confirms it', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  try {
    const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.create', { path: resolve(`test-results/e2e-stated-settled-${stamp}.touchstone.sqlite`) });
    await importLines(request, 'documents', 'documents.jsonl', [{ docId: 'refund', title: '退款政策', revision: 'v1', accessScope: ['public'], text: '年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额。' }]);
    const imported = [claim('30 天内可退款'), claim('按剩余天数折算', '按剩余天数折算退款金额')];
    await importLines(request, 'cases', 'cases.jsonl', [{ id: 'refund-day20', query: '年度会员第 20 天能退款吗', referenceAnswer: '可以，按剩余天数折算。', claims: imported, answerability: 'answerable' }]);
    await importLines(request, 'responses', 'responses.jsonl', [{ id: 'r1', caseId: 'refund-day20', system: 'agent@1', answer: '可以退款。' }]);
    const reviewer = async (name: string) => (await api<{ id: number }>(request, 'reviewers.create', { name: `${name} ${stamp}` })).id;
    const [ada, bo, cy, lead] = [await reviewer('Ada'), await reviewer('Bo'), await reviewer('Cy'), await reviewer('Lead')];
    const record = (reviewerId: number, responseId: string | null, dimension: string, value: unknown) =>
      api<{ eventId: number }>(request, 'labels.record', { reviewerId, caseId: 'refund-day20', responseId, dimension, value, testSetId });
    const marked = await record(ada, 'r1', 'claimsStated', { c1: { stated: true }, c2: { stated: false } });
    // two experts edit the claims differently: a conflict for the lead
    await record(bo, null, 'claims', [claim('购买后 30 天内可以退款'), imported[1]]);
    await record(cy, null, 'claims', imported.slice(0, 1));

    // the lead settles it on Bo's version with key 1, in the window
    await openApp(page, { locale: 'en', reviewer: { testSetId, id: lead } });
    await page.getByTestId('nav-data').click();
    await page.getByTestId('data-tab-conflicts').click();
    await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('conflict-detail')).toHaveAttribute('data-case-id', 'refund-day20');
    await page.keyboard.press('1');
    await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', '0');

    // Ada's step is open again, saying why, with her earlier marks
    const adaPage = await context.newPage();
    await openApp(adaPage, { locale: 'en', reviewer: { testSetId, id: ada } });
    await adaPage.getByTestId('nav-label').click();
    await adaPage.getByTestId('queue-start-unlabeled').click();
    await expect(adaPage.getByTestId('step-card')).toBeVisible();
    for (let i = 0; i < 20 && (await currentStep(adaPage).getAttribute('data-dimension')) !== 'claimsStated'; i++) await adaPage.keyboard.press('ArrowDown');
    await expect(currentStep(adaPage)).toHaveAttribute('data-dimension', 'claimsStated');
    const notice = adaPage.getByTestId('stated-asked-again');
    await expect(notice).toHaveAttribute('data-because', 'case-changed');
    await expect(notice).toContainText('the lead settled this case\'s claims or reference answer');
    // Ada edited no claims: nothing of hers waits aside
    await expect(adaPage.getByTestId('stated-own-edit')).toHaveCount(0);
    await expect(adaPage.getByTestId('stated-row').first()).toContainText('购买后 30 天内可以退款');
    await expect(adaPage.locator('[data-testid="stated-row"][data-claim-id="c1"]')).toHaveAttribute('data-stated', 'yes');
    await adaPage.screenshot({ path: join(SHOTS, 'stated-settled-en.png'), fullPage: true });
    // the window opened in English: the switch goes to Chinese
    await adaPage.getByTestId('language-switch').click();
    await expect(adaPage.getByTestId('language-switch')).toHaveAttribute('data-locale', 'zh-CN');
    // Enter on the focused switch would switch back: the keys go to the screen
    await adaPage.getByTestId('language-switch').blur();
    await expect(notice).toContainText('负责人裁定了该用例的要点或参考答案');
    await adaPage.screenshot({ path: join(SHOTS, 'stated-settled-zh-CN.png'), fullPage: true });

    // Enter confirms the same marks: a new label, the step no longer asked again
    await adaPage.keyboard.press('Enter');
    await expect.poll(async () => {
      const item = await api<{ steps: { dimension: string; current: { eventId: number } | null; askAgainAfter?: number | null }[] }>(request, 'labeling.item', { reviewerId: ada, caseId: 'refund-day20', queue: null });
      const step = item.steps.find((s) => s.dimension === 'claimsStated')!;
      return step.current!.eventId > marked.eventId && step.current!.eventId >= (step.askAgainAfter ?? 0);
    }).toBe(true);
    await adaPage.close();

    // Cy's edit (the first claim alone) was not the one settled: the step lists the settled claims and says his edit is not among them
    // (the window shares the browser's storage with Ada's: it opens in Chinese, on the queue she was in)
    // and his own reference answer shows beside the case's, on the same screen
    await record(cy, null, 'referenceAnswer', '可以，30 天内退款并按天折算。');
    const cyPage = await context.newPage();
    await openApp(cyPage, { reviewer: { testSetId, id: cy } });
    await cyPage.getByTestId('nav-label').click();
    await expect(cyPage.getByTestId('step-card')).toBeVisible();
    for (let i = 0; i < 20 && (await currentStep(cyPage).getAttribute('data-dimension')) !== 'claimsStated'; i++) await cyPage.keyboard.press('ArrowDown');
    await expect(currentStep(cyPage)).toHaveAttribute('data-dimension', 'claimsStated');
    await expect(cyPage.getByTestId('stated-row')).toHaveCount(2);
    await expect(cyPage.getByTestId('stated-own-edit')).toContainText('你对要点的修改与之不同');
    await expect(cyPage.getByTestId('reference-answer-mine')).toContainText('你的修改');
    await expect(cyPage.getByTestId('reference-answer-mine')).toContainText('可以，30 天内退款并按天折算。');
    await cyPage.screenshot({ path: join(SHOTS, 'stated-own-edit-zh-CN.png'), fullPage: true });
    await cyPage.getByTestId('language-switch').click();
    await cyPage.getByTestId('language-switch').blur();
    await expect(cyPage.getByTestId('stated-own-edit')).toContainText('Your own edit of the claims differs from it');
    await cyPage.screenshot({ path: join(SHOTS, 'stated-own-edit-en.png'), fullPage: true });
    await cyPage.close();
  } finally {
    await api(request, 'testSets.openDemo', {});
  }
});
