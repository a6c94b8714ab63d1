import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, freshTestSet, openApp } from './helpers';

/**
 * Labels go out of one test set from the window (Data → Exports) and come back into another through
 * the import wizard: the file is recognised as labels by its own fields, written after the cases and
 * responses it names, and the summary counts the events it added. Each run works on test sets of its
 * own and leaves the demo open, as the other specs expect.
 */

test.afterEach(async ({ request }) => {
  await api(request, 'testSets.openDemo');
});

test.setTimeout(180_000);

const sampleFile = (name: string) => ({
  name,
  mimeType: 'application/json',
  buffer: readFileSync(fileURLToPath(new URL(`../../shared/sample/${name}`, import.meta.url))),
});
const SAMPLE = ['responses.jsonl', 'cases.jsonl', 'documents.jsonl'];


async function importFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(files);
  await expect(dialog.getByTestId('import-file-row')).toHaveCount(files.length);
  await expect(dialog.getByTestId('import-start')).toBeEnabled();
  return dialog;
}

const DETECTED = { en: 'Detected from its fields', 'zh-CN': '根据字段识别' } as const;

for (const [locale, format] of [['en', 'csv'], ['zh-CN', 'jsonl']] as const) {
  test(`labels exported from the window come back through the wizard into a fresh test set, detected as labels (${locale}, ${format})`, async ({ page }) => {
    await openApp(page, { locale });
    // test set A: the sample, and labels of two reviewers (a change of mind included)
    await freshTestSet(page, `labels-from-${locale}`);
    const first = await importFiles(page, SAMPLE.map(sampleFile));
    await first.getByTestId('import-start').click();
    await expect(first.getByTestId('import-result')).toHaveCount(3, { timeout: 50_000 });
    await page.keyboard.press('Escape');
    const suffix = Math.floor(Math.random() * 1e5);
    const names = [`Ada-${locale}-${suffix}`, `王芳-${suffix}`];
    const reviewers = await Promise.all(names.map((name) => api<{ id: number }>(page.request, 'reviewers.create', { name })));
    const cases = (await api<{ rows: { id: string }[] }>(page.request, 'cases.list', { filters: { search: '' }, offset: 0, limit: 3 })).rows;
    for (const [i, reviewer] of reviewers.entries()) {
      for (const c of cases) await api(page.request, 'labels.record', { reviewerId: reviewer.id, caseId: c.id, responseId: null, dimension: 'answerability', value: 'answerable' });
      await api(page.request, 'labels.record', { reviewerId: reviewer.id, caseId: cases[i].id, responseId: null, dimension: 'answerability', value: 'unanswerable', reason: 'the policy, "v2", says nothing' });
    }
    // Ada's "stated" marks of one answer miss two of its case's three claims and its forbidden claim: the import says so
    await api(page.request, 'labels.record', { reviewerId: reviewers[0].id, caseId: 'refund-annual-day20', responseId: 'r-3.1-refund-annual-day20', dimension: 'claimsStated', value: { c1: { stated: true } } });
    const events = 2 * (cases.length + 1) + 1;

    // File → Export: the labels into a folder
    const dir = resolve(`test-results/e2e-roundtrip-${locale}`);
    await page.getByTestId('nav-data').click();
    await page.getByTestId('data-tab-exports').click();
    const panel = page.getByTestId('data-export');
    await panel.getByTestId('data-export-what').selectOption('labels');
    await panel.getByTestId('data-export-format').selectOption(format);
    await panel.getByTestId('data-export-dir').fill(dir);
    await panel.getByTestId('data-export-submit').click();
    await expect(panel.getByTestId('data-export-result')).toHaveAttribute('data-count', String(events));
    const labels = { name: `labels.${format}`, mimeType: 'text/plain', buffer: readFileSync(join(dir, `labels.${format}`)) };

    // test set B, fresh: the sample and the labels file in one go; the labels are recognised and written last
    await freshTestSet(page, `labels-into-${locale}`);
    const dialog = await importFiles(page, [labels, ...SAMPLE.map(sampleFile)]);
    const rows = dialog.getByTestId('import-file-row');
    await expect(rows.nth(3)).toHaveAttribute('data-file', `labels.${format}`);
    await expect(rows.nth(3)).toHaveAttribute('data-kind', 'labels');
    await expect(rows.nth(3).getByTestId('import-file-note')).toHaveText(DETECTED[locale]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `test-results/screens/roundtrip-wizard-detected-${locale}.png` });

    await dialog.getByTestId('import-start').click();
    const outcome = dialog.locator(`[data-testid="import-result"][data-file="labels.${format}"]`);
    await expect(outcome).toBeVisible({ timeout: 50_000 });
    await expect(outcome).toContainText(locale === 'en' ? 'Labels' : '标注事件');
    await expect(outcome.getByTestId('import-added-labels')).toHaveAttribute('data-count', String(events));
    await expect(outcome.getByTestId('import-stated-mismatches')).toHaveAttribute('data-count', '1');
    await expect(outcome.getByTestId('import-stated-mismatches')).toContainText(locale === 'en' ? '1 “claims this answer states” row does not mark exactly its case’s current claims' : '未恰好标注该用例当前的要点');
    await outcome.getByTestId('import-stated-mismatches').scrollIntoViewIfNeeded();
    await expect(outcome.getByTestId('import-already-present')).toHaveAttribute('data-count', '0');
    await expect(outcome.getByTestId('import-reviewers-created')).toContainText(names[1]);
    await page.screenshot({ path: `test-results/screens/roundtrip-wizard-summary-${locale}.png` });

    // the labels are there, and B exports them to the same bytes A did
    const counts = await api<{ name: string; eventCount: number }[]>(page.request, 'labels.reviewerCounts', {});
    expect(counts.filter((c) => names.includes(c.name)).map((c) => c.eventCount)).toEqual([cases.length + 2, cases.length + 1]);
    const again = await api<{ files: { path: string }[] }>(page.request, 'exports.write', { what: 'labels', format, outDir: `${dir}-again` });
    expect(readFileSync(again.files[0].path).equals(labels.buffer)).toBe(true);
  });
}
