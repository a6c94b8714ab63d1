import { expect, test, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enterLabelQueue, useSessionToken } from './helpers';

/**
 * The test-set file stops taking writes while someone labels: this spec runs
 * its own server (test/helpers/fault-server.ts, on its own data folder) whose
 * SQLite connection is made to refuse writes for real from the test, labels in
 * Chromium with the keyboard, and checks that nothing is shown as saved that is
 * not, that the labels wait (in order, through a reload of the tab) and that
 * every one of them reaches the file exactly once when writing works again.
 */
const TOKEN = 'fault-e2e-token-0123456789';
const PORT = Number(process.env.E2E_PORT ?? 4599) + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
/** Outside test-results/, which every Playwright run in this checkout empties first. */
const SHOTS = join(tmpdir(), 'touchstone-shots', 'storage-fault');

interface FaultServer {
  child: ChildProcess;
  command(name: 'read-only' | 'writable' | 'disk-full' | 'space'): Promise<void>;
  stop(): Promise<void>;
}

function startServer(dataDir: string): Promise<FaultServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/fault-server.ts', '--port', String(PORT), '--data-dir', dataDir, '--token', TOKEN], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const waiters: { text: string; done: () => void }[] = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const waiter of waiters.splice(0)) {
        if (out.includes(waiter.text)) waiter.done();
        else waiters.push(waiter);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const onExit = (code: number | null) => reject(new Error(`fault server exited with ${code}: ${out}`));
    child.on('exit', onExit);
    const server: FaultServer = {
      child,
      command: (name) =>
        new Promise((done) => {
          out = '';
          waiters.push({ text: `ok ${name}`, done });
          child.stdin!.write(`${name}\n`);
        }),
      stop: () =>
        new Promise((done) => {
          child.off('exit', onExit);
          if (child.exitCode !== null || child.signalCode !== null) {
            done();
            return;
          }
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    };
    waiters.push({ text: 'is running', done: () => resolve(server) });
  });
}

const currentStep = (page: Page) => page.locator('[data-testid="step"][data-state="current"]');
const stepRow = (page: Page, dimension: string, responseId: string) =>
  page.locator(`[data-testid="step"][data-dimension="${dimension}"][data-response-id="${responseId}"]`);

async function answer(page: Page, key: string): Promise<{ dimension: string; responseId: string; row: Locator }> {
  const step = currentStep(page);
  const dimension = (await step.getAttribute('data-dimension')) as string;
  const responseId = (await step.getAttribute('data-response-id')) as string;
  // the claims step is answered by confirming the claims as they stand
  await page.keyboard.press(dimension === 'claims' || dimension === 'claimsStated' || dimension === 'failureTags' ? 'Enter' : key);
  const row = stepRow(page, dimension, responseId);
  await expect(row).not.toHaveAttribute('data-state', 'current');
  return { dimension, responseId, row };
}

async function history(caseId: string): Promise<{ dimension: string; responseId: string | null; value: unknown; reviewer: string; kind: string }[]> {
  const response = await fetch(`${BASE}/api/labels.history`, { method: 'POST', headers: { 'X-Touchstone-Token': TOKEN }, body: JSON.stringify({ caseId }) });
  return ((await response.json()) as { value: { dimension: string; responseId: string | null; value: unknown; reviewer: string; kind: string }[] }).value;
}

test('a read-only test set: labels wait visibly, survive a reload, and are written exactly once when it is writable again', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchstone-e2e-fault-'));
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer(dataDir);
  try {
    await page.addInitScript(() => {
      if (!localStorage.getItem('touchstone.locale')) localStorage.setItem('touchstone.locale', 'en');
    });
    await useSessionToken(page, TOKEN);
    await page.goto(`${BASE}/`);
    const dialog = page.getByTestId('reviewer-dialog');
    await dialog.getByTestId('reviewer-new-name').fill('Fault Reviewer');
    await dialog.getByTestId('reviewer-create').click();
    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    await expect(page.getByTestId('step-card')).toBeVisible();
    const caseId = (await page.getByTestId('label-case-id').textContent()) as string;

    // written normally
    const first = await answer(page, '2');
    await expect(first.row.getByTestId('step-saved')).toBeVisible();

    // the file stops taking writes: the next answer waits, never shown as saved
    await server.command('read-only');
    const second = await answer(page, '1');
    const banner = page.getByTestId('save-fault-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-reason', 'read-only');
    await expect(banner).toContainText('demo.touchstone.sqlite cannot be written');
    await expect(second.row).toHaveAttribute('data-save', 'waiting');
    await expect(second.row.getByTestId('step-waiting')).toBeVisible();
    await expect(second.row.getByTestId('step-saved')).toHaveCount(0);

    // labeling goes on: two more answers queue up behind it
    const third = await answer(page, '1');
    const fourth = await answer(page, '2');
    for (const step of [third, fourth]) {
      await expect(step.row).toHaveAttribute('data-save', 'waiting');
      await expect(step.row.getByTestId('step-saved')).toHaveCount(0);
    }
    await expect(banner).toHaveAttribute('data-count', '3');

    // undo of an answer not written yet takes it out of the queue (no undo event is ever written)
    await page.keyboard.press('u');
    await expect(banner).toHaveAttribute('data-count', '2');
    await expect(currentStep(page)).toHaveAttribute('data-dimension', fourth.dimension);
    await expect(fourth.row).not.toHaveAttribute('data-save', 'waiting');
    const fourthAgain = await answer(page, '1');
    await expect(banner).toHaveAttribute('data-count', '3');
    await expect(fourthAgain.row).toHaveAttribute('data-save', 'waiting');

    await page.screenshot({ path: `${SHOTS}/banner-en.png` });
    // a waiting step, opened: its card says so, and shows no saved mark and no judge verdict
    await second.row.click();
    const card = page.getByTestId('step-card');
    await expect(card.getByTestId('step-waiting')).toHaveText('Not saved yet — waiting to write');
    await expect(card.locator('.status-saved')).toHaveCount(0);
    await page.locator('.step-panel').screenshot({ path: `${SHOTS}/waiting-step-en.png` });
    await page.getByTestId('language-switch').click();
    await expect(banner).toContainText('无法写入');
    await expect(card.getByTestId('step-waiting')).toHaveText('尚未保存 — 等待写入');
    await page.screenshot({ path: `${SHOTS}/banner-zh.png` });
    await page.locator('.step-panel').screenshot({ path: `${SHOTS}/waiting-step-zh.png` });
    await page.getByTestId('language-switch').click();

    // leaving asks first; after a reload the waiting labels are still there, and still waiting
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(dialogs).toContain('beforeunload');
    await enterLabelQueue(page, 'queue-resume');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('label-case-id')).toHaveText(caseId);
    for (const step of [second, third, fourthAgain]) await expect(step.row).toHaveAttribute('data-save', 'waiting');
    expect((await history(caseId)).filter((e) => e.reviewer === 'Fault Reviewer')).toHaveLength(1);

    // writable again: "Try again" drains the queue in order, every mark turns to saved (waiting first for a
    // retry delay of a few seconds, so that the button, not the automatic retry, is what writes)
    await expect(banner).toContainText(/Next try in ([3-9]|\d\d) s/, { timeout: 30_000 });
    await server.command('writable');
    await page.getByTestId('save-fault-retry').click();
    await expect(banner).toHaveCount(0);
    for (const step of [first, second, third, fourthAgain]) {
      await expect(step.row.getByTestId('step-saved')).toBeVisible();
      await expect(step.row.getByTestId('step-waiting')).toHaveCount(0);
    }

    // in the file: each answer exactly once, in the order given, and no undo event
    const events = (await history(caseId)).filter((e) => e.reviewer === 'Fault Reviewer');
    expect(events.map((e) => [e.dimension, e.responseId ?? '', e.kind])).toEqual(
      [first, second, third, fourthAgain].map((s) => [s.dimension, s.responseId, 'set']),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the server gone: labels wait and are written by the automatic retries once it is back', async ({ page }) => {
  // its own server's first launch builds the demo (the sample played forward a few weeks) before the page opens
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'touchstone-e2e-fault-'));
  mkdirSync(SHOTS, { recursive: true });
  let server = await startServer(dataDir);
  try {
    await page.addInitScript(() => localStorage.setItem('touchstone.locale', 'en'));
    await useSessionToken(page, TOKEN);
    await page.goto(`${BASE}/`);
    const dialog = page.getByTestId('reviewer-dialog');
    await dialog.getByTestId('reviewer-new-name').fill('Offline Reviewer');
    await dialog.getByTestId('reviewer-create').click();
    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    await expect(page.getByTestId('step-card')).toBeVisible();
    const caseId = (await page.getByTestId('label-case-id').textContent()) as string;
    const banner = page.getByTestId('save-fault-banner');

    // the server goes away: the answer waits, the banner says the server does not answer
    await server.stop();
    const gone = await answer(page, '2');
    await expect(banner).toHaveAttribute('data-reason', 'unreachable');
    await expect(gone.row).toHaveAttribute('data-save', 'waiting');
    const alsoGone = await answer(page, '1');
    await expect(banner).toHaveAttribute('data-count', '2');
    await expect(banner).toContainText('The Touchstone server cannot be reached');
    await page.screenshot({ path: `${SHOTS}/unreachable-en.png` });

    // undo: the answer never sent is taken back; the one sent without an answer may be in the file, so undo waits for it
    await page.keyboard.press('u');
    await expect(banner).toHaveAttribute('data-count', '1');
    await expect(alsoGone.row).not.toHaveAttribute('data-save', 'waiting');
    await page.keyboard.press('u');
    const toast = page.getByTestId('undo-toast');
    await expect(toast).toHaveAttribute('data-kind', 'undo-waits');
    await expect(toast).toContainText('This label is still being written; undo it once it is saved.');
    await expect(banner).toHaveAttribute('data-count', '1');
    await expect(gone.row).toHaveAttribute('data-save', 'waiting');
    await page.screenshot({ path: `${SHOTS}/undo-waits-en.png` });
    await page.getByTestId('language-switch').click();
    await page.keyboard.press('u');
    await expect(toast).toContainText('这条标注仍在写入中；保存后再撤销。');
    await page.screenshot({ path: `${SHOTS}/undo-waits-zh.png` });
    await page.getByTestId('language-switch').click();
    await expect(currentStep(page)).toHaveAttribute('data-dimension', alsoGone.dimension);
    const alsoGoneAgain = await answer(page, '1');
    await expect(banner).toHaveAttribute('data-count', '2');

    // it comes back: the automatic retry (backoff, no click) writes both
    server = await startServer(dataDir);
    await expect(banner).toHaveCount(0, { timeout: 45_000 });
    for (const step of [gone, alsoGoneAgain]) await expect(step.row.getByTestId('step-saved')).toBeVisible();
    const events = (await history(caseId)).filter((e) => e.reviewer === 'Offline Reviewer');
    expect(events.map((e) => [e.dimension, e.responseId ?? '', e.kind])).toEqual([gone, alsoGoneAgain].map((s) => [s.dimension, s.responseId, 'set']));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
