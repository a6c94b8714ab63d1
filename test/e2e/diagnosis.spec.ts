import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, openApp } from './helpers';

const SHOTS = resolve(`test-results/diagnosis-e2e-${process.env.E2E_PORT ?? 4599}`);
const FIXTURES = resolve('test/fixtures/diagnosis');
const SYSTEM = 'refund-bot@1';

/** Imports the hand-built refund set (test/fixtures/diagnosis) into the open demo test set, once per server. */
async function importRefundSet(request: APIRequestContext): Promise<void> {
  const systems = await api<{ system: string }[]>(request, 'diagnosis.systems');
  if (systems.some((s) => s.system === SYSTEM)) return;
  for (const kind of ['documents', 'cases', 'responses', 'judge']) {
    const fileName = `refund-${kind}.jsonl`;
    const { jobId } = await api<{ jobId: string }>(request, 'imports.start', {
      kind, format: 'jsonl', source: { fileName, contentBase64: readFileSync(join(FIXTURES, fileName)).toString('base64') },
    });
    await expect.poll(async () => (await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 20_000 }).toBe('done');
  }
}

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');

test('label "claims this answer states" by keyboard, then read the Diagnosis screen in both languages', async ({ page, request }) => {
  test.setTimeout(180_000);
  await importRefundSet(request);
  await openApp(page);
  const name = `stated-${Date.now()}`;
  const dialog = page.getByTestId('reviewer-dialog');
  await dialog.getByTestId('reviewer-new-name').fill(name);
  await dialog.getByTestId('reviewer-create').click();
  await expect(dialog).toBeHidden();

  // the refund case whose answer states the forbidden 7-day claim: found by its question, labeled from the Cases view
  await page.getByTestId('nav-cases').click();
  await page.getByTestId('search-input').fill('第 25 天还能退');
  await expect(page.getByTestId('label-filtered')).toHaveAttribute('data-count', '1');
  await page.getByTestId('label-filtered').click();
  await expect(page.getByTestId('label-case-id')).toHaveText('refund-prior');
  await expect(page.getByTestId('step-card')).toBeVisible();
  await page.locator(`[data-testid="step"][data-dimension="claimsStated"][data-response-id="r-prior"]`).click();
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claimsStated');

  const rows = page.getByTestId('stated-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('7 天内全额退款');
  // one key per claim: 3 marks the forbidden claim stated (red), 1 marks the first claim, 1 again unmarks it
  await page.keyboard.press('3');
  await expect(rows.nth(2)).toHaveAttribute('data-stated', 'yes');
  await expect(rows.nth(2)).toHaveClass(/is-forbidden/);
  await expect(page.getByTestId('stated-forbidden')).toBeVisible();
  expect(await rows.nth(2).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  // the answer carries a citation, listed with what it cites: S / D / C judge the active claim's citation
  await expect(page.getByTestId('stated-cited')).toHaveCount(1);
  await page.keyboard.press('d');
  await expect(rows.nth(2).getByTestId('stated-citation-unsupported')).toHaveClass(/active/);
  await page.keyboard.press('1');
  await expect(rows.nth(0)).toHaveAttribute('data-stated', 'yes');
  await page.keyboard.press('1');
  await expect(rows.nth(0)).toHaveAttribute('data-stated', 'no');
  await page.screenshot({ path: join(SHOTS, 'stated-step-en.png') });
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('stated-step')).toContainText('禁止');
  await page.screenshot({ path: join(SHOTS, 'stated-step-zh-CN.png') });
  await page.getByTestId('language-switch').click();
  // the switch keeps focus, and Enter on a focused button presses that button
  await page.getByTestId('language-switch').blur();

  // marks not saved yet say so until Enter
  await expect(page.getByTestId('stated-unsaved')).toBeVisible();
  await page.keyboard.press('Enter');
  const row = page.locator(`[data-testid="step"][data-dimension="claimsStated"][data-response-id="r-prior"]`);
  await expect(row.getByTestId('step-saved')).toBeVisible();
  await expect(row).toContainText('0 of 2 stated · a forbidden claim stated');

  // undo takes the saved label back: the rows show what the file now holds, not the old marks; redo brings both back
  await row.click();
  await page.keyboard.press('u');
  await expect(rows.nth(2)).toHaveAttribute('data-stated', 'no');
  await expect(page.getByTestId('stated-forbidden')).toBeHidden();
  await page.keyboard.press('Shift+U');
  await expect(row).toContainText('0 of 2 stated · a forbidden claim stated');
  if (!(await rows.count())) await row.click();
  await expect(rows.nth(2)).toHaveAttribute('data-stated', 'yes');
  await expect(page.getByTestId('stated-forbidden')).toBeVisible();
  await expect(page.getByTestId('stated-unsaved')).toBeHidden();

  await expect(page.getByTestId('step-card').locator('.status-saved')).toBeVisible();

  // "all" then "none" shortcuts on the way back, then undo restores nothing changed in the file
  await page.keyboard.press('a');
  await expect(page.locator('[data-testid="stated-row"][data-stated="yes"]')).toHaveCount(3);
  await page.keyboard.press('n');
  await expect(page.locator('[data-testid="stated-row"][data-stated="yes"]')).toHaveCount(0);
  // changed marks: the card's header no longer says "saved", the step's footer says "not saved yet"
  await expect(page.getByTestId('stated-unsaved')).toBeVisible();
  await expect(page.getByTestId('step-card').locator('.status-saved')).toHaveCount(0);
  // "?" lists this step's own keys, not the other steps' meanings of the same keys
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcut-overlay');
  await expect(help).toContainText('Claims this answer states: none stated');
  await expect(help).toContainText('The cited text supports the active claim');
  await expect(help).not.toContainText('new claim');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // marks not saved yet outlive a reload of the window: the step shows them again, still "not saved yet"
  await page.reload();
  await expect(page.getByTestId('label-case-id')).toHaveText('refund-prior');
  await page.locator(`[data-testid="step"][data-dimension="claimsStated"][data-response-id="r-prior"]`).click();
  await expect(page.getByTestId('stated-unsaved')).toBeVisible();
  await expect(page.locator('[data-testid="stated-row"][data-stated="yes"]')).toHaveCount(0);

  // the Diagnosis screen names each root cause's layer and the figures with n and intervals
  await page.getByTestId('nav-diagnosis').click();
  await expect(page.getByTestId('diagnosis-view')).toBeVisible();
  await page.getByTestId('diagnosis-system').selectOption(SYSTEM);
  await expect(page.getByTestId('diagnosis-verdict')).toContainText('4');
  for (const layer of ['data', 'agent', 'retrieval', 'generation']) {
    await expect(page.getByTestId(`diagnosis-layer-${layer}`)).toContainText('(1/4)');
  }
  await page.getByTestId('diagnosis-layer-generation').getByRole('button').first().click();
  await expect(page.getByTestId('diagnosis-layer-generation')).toContainText('7 天内全额退款');
  await expect(page.getByTestId('diagnosis-utilisation')).toContainText('(0/2)');
  await expect(page.getByTestId('diagnosis-gold-good-retrieval-bad-generation')).toContainText('(1/3)');
  await page.screenshot({ path: join(SHOTS, 'diagnosis-en.png'), fullPage: true });
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('diagnosis-verdict')).toContainText('失败');
  await page.screenshot({ path: join(SHOTS, 'diagnosis-zh-CN.png'), fullPage: true });

  // a case opens one click away
  await page.getByTestId('diagnosis-layer-generation').getByRole('button', { name: 'refund-prior' }).click();
  await expect(page.getByTestId('nav-cases')).toHaveAttribute('aria-current', 'page');

  // coming back finds the page where it was left (read further down, then away to another screen)
  await page.getByTestId('nav-diagnosis').click();
  const view = page.getByTestId('diagnosis-view');
  await expect(page.getByTestId('diagnosis-layers')).toBeVisible();
  // the layers half in too (sections above growing move the page, keeping what is in view in view)
  await expect(page.getByTestId('dx-stale')).toBeVisible();
  await view.evaluate((el) => {
    el.scrollTop = 900;
  });
  const scrolled = await view.evaluate((el) => el.scrollTop);
  expect(scrolled).toBeGreaterThan(100);
  await page.getByTestId('nav-cases').click();
  await expect(page.getByTestId('nav-cases')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('nav-diagnosis').click();
  await expect(page.getByTestId('diagnosis-layers')).toBeVisible();
  // not back at the top: where it was (give or take a section that grows above it once its half arrives)
  await expect.poll(async () => Math.abs((await view.evaluate((el) => el.scrollTop)) - scrolled)).toBeLessThan(250);
});
