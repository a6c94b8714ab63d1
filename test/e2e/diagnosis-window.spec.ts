import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, openApp, fileMenu } from './helpers';

/**
 * Diagnosis work done in the window: failure tags labeled with the keyboard, a leaking restricted
 * case marked, and, on a test set of its own (the demo is left as found), the split tool and the
 * re-check queue an import that changed documents offers.
 */

const SHOTS = resolve(`test-results/diagnosis-window-e2e-${process.env.E2E_PORT ?? 4599}`);
const SAMPLE = resolve('shared/sample');

async function asNewReviewer(page: Page, prefix: string): Promise<void> {
  await openApp(page);
  const dialog = page.getByTestId('reviewer-dialog');
  await dialog.getByTestId('reviewer-new-name').fill(`${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`);
  await dialog.getByTestId('reviewer-create').click();
  await expect(dialog).toBeHidden();
}

async function setLanguage(page: Page, locale: 'en' | 'zh-CN'): Promise<void> {
  const button = page.getByTestId('language-switch');
  if ((await button.getAttribute('data-locale')) !== locale) await button.click();
  await expect(button).toHaveAttribute('data-locale', locale);
  // Enter on the focused switch would switch again: the screen's keys go to the screen
  await button.blur();
}

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');

test('failure tags are labeled with the keyboard: keys toggle tags, nothing is saved until Enter', async ({ page }) => {
  test.setTimeout(90_000);
  await asNewReviewer(page, 'tags');
  await setLanguage(page, 'en');
  await page.getByTestId('nav-label').click();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('step-card')).toBeVisible();
  const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
  for (let i = 0; i < 40 && (await currentStep(page).getAttribute('data-dimension')) !== 'failureTags'; i++) await page.keyboard.press('ArrowDown');
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'failureTags');
  const responseId = (await currentStep(page).getAttribute('data-response-id')) as string;
  const options = page.getByTestId('multi-option');
  await expect(options).toHaveCount(14);
  const on = () => page.locator('[data-testid="multi-option"][data-on="yes"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
  const suggested = await on();

  // 1 toggles not_indexed, 7 rerank_drop, Q (the 11th) missing_citation; 1 again takes not_indexed back
  await page.keyboard.press('1');
  await page.keyboard.press('7');
  await page.keyboard.press('q');
  await page.keyboard.press('1');
  const expected = [...new Set([...suggested.filter((v) => v !== 'rerank_drop' && v !== 'missing_citation' && v !== 'not_indexed'),
    ...(suggested.includes('rerank_drop') ? [] : ['rerank_drop']), ...(suggested.includes('missing_citation') ? [] : ['missing_citation'])])];
  await expect.poll(on).toEqual(expect.arrayContaining(expected));
  await expect(page.getByTestId('multi-unsaved')).toBeVisible();
  const item = async () => (await api<{ steps: { dimension: string; responseId: string | null; current: { value: unknown } | null }[] }>(page.request, 'labeling.item', {
    reviewerId: await reviewerId(page), caseId, queue: null,
  })).steps.find((s) => s.dimension === 'failureTags' && s.responseId === responseId)?.current?.value ?? null;
  // toggling writes nothing
  expect(await item()).toBeNull();
  await page.screenshot({ path: join(SHOTS, 'label-failure-tags-en.png') });
  await setLanguage(page, 'zh-CN');
  await expect(page.getByTestId('multi-step')).toContainText('Enter');
  await page.screenshot({ path: join(SHOTS, 'label-failure-tags-zh-CN.png') });
  await setLanguage(page, 'en');

  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="step"][data-dimension="failureTags"][data-response-id="${responseId}"]`).getByTestId('step-saved')).toBeVisible();
  await expect.poll(item).toEqual(expect.arrayContaining(expected));
  expect(((await item()) as string[]).length).toBe(expected.length);
});

async function reviewerId(page: Page): Promise<number> {
  const reviewers = await api<{ id: number; name: string }[]>(page.request, 'reviewers.list');
  const remembered = await api<{ name: string | null }>(page.request, 'reviewers.rememberedName');
  return reviewers.find((r) => r.name === remembered.name)?.id ?? reviewers[reviewers.length - 1].id;
}

test('a restricted case answered with content from outside its scope is flagged in the list and on the case', async ({ page }) => {
  await asNewReviewer(page, 'leak');
  await page.getByTestId('nav-cases').click();
  await page.getByTestId('search-input').fill('特批');
  const row = page.locator('[data-testid="case-row"][data-case-id="sop-exception-limit-restricted"]');
  await expect(row.getByTestId('case-flag-permission-leak')).toBeVisible();
  await row.click();
  const banner = page.getByTestId('leak-banner');
  await expect(banner).toHaveAttribute('data-restricted', 'yes');
  await expect(banner).toContainText('Restricted case answered with content from outside its scope');
  await expect(banner).toContainText('refund-handling-sop');
  await expect(banner).toContainText('internal');
  // a case without leaks carries neither
  await page.getByTestId('search-input').fill('年度会员买了第');
  await page.locator('[data-testid="case-row"][data-case-id="refund-annual-day20"]').click();
  await expect(page.getByTestId('case-detail')).toHaveAttribute('data-detail-id', 'refund-annual-day20');
  await expect(page.getByTestId('leak-banner')).toHaveCount(0);
  await page.getByTestId('search-input').fill('特批');
  await row.click();
  await expect(banner).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'case-leak-en.png') });
  await setLanguage(page, 'zh-CN');
  await expect(banner).toContainText('受限用例');
  await page.screenshot({ path: join(SHOTS, 'case-leak-zh-CN.png') });
  await setLanguage(page, 'en');
});

test('on a test set of its own: the split tool assigns dev/holdout with its hygiene check, and a documents import offers the re-check queue', async ({ page }) => {
  test.setTimeout(300_000);
  await asNewReviewer(page, 'split');
  await setLanguage(page, 'en');
  await fileMenu(page, 'file-new');
  await page.getByTestId('new-test-set-name').fill(`e2e-dxwin-${Date.now()}`);
  await page.getByTestId('new-test-set-name').press('Enter');
  await expect(page.getByTestId('testset-name')).toContainText('e2e-dxwin-');
  try {
    // the sample, through the ordinary importer
    for (const kind of ['documents', 'cases', 'responses']) {
      const fileName = `${kind}.jsonl`;
      const { jobId } = await api<{ jobId: string }>(page.request, 'imports.start', {
        kind, format: 'jsonl', source: { fileName, contentBase64: readFileSync(join(SAMPLE, fileName)).toString('base64') },
      });
      await expect.poll(async () => (await api<{ state: string }>(page.request, 'imports.status', { jobId })).state, { timeout: 30_000 }).toBe('done');
    }
    await page.reload();
    await expect(page.getByTestId('testset-name')).toContainText('e2e-dxwin-');
    const dialog = page.getByTestId('reviewer-dialog');
    if (await dialog.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) {
      await dialog.getByTestId('reviewer-new-name').fill(`split-${Date.now()}`);
      await dialog.getByTestId('reviewer-create').click();
      await expect(dialog).toBeHidden();
    }

    // the split tool, keyboard first: fields by Tab, Enter asks, Enter confirms
    await page.getByTestId('nav-diagnosis').click();
    const tool = page.getByTestId('diagnosis-section-split-tool');
    await tool.scrollIntoViewIfNeeded();
    await tool.getByTestId('dx-split-unit').selectOption('group');
    await tool.getByTestId('dx-split-ratio').fill('0.3');
    await tool.getByTestId('dx-split-seed').fill('7');
    await tool.getByTestId('dx-split-seed').press('Enter');
    await expect(tool.getByTestId('dx-split-confirm')).toBeVisible();
    await expect(tool.getByTestId('dx-split-confirm-yes')).toBeFocused();
    await page.keyboard.press('Enter');
    const result = tool.getByTestId('dx-split-result');
    await expect(result).toContainText('cases in holdout');
    await expect(tool.getByTestId('dx-split-hygiene-ok')).toBeVisible();
    const health = await api<{ bySplit: { value: string; count: number }[]; splitLeaks: unknown[] }>(page.request, 'diagnosis.health', {});
    expect(health.splitLeaks).toEqual([]);
    const holdout = health.bySplit.find((s) => s.value === 'holdout')?.count ?? 0;
    await expect(result).toContainText(`${holdout} of 61 cases in holdout`);
    await page.screenshot({ path: join(SHOTS, 'split-tool-en.png') });
    await setLanguage(page, 'zh-CN');
    await expect(result).toContainText('保留集');
    await page.screenshot({ path: join(SHOTS, 'split-tool-zh-CN.png') });
    await setLanguage(page, 'en');

    // a new revision of the refund policy, imported in the window: the window offers the re-check queue
    const newest = readFileSync(join(SAMPLE, 'documents.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((d) => d.docId === 'refund-policy').pop()!;
    const changed = { ...newest, revision: 'v9-e2e', effectiveFrom: '2027-01-01', text: '年度会员购买后 15 天内可申请退款。' };
    await page.getByTestId('import-button').click();
    const importDialog = page.getByTestId('import-dialog');
    await importDialog.getByTestId('import-file-input').setInputFiles({ name: 'refund-policy-v9.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(changed)}\n`) });
    await expect(importDialog.getByTestId('import-kind')).toHaveValue('documents');
    await importDialog.getByTestId('import-start').click();
    const prompt = importDialog.getByTestId('recheck-prompt');
    await expect(importDialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    const count = Number(await prompt.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    await expect(prompt).toContainText(`${count} cases may need re-checking`);
    // (the language switch sits behind the modal dialog: this one is taken in the language on screen)
    await page.screenshot({ path: join(SHOTS, 'recheck-prompt-en.png') });
    await prompt.getByTestId('recheck-open').press('Enter');
    await expect(page.getByTestId('queue-source')).toHaveAttribute('data-source', 'cases');
    await expect(page.getByTestId('queue-source')).toContainText('refund-policy');
    await expect(page.getByTestId('label-progress')).toHaveAttribute('data-total', String(count));
    // J walks the queue: every case it shows cites the changed document
    const affected = (await api<{ cases: { caseId: string }[] }>(page.request, 'diagnosis.affected', { docId: 'refund-policy' })).cases.map((c) => c.caseId);
    expect(affected).toHaveLength(count);
    const first = (await page.getByTestId('label-case-id').textContent()) as string;
    expect(affected).toContain(first);
    await page.keyboard.press('j');
    await expect(page.getByTestId('label-case-id')).not.toHaveText(first);
    expect(affected).toContain((await page.getByTestId('label-case-id').textContent()) as string);
  } finally {
    if (await page.getByTestId('import-dialog').isVisible()) await page.keyboard.press('Escape');
    await fileMenu(page, 'file-demo');
    await expect(page.getByTestId('testset-name')).toContainText('demo.touchstone.sqlite');
  }
});
