import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, openApp, fileMenu } from './helpers';

// the server is shared by every spec: leave the demo open, as the other specs expect
test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});


const sampleFile = (name: string) => ({
  name,
  mimeType: 'application/json',
  buffer: readFileSync(fileURLToPath(new URL(`../../shared/sample/${name}`, import.meta.url))),
});

async function freshTestSet(page: Page, prefix: string): Promise<void> {
  await fileMenu(page, 'file-new');
  await page.getByTestId('new-test-set-name').fill(`${prefix}-${Date.now()}`);
  await page.getByTestId('new-test-set-name').press('Enter');
  await expect(page.getByTestId('new-test-set-dialog')).toBeHidden();
  const card = page.getByTestId('reviewer-dialog');
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
}

test.setTimeout(120_000);

test('the four demo files dropped in the wrong order are detected, written documents-first in one go, and the same files again are skipped', async ({ page }) => {
  await openApp(page, { locale: 'en' });
  await freshTestSet(page, 'wizard');
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  // judge first, documents last: the wrong order for writing
  await dialog.getByTestId('import-file-input').setInputFiles(['judge.jsonl', 'responses.jsonl', 'cases.jsonl', 'documents.jsonl'].map(sampleFile));
  const rows = dialog.getByTestId('import-file-row');
  await expect(rows).toHaveCount(4);
  await expect(dialog.getByTestId('import-start')).toBeEnabled();
  // shown in writing order, each kind detected from its fields (nothing written yet)
  await expect(rows.nth(0)).toHaveAttribute('data-kind', 'documents');
  await expect(rows.nth(1)).toHaveAttribute('data-kind', 'cases');
  await expect(rows.nth(2)).toHaveAttribute('data-kind', 'responses');
  await expect(rows.nth(3)).toHaveAttribute('data-kind', 'judge');
  for (let i = 0; i < 4; i++) await expect(rows.nth(i).getByTestId('import-file-note')).toHaveText('Detected from its fields');
  expect((await api<Record<string, number>>(page.request, 'testSets.stats')).cases).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/import-wizard-en-1280.png' });

  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-summary-line')).toHaveText('4 imported · 0 already there, skipped · 0 failed · 0 not tried', { timeout: 50_000 });
  await expect(dialog.getByTestId('import-result')).toHaveCount(4);
  const stats = await api<Record<string, number>>(page.request, 'testSets.stats');
  expect(stats.cases).toBeGreaterThan(0);
  expect(stats.documents).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screens/import-summary-en-1280.png' });

  // the same documents file again, plus a new copy of nothing: named as already imported and skipped
  await dialog.getByTestId('import-again').click();
  await dialog.getByTestId('import-file-input').setInputFiles([sampleFile('documents.jsonl')]);
  await expect(dialog.getByTestId('import-file-row')).toHaveAttribute('data-skipped', 'true');
  await expect(dialog.getByTestId('import-file-note')).toContainText('Imported before (as documents.jsonl');
  await expect(dialog.getByTestId('import-start')).toBeDisabled();
});

test('a refused file is explained in Chinese, the files after it are not tried, nothing of it is written', async ({ page }) => {
  await openApp(page, { locale: 'zh-CN' });
  await freshTestSet(page, 'wizard-zh');
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  const broken = { name: 'broken-docs.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"docId":"d1","title":"T","revision":"1","text":"x"}\n{"docId":"d2","title":7,"revision":"1","text":"y"}\n') };
  await dialog.getByTestId('import-file-input').setInputFiles([sampleFile('cases.jsonl'), broken]);
  await expect(dialog.getByTestId('import-file-row').first()).toHaveAttribute('data-kind', 'documents');
  await dialog.getByTestId('import-start').click();
  const error = dialog.getByTestId('import-error');
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error.locator('.error-message')).toHaveText('应为字符串，实际为数字（7）。未导入任何内容。');
  await expect(error).toContainText('broken-docs.jsonl');
  await expect(error.getByTestId('error-line')).toHaveText('2');
  await expect(error.getByTestId('error-field')).toHaveText('title');
  await expect(dialog.getByTestId('import-not-run')).toContainText('未尝试');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/import-error-zh-1440.png' });
  const stats = await api<Record<string, number>>(page.request, 'testSets.stats');
  expect(stats.documents).toBe(0);
  expect(stats.cases).toBe(0);
});
