// Named to run after visual-tour.spec.ts: it resets the shared demo, so it runs when no other spec needs what they left there.
import { expect, test, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * The demo as a newcomer meets it: marked as demo data, resettable from the window after a
 * confirmation, and with real content on every screen the first time it is opened (judge vs
 * human, report and review included), in both languages (screenshots of every screen at 1280×800 and
 * 1440×900, looked at by hand).
 */

const DEMO_REVIEWERS = ['演示·李航', '演示·王敏'];
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

interface TestSetInfo {
  testSetId: string;
  isDemo: boolean;
}

const SIZES = [{ width: 1440, height: 900 }, { width: 1280, height: 800 }] as const;

/** The screen as it is now, at the wider size and then at the laptop size the test works in. */
async function shoot(page: Page, name: string, locale: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/demo-screens/${name}-${locale}-${size.width}.png` });
  }
}

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(180_000);

test('the demo is marked as demo data and resets to its first-launch state after a confirmation', async ({ page, request }) => {
  const before = await api<TestSetInfo>(request, 'testSets.openDemo');
  const me = await api<{ id: number }>(request, 'reviewers.create', { name: `walk-${stamp}` });
  const caseId = (await api<{ rows: { id: string }[] }>(request, 'cases.list', { filters: {}, offset: 0, limit: 1 })).rows[0].id;
  await api(request, 'labels.record', { reviewerId: me.id, caseId, responseId: null, dimension: 'answerability', value: 'restricted' });

  await openApp(page, { locale: 'en', reviewer: { testSetId: before.testSetId, id: me.id } });
  const badge = page.getByTestId('demo-badge');
  await expect(badge).toHaveText('Demo data');
  // asking first: Escape changes nothing
  await badge.click();
  await expect(page.getByTestId('demo-reset-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('demo-reset-dialog')).toBeHidden();
  expect((await api<TestSetInfo>(request, 'testSets.current')).testSetId).toBe(before.testSetId);
  await badge.click();
  await page.getByTestId('demo-reset-confirm').click();
  await expect(page.getByTestId('demo-reset-dialog')).toBeHidden({ timeout: 60_000 });
  const after = await api<TestSetInfo>(request, 'testSets.current');
  expect(after.isDemo).toBe(true);
  expect(after.testSetId).not.toBe(before.testSetId);
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  // the label given before is gone with its reviewer; the demo's own reviewers are back
  const reviewers = await api<{ name: string }[]>(request, 'reviewers.list');
  expect(reviewers.map((r) => r.name).sort()).toEqual([...DEMO_REVIEWERS].sort());
  const history = await api<unknown[]>(request, 'labels.history', { caseId });
  expect(history.length).toBeGreaterThan(0);
  expect(JSON.stringify(history)).not.toContain('restricted');
});

for (const locale of ['zh-CN', 'en'] as const) {
  test(`every screen shows the demo's content on first launch (${locale})`, async ({ page, request }) => {
    const demo = await api<TestSetInfo>(request, 'testSets.openDemo');
    const newcomer = await api<{ id: number }>(request, 'reviewers.create', { name: `newcomer-${locale}-${stamp}` });
    await openApp(page, { locale, reviewer: { testSetId: demo.testSetId, id: newcomer.id } });
    await expect(page.getByTestId('demo-badge')).toHaveText(locale === 'en' ? 'Demo data' : '示例数据');
    await page.getByTestId('demo-badge').click();
    await expect(page.getByTestId('demo-reset-dialog')).toBeVisible();
    await shoot(page, 'demo-reset-dialog', locale);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('demo-reset-dialog')).toBeHidden();

    // Cases
    await expect(page.getByTestId('case-row').first()).toBeVisible();
    await shoot(page, 'cases', locale);

    // Label: a newcomer starts at the first case with nothing done
    await page.getByTestId('nav-label').click();
    await expect(page.getByTestId('label-view')).toBeVisible();
    await shoot(page, 'label', locale);

    // Judge vs human: pairs from the demo reviewers, and people among themselves
    await page.getByTestId('nav-agreement').click();
    const panel = page.locator('[data-testid="agreement-dimension"]').first();
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('agreement-coefficients')).toBeVisible();
    await expect(panel.getByTestId('agreement-humans')).toBeVisible();
    await shoot(page, 'judge-vs-human', locale);

    // Report: the refusal cross-table filled from the demo reviewers' labels
    await page.getByTestId('nav-report').click();
    await expect(page.getByTestId('report-group').first()).toBeVisible();
    const counts = await page.getByTestId('report-cell').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-count') ?? 0)));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await shoot(page, 'report', locale);

    // Retrieval: two system versions with figures
    await page.getByTestId('nav-retrieval').click();
    await expect(page.getByTestId('retrieval-means')).toBeVisible();
    await shoot(page, 'retrieval', locale);

    // Review: three closed rounds and one waiting for adjudication; the trend breaks where the judge changed
    await page.getByTestId('nav-review').click();
    await expect(page.getByTestId('review-view')).toBeVisible();
    await expect(page.locator('[data-testid="round-row"][data-status="closed"]')).toHaveCount(3);
    await expect(page.locator('[data-testid="round-row"][data-status="revealed"]')).toHaveCount(1);
    await shoot(page, 'review', locale);
    await page.locator('[data-testid="round-row"][data-status="revealed"]').click();
    await expect(page.getByTestId('adjudicate-panel')).toBeVisible();
    await shoot(page, 'review-open-round', locale);
    await page.getByTestId('review-tab-trend').click();
    await expect(page.getByTestId('trend-break').first()).toBeVisible();
    await shoot(page, 'review-trend', locale);

    // Anchors: the frozen set
    await page.getByTestId('nav-anchors').click();
    await expect(page.locator('[data-testid="anchor-row"][data-name="退款政策锚点"]')).toBeVisible();
    await page.locator('[data-testid="anchor-row"][data-name="退款政策锚点"]').click();
    await shoot(page, 'anchors', locale);

    // Diagnosis: failing answers placed in layers
    await page.getByTestId('nav-diagnosis').click();
    await expect(page.getByTestId('diagnosis-layers')).toBeVisible();
    await shoot(page, 'diagnosis', locale);

    // Team & backups, and Settings
    await page.getByTestId('nav-data').click();
    await expect(page.getByTestId('data-view')).toBeVisible();
    await shoot(page, 'team-and-backups', locale);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-view')).toBeVisible();
    await shoot(page, 'settings', locale);
  });
}
