import { expect, test } from '@playwright/test';
import { openApp } from './helpers';

test('after Esc clears the search, "/" searches again instead of typing a "/"', async ({ page }) => {
  await openApp(page, { locale: 'en' });
  await page.getByTestId('file-demo').click();
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  const search = page.getByTestId('search-input');
  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  // opening the demo starts a new session, which clears the search: type once that has happened
  await expect(async () => {
    await search.fill('');
    await page.keyboard.type('退款');
    await expect(search).toHaveValue('退款', { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(search).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
});
