import { expect, test } from '@playwright/test';
import { api, openApp } from './helpers';
for (const locale of ['en'] as const) for (const width of [1280]) {
  test(`hint ${locale} ${width}`, async ({ page, request }) => {
    const demo = await api<{ testSetId: string }>(request, 'testSets.openDemo');
    const me = await api<{ id: number }>(request, 'reviewers.create', { name: `scratch ${locale} ${width} ${Date.now()}` });
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
    await openApp(page, { locale, reviewer: { testSetId: demo.testSetId, id: me.id } });
    await page.getByTestId('nav-label').click();
    const start = page.getByTestId('queue-start-unlabeled');
    if (await start.isVisible()) await start.click();
    await expect(page.getByTestId('step-card')).toBeVisible();
    for (let guard = 0; guard < 6 && (await page.locator('[data-testid="step"][data-state="current"][data-dimension="claims"]').count()) === 0; guard++) await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('claim-editor')).toBeVisible();
    const measure = () => page.evaluate(() => {
      const h = (sel: string) => { const el = document.querySelector(sel); return el ? `${Math.round(el.getBoundingClientRect().top)}+${Math.round(el.getBoundingClientRect().height)}` : '-'; };
      return ['.select-hint', '.doc-find-bar', '.doc-selection', '.doc-find-open', '.document-group'].map((s) => `${s}:${h(s)}`).join(' ');
    });
    console.log(locale, width, 'before', await measure());
    console.log(await page.evaluate(() => {
      const el = document.querySelector('.doc-selection') as HTMLElement;
      const cs = getComputedStyle(el);
      const rules: string[] = [];
      for (const sheet of [...document.styleSheets]) {
        const walk = (list: CSSRuleList) => { for (const r of [...list]) { if (r instanceof CSSStyleRule) { try { if (el.matches(r.selectorText)) rules.push(r.cssText.slice(0, 200)); } catch {} } else if ('cssRules' in r) walk((r as CSSGroupingRule).cssRules); } };
        walk(sheet.cssRules);
      }
      return JSON.stringify({ h: cs.height, minH: cs.minHeight, flex: cs.flex, lh: cs.lineHeight, pad: cs.padding, rules }, null, 1);
    }));
    await page.screenshot({ path: `test-results/scratch-hint-${locale}-${width}.png` });
    const text = page.locator('.document-group').first().locator('p, .document-text, pre').first();
    const box = null as null | { x: number; y: number };
    if (box) {
      await page.mouse.move(box.x + 5, box.y + 8);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 8, { steps: 5 });
      console.log(locale, width, 'during', await measure());
      await page.mouse.up();
      console.log(locale, width, 'after', await measure());
      await page.screenshot({ path: `test-results/scratch-hint-sel-${locale}-${width}.png` });
    }
  });
}
