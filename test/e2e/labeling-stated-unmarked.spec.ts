import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, importLines, openApp } from './helpers';

/**
 * A reviewer's "claims this answer states" brought in from another file marks one of the case's two
 * claims: every step of the case holds a label, yet the Label queue keeps the case unfinished and opens
 * on that step, saying how many listed claims the label leaves unmarked; Enter gives the step as it
 * stands and the case is done. Works on a test set of its own and opens the demo again at the end.
 * Screenshots of the step in English and Chinese.
 */

const SHOTS = resolve(`test-results/stated-unmarked-e2e-${process.env.E2E_PORT ?? 4599}`);
const claim = (text: string, quote: string) => ({ text, evidence: [{ docId: 'refund', quote }] });

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');

/** A value for each step of the default dimensions, as a label pack of another file would carry them. */
const VALUES: Record<string, unknown> = {
  answerability: 'answerable', questionType: 'fact', claims: [], responseBehavior: 'answered', refusalCorrect: 'correct',
  correctness: 2, faithfulness: 1, failureLayer: 'none', failureTags: [],
  // that file's case had one claim: c2 of this one is unmarked
  claimsStated: { c1: { stated: true } },
};

test('a "stated" label brought in that leaves a claim unmarked keeps its case in the queue and opens its step', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  try {
    const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.create', { path: resolve(`test-results/e2e-stated-unmarked-${stamp}.touchstone.sqlite`) });
    await importLines(request, 'documents', 'documents.jsonl', [{ docId: 'refund', title: '退款政策', revision: 'v1', accessScope: ['public'], text: '年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额。' }]);
    await importLines(request, 'cases', 'cases.jsonl', [{
      id: 'refund-day20', query: '年度会员第 20 天能退款吗', referenceAnswer: '可以，按剩余天数折算。', answerability: 'answerable',
      claims: [claim('30 天内可退款', '30 天内可申请退款'), claim('按剩余天数折算', '按剩余天数折算退款金额')],
    }]);
    await importLines(request, 'responses', 'responses.jsonl', [{ id: 'r1', caseId: 'refund-day20', system: 'agent@1', answer: '可以退款，按天折算。' }]);
    const ada = (await api<{ id: number }>(request, 'reviewers.create', { name: `Ada ${stamp}` })).id;
    const item = await api<{ steps: { dimension: string; responseId: string | null }[] }>(request, 'labeling.item', { reviewerId: ada, caseId: 'refund-day20', queue: null });
    for (const step of item.steps) {
      await api(request, 'labels.record', { reviewerId: ada, caseId: 'refund-day20', responseId: step.responseId, dimension: step.dimension, value: VALUES[step.dimension], testSetId });
    }
    const unlabeled = { source: 'unlabeled' };
    expect(await api(request, 'queue.open', { reviewerId: ada, queue: unlabeled })).toMatchObject({ total: 1, done: 0 });

    await openApp(page, { locale: 'en', reviewer: { testSetId, id: ada } });
    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    // the first step without an answer: the one whose label leaves a claim unmarked
    await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claimsStated');
    const notice = page.getByTestId('stated-changed');
    await expect(notice).toContainText('This label leaves 1 of the claims listed now unmarked');
    await expect(page.locator('[data-testid="stated-row"][data-claim-id="c1"]')).toHaveAttribute('data-stated', 'yes');
    await page.screenshot({ path: join(SHOTS, 'stated-unmarked-en.png'), fullPage: true });
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('language-switch')).toHaveAttribute('data-locale', 'zh-CN');
    await page.getByTestId('language-switch').blur();
    await expect(notice).toContainText('此标注未标记当前列出的 1 个要点');
    await page.screenshot({ path: join(SHOTS, 'stated-unmarked-zh-CN.png'), fullPage: true });

    // Enter gives every listed claim (the unmarked one as not stated): the case is done
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api<{ done: number }>(request, 'queue.open', { reviewerId: ada, queue: unlabeled })).done).toBe(1);
    const after = await api<{ steps: { dimension: string; current: { value: unknown } | null; covers?: false }[] }>(request, 'labeling.item', { reviewerId: ada, caseId: 'refund-day20', queue: null });
    const stated = after.steps.find((s) => s.dimension === 'claimsStated')!;
    expect(stated.covers).toBeUndefined();
    expect(stated.current?.value).toEqual({ c1: { stated: true }, c2: { stated: false } });
  } finally {
    await api(request, 'testSets.openDemo', {});
  }
});
