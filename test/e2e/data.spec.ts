import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { api, openApp } from './helpers';

/**
 * "Team & backups" in browser mode, end to end on the demo test set: a new reviewer labels,
 * exports their pack to a folder (sha256 shown = the file on disk), imports it back (everything
 * already present), backs the file up, labels once more, restores the backup and sees that label
 * gone and the before-restore backup listed. Screenshots of the three tabs in both languages.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OUT = resolve(`test-results/data-e2e-${process.env.E2E_PORT ?? 4599}`);
const SHOTS = join(tmpdir(), 'touchstone-shots', 'data');

let testSetId = '';
let reviewerId = 0;
// short, like a person's name, so the top bar looks as it does in use
const reviewerName = `Pia-${Math.floor(Math.random() * 1e5)}`;

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  testSetId = (await api<{ testSetId: string }>(request, 'testSets.openDemo')).testSetId;
  reviewerId = (await api<{ id: number }>(request, 'reviewers.create', { name: reviewerName })).id;
  const cases = await api<{ rows: { id: string }[] }>(request, 'cases.list', { filters: { search: '' }, offset: 0, limit: 3 });
  caseIds = cases.rows.map((row) => row.id);
});

const reviewerRow = (page: Page) => page.locator(`[data-testid="pack-reviewer"][data-name="${reviewerName}"]`);

let caseIds: string[] = [];

/** One label by our reviewer on the next case (through the API: this file is about packs and backups, not the labeling screen). */
async function labelNextCase(request: APIRequestContext): Promise<void> {
  const caseId = caseIds.shift() as string;
  await api(request, 'labels.record', { reviewerId, caseId, responseId: null, dimension: 'answerability', value: 'answerable' });
}

async function openData(page: Page, tab: 'packs' | 'conflicts' | 'backups'): Promise<void> {
  await page.getByTestId('nav-data').click();
  await expect(page.getByTestId('data-view')).toBeVisible();
  await page.getByTestId(`data-tab-${tab}`).click();
  await expect(page.getByTestId(`data-panel-${tab}`)).toBeVisible();
}

test('label pack out and back in, back up, restore: the later label is gone and the restore can be undone', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openApp(page, { reviewer: { testSetId, id: reviewerId } });
  await expect(page.getByTestId('reviewer-name')).toHaveText(reviewerName);
  await labelNextCase(request);
  await labelNextCase(request);

  // export my pack to a folder: the sha256 shown is that of the file written
  await openData(page, 'packs');
  await expect(page.getByTestId('pack-export-reviewer')).toHaveText(reviewerName);
  await expect(reviewerRow(page)).toHaveAttribute('data-events', '2');
  const packDir = join(OUT, `pack-${stamp}`);
  await page.getByTestId('pack-export-dir').fill(packDir);
  await page.getByTestId('pack-export-submit').click();
  const exported = page.getByTestId('pack-export-result');
  await expect(exported).toHaveAttribute('data-count', '2');
  for (const name of ['labels.jsonl', 'manifest.json']) {
    const sha = createHash('sha256').update(readFileSync(join(packDir, name))).digest('hex');
    await expect(exported.locator(`[data-testid="pack-export-file"][data-name="${name}"]`)).toHaveAttribute('data-sha256', sha);
  }

  // importing it back into the same file: verified, nothing new
  await page.getByTestId('pack-import-dir').fill(packDir);
  await page.getByTestId('pack-import-submit').click();
  const imported = page.locator('[data-testid="pack-import-result"][data-status="merged"]');
  await expect(imported).toHaveAttribute('data-added', '0');
  await expect(imported).toHaveAttribute('data-present', '2');
  await page.screenshot({ path: join(SHOTS, 'packs-en.png'), fullPage: true });

  // a folder that is no pack is refused with the file named
  await page.getByTestId('pack-import-dir').fill(join(OUT, 'no-such-pack'));
  await page.getByTestId('pack-import-submit').click();
  await expect(page.locator('[data-testid="pack-import-result"][data-status="refused"]')).toBeVisible();
  await expect(page.getByTestId('pack-import-error')).toContainText('no-such-pack');

  // a folder holding a teammate's pack is refused, naming the folder and the teammate; their pack stays as it was
  const teammate = await api<{ id: number; name: string }>(request, 'reviewers.create', { name: `Bo-${stamp}` });
  const theirDir = join(OUT, `their-pack-${stamp}`);
  await api(request, 'labels.exportPack', { reviewerId: teammate.id, outDir: theirDir });
  const theirs = readFileSync(join(theirDir, 'manifest.json'));
  await page.getByTestId('pack-export-dir').fill(theirDir);
  await page.getByTestId('pack-export-submit').click();
  const refusedExport = page.getByTestId('pack-export-error');
  await expect(refusedExport).toContainText(theirDir);
  await expect(refusedExport).toContainText(`reviewer "${teammate.name}"`);
  await page.screenshot({ path: join(SHOTS, 'packs-export-refused-en.png'), fullPage: true });
  expect(readFileSync(join(theirDir, 'manifest.json')).equals(theirs)).toBe(true);

  // back up now, then label once more
  await openData(page, 'backups');
  await page.getByTestId('backup-now').click();
  await expect(page.getByTestId('backup-created')).toBeVisible();
  const manual = page.locator('[data-testid="backup-row"][data-reason="manual"]').first();
  await expect(page.getByTestId('backup-row').first()).toHaveAttribute('data-reason', 'manual');
  const manualPath = (await manual.getAttribute('data-path')) as string;
  await labelNextCase(request);
  await openData(page, 'packs');
  await expect(reviewerRow(page)).toHaveAttribute('data-events', '3');

  // restore the manual backup: the dialog says what happens, then the third label is gone
  await openData(page, 'backups');
  await page.locator(`[data-testid="backup-row"][data-path="${manualPath}"]`).getByTestId('backup-restore').click();
  const dialog = page.getByTestId('restore-dialog');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'restore-dialog-en.png') });
  await dialog.getByTestId('backup-restore-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('restore-done')).toBeVisible();
  await expect(page.getByTestId('backup-row').first()).toHaveAttribute('data-reason', 'before-restore');
  await page.screenshot({ path: join(SHOTS, 'backups-en.png'), fullPage: true });
  await openData(page, 'packs');
  await expect(reviewerRow(page)).toHaveAttribute('data-events', '2');

  // restoring the before-restore backup undoes the restore
  await openData(page, 'backups');
  await page.locator('[data-testid="backup-row"][data-reason="before-restore"]').first().getByTestId('backup-restore').click();
  await page.getByTestId('backup-restore-confirm').click();
  await expect(page.getByTestId('restore-done')).toBeVisible();
  await openData(page, 'packs');
  await expect(reviewerRow(page)).toHaveAttribute('data-events', '3');

  await openData(page, 'conflicts');
  await page.screenshot({ path: join(SHOTS, 'conflicts-en.png') });
});

test('the three tabs in Chinese', async ({ page }) => {
  await openApp(page, { locale: 'zh-CN', reviewer: { testSetId, id: reviewerId } });
  await expect(page.getByTestId('reviewer-name')).toHaveText(reviewerName);
  await openData(page, 'packs');
  await expect(page.getByTestId('data-tab-packs')).toHaveText('标注包');
  await expect(reviewerRow(page)).toBeVisible();
  await page.getByTestId('pack-import-dir').fill(join(OUT, 'no-such-pack'));
  await page.getByTestId('pack-import-submit').click();
  await expect(page.getByTestId('pack-import-error')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'packs-zh.png'), fullPage: true });
  await openData(page, 'backups');
  await page.getByTestId('backup-now').click();
  await expect(page.getByTestId('backup-created')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'backups-zh.png'), fullPage: true });
  await page.getByTestId('backup-row').first().getByTestId('backup-restore').click();
  await expect(page.getByTestId('restore-dialog')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'restore-dialog-zh.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('restore-dialog')).toBeHidden();
  await openData(page, 'conflicts');
  await page.screenshot({ path: join(SHOTS, 'conflicts-zh.png') });
});
