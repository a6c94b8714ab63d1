import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The token `playwright.config.ts` starts the browser-mode server with. */
export const TOKEN = 'e2e-token-0123456789';

/** The records of one file of the demo sample (`shared/sample/NAME`), one per line. */
export function sample(name: string): Record<string, unknown>[] {
  return readFileSync(fileURLToPath(new URL(`../../shared/sample/${name}`, import.meta.url)), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Calls an operation over the bridge and returns its value; a refusal fails the test with the server's error. */
export async function api<T = unknown>(request: APIRequestContext, name: string, input: unknown = {}): Promise<T> {
  const response = await request.post(`/api/${name}`, { headers: { 'X-Touchstone-Token': TOKEN }, data: input ?? {} });
  const body = (await response.json()) as { ok: boolean; value?: T; error?: unknown };
  expect(body.ok, `${name}: ${JSON.stringify(body.error)}`).toBe(true);
  return body.value as T;
}

/** Imports JSON lines through the app's staged import (as the window does) and waits until it is done. */
export async function importLines(request: APIRequestContext, kind: string, fileName: string, lines: readonly unknown[]): Promise<void> {
  const content = lines.map((l) => JSON.stringify(l)).join('\n');
  const { jobId } = await api<{ jobId: string }>(request, 'imports.start', { kind, format: 'jsonl', source: { fileName, contentBase64: Buffer.from(content).toString('base64') } });
  let status: { state: string } = { state: 'running' };
  await expect.poll(async () => (status = await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 60_000 }).toMatch(/done|failed/);
  expect(status.state, `${fileName}: ${JSON.stringify(status)}`).toBe('done');
}

export interface OpenAppOptions {
  /** The interface language; only applied on the first load, so a test can switch it later. */
  locale?: 'en' | 'zh-CN';
  /** Who is at the keyboard: stored as this test set's reviewer, so the "who is labeling?" dialog does not ask. */
  reviewer?: { testSetId: string; id: number };
}

/** Opens the app in browser mode with the token, a language and optionally a reviewer already chosen. */
export async function openApp(page: Page, options: OpenAppOptions = {}): Promise<void> {
  await page.addInitScript(
    ({ locale, reviewer }) => {
      if (!localStorage.getItem('touchstone.locale.set')) {
        localStorage.setItem('touchstone.locale', locale);
        localStorage.setItem('touchstone.locale.set', '1');
      }
      if (reviewer) localStorage.setItem(`touchstone.reviewer.${reviewer.testSetId}`, String(reviewer.id));
    },
    { locale: options.locale ?? 'en', reviewer: options.reviewer ?? null },
  );
  await useSessionToken(page, TOKEN);
  await page.goto('/');
}

/**
 * A server started with a known --token: the tab holds it as if it had traded a launch code for it
 * (test/integration/http-bridge.test.ts covers the trade itself).
 */
export async function useSessionToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => sessionStorage.setItem('touchstone.token', t), token);
}

/** Runs one item of the top bar's File menu (New…, Open…, Demo): opens the menu, then clicks the item. */
export async function fileMenu(page: Page, item: 'file-new' | 'file-open' | 'file-demo'): Promise<void> {
  await page.getByTestId('file-menu').click();
  await page.getByTestId(item).click();
}

/** Creates a test set named PREFIX-<time> from the top bar and opens it, closing the reviewer card it shows. */
export async function freshTestSet(page: Page, prefix: string): Promise<void> {
  await fileMenu(page, 'file-new');
  await page.getByTestId('new-test-set-name').fill(`${prefix}-${Date.now()}`);
  await page.getByTestId('new-test-set-name').press('Enter');
  await expect(page.getByTestId('new-test-set-dialog')).toBeHidden();
  const card = page.getByTestId('reviewer-dialog');
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
}

/** On the Label screen: moves down the case's steps to the claims step and waits for its editor. */
/**
 * Opens the Label screen and enters a queue by its button (start or resume), unless the screen already shows a
 * case. The screen's script is fetched the first time it opens, so the button is waited for, not just looked for.
 */
export async function enterLabelQueue(page: Page, entry: 'queue-start-unlabeled' | 'queue-resume' = 'queue-start-unlabeled'): Promise<void> {
  await page.getByTestId('nav-label').click();
  const button = page.getByTestId(entry);
  const step = page.getByTestId('step-card');
  await expect(button.or(step).first()).toBeVisible();
  if (await button.isVisible()) await button.click();
  await expect(step).toBeVisible();
}

export async function goToClaimsStep(page: Page): Promise<void> {
  for (let guard = 0; guard < 6 && (await page.locator('[data-testid="step"][data-state="current"][data-dimension="claims"]').count()) === 0; guard++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.getByTestId('claim-editor')).toBeVisible();
}
