import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, openApp } from './helpers';

/**
 * A foreign judge's results in the window: the Ragas results CSV imported as a
 * judge run lands on dimensions (faithfulness reused), the metrics the test
 * set lacks are offered and defined, unused fields are listed, and the same
 * file again is recognised as the run it already made.
 */

const fixture = (path: string) => readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)));

// the demo is shared with the specs that run after this one: the dimensions a results file defines are taken out again
let demoDimensions: unknown[] | null = null;
test.beforeAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
  demoDimensions = await api<unknown[]>(request, 'dimensions.list', {});
});
test.afterAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
  if (demoDimensions) await api(request, 'dimensions.save', { dimensions: demoDimensions });
});

test.beforeEach(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
});

async function importJudge(page: Page, name: string, bytes: Buffer, model: string) {
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
  await dialog.getByTestId('import-kind').selectOption('judge');
  await dialog.getByTestId('import-judge-model').fill(model);
  await dialog.screenshot({ path: `test-results/interchange-judge-fields-${name}.png` });
  await dialog.getByTestId('import-start').click();
  return dialog;
}

test('a Ragas results file becomes a judge run with verdicts per dimension; missing dimensions are offered', async ({ page }) => {
  await openApp(page, { locale: 'en' });
  const dialog = await importJudge(page, 'ragas_eval_result_letstalk.csv', fixture('external/ragas_eval_result_letstalk.csv'), 'gpt-4o-mini');
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-added-verdicts')).toHaveAttribute('data-count', '48');
  await expect(dialog.getByTestId('import-metric-faithfulness')).toContainText('a dimension of this test set');
  await expect(dialog.getByTestId('import-metric-factual_correctness_mode_f1')).toContainText('factual_correctness(mode=f1)');
  await expect(dialog.getByTestId('import-offer-dimensions')).toContainText('context_recall');
  await dialog.screenshot({ path: 'test-results/interchange-import-en.png' });
  await dialog.getByTestId('import-define-dimensions').click();
  await expect(dialog.getByTestId('import-dimensions-defined')).toContainText('answer_relevancy');
  await expect(dialog.getByTestId('import-metric-answer_relevancy')).toContainText('dimension created');
  const names = (await api<{ name: string }[]>(page.request, 'dimensions.list', {})).map((d) => d.name);
  // the judge typed in the wizard row is the run's judge
  const runs = await api<{ id: number; model: string }[]>(page.request, 'judgeRuns.list', {});
  expect(runs.map((r) => r.model)).toContain('gpt-4o-mini');
  expect(names).toEqual(expect.arrayContaining(['faithfulness', 'context_recall', 'factual_correctness_mode_f1', 'noise_sensitivity_mode_relevant']));

  // the same results file again: shown as skipped, naming the judge run it already made
  const run = (await dialog.getByTestId('import-run-id').textContent())?.match(/\d+/)?.[0];
  expect(run).toBeTruthy();
  await dialog.getByTestId('import-again').click();
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'ragas_eval_result_letstalk.csv', mimeType: 'text/plain', buffer: fixture('external/ragas_eval_result_letstalk.csv') });
  await expect(dialog.getByTestId('import-file-note')).toContainText(`already imported as judge run ${run}:`);
  await expect(dialog.getByTestId('import-start')).toBeDisabled();
});

test('in Chinese: a promptfoo results file, its assertions as verdicts and the fields it did not import', async ({ page }) => {
  await openApp(page, { locale: 'zh-CN' });
  const dialog = await importJudge(page, 'promptfoo_results.json', fixture('interchange/promptfoo_results.json'), 'gpt-4o');
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-metric-llm_rubric')).toContainText('llm-rubric');
  await expect(dialog.getByTestId('import-unused')).toContainText('latencyMs');
  await expect(dialog.getByTestId('import-judge')).toHaveCount(0);
  await dialog.screenshot({ path: 'test-results/interchange-import-zh.png' });
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`File → Export (${locale}): cases as a Ragas dataset into a folder, the file's sha256 shown, the same bytes every time`, async ({ page }) => {
    const dir = resolve(`test-results/e2e-exports-${locale}`);
    const { testSetId } = await api<{ testSetId: string }>(page.request, 'testSets.current', {});
    const reviewer = await api<{ id: number }>(page.request, 'reviewers.create', { name: `Exporter-${locale}-${Math.floor(Math.random() * 1e5)}` });
    await openApp(page, { locale, reviewer: { testSetId, id: reviewer.id } });
    await page.getByTestId('nav-data').click();
    await page.getByTestId('data-tab-exports').click();
    const panel = page.getByTestId('data-export');
    await panel.getByTestId('data-export-what').selectOption('cases');
    await panel.getByTestId('data-export-format').selectOption('ragas');
    await panel.getByTestId('data-export-dir').fill(dir);
    await panel.getByTestId('data-export-submit').click();
    const result = panel.getByTestId('data-export-result');
    await expect(result).toBeVisible();
    const cases = await api<{ rows: unknown[] }>(page.request, 'cases.list', { filters: { search: '' }, offset: 0, limit: 1000 });
    await expect(result).toHaveAttribute('data-count', String(cases.rows.length));
    const bytes = readFileSync(join(dir, 'cases.ragas.jsonl'));
    const shown = await panel.getByTestId('data-export-file-sha256').textContent();
    expect(shown).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(JSON.parse(bytes.toString('utf8').split('\n')[0])).toHaveProperty('user_input');
    await panel.getByTestId('data-export-what').selectOption('verdicts');
    await expect(panel.getByTestId('data-export-run')).toBeVisible();
    await panel.getByTestId('data-export-what').selectOption('cases');
    await panel.getByTestId('data-export-format').selectOption('ragas');
    await panel.getByTestId('data-export-submit').click();
    await expect(panel.getByTestId('data-export-result')).toBeVisible();
    expect(readFileSync(join(dir, 'cases.ragas.jsonl')).equals(bytes)).toBe(true);
    await panel.screenshot({ path: `test-results/interchange-export-${locale}.png` });
  });
}

for (const locale of ['en', 'zh-CN'] as const) {
  test(`a Langfuse item keeps its id and metadata, shown with the case (${locale})`, async ({ page }) => {
    const { testSetId } = await api<{ testSetId: string }>(page.request, 'testSets.current', {});
    const reviewer = await api<{ id: number }>(page.request, 'reviewers.create', { name: `Reader-${locale}-${Math.floor(Math.random() * 1e5)}` });
    await openApp(page, { locale, reviewer: { testSetId, id: reviewer.id } });
    await expect(page.getByTestId('case-row').first()).toBeVisible();
    await page.getByTestId('import-button').click();
    const dialog = page.getByTestId('import-dialog');
    const items = JSON.parse(fixture('interchange/langfuse_dataset_items.json').toString('utf8'));
    // each language run imports its own copy of the items (ids are the case ids, so they must differ)
    for (const item of items.data) item.id = `${item.id}-${locale}`;
    items.data[1].input = `${items.data[1].input} (e2e-${locale})`;
    await dialog.getByTestId('import-file-input').setInputFiles({ name: 'langfuse_dataset_items.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(items)) });
    await dialog.getByTestId('import-kind').selectOption('cases');
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-added-cases')).toHaveAttribute('data-count', '2', { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('search-input').fill(`e2e-${locale}`);
    await expect(page.getByTestId('case-row')).toHaveCount(1);
    await page.getByTestId('case-row').first().click();
    await expect(page.getByTestId('case-metadata')).toContainText('datasetId');
    await expect(page.getByTestId('case-metadata')).toContainText('ds-support-zh');
    await page.getByTestId('case-meta').screenshot({ path: `test-results/interchange-metadata-${locale}.png` });
  });
}

for (const locale of ['en', 'zh-CN'] as const) {
  test(`a column mapping imports any other file and is remembered for files of the same columns (${locale})`, async ({ page }) => {
    const { testSetId } = await api<{ testSetId: string }>(page.request, 'testSets.current', {});
    const reviewer = await api<{ id: number }>(page.request, 'reviewers.create', { name: `Mapper-${locale}-${Math.floor(Math.random() * 1e5)}` });
    await openApp(page, { locale, reviewer: { testSetId, id: reviewer.id } });
    await page.getByTestId('import-button').click();
    const dialog = page.getByTestId('import-dialog');
    // ids differ per language run (they are the case ids)
    const csv = fixture('interchange/mapped_faq.csv').toString('utf8').replace(/faq-(\d)/g, `faq-$1-${locale}`);
    const file = { name: 'mapped_faq.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    await dialog.getByTestId('import-file-input').setInputFiles(file);
    await dialog.getByTestId('import-kind').selectOption('cases');
    await dialog.getByTestId('import-format').selectOption('mapped');
    await dialog.getByTestId('import-mapping').fill('id=faq_id,query=question_text,referenceAnswer=gold');
    await dialog.screenshot({ path: `test-results/interchange-mapping-${locale}.png` });
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-added-cases')).toHaveAttribute('data-count', '2', { timeout: 30_000 });
    await expect(dialog.getByTestId('import-unused')).toContainText('owner');
    // the next file with the same columns gets the mapping back
    await dialog.getByTestId('import-again').click();
    await dialog.getByTestId('import-file-input').setInputFiles({ ...file, buffer: Buffer.from(csv.replace(/faq-(\d)-/g, 'faq-$1-again-')) });
    await expect(dialog.getByTestId('import-format')).toHaveValue('mapped');
    await expect(dialog.getByTestId('import-mapping')).toHaveValue('id=faq_id,query=question_text,referenceAnswer=gold');
  });
}
