import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * Undo never loses work: every step type (options, numeric, claims) is labeled, undone with U and redone with
 * Shift+U, and what the file holds is read back after each key. On the claims step U first takes back the claims
 * label (the expert's claims stay on screen, unsaved), then the edits one by one; Shift+U brings them back.
 */

const CASE = 'refund-annual-day20';

interface Item { steps: { dimension: string; responseId: string | null; current: { value: unknown } | null }[] }

async function openAsNewReviewer(page: Page): Promise<number> {
  const name = `undo-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await openApp(page);
  const dialog = page.getByTestId('reviewer-dialog');
  await dialog.getByTestId('reviewer-new-name').fill(name);
  await dialog.getByTestId('reviewer-create').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('nav-label').click();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('step-card')).toBeVisible();
  const reviewers = await api<{ id: number; name: string }[]>(page.request, 'reviewers.list');
  return reviewers.find((r) => r.name === name)!.id;
}

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');
const stepRow = (page: Page, dimension: string, responseId: string | null): Locator =>
  page.locator(`[data-testid="step"][data-dimension="${dimension}"][data-response-id="${responseId ?? ''}"]`);

/** What the file holds for this reviewer's step (null: no label). */
async function stored(page: Page, reviewerId: number, dimension: string, responseId: string | null): Promise<unknown> {
  const item = await api<Item>(page.request, 'labeling.item', { reviewerId, caseId: CASE, queue: null });
  return item.steps.find((s) => s.dimension === dimension && s.responseId === responseId)?.current?.value ?? null;
}

/** Answers an options, numeric or claims-stated step with the keyboard. */
async function answer(page: Page, dimension: string): Promise<void> {
  const suggestion = page.getByTestId('step-card').locator('[data-testid="suggestion"][data-value]:not([data-value=""])');
  if (dimension === 'claimsStated' || dimension === 'failureTags') {
    // which claims the answer states, which failure tags apply: Enter confirms the marks as shown
    await page.keyboard.press('Enter');
  } else if (dimension === 'faithfulness') {
    await page.keyboard.press('8');
    await expect(page.getByTestId('numeric-entry')).toContainText('0.8');
    await page.keyboard.press('Enter');
  } else if (dimension === 'correctness') {
    await page.keyboard.press('2');
  } else if (await suggestion.count()) {
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.press('1');
  }
}

/** Drags the mouse across `quote` inside a document text, as a person selects it. */
async function selectWithMouse(page: Page, docText: Locator, quote: string): Promise<void> {
  await docText.scrollIntoViewIfNeeded();
  const box = await docText.evaluate((element, q) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(q);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + q.length);
      const rects = range.getClientRects();
      const a = rects[0];
      const b = rects[rects.length - 1];
      return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2 };
    }
    return null;
  }, quote);
  expect(box, `"${quote}" in the document text`).not.toBeNull();
  await page.mouse.move(box!.x1, box!.y1);
  await page.mouse.down();
  await page.mouse.move(box!.x2, box!.y2, { steps: 6 });
  await page.mouse.up();
}

test('undo and redo walk through every step type; after an undo the step is confirmed and written again', async ({ page }) => {
  const reviewerId = await openAsNewReviewer(page);
  await expect(page.getByTestId('label-case-id')).toHaveText(CASE);
  const kinds = new Set<string>();
  let reconfirmed = false;
  let last: { dimension: string; responseId: string | null; value: unknown } | null = null;

  for (let guard = 0; guard < 20; guard++) {
    if ((await page.locator('[data-testid="step-summary"][data-state="current"]').count()) > 0) break;
    const step = currentStep(page);
    const dimension = (await step.getAttribute('data-dimension')) as string;
    const responseId = (await step.getAttribute('data-response-id')) || null;
    const row = stepRow(page, dimension, responseId);

    if (dimension === 'claims') {
      kinds.add('claims');
      const editor = page.getByTestId('claim-editor');
      const imported = await editor.getByTestId('claim-item').count();
      await page.keyboard.press('n');
      await page.keyboard.type('金额按剩余天数折算');
      await page.keyboard.press('Enter');
      const added = editor.getByTestId('claim-item').last();
      await expect(added).toContainText('金额按剩余天数折算');
      await selectWithMouse(page, page.locator(`[data-testid="doc-text"][data-doc-id="refund-policy"][data-revision="v2"]`), '按剩余天数折算退款金额');
      await page.getByTestId('attach-offer').getByTestId('evidence-attach').click();
      await expect(added.getByTestId('evidence-chip')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(row.getByTestId('step-saved')).toBeVisible();
      const confirmed = await stored(page, reviewerId, 'claims', null) as { text: string; evidence: unknown[] }[];
      expect(confirmed.at(-1)).toMatchObject({ text: '金额按剩余天数折算', evidence: [{ quote: '按剩余天数折算退款金额' }] });

      // U takes back the claims label: the expert's claims stay on screen, unsaved — not the imported ones
      await page.keyboard.press('u');
      await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
      await expect(editor).toHaveAttribute('data-dirty', 'true');
      await expect(editor.getByTestId('claim-item')).toHaveCount(imported + 1);
      await expect(added.getByTestId('evidence-chip')).toHaveCount(1);
      await expect.poll(() => stored(page, reviewerId, 'claims', null)).toBeNull();
      // U again: the last edit (the evidence), then the added claim; Shift+U brings both back
      await page.keyboard.press('u');
      await expect(added.getByTestId('evidence-chip')).toHaveCount(0);
      await page.keyboard.press('u');
      await expect(editor.getByTestId('claim-item')).toHaveCount(imported);
      await page.keyboard.press('Shift+U');
      await page.keyboard.press('Shift+U');
      await expect(editor.getByTestId('claim-item')).toHaveCount(imported + 1);
      await expect(editor.getByTestId('claim-item').last().getByTestId('evidence-chip')).toHaveCount(1);
      // confirmed after the undo: written again, the evidence with it
      await page.keyboard.press('Enter');
      await expect(row.getByTestId('step-saved')).toBeVisible();
      await expect.poll(() => stored(page, reviewerId, 'claims', null)).toEqual(confirmed);
      // and the label itself undone and redone
      await page.keyboard.press('u');
      await expect.poll(() => stored(page, reviewerId, 'claims', null)).toBeNull();
      await page.keyboard.press('Shift+U');
      await expect(row.getByTestId('step-saved')).toBeVisible();
      await expect.poll(() => stored(page, reviewerId, 'claims', null)).toEqual(confirmed);
      await expect(currentStep(page)).not.toHaveAttribute('data-dimension', 'claims');
      continue;
    }

    kinds.add(dimension === 'faithfulness' ? 'numeric' : dimension === 'claimsStated' ? 'claims-stated' : 'options');
    await answer(page, dimension);
    await expect(row.getByTestId('step-saved')).toBeVisible();
    const value = await stored(page, reviewerId, dimension, responseId);
    expect(value).not.toBeNull();

    // U: the step comes back, unlabeled in the file
    await page.keyboard.press('u');
    await expect(page.getByTestId('undo-toast')).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'current');
    await expect.poll(() => stored(page, reviewerId, dimension, responseId)).toBeNull();
    if (!reconfirmed) {
      // the undone step is answered again and written
      reconfirmed = true;
      await answer(page, dimension);
    } else {
      // Shift+U writes the undone label again and moves on
      await page.keyboard.press('Shift+U');
      await expect(page.getByTestId('undo-toast')).toHaveAttribute('data-kind', 'redo');
    }
    await expect(row.getByTestId('step-saved')).toBeVisible();
    await expect.poll(() => stored(page, reviewerId, dimension, responseId)).toEqual(value);
    await expect(row).not.toHaveAttribute('data-state', 'current');
    last = { dimension, responseId, value };
  }
  expect([...kinds].sort()).toEqual(['claims', 'claims-stated', 'numeric', 'options']);

  // U and Shift+U at once: the redo waits for the undo still on its way, and the label is in the file again
  await page.keyboard.press('u');
  await page.keyboard.press('Shift+U');
  await expect(page.getByTestId('undo-toast')).toHaveAttribute('data-kind', 'redo');
  await expect.poll(() => stored(page, reviewerId, last!.dimension, last!.responseId)).toEqual(last!.value);

  // nothing left to redo says so
  await page.keyboard.press('Shift+U');
  await expect(page.getByTestId('undo-toast')).toHaveAttribute('data-kind', 'nothing-to-redo');

  // the case is finished: progress and position stay inside the queue
  const progress = page.getByTestId('label-progress');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('label-case-id')).not.toHaveText(CASE);
  await expect(progress).toHaveAttribute('data-done', '1');
  const position = page.getByTestId('label-position');
  const total = Number(await position.getAttribute('data-total'));
  expect(Number(await position.getAttribute('data-index'))).toBeLessThan(total);
});
