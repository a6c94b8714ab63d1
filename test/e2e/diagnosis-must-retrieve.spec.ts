import { expect, test, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { api, openApp, sample } from './helpers';

/**
 * Settings → Data and agent layers: which question types must retrieve. Changing it changes the
 * Diagnosis screen's agent figures: missed retrieval is counted over the must-retrieve cases, needless
 * retrieval over the cases that need none. The expected figures are counted here from the demo's
 * sample responses; the demo's setting is put back afterwards.
 */

const SHOTS = resolve(`test-results/diagnosis-must-retrieve-e2e-${process.env.E2E_PORT ?? 4599}`);
const SYSTEM = 'support-agent@3.1';
const SIZES = [{ width: 1280, height: 800 }, { width: 1440, height: 900 }] as const;

interface DataSettings { mustRetrieve: Record<string, boolean>; holdoutInQueues: boolean }
let original: DataSettings | null = null;

test.beforeAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
  original = await api<DataSettings>(request, 'diagnosis.dataSettings', {});
});

test.afterAll(async ({ request }) => {
  if (original) await api(request, 'diagnosis.saveDataSettings', { settings: original });
});

/** Missed and needless retrieval of SYSTEM's normal sample responses under a must-retrieve setting (no sample case carries its own). */
function expected(mustRetrieve: Record<string, boolean>) {
  const typeOf = new Map(sample('cases.jsonl').map((c) => [c.id as string, c.questionType as string]));
  const responses = sample('responses.jsonl').filter((r) => r.system === SYSTEM && (r.condition ?? 'normal') === 'normal');
  const must = responses.filter((r) => mustRetrieve[typeOf.get(r.caseId as string)!] === true);
  const none = responses.filter((r) => mustRetrieve[typeOf.get(r.caseId as string)!] === false);
  return {
    missed: `(${must.filter((r) => r.retrievalCalled === false).length}/${must.length})`,
    needless: `(${none.filter((r) => r.retrievalCalled === true).length}/${none.length})`,
  };
}

async function agentFigures(page: Page) {
  await page.getByTestId('nav-diagnosis').click();
  await page.getByTestId('diagnosis-system').selectOption(SYSTEM);
  return { missed: page.getByTestId('dx-missed-retrieval'), needless: page.getByTestId('dx-needless-retrieval') };
}

async function setLanguage(page: Page, locale: 'en' | 'zh-CN'): Promise<void> {
  const button = page.getByTestId('language-switch');
  if ((await button.getAttribute('data-locale')) !== locale) await button.click();
  await expect(button).toHaveAttribute('data-locale', locale);
  await button.blur();
}

test('changing which question types must retrieve changes missed and needless retrieval on the Diagnosis screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.openDemo', {});
  const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `must-retrieve-${Date.now()}` });
  await openApp(page, { reviewer: { testSetId, id: reviewer.id } });

  // as the demo has it (policy and amounts must retrieve)
  const before = expected(original!.mustRetrieve);
  let figures = await agentFigures(page);
  await expect(figures.missed).toContainText(before.missed);

  // policy and amounts need not retrieve, how-to must: both figures are counted over other cases
  const changed = { ...original!.mustRetrieve, 'policy-and-amounts': false, 'how-to': true };
  const after = expected(changed);
  expect(after.missed).not.toBe(before.missed);
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('data-settings');
  await section.locator('[data-testid="data-settings-must-retrieve"][data-question-type="policy-and-amounts"]').selectOption('need-not');
  await section.locator('[data-testid="data-settings-must-retrieve"][data-question-type="how-to"]').selectOption('must');
  await section.getByTestId('data-settings-save').click();
  await expect(section.getByTestId('data-settings-saved')).toBeVisible();
  expect((await api<DataSettings>(request, 'diagnosis.dataSettings', {})).mustRetrieve).toEqual(changed);
  await section.scrollIntoViewIfNeeded();
  for (const locale of ['en', 'zh-CN'] as const) {
    await setLanguage(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `data-settings-${locale}-${size.width}x${size.height}.png`) });
    }
  }
  await setLanguage(page, 'en');

  figures = await agentFigures(page);
  await expect(figures.missed).toContainText(after.missed);
  await expect(figures.needless).toContainText(after.needless);
  await page.getByTestId('diagnosis-section-agent').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-agent-changed-en.png') });

  // put back from the screen: the figures return
  await page.getByTestId('nav-settings').click();
  await section.locator('[data-testid="data-settings-must-retrieve"][data-question-type="policy-and-amounts"]').selectOption('must');
  await section.locator('[data-testid="data-settings-must-retrieve"][data-question-type="how-to"]').selectOption(original!.mustRetrieve['how-to'] === undefined ? 'unset' : original!.mustRetrieve['how-to'] ? 'must' : 'need-not');
  await section.getByTestId('data-settings-save').click();
  await expect(section.getByTestId('data-settings-saved')).toBeVisible();
  figures = await agentFigures(page);
  await expect(figures.missed).toContainText(before.missed);
});
