import { expect, test, type Page } from '@playwright/test';
import { api, enterLabelQueue, goToClaimsStep, openApp } from './helpers';

/**
 * The claims step has one selection hint, in one place: the line above the documents, which says how to
 * select evidence and which claim A attaches it to. The line keeps one height whatever it holds, so a
 * selection made with the mouse never moves the text under the pointer. Only moves between steps (nothing
 * is labeled), so the shared demo is left as it was.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function toClaimsStep(page: Page, locale: 'en' | 'zh-CN', size: { width: number; height: number }): Promise<void> {
  const testSetId = (await api<{ testSetId: string }>(page.request, 'testSets.openDemo')).testSetId;
  const id = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `line-${locale}-${size.width}-${stamp}` })).id;
  await page.setViewportSize(size);
  await openApp(page, { locale, reviewer: { testSetId, id } });
  await enterLabelQueue(page);
  await goToClaimsStep(page);
}

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

for (const locale of ['en', 'zh-CN'] as const) {
  for (const size of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    test(`one selection hint on the claims step, and a mouse selection never moves the text (${locale}, ${size.width})`, async ({ page }) => {
      await toClaimsStep(page, locale, size);
      const hint = page.getByTestId('doc-selection-hint');
      await expect(hint).toBeVisible();
      await expect(hint).toContainText(locale === 'en' ? 'attaches it to claim 1' : '附加到要点 1');
      // one hint: the documents pane says it once
      const documents = page.locator('.label-documents');
      await expect(documents.getByText(locale === 'en' ? /attaches it/ : /附加到/)).toHaveCount(1);
      expect((await hint.boundingBox())!.height).toBe(32);
      await page.screenshot({ path: `test-results/screens/claims-hint-${locale}-${size.width}.png` });

      // drag across the first document's text: the line keeps its height and hint, the text stays where it was
      const text = page.getByTestId('doc-text').first();
      const before = await top(page, '[data-testid="doc-text"]');
      const box = (await text.boundingBox())!;
      await page.mouse.move(box.x + 24, box.y + 16);
      await page.mouse.down();
      await page.mouse.move(box.x + 220, box.y + 16, { steps: 6 });
      expect(await top(page, '[data-testid="doc-text"]')).toBe(before);
      await page.mouse.up();
      expect(await page.evaluate(() => window.getSelection()?.toString().length ?? 0)).toBeGreaterThan(0);
      expect(await top(page, '[data-testid="doc-text"]')).toBe(before);
      await expect(hint).toBeVisible();
      expect((await hint.boundingBox())!.height).toBe(32);
      await page.screenshot({ path: `test-results/screens/claims-mouse-${locale}-${size.width}.png` });

      // a selection made by keys (F, find) takes the hint's place, in the same one-line slot
      await page.keyboard.press('f');
      await page.keyboard.type(locale === 'en' ? '退款' : '退款');
      await page.keyboard.press('Escape');
      const selected = page.getByTestId('doc-selection');
      await expect(selected).toHaveAttribute('data-quote', '退款');
      await expect(hint).toHaveCount(0);
      expect((await selected.boundingBox())!.height).toBe(32);
      await page.screenshot({ path: `test-results/screens/claims-selected-${locale}-${size.width}.png` });
    });
  }
}
