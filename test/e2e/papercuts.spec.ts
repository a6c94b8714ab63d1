import { expect, test } from '@playwright/test';
import { api, openApp, fileMenu } from './helpers';

test('after Esc clears the search, "/" searches again instead of typing a "/"', async ({ page, request }) => {
  // a reviewer chosen beforehand, so no "who is labeling?" card holds the keyboard, whichever spec ran before
  const info = await api<{ testSetId: string }>(request, 'testSets.openDemo');
  const reviewers = await api<{ id: number; name: string }[]>(request, 'reviewers.list');
  const reviewer = reviewers.find((r) => r.name === 'Papercut Tester') ?? await api<{ id: number }>(request, 'reviewers.create', { name: 'Papercut Tester' });
  await openApp(page, { locale: 'en', reviewer: { testSetId: info.testSetId, id: reviewer.id } });
  await fileMenu(page, 'file-demo');
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  const search = page.getByTestId('search-input');
  // the first "/" may come before the demo's new session has settled the page: press until it takes
  await expect(async () => {
    await page.locator('body').press('/');
    await expect(search).toBeFocused({ timeout: 1_000 });
  }).toPass();
  // opening the demo starts a new session, which clears the search: type once that has happened
  await expect(async () => {
    await search.fill('');
    await search.focus();
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
