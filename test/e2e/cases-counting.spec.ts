import { expect, test, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * How the Cases view asks for its rows and its filter counts: the rows of a search first, the counts
 * after them, never the counts of a search already typed over, and nothing while the view is not shown.
 * Works on the shared demo without writing to it (two reviewers with fresh names are added).
 */

interface Asked {
  op: 'cases.list' | 'cases.facets';
  search: string;
  reviewerId: number | null;
}

function recordCaseRequests(page: Page): Asked[] {
  const asked: Asked[] = [];
  page.on('request', (request) => {
    const match = /\/api\/(cases\.list|cases\.facets)$/.exec(new URL(request.url()).pathname);
    if (!match) return;
    const { filters } = request.postDataJSON() as { filters: { search?: string; reviewerId?: number } };
    asked.push({ op: match[1] as Asked['op'], search: filters.search ?? '', reviewerId: filters.reviewerId ?? null });
  });
  return asked;
}

async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('case-count').innerText()).replace(/[,\s]/g, '');
  return Number(/(\d+)/.exec(text)?.[1]);
}

test('a search shows its rows first and its counts after; the counts of a search typed over are never asked for', async ({ page, request }) => {
  await openApp(page);
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  const asked = recordCaseRequests(page);
  // the rows of 退 are held back until 退款 is typed: by then 退 has been typed over
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cases.list', async (route) => {
    if ((route.request().postDataJSON() as { filters: { search?: string } }).filters.search === '退') await held;
    await route.continue();
  });
  await page.getByTestId('search-input').fill('退');
  await expect.poll(() => asked.some((a) => a.op === 'cases.list' && a.search === '退')).toBe(true);
  await page.getByTestId('search-input').fill('退款');
  await expect.poll(() => asked.some((a) => a.op === 'cases.list' && a.search === '退款')).toBe(true);
  release();

  const expected = await api<{ matching: number }>(request, 'cases.facets', { filters: { search: '退款' } });
  await expect.poll(() => shownCount(page)).toBe(expected.matching);
  await expect(page.locator('[data-testid="case-row"][data-case-id="refund-annual-day20"]')).toBeVisible();
  // give a stray request time to show itself before counting what was asked
  await page.waitForTimeout(500);
  expect(asked.filter((a) => a.op === 'cases.facets' && a.search === '退')).toEqual([]);
  const list = asked.findIndex((a) => a.op === 'cases.list' && a.search === '退款');
  const counts = asked.findIndex((a) => a.op === 'cases.facets' && a.search === '退款');
  expect(counts).toBeGreaterThan(list);
  expect(asked.filter((a) => a.op === 'cases.facets' && a.search === '退款')).toHaveLength(1);
  await page.unroute('**/api/cases.list');
});

test('counts are not asked for while another screen is shown, and are when the Cases view comes back', async ({ page, request }) => {
  const stamp = Date.now();
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.current');
  const first = await api<{ id: number }>(request, 'reviewers.create', { name: `count-a-${stamp}` });
  const second = await api<{ id: number }>(request, 'reviewers.create', { name: `count-b-${stamp}` });
  const startup = recordCaseRequests(page);
  await openApp(page, { reviewer: { testSetId, id: first.id } });
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  // the first rows can show before the remembered reviewer is known: the start's last counts are theirs
  await expect.poll(() => startup.filter((a) => a.op === 'cases.facets').at(-1)?.reviewerId).toBe(first.id);
  await page.waitForTimeout(300);
  await page.getByTestId('nav-label').click();
  const asked = recordCaseRequests(page);
  // another reviewer at the keyboard changes "labeled by me": the Cases view must count again, but only when shown
  await page.getByTestId('reviewer-menu').click();
  await page.locator(`[data-testid="reviewer-option"][data-reviewer-id="${second.id}"]`).click();
  await expect(page.getByTestId('reviewer-name')).toHaveText(`count-b-${stamp}`);
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);

  await page.getByTestId('nav-cases').click();
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  await expect.poll(() => asked.filter((a) => a.op === 'cases.facets').map((a) => a.reviewerId)).toEqual([second.id]);
  const expected = await api<{ matching: number }>(request, 'cases.facets', { filters: { search: '', reviewerId: second.id } });
  await expect.poll(() => shownCount(page)).toBe(expected.matching);
});

test('a cold open asks for the first rows once, before the window has asked who is labeling; the reviewer it remembers changes the counts, not the rows', async ({ page, request }) => {
  const stamp = Date.now();
  const { testSetId } = await api<{ testSetId: string }>(request, 'testSets.current');
  const me = await api<{ id: number }>(request, 'reviewers.create', { name: `cold-${stamp}` });
  const asked = recordCaseRequests(page);
  const firstRowsAt: number[] = [];
  let reviewersAskedAt = -1;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/cases.list' && (r.postDataJSON() as { offset: number }).offset === 0) firstRowsAt.push(Date.now());
    if (path === '/api/reviewers.list' && reviewersAskedAt < 0) reviewersAskedAt = Date.now();
  });
  await openApp(page, { reviewer: { testSetId, id: me.id } });
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  await expect(page.getByTestId('reviewer-name')).toHaveText(`cold-${stamp}`);
  const expected = await api<{ matching: number }>(request, 'cases.facets', { filters: { search: '', reviewerId: me.id } });
  await expect.poll(() => shownCount(page)).toBe(expected.matching);
  await expect.poll(() => asked.filter((a) => a.op === 'cases.facets').at(-1)?.reviewerId).toBe(me.id);
  await page.waitForTimeout(500);
  expect(firstRowsAt).toHaveLength(1);
  expect(reviewersAskedAt).toBeGreaterThanOrEqual(firstRowsAt[0]);
  // rows do not depend on who "me" is without the labeled filter: the first page carries no reviewer
  expect(asked.filter((a) => a.op === 'cases.list').every((a) => a.reviewerId === null)).toBe(true);
});
