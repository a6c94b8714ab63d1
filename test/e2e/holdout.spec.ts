import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { api, openApp } from './helpers';

/**
 * The holdout stays unseen: in a test set that never chose otherwise, the Cases view leaves holdout
 * cases out and says how many ("Include holdout (n hidden)", a checkbox reached by keyboard); shown,
 * they are marked. An opening is recorded only when a person opens a holdout case on purpose, with
 * their name (asked for when nobody is chosen): never the window's own first selection, never the
 * Label screen's read-ahead. Works on a test set of its own, then on the demo (which shows its holdout
 * by its setting) with a fresh reviewer, and leaves the demo open as it found it.
 */

const SHOTS = resolve(`test-results/holdout-e2e-${process.env.E2E_PORT ?? 4599}`);
const SAMPLE = resolve('shared/sample');
const SIZES = [{ width: 1280, height: 800 }, { width: 1440, height: 900 }] as const;

interface Openings { total: number; latest: { caseId: string; reviewer: string | null; via: string }[] }
const openings = async (request: APIRequestContext) => (await api<{ holdoutOpenings: Openings }>(request, 'diagnosis.health', {})).holdoutOpenings;
const openingsBy = async (request: APIRequestContext, name: string) => (await openings(request)).latest.filter((o) => o.reviewer === name);

async function importSample(request: APIRequestContext, kind: string): Promise<void> {
  const fileName = `${kind}.jsonl`;
  const { jobId } = await api<{ jobId: string }>(request, 'imports.start', {
    kind, format: 'jsonl', source: { fileName, contentBase64: readFileSync(join(SAMPLE, fileName)).toString('base64') },
  });
  await expect.poll(async () => (await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 30_000 }).toBe('done');
}

async function setLanguage(page: Page, locale: 'en' | 'zh-CN'): Promise<void> {
  const button = page.getByTestId('language-switch');
  if ((await button.getAttribute('data-locale')) !== locale) await button.click();
  await expect(button).toHaveAttribute('data-locale', locale);
  await button.blur();
}

/** The Cases view in both languages and both window sizes. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const locale of ['en', 'zh-CN'] as const) {
    await setLanguage(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(SHOTS, `${name}-${locale}-${size.width}x${size.height}.png`) });
    }
  }
  await setLanguage(page, 'en');
}

const sampleCases = readFileSync(join(SAMPLE, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; split?: string });
const HOLDOUT = sampleCases.filter((c) => c.split === 'holdout').length;

test.afterAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
});

test('a test set of its own: holdout left out unless asked for, marked when shown, and opened only by a person who says who they are', async ({ page, request }) => {
  test.setTimeout(120_000);
  await api(request, 'testSets.create', { path: join(tmpdir(), `touchstone-holdout-${Date.now()}-${process.pid}.sqlite`) });
  for (const kind of ['documents', 'cases', 'responses']) await importSample(request, kind);

  // nobody chosen yet: the "who is labeling?" card is set aside
  await openApp(page);
  await page.getByTestId('reviewer-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('case-row').first()).toBeVisible();

  // left out by default, and the toggle says how many
  const toggle = page.getByTestId('holdout-toggle');
  await expect(toggle).toHaveAttribute('data-shown', 'false');
  await expect(toggle).toContainText(`Include holdout (${HOLDOUT} hidden)`);
  await expect(page.getByTestId('case-count')).toContainText(`${sampleCases.length - HOLDOUT} of ${sampleCases.length} cases`);
  await expect(page.getByTestId('case-holdout-mark')).toHaveCount(0);
  // search leaves them out too: 第 20 天 is asked only by holdout cases
  await page.getByTestId('search-input').fill('第 20 天');
  await expect(toggle).toContainText('hidden');
  await expect(page.getByTestId('case-row')).toHaveCount(0);
  await page.getByTestId('search-input').fill('');
  await expect(page.getByTestId('case-count')).toContainText(`${sampleCases.length - HOLDOUT} of`);
  await shoot(page, 'cases-holdout-hidden');

  // included by keyboard: the checkbox takes focus and Space
  await page.getByTestId('holdout-toggle-input').focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('data-shown', 'true');
  await expect(toggle).toContainText(`Include holdout (${HOLDOUT} shown)`);
  await expect(page.getByTestId('case-count')).toContainText(`${sampleCases.length} of ${sampleCases.length} cases`);
  await expect(page.getByTestId('case-holdout-mark').first()).toBeVisible();
  expect((await openings(request)).total).toBe(0);

  // Home opens the first case on purpose; nobody is chosen, so the window asks who is opening it
  await page.getByTestId('case-list').focus();
  await page.keyboard.press('Home');
  const first = page.locator('[data-testid="case-row"][data-index="0"]');
  await expect(first).toHaveAttribute('data-case-id', sampleCases[0].id);
  await expect(first.getByTestId('case-holdout-mark')).toBeVisible();
  const gate = page.getByTestId('holdout-gate');
  await expect(gate).toHaveAttribute('data-seal', 'needs-reviewer');
  await expect(gate).toContainText('Choose who you are first');
  await expect(page.getByTestId('case-detail')).toHaveCount(0);
  await expect(page.getByTestId('reviewer-dialog')).toBeVisible();
  await shoot(page, 'cases-holdout-asks-reviewer');
  expect((await openings(request)).total).toBe(0);

  // once chosen, the case opens, and the opening is on record with the name
  const name = `holdout-${Date.now()}`;
  await page.getByTestId('reviewer-new-name').fill(name);
  await page.getByTestId('reviewer-create').click();
  await expect(page.getByTestId('case-detail')).toHaveAttribute('data-detail-id', sampleCases[0].id);
  await expect.poll(() => openingsBy(request, name)).toEqual([{ caseId: sampleCases[0].id, reviewer: name, via: 'case', at: expect.any(String) }]);
  await shoot(page, 'cases-holdout-shown');
});

test('the demo shows its holdout by its setting: the first case waits to be opened, Enter opens it, and the Label screen records only the cases moved to', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.openDemo', {});
  const name = `holdout-demo-${Date.now()}`;
  const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name });
  await openApp(page, { reviewer: { testSetId, id: reviewer.id } });
  await expect(page.getByTestId('holdout-toggle')).toHaveAttribute('data-shown', 'true');
  const firstId = await page.locator('[data-testid="case-row"][data-index="0"]').getAttribute('data-case-id');
  expect(sampleCases.find((c) => c.id === firstId)?.split).toBe('holdout');

  // the window selected it by itself: closed, nothing recorded
  const gate = page.getByTestId('holdout-gate');
  await expect(gate).toHaveAttribute('data-seal', 'closed');
  await expect(gate).toContainText(`Open as ${name}`);
  await expect(page.getByTestId('case-detail')).toHaveCount(0);
  expect(await openingsBy(request, name)).toEqual([]);

  // Enter opens it, recorded with the reviewer
  await page.getByTestId('case-list').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('case-detail')).toHaveAttribute('data-detail-id', firstId!);
  await expect.poll(async () => (await openingsBy(request, name)).map((o) => [o.caseId, o.via])).toEqual([[firstId, 'case']]);

  // the Label screen: the first case is recorded, the five read ahead are not; J records the next one
  await page.getByTestId('nav-label').click();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('step-card')).toBeVisible();
  const labelFirst = (await page.getByTestId('label-case-id').textContent())!;
  await expect.poll(async () => (await openingsBy(request, name)).map((o) => [o.caseId, o.via])).toEqual([[labelFirst, 'label'], [firstId, 'case']]);
  // give the read-ahead time to read its cases: still nothing more on record
  await page.waitForTimeout(1500);
  expect((await openingsBy(request, name)).length).toBe(2);
  await page.keyboard.press('j');
  await expect(page.getByTestId('label-case-id')).not.toHaveText(labelFirst);
  const second = (await page.getByTestId('label-case-id').textContent())!;
  expect(sampleCases.find((c) => c.id === second)?.split).toBe('holdout');
  await expect.poll(async () => (await openingsBy(request, name)).map((o) => o.caseId)).toEqual([second, labelFirst, firstId]);
});
