import { expect, test, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * The top bar fits a 1280-pixel laptop window (and a 1440 one) in both languages: every control (navigation, reviewer,
 * import, file actions, language) lies inside the window, nothing scrolls sideways, and the file
 * actions are reachable by keyboard. Works on the shared demo and changes nothing in it.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

interface Overflow {
  testId: string;
  right: number;
}

/** The top-bar controls that stick out past the window's right edge (or are cut by the bar itself). */
async function controlsOutside(page: Page): Promise<{ outside: Overflow[]; count: number; scrolls: string[] }> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.top-bar') as HTMLElement;
    const width = document.documentElement.clientWidth;
    const controls = [...bar.querySelectorAll<HTMLElement>('button, [role="menuitem"], a[href], input')].filter((el) => el.offsetParent !== null);
    const outside = controls
      .map((el) => ({ testId: el.dataset.testid ?? el.textContent ?? '', rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.right > width + 0.5 || rect.left < -0.5 || rect.bottom > bar.getBoundingClientRect().bottom + 0.5)
      .map(({ testId, rect }) => ({ testId, right: Math.round(rect.right) }));
    // nothing scrolls sideways: not the page, not the bar, not a part of it (the names are cut with an ellipsis instead)
    const scrolls = [document.documentElement, bar, ...bar.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => !el.matches('.test-set-name, .reviewer-name, .menu-item-path, .menu-item-name'))
      .map((el) => String(el.className || el.tagName));
    return { outside, count: controls.length, scrolls };
  });
}

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the top bar fits a 1280×800 window in ${locale}`, async ({ page, request }) => {
    const demo = await api<{ testSetId: string }>(request, 'testSets.openDemo');
    const me = await api<{ id: number }>(request, 'reviewers.create', { name: `Alexandra Whitfield-Chen ${locale} ${stamp}` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, { locale, reviewer: { testSetId: demo.testSetId, id: me.id } });
    await expect(page.getByTestId('reviewer-name')).toContainText('Alexandra');
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    // the laptop size first, then the wider one, ending at the laptop size for the keyboard walk below
    for (const size of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      for (const view of ['cases', 'label', 'settings'] as const) {
        await page.getByTestId(`nav-${view}`).click();
        const { outside, count, scrolls } = await controlsOutside(page);
        expect(count).toBeGreaterThan(10);
        expect(outside, `${size.width} ${view}: controls outside the window`).toEqual([]);
        expect(scrolls, `${size.width} ${view}: something scrolls sideways`).toEqual([]);
      }
      await page.screenshot({ path: `test-results/screens/top-bar-${locale}-${size.width}.png` });
    }

    // the file actions, by keyboard: the File menu opens on Enter with its first item focused, arrows move, Esc closes
    await page.getByTestId('file-menu').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('file-new')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('file-open')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('file-demo')).toBeFocused();
    await expect(page.getByRole('menu')).toContainText('demo.touchstone.sqlite');
    const menu = await page.getByRole('menu').boundingBox();
    expect(menu && menu.x >= 0 && menu.x + menu.width <= 1280).toBe(true);
    await page.screenshot({ path: `test-results/screens/top-bar-file-menu-${locale}-1280.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByTestId('file-menu')).toBeFocused();
    // Enter on the Demo item opens the demo (already open: it stays the demo)
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByTestId('testset-name')).toContainText('demo.touchstone.sqlite');
  });
}

test('in a window too narrow for every screen the navigation scrolls, and the end that hides screens fades', async ({ page, request }) => {
  const demo = await api<{ testSetId: string }>(request, 'testSets.openDemo');
  const me = await api<{ id: number }>(request, 'reviewers.create', { name: `Narrow ${stamp}` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page, { locale: 'en', reviewer: { testSetId: demo.testSetId, id: me.id } });
  const nav = page.locator('nav.main-nav');
  await page.getByTestId('nav-cases').click();
  // the first screens in sight, the last ones hidden past the right end
  await expect(nav).toHaveAttribute('data-hidden-end', 'true');
  await expect(nav).not.toHaveAttribute('data-hidden-start', /.*/);
  // opening the last screen brings it into sight: now the first ones are hidden past the left end
  await page.getByTestId('nav-settings').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('nav-settings')).toBeInViewport({ ratio: 0.95 });
  await expect(nav).toHaveAttribute('data-hidden-start', 'true');
  await page.screenshot({ path: 'test-results/screens/top-bar-en-1024.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(nav).not.toHaveAttribute('data-hidden-start', /.*/);
  await expect(nav).not.toHaveAttribute('data-hidden-end', /.*/);
});
