import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, enterLabelQueue, goToClaimsStep, openApp } from './helpers';

/**
 * Conflicts in browser mode on the demo test set: two reviewers record different claims on one case
 * and different reference answers on another (through the API, as merged label packs would); the lead
 * opens Team & backups → Conflicts, compares the versions, opens a case, resolves one conflict with
 * key 2 and the other with an edited text; the Cases view then shows the settled values beside the
 * imported ones. A reviewer edits a reference answer in the Label view's claims step, by keyboard,
 * and sees it in the history. Screenshots in English and Chinese.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const SHOTS = resolve(`test-results/conflicts-e2e-${process.env.E2E_PORT ?? 4599}`);

interface Claim {
  text: string;
  evidence: { docId: string; quote: string }[];
}
interface CaseDetail {
  case: { id: string; query: string; referenceAnswer: string | null; claims: Claim[] };
  settled?: { claims: { value: Claim[]; by: string } | null; referenceAnswer: { value: string; by: string } | null };
}

let testSetId = '';
let leadId = 0;
const leadName = `lead-${stamp}`;
let claimsCase: CaseDetail['case'];
let textCase: CaseDetail['case'];
let zhCase: CaseDetail['case'];
const adaClaims = (c: CaseDetail['case']): Claim[] => [...c.claims, { text: '另需在 App 内提交退款申请', evidence: [] }];
const boClaims = (c: CaseDetail['case']): Claim[] => c.claims.slice(0, 1);

async function record(page: Page, reviewerId: number, caseId: string, dimension: string, value: unknown): Promise<void> {
  await api(page.request, 'labels.record', { reviewerId, caseId, responseId: null, dimension, value });
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  testSetId = (await api<{ testSetId: string }>(request, 'testSets.openDemo')).testSetId;
  leadId = (await api<{ id: number }>(request, 'reviewers.create', { name: leadName })).id;
  const rows = (await api<{ rows: { id: string }[] }>(request, 'cases.list', { filters: {}, offset: 0, limit: 60 })).rows;
  const details = await Promise.all(rows.map((r) => api<CaseDetail>(request, 'cases.get', { id: r.id })));
  const usable = details.map((d) => d.case).filter((c) => c.claims.length >= 2 && c.referenceAnswer);
  [claimsCase, textCase, zhCase] = usable;
});

async function openConflicts(page: Page): Promise<void> {
  await page.getByTestId('nav-data').click();
  await expect(page.getByTestId('data-view')).toBeVisible();
  await page.getByTestId('data-tab-conflicts').click();
  await expect(page.getByTestId('conflicts-panel')).toBeVisible();
}

test('the lead compares versions side by side and resolves by key and by editing; the case then shows the settled values', async ({ page }) => {
  test.setTimeout(90_000);
  const ada = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `ada-${stamp}` })).id;
  const bo = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `bo-${stamp}` })).id;
  await record(page, ada, claimsCase.id, 'claims', adaClaims(claimsCase));
  await record(page, bo, claimsCase.id, 'claims', boClaims(claimsCase));
  await record(page, ada, textCase.id, 'referenceAnswer', `${textCase.referenceAnswer}（以官网公告为准）`);
  await record(page, bo, textCase.id, 'referenceAnswer', `简而言之：${textCase.referenceAnswer}`);

  await openApp(page, { reviewer: { testSetId, id: leadId } });
  await expect(page.getByTestId('reviewer-name')).toHaveText(leadName);
  await openConflicts(page);
  const rows = page.getByTestId('conflict-row');
  await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', '2');
  await expect(rows).toHaveCount(2);
  await page.locator(`[data-testid="conflict-row"][data-case-id="${claimsCase.id}"]`).click();
  const detail = page.getByTestId('conflict-detail');
  await expect(detail).toHaveAttribute('data-case-id', claimsCase.id);
  await expect(detail.getByTestId('conflict-version')).toHaveCount(2);
  await expect(detail.getByTestId('conflict-holder')).toHaveText([new RegExp(`ada-${stamp}`), new RegExp(`bo-${stamp}`)]);
  // the claims only Ada holds are marked as differences; the claim both keep is not
  const adaOnly = detail.getByTestId('conflict-version').first().locator('[data-testid="conflict-claim"][data-changed="true"]');
  await expect(adaOnly).toHaveCount(adaClaims(claimsCase).length - 1);
  await expect(adaOnly.last()).toContainText('另需在 App 内提交退款申请');
  await expect(detail.getByTestId('conflict-version').nth(1).locator('[data-testid="conflict-claim"][data-changed="true"]')).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'conflicts-claims-en.png'), fullPage: true });

  // J moves to the reference-answer conflict: the two texts, the differing parts marked
  await page.keyboard.press('j');
  await expect(detail).toHaveAttribute('data-case-id', textCase.id);
  await expect(detail).toHaveAttribute('data-field', 'referenceAnswer');
  await expect(detail.locator('mark.conflict-diff')).toHaveCount(2);
  await page.screenshot({ path: join(SHOTS, 'conflicts-text-en.png'), fullPage: true });

  // the link opens the case in the Cases view
  await detail.getByTestId('conflict-open-case').click();
  await expect(page.getByTestId('case-detail')).toHaveAttribute('data-detail-id', textCase.id);
  await openConflicts(page);

  // K back to the claims conflict, a note, then 2: Bo's version is the case's claims
  await page.keyboard.press('k');
  await expect(detail).toHaveAttribute('data-case-id', claimsCase.id);
  await page.keyboard.press('n');
  await expect(page.getByTestId('conflict-note')).toBeFocused();
  await page.keyboard.type('Bo keeps only the claim the policy states');
  await page.keyboard.press('Escape');
  await page.keyboard.press('2');
  await expect(page.getByTestId('conflicts-resolved')).toContainText(claimsCase.id);
  await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', '1');

  // E: edit and resolve the reference answer with a text of the lead's own
  await expect(detail).toHaveAttribute('data-case-id', textCase.id);
  await page.keyboard.press('e');
  const editor = page.getByTestId('conflict-edit-text');
  await expect(editor).toBeFocused();
  const settledText = `${textCase.referenceAnswer}（负责人裁定）`;
  await editor.fill(settledText);
  await page.screenshot({ path: join(SHOTS, 'conflicts-edit-en.png'), fullPage: true });
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('conflicts-empty')).toBeVisible();
  await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', '0');
  await page.screenshot({ path: join(SHOTS, 'conflicts-empty-en.png'), fullPage: true });

  const settled = await api<CaseDetail>(page.request, 'cases.get', { id: claimsCase.id });
  expect(settled.settled?.claims?.value).toEqual(boClaims(claimsCase));
  const text = await api<CaseDetail>(page.request, 'cases.get', { id: textCase.id });
  expect(text.settled?.referenceAnswer).toMatchObject({ value: settledText, by: leadName });

});

test('the Cases view shows the settled values, the imported ones beside them', async ({ page }) => {
  await openApp(page, { reviewer: { testSetId, id: leadId } });
  await page.getByTestId('nav-cases').click();
  await page.getByTestId('search-input').fill(textCase.query);
  await page.locator(`[data-testid="case-row"][data-case-id="${textCase.id}"]`).click();
  const detail = page.getByTestId('case-detail');
  await expect(detail).toHaveAttribute('data-detail-id', textCase.id);
  await expect(detail.getByTestId('reference-answer')).toHaveText(`${textCase.referenceAnswer}（负责人裁定）`);
  await expect(detail.getByTestId('reference-answer-imported')).toContainText(textCase.referenceAnswer as string);
  await expect(detail.getByTestId('settled-note').first()).toContainText(leadName);
  await page.screenshot({ path: join(SHOTS, 'case-detail-settled-en.png') });

  await page.getByTestId('search-input').fill(claimsCase.query);
  await page.locator(`[data-testid="case-row"][data-case-id="${claimsCase.id}"]`).click();
  await expect(detail).toHaveAttribute('data-detail-id', claimsCase.id);
  await expect(detail.getByTestId('claim')).toHaveCount(boClaims(claimsCase).length);
  await expect(detail.getByTestId('claims-imported')).toBeVisible();
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`a reviewer edits the reference answer in the claims step by keyboard; it is in the history (${locale})`, async ({ page }) => {
    const name = `editor-${locale}-${stamp}`;
    const id = (await api<{ id: number }>(page.request, 'reviewers.create', { name })).id;
    await openApp(page, { locale, reviewer: { testSetId, id } });
    await enterLabelQueue(page);
    await goToClaimsStep(page);
    const box = page.getByTestId('ref-answer');
    const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
    await expect(box).toHaveAttribute('data-source', 'imported');
    await box.getByTestId('ref-answer-edit').focus();
    await page.keyboard.press('Enter');
    const input = page.getByTestId('ref-answer-input');
    await expect(input).toBeFocused();
    const edited = `${await input.inputValue()}${locale === 'en' ? ` Edited by ${name}.` : `（${name} 修订）`}`;
    await input.fill(edited);
    await page.screenshot({ path: join(SHOTS, `ref-answer-edit-${locale}.png`) });
    await page.keyboard.press('Control+Enter');
    await expect(box).toHaveAttribute('data-source', 'mine');
    await expect(box.getByTestId('ref-answer-text')).toHaveText(edited);
    await page.keyboard.press('h');
    await expect(page.locator('[data-testid="history-event"][data-dimension="referenceAnswer"]').first()).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `ref-answer-saved-${locale}.png`) });
    const history = await api<{ reviewer: string; dimension: string; value: unknown }[]>(page.request, 'labels.history', { caseId });
    expect(history.filter((e) => e.reviewer === name && e.dimension === 'referenceAnswer').at(-1)?.value).toBe(edited);
  });
}

test('the Conflicts panel in Chinese', async ({ page }) => {
  const cy = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `陈-${stamp}` })).id;
  const du = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `杜-${stamp}` })).id;
  await record(page, cy, zhCase.id, 'claims', adaClaims(zhCase));
  await record(page, du, zhCase.id, 'claims', boClaims(zhCase));
  await openApp(page, { locale: 'zh-CN', reviewer: { testSetId, id: leadId } });
  await openConflicts(page);
  await expect(page.getByTestId('data-tab-conflicts')).toHaveText('冲突');
  // the two editors of the previous tests changed one reference answer differently: that is a conflict too
  // the count arrives with the list: wait for it rather than read it once
  const count = async () => Number(await page.getByTestId('conflicts-count').getAttribute('data-count'));
  await expect.poll(count).toBeGreaterThanOrEqual(1);
  const open = await count();
  await page.locator(`[data-testid="conflict-row"][data-case-id="${zhCase.id}"]`).click();
  await expect(page.getByTestId('conflict-detail')).toHaveAttribute('data-case-id', zhCase.id);
  await expect(page.getByTestId('conflict-use').first()).toContainText('采用此版本');
  await page.screenshot({ path: join(SHOTS, 'conflicts-claims-zh.png'), fullPage: true });
  await page.keyboard.press('1');
  await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', String(open - 1));
  for (let left = open - 1; left > 0; left--) {
    await expect(page.getByTestId('conflict-detail')).toBeVisible();
    if (left === open - 1) await page.screenshot({ path: join(SHOTS, 'conflicts-text-zh.png'), fullPage: true });
    await page.keyboard.press('1');
    await expect(page.getByTestId('conflicts-count')).toHaveAttribute('data-count', String(left - 1));
  }
  await expect(page.getByTestId('conflicts-empty')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'conflicts-empty-zh.png'), fullPage: true });
});
