import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, enterLabelQueue, goToClaimsStep, openApp } from './helpers';
import { wordStep } from '../../renderer/features/labeling/selectionSteps';

/**
 * Claims and evidence without the mouse: F finds text in the documents, the match becomes the selection,
 * Shift+arrows widen or narrow it by characters and (Ctrl) by Chinese words, A attaches it to the active claim,
 * and the confirmed claims in the file carry that quote. Confirming a claim without evidence asks once (Esc goes
 * back, Enter confirms) and the summary counts it. Sweep mode (W) labels one dimension across the queue, one key
 * per case, the judge's verdict hidden until the label is saved. Each test labels as a reviewer of its own and
 * takes its labels back afterwards, so the shared demo holds no claims edit or label of theirs for later specs.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const SHOTS = resolve(`test-results/labeling-keys-e2e-${process.env.E2E_PORT ?? 4599}`);
const made: number[] = [];

interface Claim { text: string; evidence: { docId: string; quote: string; start?: number; end?: number }[] }
interface CaseDetail { case: { query: string }; settled?: { claims: unknown; referenceAnswer: unknown } }
interface Item { steps: { dimension: string; responseId: string | null; current: { value: unknown } | null }[]; verdicts: { dimension: string }[] }

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test.afterEach(async ({ request }) => {
  // every label this test's reviewer gave is undone (label events are append-only: the undo is an event too)
  for (const reviewerId of made.splice(0)) {
    for (let guard = 0; guard < 40; guard++) {
      const result = await api<{ undone: boolean }>(request, 'labels.undo', { reviewerId });
      if (!result.undone) break;
    }
  }
});

async function openLabel(page: Page, locale: 'en' | 'zh-CN', prefix: string): Promise<number> {
  const testSetId = (await api<{ testSetId: string }>(page.request, 'testSets.openDemo')).testSetId;
  const id = (await api<{ id: number }>(page.request, 'reviewers.create', { name: `${prefix}-${locale}-${stamp}` })).id;
  made.push(id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, { locale, reviewer: { testSetId, id } });
  await enterLabelQueue(page);
  return id;
}

async function item(page: Page, reviewerId: number, caseId: string): Promise<Item> {
  return api<Item>(page.request, 'labeling.item', { reviewerId, caseId, queue: null });
}

for (const locale of ['en', 'zh-CN'] as const) {
  test(`evidence is found, selected, widened and attached by keyboard only; a claim without evidence is asked about and counted (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const reviewerId = await openLabel(page, locale, 'keys');
    // a case no other spec has edited or settled, so the Cases view below shows this reviewer's edit
    let caseId = (await page.getByTestId('label-case-id').textContent()) as string;
    for (let guard = 0; guard < 10; guard++) {
      const settled = (await api<CaseDetail>(page.request, 'cases.get', { id: caseId })).settled;
      if (!settled?.claims && !settled?.referenceAnswer) break;
      await page.keyboard.press('j');
      await expect(page.getByTestId('label-case-id')).not.toHaveText(caseId);
      caseId = (await page.getByTestId('label-case-id').textContent()) as string;
    }
    await goToClaimsStep(page);
    const editor = page.getByTestId('claim-editor');
    const imported = await editor.getByTestId('claim-item').count();

    // a new claim (N), typed; Esc leaves the field
    await page.keyboard.press('n');
    await page.keyboard.type('金额按剩余天数折算');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const added = editor.getByTestId('claim-item').nth(imported);
    await expect(added).toContainText('金额按剩余天数折算');

    // F: find "退款" (refund); the first match is selected, the count shown
    await page.keyboard.press('f');
    const find = page.getByTestId('doc-find-input');
    await expect(find).toBeFocused();
    await page.keyboard.type('退款');
    const count = page.getByTestId('doc-find-count');
    await expect(count).toHaveAttribute('data-index', '0');
    const total = Number(await count.getAttribute('data-total'));
    expect(total).toBeGreaterThan(0);
    await expect(page.getByTestId('doc-selection')).toHaveAttribute('data-quote', '退款');
    await page.screenshot({ path: join(SHOTS, `find-${locale}.png`) });
    if (total > 1) {
      // Enter / Shift+Enter walk the matches
      await page.keyboard.press('Enter');
      await expect(count).toHaveAttribute('data-index', '1');
      await page.keyboard.press('Shift+Enter');
      await expect(count).toHaveAttribute('data-index', '0');
    }
    // Esc leaves the box, the match stays selected
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    const selection = page.getByTestId('doc-selection');
    await expect(selection).toHaveAttribute('data-quote', '退款');
    const docId = (await selection.getAttribute('data-doc-id')) as string;
    const text = (await page.locator(`[data-testid="doc-text"][data-doc-id="${docId}"]`).first().textContent()) as string;
    const at = text.indexOf('退款');
    // Shift+→ one character, Shift+← back; Ctrl+Shift+→ a whole Chinese word (by the word dictionary), Shift+← back one character
    await page.keyboard.press('Shift+ArrowRight');
    await expect(selection).toHaveAttribute('data-quote', text.slice(at, at + 3).trim());
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(selection).toHaveAttribute('data-quote', '退款');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await expect(selection).not.toHaveAttribute('data-quote', '退款');
    // the same word boundary as the pure step logic finds (unit-tested in selection-steps.test.ts)
    const word = text.slice(at, wordStep(text, at + 2, 'forward'));
    expect(word.length).toBeGreaterThan(2);
    await expect(selection).toHaveAttribute('data-quote', word);
    await page.keyboard.press('Shift+ArrowLeft');
    const quote = word.slice(0, -1);
    await expect(selection).toHaveAttribute('data-quote', quote);
    await page.screenshot({ path: join(SHOTS, `evidence-selected-${locale}.png`) });
    // the key legend names the new keys
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcut-overlay')).toContainText(locale === 'en' ? 'attach the selected text' : '附加到当前要点');
    await page.screenshot({ path: join(SHOTS, `shortcuts-${locale}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcut-overlay')).toBeHidden();
    await expect(selection).toHaveAttribute('data-quote', quote);

    // A attaches it to the active claim (the one just added)
    await page.keyboard.press('a');
    await expect(added.getByTestId('evidence-chip')).toHaveCount(1);
    await expect(added.getByTestId('evidence-chip').locator('q')).toHaveText(quote);
    await expect(page.getByTestId('doc-selection')).toHaveCount(0);

    // a second claim, without evidence: Enter asks once, Esc goes back, Enter again asks, Enter confirms
    await page.keyboard.press('n');
    await page.keyboard.type('以官网公告为准');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    const prompt = page.getByTestId('no-evidence-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveAttribute('data-missing', '1');
    await page.screenshot({ path: join(SHOTS, `no-evidence-prompt-${locale}.png`) });
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await expect(page.locator('[data-testid="step"][data-state="current"]')).toHaveAttribute('data-dimension', 'claims');
    expect((await item(page, reviewerId, caseId)).steps.find((s) => s.dimension === 'claims')?.current).toBeNull();
    await page.keyboard.press('Enter');
    await expect(prompt).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(prompt).toBeHidden();

    // written to the file: the quote with its document and code point offsets, and the claim without evidence
    await expect.poll(async () => (await item(page, reviewerId, caseId)).steps.find((s) => s.dimension === 'claims')?.current?.value ?? null).not.toBeNull();
    const claims = (await item(page, reviewerId, caseId)).steps.find((s) => s.dimension === 'claims')?.current?.value as Claim[];
    expect(claims).toHaveLength(imported + 2);
    expect(claims[imported]).toMatchObject({ text: '金额按剩余天数折算', evidence: [{ docId, quote }] });
    const evidence = claims[imported].evidence[0];
    expect([...text].slice(evidence.start, evidence.end).join('')).toBe(quote);
    expect(claims[imported + 1]).toMatchObject({ text: '以官网公告为准', evidence: [] });

    // the summary counts the claim without evidence
    for (let guard = 0; guard < 40 && (await page.locator('[data-testid="step-summary"][data-state="current"]').count()) === 0; guard++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(page.getByTestId('summary-no-evidence')).toHaveAttribute('data-count', '1');
    await page.screenshot({ path: join(SHOTS, `summary-no-evidence-${locale}.png`) });

    // the Cases view shows the claims as this expert edited them, the imported ones one click away
    await page.getByTestId('nav-cases').click();
    const query = (await api<CaseDetail>(page.request, 'cases.get', { id: caseId })).case.query;
    await page.getByTestId('search-input').fill(query);
    await page.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`).click();
    const detail = page.getByTestId('case-detail');
    await expect(detail).toHaveAttribute('data-detail-id', caseId);
    await expect(detail.getByTestId('claim')).toHaveCount(imported + 2);
    await expect(detail.locator('[data-testid="settled-note"][data-source="edit"]')).toContainText(`keys-${locale}-${stamp}`);
    const importedClaims = detail.getByTestId('claims-imported');
    await importedClaims.locator('summary').click();
    await expect(importedClaims.locator('li')).toHaveCount(imported);
    await page.screenshot({ path: join(SHOTS, `case-detail-edited-${locale}.png`) });
  });

  test(`sweep mode labels one dimension across the queue, one key per case, the verdict hidden until the label is saved (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const reviewerId = await openLabel(page, locale, 'sweep');
    await page.keyboard.press('w');
    const chooser = page.getByTestId('sweep-chooser');
    await expect(chooser).toBeVisible();
    const names = await chooser.getByTestId('sweep-dimension').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-dimension')));
    const index = names.indexOf('responseBehavior');
    expect(index).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `sweep-chooser-${locale}.png`) });
    await page.keyboard.press(String(index + 1));
    const banner = page.getByTestId('sweep-banner');
    await expect(banner).toHaveAttribute('data-dimension', 'responseBehavior');
    // the guided sequence is out of the way; the case's query and documents stay beside the step
    await expect(page.getByTestId('step')).toHaveCount(0);
    await expect(page.getByTestId('label-query')).toBeVisible();

    // one key per case (per response, for a dimension asked of each response): saved, and the next one opens
    const swept: { caseId: string; responseId: string }[] = [];
    for (let guard = 0; guard < 16 && swept.length < 4; guard++) {
      const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
      if (await page.getByTestId('sweep-no-step').isVisible()) {
        await page.keyboard.press('j');
        await expect(page.getByTestId('label-case-id')).not.toHaveText(caseId);
        continue;
      }
      const card = page.getByTestId('step-card');
      await expect(card).toHaveAttribute('data-dimension', 'responseBehavior');
      const responseId = (await card.getAttribute('data-response-id')) as string;
      // blind: nothing of the judge on screen before my label
      await expect(page.getByTestId('verdict')).toHaveCount(0);
      if (swept.length === 0) await page.screenshot({ path: join(SHOTS, `sweep-${locale}.png`) });
      await expect(page.getByTestId('sweep-progress')).toContainText(locale === 'en' ? `${swept.length} labeled` : `已标 ${swept.length} 个`);
      await page.keyboard.press('1');
      const shown = async () => `${await page.getByTestId('label-case-id').textContent()}|${(await card.count()) > 0 ? await card.getAttribute('data-response-id') : ''}`;
      await expect.poll(shown).not.toBe(`${caseId}|${responseId}`);
      swept.push({ caseId, responseId });
    }
    expect(swept).toHaveLength(4);

    // the labels are in the file, and the API now reveals the judge's verdicts on them
    const stepOf = (found: Item, responseId: string) => found.steps.find((s) => s.dimension === 'responseBehavior' && s.responseId === responseId);
    for (const { caseId, responseId } of swept) {
      await expect.poll(async () => stepOf(await item(page, reviewerId, caseId), responseId)?.current?.value ?? null).toBe('answered');
    }
    const revealed = await Promise.all(swept.map(async ({ caseId, responseId }) =>
      (await item(page, reviewerId, caseId)).verdicts.some((v) => v.dimension === 'responseBehavior' && (v as { responseId?: string }).responseId === responseId)));
    expect(revealed.some(Boolean)).toBe(true);

    // K goes back without saving; the labeled case now shows the judge beside my label
    const last = swept[swept.length - 1];
    if ((await page.getByTestId('label-case-id').textContent()) !== last.caseId) await page.keyboard.press('k');
    await expect(page.getByTestId('label-case-id')).toHaveText(last.caseId);

    // Esc leaves: the guided sequence is back
    await page.keyboard.press('Escape');
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('step').first()).toBeVisible();
  });
}
