// Named to run last: it walks every changed screen on the shared demo and leaves its state there.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, openApp, fileMenu } from './helpers';

/** Screenshots of the screens this work changed, in both languages and both window sizes (looked at by hand). */

const SIZES = [{ width: 1280, height: 800 }, { width: 1440, height: 900 }] as const;
const sampleFile = (name: string) => ({ name, mimeType: 'application/json', buffer: readFileSync(fileURLToPath(new URL(`../../shared/sample/${name}`, import.meta.url))) });

async function shootAll(page: Page, name: string, locale: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `test-results/screens/${name}-${locale}-${size.width}.png` });
  }
}

test.setTimeout(180_000);

// the server is shared by every spec: leave the demo open, as the other specs expect
test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});


for (const locale of ['zh-CN', 'en'] as const) {
  test(`changed screens in ${locale}`, async ({ page }) => {
    await openApp(page, { locale });
    await fileMenu(page, 'file-demo');

    // new test set by name
    await fileMenu(page, 'file-new');
    await page.getByTestId('new-test-set-name').fill(locale === 'en' ? 'Travel policy' : '差旅报销');
    await shootAll(page, 'new-test-set', locale);
    await page.getByTestId('new-test-set-name').fill('a/b');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-test-set-error')).toBeVisible();
    await shootAll(page, 'new-test-set-error', locale);
    await page.getByTestId('new-test-set-name').fill(`screens-${locale}-${Date.now()}`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-test-set-dialog')).toBeHidden();

    // who is labeling (with the remembered name offered, when there is one)
    await expect(page.getByTestId('reviewer-dialog')).toBeVisible();
    await shootAll(page, 'reviewer-card', locale);
    await page.getByTestId('reviewer-new-name').fill(locale === 'en' ? 'Alex Chen' : '王敏');
    await page.getByTestId('reviewer-create').click();

    // import wizard: files, then summary; then a refusal
    await page.getByTestId('import-button').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file-input').setInputFiles(['judge.jsonl', 'cases.jsonl', 'responses.jsonl', 'documents.jsonl'].map(sampleFile));
    await expect(dialog.getByTestId('import-start')).toBeEnabled();
    await shootAll(page, 'import-files', locale);
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-summary-line')).toBeVisible({ timeout: 60_000 });
    await shootAll(page, 'import-summary', locale);
    await dialog.getByTestId('import-again').click();
    await dialog.getByTestId('import-file-input').setInputFiles([
      sampleFile('documents.jsonl'),
      { name: 'bad.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"id":"x","query":"q","unknown":1}\n') },
    ]);
    await expect(dialog.getByTestId('import-start')).toBeEnabled();
    await shootAll(page, 'import-skipped', locale);
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-error')).toBeVisible({ timeout: 60_000 });
    await shootAll(page, 'import-error', locale);
    await page.keyboard.press('Escape');


    // settings: value names beside ids
    await page.getByTestId('nav-settings').click();
    await page.waitForTimeout(500);
    await shootAll(page, 'settings', locale);
  });
}
