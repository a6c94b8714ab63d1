import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { api, openApp, fileMenu } from './helpers';

// the server is shared by every spec: leave the demo open, as the other specs expect
test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});


const shoot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

async function newTestSet(page: Page, name: string): Promise<void> {
  await fileMenu(page, 'file-new');
  const dialog = page.getByTestId('new-test-set-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('new-test-set-name')).toBeFocused();
  await page.keyboard.type(name);
}

test('a new test set by a bare name lands in the default folder as NAME.touchstone.sqlite, errors in Chinese', async ({ page }) => {
  await openApp(page, { locale: 'zh-CN' });
  const { folder } = await api<{ folder: string }>(page.request, 'testSets.newFileFolder');
  const name = `我的测试集-${Date.now()}`;

  await newTestSet(page, 'a/b');
  const dialog = page.getByTestId('new-test-set-dialog');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('new-test-set-error')).toContainText('文件名不能包含 /');
  await expect(dialog.getByTestId('new-test-set-error').locator('.error-message')).not.toContainText(/[A-Za-z]{2,}/);

  // a folder typed by hand must exist: the refusal is in Chinese and names it
  await dialog.getByTestId('new-test-set-name').fill(name);
  await dialog.getByTestId('new-test-set-folder').fill(`${folder}/没有这个文件夹`);
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('new-test-set-error')).toContainText('不存在');
  await expect(dialog.getByTestId('new-test-set-error')).toContainText('没有这个文件夹');

  await dialog.getByTestId('new-test-set-folder').fill(folder);
  await expect(dialog.getByTestId('new-test-set-path')).toHaveText(`${folder}/${name}.touchstone.sqlite`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'new-test-set-zh-1280');
  await dialog.getByTestId('new-test-set-name').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('testset-name')).toHaveText(`${name}.touchstone.sqlite`);
  const current = await api<{ path: string }>(page.request, 'testSets.current');
  expect(current.path.endsWith(`${name}.touchstone.sqlite`)).toBe(true);
  expect(existsSync(current.path)).toBe(true);

  // the same name again is refused (nothing overwritten), in Chinese
  await newTestSet(page, name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-test-set-error')).toContainText('已存在');
  await page.keyboard.press('Escape');

  // the new file is in the recent files
  await page.getByTestId('file-menu').click();
  await expect(page.getByRole('menu')).toContainText(`${name}.touchstone.sqlite`);
  await page.keyboard.press('Escape');
});

test('the reviewer name is remembered on this computer and offered with one key in another file; the card closes on navigation', async ({ page }) => {
  const reviewer = `王敏-${Date.now()}`;
  await openApp(page, { locale: 'en' });
  await fileMenu(page, 'file-demo');
  await newTestSet(page, `reviewers-${Date.now()}`);
  await page.keyboard.press('Enter');
  // the card asks again once the new file is open
  await expect(page.getByTestId('testset-name')).toContainText('reviewers-');
  const card = page.getByTestId('reviewer-dialog');
  await expect(card).toBeVisible();
  await card.getByTestId('reviewer-new-name').fill(reviewer);
  await card.getByTestId('reviewer-create').click();
  await expect(page.getByTestId('reviewer-name')).toHaveText(reviewer);

  // another file: who is labeling? offers the remembered name, Enter takes it
  await newTestSet(page, `second-${Date.now()}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('testset-name')).toContainText('second-');
  await expect(card).toBeVisible();
  const offer = card.getByTestId('reviewer-continue-as');
  await expect(offer).toContainText(reviewer);
  await expect(offer).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'reviewer-offer-en-1440');
  await page.keyboard.press('Enter');
  await expect(card).toBeHidden();
  await expect(page.getByTestId('reviewer-name')).toHaveText(reviewer);

  // the card never stays over another screen
  await page.getByTestId('reviewer-menu').click();
  await page.getByTestId('reviewer-new').click();
  await expect(card).toBeVisible();
  await page.getByTestId('nav-settings').click();
  await expect(card).toBeHidden();

  // a reload stays on the screen in use
  await page.reload();
  await expect(page.getByTestId('nav-settings')).toHaveClass(/active/);
});
