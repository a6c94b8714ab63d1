import { expect, test, type Page } from '@playwright/test';
import { api, openApp, fileMenu } from './helpers';

// the server is shared by every spec: leave the demo open, as the other specs expect
test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});

test.setTimeout(120_000);

type Locale = 'zh-CN' | 'en';

/** A test set of its own, so nothing this spec tries can reach the shared demo. */
async function freshTestSet(page: Page, prefix: string): Promise<void> {
  await fileMenu(page, 'file-new');
  await page.getByTestId('new-test-set-name').fill(`${prefix}-${Date.now()}`);
  await page.getByTestId('new-test-set-name').press('Enter');
  await expect(page.getByTestId('new-test-set-dialog')).toBeHidden();
  await expect(page.getByTestId('reviewer-dialog')).toBeVisible();
}

// a Ragas sample whose question is empty: the Ragas reader refuses it, naming the field
const emptyRagasQuestion = {
  name: 'ragas-testset.jsonl',
  mimeType: 'application/json',
  buffer: Buffer.from('{"user_input":"年度会员多久内可以退款？","reference":"30 天内。","response":"30 天。"}\n{"user_input":"","reference":"不能。","response":"可以。"}\n'),
};

const EXPECTED: Record<Locale, { reviewer: string; ragas: string }> = {
  'zh-CN': {
    reviewer: '已经有名为 "张伟" 的标注人。请从列表中选择这个名字，或换一个名字。',
    ragas: '问题为空：每条 Ragas 记录都需要在 "user_input" 中给出问题。未导入任何内容。',
  },
  en: {
    reviewer: 'There is already a reviewer named "张伟". Pick that name from the list, or choose another.',
    ragas: 'the question is empty: every Ragas record needs the question in "user_input". Nothing was imported.',
  },
};

for (const locale of ['zh-CN', 'en'] as const) {
  test(`a label refusal and a foreign-reader refusal are worded in the window's language (${locale})`, async ({ page }) => {
    await openApp(page, { locale });
    await page.setViewportSize({ width: 1280, height: 800 });
    await freshTestSet(page, `refusals-${locale}`);

    // a reviewer name that is taken: the backend refuses with a code, the window words it
    const dialog = page.getByTestId('reviewer-dialog');
    await dialog.getByTestId('reviewer-new-name').fill('张伟');
    await dialog.getByTestId('reviewer-create').click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('reviewer-menu').click();
    await page.getByTestId('reviewer-new').click();
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('reviewer-new-name').fill('张伟');
    await dialog.getByTestId('reviewer-create').click();
    const reviewerError = dialog.getByTestId('reviewer-error');
    await expect(reviewerError.locator('.error-message')).toHaveText(EXPECTED[locale].reviewer);
    await page.screenshot({ path: `test-results/screens/refusal-reviewer-${locale}-1280.png` });
    // "later": the dialog's first action
    await dialog.locator('.reviewer-dialog-actions .button').first().click();
    await expect(dialog).toBeHidden();

    // a Ragas file with an empty question: refused by the Ragas reader, nothing written
    await page.getByTestId('import-button').click();
    const importDialog = page.getByTestId('import-dialog');
    await importDialog.getByTestId('import-file-input').setInputFiles([emptyRagasQuestion]);
    await expect(importDialog.getByTestId('import-file-row')).toHaveAttribute('data-kind', 'cases');
    await importDialog.getByTestId('import-start').click();
    const error = importDialog.getByTestId('import-error');
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(error.locator('.error-message')).toHaveText(EXPECTED[locale].ragas);
    await expect(error).toContainText('ragas-testset.jsonl');
    await expect(error.getByTestId('error-line')).toHaveText('2');
    await expect(error.getByTestId('error-field')).toHaveText('user_input');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `test-results/screens/refusal-ragas-${locale}-1440.png` });
    const stats = await api<Record<string, number>>(page.request, 'testSets.stats');
    expect(stats.cases).toBe(0);
    expect(stats.documents).toBe(0);
  });
}
