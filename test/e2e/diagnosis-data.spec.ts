import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, openApp } from './helpers';

const SHOTS = resolve(`test-results/diagnosis-data-e2e-${process.env.E2E_PORT ?? 4599}`);
const FIXTURES = resolve('test/fixtures/diagnosis-data');
const SYSTEM = 'support-agent@3';

/** Imports the diagnosis-data fixtures (a stale chunk, a leak, agent runs) into the open demo test set, once per server. */
async function importFixtures(request: APIRequestContext): Promise<void> {
  const systems = await api<{ system: string }[]>(request, 'diagnosis.systems');
  if (systems.some((s) => s.system === SYSTEM)) return;
  for (const kind of ['documents', 'cases', 'responses']) {
    const fileName = `${kind}.jsonl`;
    const { jobId } = await api<{ jobId: string }>(request, 'imports.start', {
      kind, format: 'jsonl', source: { fileName, contentBase64: readFileSync(join(FIXTURES, fileName)).toString('base64') },
    });
    await expect.poll(async () => (await api<{ state: string }>(request, 'imports.status', { jobId })).state, { timeout: 20_000 }).toBe('done');
  }
}

test('the Diagnosis screen shows the leak first, then stale data, agent decisions, failure tags and test-set health, in both languages', async ({ page, request }) => {
  test.setTimeout(120_000);
  await importFixtures(request);
  await openApp(page);
  const dialog = page.getByTestId('reviewer-dialog');
  await dialog.getByTestId('reviewer-new-name').fill(`conflict-${Date.now()}`);
  await dialog.getByTestId('reviewer-create').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('nav-diagnosis').click();
  await page.getByTestId('diagnosis-system').selectOption(SYSTEM);

  const sections = page.locator('[data-testid^="diagnosis-section-"]');
  await expect(sections.first()).toHaveAttribute('data-testid', 'diagnosis-section-permission');
  const leaks = page.getByTestId('dx-leaks');
  await expect(leaks).toContainText('Leaking responses: 1 · leaked chunks: 1');
  await leaks.getByRole('button').first().click();
  await expect(page.getByTestId('dx-leak-cases')).toContainText('enterprise-price');
  await expect(page.getByTestId('dx-leak-cases')).toContainText('restricted case');
  await expect(page.getByTestId('dx-leak-cases')).toContainText('enterprise-price-sheet (scope: sales)');

  await expect(page.getByTestId('dx-stale')).toContainText('(1/3)');
  // the stale list has a row per stale chunk of any run, and says so (the figure above counts normal runs)
  const staleList = page.getByTestId('dx-stale-cases');
  await staleList.getByRole('button', { name: /^Chunks, all runs \(\d+\)$/ }).click();
  await expect(staleList.getByTestId('dx-case-row').first()).toBeVisible();
  await staleList.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-stale-en.png') });
  await expect(page.getByTestId('dx-follow-old-conflict')).toContainText('undefined');
  await expect(page.getByTestId('dx-missed-retrieval')).toContainText('(1/2)');
  await expect(page.getByTestId('dx-cost')).toContainText('900 ms');
  await expect(page.getByTestId('dx-tags')).toContainText('stale_revision');
  await expect(page.getByTestId('dx-refusal-share')).toBeVisible();

  // the policy has two revisions: its citing cases are listed to re-check, each quote found or not in v2
  const change = page.getByTestId('dx-change-membership-refund-rules');
  await expect(change).toContainText('refund-day20');
  await expect(change).toContainText('monthly-refund');
  await expect(change).toContainText('claim 1 found');

  await page.screenshot({ path: join(SHOTS, 'diagnosis-top-en.png') });
  await change.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-changes-en.png') });
  await page.getByTestId('diagnosis-section-agent').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-agent-en.png') });
  await page.getByTestId('diagnosis-section-health').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-health-en.png') });

  // build a conflict set of three cases from the window: the forbidden claims go in as case edits
  const conflict = page.getByTestId('diagnosis-section-conflict-set');
  await conflict.scrollIntoViewIfNeeded();
  await page.getByTestId('dx-conflict-n').fill('3');
  await page.getByTestId('dx-conflict-build').click();
  await expect(page.getByTestId('dx-conflict-result')).toContainText('Picked 3 of');
  await page.screenshot({ path: join(SHOTS, 'diagnosis-conflict-en.png') });

  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('dx-conflict-result')).toContainText('选出 3 个');
  await conflict.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-conflict-zh-CN.png') });
  await expect(page.getByTestId('diagnosis-section-permission')).toContainText('权限泄露');
  await expect(page.getByTestId('diagnosis-section-agent')).toContainText('准确率与成本并列');
  await staleList.scrollIntoViewIfNeeded();
  // building the conflict set wrote to the file: the page was read again, and the list opened before is still open
  await expect(staleList.getByRole('button', { name: '收起用例' })).toBeVisible();
  await expect(staleList.getByTestId('dx-case-row').first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-stale-zh-CN.png') });
  await page.getByTestId('diagnosis-section-permission').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-top-zh-CN.png') });
  await change.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-changes-zh-CN.png') });
  await page.getByTestId('diagnosis-section-agent').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-agent-zh-CN.png') });
  await page.getByTestId('diagnosis-section-health').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-health-zh-CN.png') });
});
