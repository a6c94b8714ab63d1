import { expect, test } from '@playwright/test';
import { api, openApp } from './helpers';

/** An id carrying a right-to-left override is shown with a visible mark, never reordered (screenshots in both languages). */
test('a case id with a bidi override shows the override as a mark in the list and the case', async ({ browser, request, baseURL }) => {
  const id = 'abc\u202Eevil.exe';
  const line = JSON.stringify({ id, query: '退款 \u202E这段文字被反转 normal text' });
  const { jobId } = await api<{ jobId: string }>(request, 'imports.start', { kind: 'cases', format: 'jsonl', source: { fileName: 'bidi.jsonl', contentBase64: Buffer.from(line).toString('base64') } });
  await expect.poll(async () => (await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 60_000 }).toBe('done');
  for (const locale of ['en', 'zh-CN'] as const) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await openApp(page, { locale });
    await page.getByTestId('search-input').fill('这段文字');
    const row = page.locator(`[data-testid="case-row"][data-case-id="${id}"]`);
    await expect(row).toContainText('abc⟨RLO⟩evil.exe');
    await row.click();
    await expect(page.getByTestId('detail-case-id')).toHaveText('abc⟨RLO⟩evil.exe');
    await page.screenshot({ path: `test-results/bidi-${locale}.png` });
    await context.close();
  }
});
