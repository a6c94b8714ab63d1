import { expect, test } from '@playwright/test';
import { resolve, join } from 'node:path';
import { api, openApp } from './helpers';

/**
 * Settings → Diagnosis: the quadrant's recall and utilisation thresholds, the faithfulness
 * threshold and each question type's dependency on the knowledge base, typed by keyboard, refused
 * when out of range, saved to the file (a reload shows them) and used by the Diagnosis report.
 * The demo's settings are put back afterwards, so later specs see the defaults.
 */

const SHOTS = resolve(`test-results/diagnosis-settings-e2e-${process.env.E2E_PORT ?? 4599}`);

interface Settings {
  recallThreshold: number;
  utilisationThreshold: number;
  faithfulnessThreshold: number;
  dependency: Record<string, string>;
}

let original: Settings | null = null;

test.beforeAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
  original = await api<Settings>(request, 'diagnosis.settings', {});
});

test.afterAll(async ({ request }) => {
  if (original) await api(request, 'diagnosis.saveSettings', { settings: original });
});

test('the diagnosis thresholds and dependencies are edited, checked, saved and read back, in both languages', async ({ page, request }) => {
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.openDemo', {});
  const reviewer = await api<{ id: number }>(request, 'reviewers.create', { name: `dx-settings-${Date.now()}` });
  await openApp(page, { reviewer: { testSetId, id: reviewer.id } });
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('diagnosis-settings');
  await expect(section).toBeVisible();
  const recall = section.getByTestId('diagnosis-settings-recallThreshold');
  const utilisation = section.getByTestId('diagnosis-settings-utilisationThreshold');
  const save = section.getByTestId('diagnosis-settings-save');
  await expect(recall).toHaveValue(String(original!.recallThreshold));

  // out of range: marked, and Save is off
  await recall.fill('1.5');
  await expect(recall).toHaveAttribute('aria-invalid', 'true');
  await expect(section.locator('.inline-field-error')).toHaveCount(1);
  await expect(save).toBeDisabled();

  // a comma decimal is read as a point; strong → supplementary for how-to
  await recall.fill('0,8');
  await utilisation.fill('0.25');
  await expect(save).toBeEnabled();
  await section.getByTestId('diagnosis-settings-dependency-how-to').selectOption('supplementary');
  await save.click();
  await expect(section.locator('.save-status.saved')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'diagnosis-settings-en.png'), fullPage: true });
  await page.getByTestId('language-switch').click();
  await expect(section.getByRole('heading', { level: 2 })).not.toHaveText(/Diagnosis/);
  await page.screenshot({ path: join(SHOTS, 'diagnosis-settings-zh-CN.png'), fullPage: true });

  // saved in the file: the API and a reload say so, and the Diagnosis report uses them
  const stored = await api<Settings>(request, 'diagnosis.settings', {});
  expect(stored).toMatchObject({ recallThreshold: 0.8, utilisationThreshold: 0.25, faithfulnessThreshold: original!.faithfulnessThreshold });
  expect(stored.dependency['how-to']).toBe('supplementary');
  const systems = await api<{ system: string }[]>(request, 'diagnosis.systems', {});
  const report = await api<{ settings: Settings; quadrant: { thresholds: { recall: number; utilisation: number } } }>(request, 'diagnosis.report', { system: systems[0].system });
  expect(report.quadrant.thresholds).toEqual({ recall: 0.8, utilisation: 0.25 });
  await page.reload();
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('diagnosis-settings-recallThreshold')).toHaveValue('0.8');
  await expect(page.getByTestId('diagnosis-settings-dependency-how-to')).toHaveValue('supplementary');
});
