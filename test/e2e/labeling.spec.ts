import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, openApp } from './helpers';

/** Opens the app with a reviewer of its own (tests share one server and one demo test set). */
async function openAsNewReviewer(page: Page, prefix: string): Promise<string> {
  const name = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await openApp(page);
  const dialog = page.getByTestId('reviewer-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('reviewer-new-name').fill(name);
  await dialog.getByTestId('reviewer-create').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('reviewer-name')).toHaveText(name);
  await page.getByTestId('nav-label').click();
  await expect(page.getByTestId('label-view')).toBeVisible();
  await page.getByTestId('queue-start-unlabeled').click();
  await expect(page.getByTestId('step-card')).toBeVisible();
  return name;
}

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');

function stepRow(page: Page, dimension: string, responseId: string | null): Locator {
  return page.locator(`[data-testid="step"][data-dimension="${dimension}"][data-response-id="${responseId ?? ''}"]`);
}

/** Answers the current step with the keyboard and waits until the API confirmed it. */
async function answerWithKeyboard(page: Page): Promise<void> {
  const step = currentStep(page);
  const dimension = (await step.getAttribute('data-dimension')) as string;
  const responseId = (await step.getAttribute('data-response-id')) || null;
  const card = page.getByTestId('step-card');
  const suggestion = card.locator('[data-testid="suggestion"][data-value]:not([data-value=""])');
  if (dimension === 'claims' || dimension === 'claimsStated' || dimension === 'failureTags') {
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
  await expect(stepRow(page, dimension, responseId).getByTestId('step-saved')).toBeVisible();
}

/** Labels every step of the case on screen, then Enter on the summary goes to the next case. */
async function labelCaseWithKeyboard(page: Page): Promise<string> {
  const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
  for (let guard = 0; guard < 40; guard++) {
    if ((await page.locator('[data-testid="step-summary"][data-state="current"]').count()) > 0) break;
    await answerWithKeyboard(page);
  }
  await expect(page.locator('[data-testid="step"]:not([data-state="saved"])')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('label-case-id')).not.toHaveText(caseId);
  return caseId;
}

/** Drags the mouse across `quote` inside a document text, as a person selects it; returns the element's text. */
async function selectWithMouse(page: Page, docText: Locator, quote: string): Promise<string> {
  await docText.scrollIntoViewIfNeeded();
  const box = await docText.evaluate((element, q) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(q);
      if (at < 0) continue;
      const first = document.createRange();
      first.setStart(node, at);
      first.setEnd(node, at + 1);
      const last = document.createRange();
      last.setStart(node, at + q.length - 1);
      last.setEnd(node, at + q.length);
      const a = first.getBoundingClientRect();
      const b = last.getBoundingClientRect();
      return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2, text: element.textContent ?? '' };
    }
    return null;
  }, quote);
  expect(box, `"${quote}" in the document text`).not.toBeNull();
  await page.mouse.move(box!.x1, box!.y1);
  await page.mouse.down();
  await page.mouse.move((box!.x1 + box!.x2) / 2, box!.y2, { steps: 4 });
  await page.mouse.move(box!.x2, box!.y2, { steps: 4 });
  await page.mouse.up();
  return box!.text;
}

test('three cases labeled with the keyboard only', async ({ page }) => {
  const me = await openAsNewReviewer(page, 'kbd');
  const progress = page.getByTestId('label-progress');
  await expect(progress).toHaveAttribute('data-done', '0');
  const total = Number(await progress.getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(40);

  const labeled: string[] = [];
  for (let i = 0; i < 3; i++) labeled.push(await labelCaseWithKeyboard(page));
  expect(new Set(labeled).size).toBe(3);
  await expect(progress).toHaveAttribute('data-done', '3');

  // K goes back to the last labeled case: everything shows as saved
  await page.keyboard.press('k');
  await expect(page.getByTestId('label-case-id')).toHaveText(labeled[2]);
  await expect(page.locator('[data-testid="step"][data-state="todo"]')).toHaveCount(0);

  // the history lists this reviewer's events; U undoes the last one and says what it undid
  await page.keyboard.press('h');
  await expect(page.getByTestId('history-panel')).toBeVisible();
  await expect(page.getByTestId('history-event').first()).toBeVisible();
  await page.keyboard.press('u');
  await expect(page.getByTestId('undo-toast')).toBeVisible();
  // the history holds every reviewer's events on the case (other specs undo theirs on the shared demo): count mine
  const mine = page.getByTestId('history-event').filter({ has: page.locator('.history-who', { hasText: me }) });
  await expect(mine.filter({ has: page.locator('.history-undo') })).toHaveCount(1);

  // the shortcut overlay opens with ? and closes with Esc
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-overlay')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcut-overlay')).toBeHidden();
});

test('evidence attached by selecting Chinese text in a document', async ({ page }) => {
  const reviewer = await openAsNewReviewer(page, 'evidence');
  await expect(page.getByTestId('label-case-id')).toHaveText('refund-annual-day20');
  // answerability and question type: confirm the imported values
  await answerWithKeyboard(page);
  await answerWithKeyboard(page);
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
  const editor = page.getByTestId('claim-editor');
  await expect(editor).toBeVisible();

  // a new claim, typed after N; it becomes the claim selections attach to
  await page.keyboard.press('n');
  await page.keyboard.type('金额按剩余天数折算');
  await page.keyboard.press('Enter');
  const claims = editor.getByTestId('claim-item');
  const added = claims.last();
  await expect(added).toContainText('金额按剩余天数折算');
  await expect(added).toHaveAttribute('data-has-evidence', 'false');
  await expect(added.getByTestId('claim-no-evidence')).toBeVisible();

  // select a Chinese quote with the mouse in the newest revision of the refund policy
  const quote = '按剩余天数折算退款金额';
  const docText = page.locator('[data-testid="doc-text"][data-doc-id="refund-policy"][data-revision="v2"]');
  const text = await selectWithMouse(page, docText, quote);
  const offer = page.getByTestId('attach-offer');
  await expect(offer).toBeVisible();
  await offer.getByTestId('evidence-attach').click();

  const chip = added.getByTestId('evidence-chip');
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText(quote);
  await expect(chip).toHaveAttribute('data-doc-id', 'refund-policy');
  const start = [...text.slice(0, text.indexOf(quote))].length;
  await expect(chip).toHaveAttribute('data-start', String(start));
  await expect(chip).toHaveAttribute('data-end', String(start + [...quote].length));
  await expect(added).toHaveAttribute('data-has-evidence', 'true');

  // Enter confirms the claims: one label event with the structured value
  await page.keyboard.press('Enter');
  await expect(stepRow(page, 'claims', null).getByTestId('step-saved')).toBeVisible();
  const history = await api<{ reviewer: string; dimension: string; value: unknown }[]>(page.request, 'labels.history', { caseId: 'refund-annual-day20' });
  const saved = history.find((event) => event.reviewer === reviewer && event.dimension === 'claims');
  expect(saved).toBeTruthy();
  const value = saved!.value as { text: string; evidence: { docId: string; quote: string; start: number; end: number }[] }[];
  const mine = value.find((claim) => claim.text === '金额按剩余天数折算');
  expect(mine?.evidence).toEqual([{ docId: 'refund-policy', quote, start, end: start + [...quote].length }]);

  // a quote from the superseded revision is not in the newest one: flagged "missing in revision v2"
  await page.keyboard.press('ArrowUp');
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
  await added.locator('.claim-text').click();
  await selectWithMouse(page, page.locator('[data-testid="doc-text"][data-doc-id="refund-policy"][data-revision="v1"]'), '7 天内可申请全额退款');
  await page.getByTestId('attach-offer').getByTestId('evidence-attach').click();
  await expect(added.getByTestId('evidence-chip')).toHaveCount(2);
  // changing a saved label asks for an optional reason
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reason-input')).toBeFocused();
  await page.keyboard.type('也引用了旧版规则');
  await page.keyboard.press('Enter');
  await expect(stepRow(page, 'claims', null).getByTestId('step-saved')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('claim-editor').getByTestId('evidence-missing')).toHaveAttribute('data-revision', 'v2');
  await expect(page.getByTestId('claim-editor').getByTestId('evidence-missing')).toContainText('v2');
});

test('judge verdicts stay hidden until the label is saved', async ({ page }) => {
  await openAsNewReviewer(page, 'blind');
  await expect(page.getByTestId('label-case-id')).toHaveText('refund-annual-day20');
  const judged = 'r-3.2-refund-annual-day20';
  await expect(page.getByTestId('verdict')).toHaveCount(0);

  // walk to the behaviour step of the response the judge scored; nothing is revealed on the way
  for (let guard = 0; guard < 20; guard++) {
    const step = currentStep(page);
    if ((await step.getAttribute('data-dimension')) === 'responseBehavior' && (await step.getAttribute('data-response-id')) === judged) break;
    await answerWithKeyboard(page);
    await expect(page.locator(`[data-testid="verdict"][data-response-id="${judged}"]`)).toHaveCount(0);
  }
  // (the demo's second judge run scored the other answer too: its verdicts show beside the labels just saved for it)
  await expect(page.locator(`[data-testid="verdict"][data-response-id="${judged}"]`)).toHaveCount(0);

  // save my behaviour label: only that verdict is revealed, beside my label
  await page.keyboard.press('1');
  await expect(stepRow(page, 'responseBehavior', judged).getByTestId('step-saved')).toBeVisible();
  await expect(page.locator(`[data-testid="verdict"][data-dimension="responseBehavior"][data-response-id="${judged}"]`).first()).toBeVisible();
  await expect(page.locator(`[data-testid="verdict"][data-dimension="correctness"][data-response-id="${judged}"]`)).toHaveCount(0);

  // claims this answer states, refusal correctness, then correctness: its verdict (with rationale) appears only once saved
  await answerWithKeyboard(page);
  await answerWithKeyboard(page);
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'correctness');
  await expect(page.locator(`[data-testid="verdict"][data-dimension="correctness"][data-response-id="${judged}"]`)).toHaveCount(0);
  await page.keyboard.press('2');
  await expect(stepRow(page, 'correctness', judged).getByTestId('step-saved')).toBeVisible();
  const verdict = page.locator(`[data-testid="verdict"][data-dimension="correctness"][data-response-id="${judged}"]`).first();
  await expect(verdict).toBeVisible();
  await expect(verdict.locator('.verdict-rationale')).not.toBeEmpty();
  await expect(page.locator(`[data-testid="verdict"][data-dimension="faithfulness"][data-response-id="${judged}"]`)).toHaveCount(0);
});

test('a reload resumes the same case and step', async ({ page }) => {
  await openAsNewReviewer(page, 'resume');
  await answerWithKeyboard(page);
  await answerWithKeyboard(page);
  const caseId = await page.getByTestId('label-case-id').textContent();
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
  await page.reload();
  await page.getByTestId('nav-label').click();
  await expect(page.getByTestId('label-case-id')).toHaveText(caseId as string);
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
  await expect(stepRow(page, 'answerability', null).getByTestId('step-saved')).toBeVisible();

  // "Change queue" offers to continue where I left off
  await page.getByTestId('queue-change').click();
  await page.getByTestId('queue-resume').click();
  await expect(page.getByTestId('label-case-id')).toHaveText(caseId as string);
  await expect(currentStep(page)).toHaveAttribute('data-dimension', 'claims');
});
