import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enterLabelQueue, useSessionToken } from './helpers';

/**
 * Kill -9 in the middle of a labeling queue: this test runs its own server on
 * its own file (the shared one must survive for the other tests), labels in
 * Chromium with the keyboard, SIGKILLs the server, restarts it on the same
 * file, and finds every saved label and the resume point.
 */
const TOKEN = 'crash-e2e-token-0123456789';

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start-web.ts', '--port', String(port), '--data-dir', dataDir, '--token', TOKEN], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('http://127.0.0.1:')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const stepSaved = (page: Page, dimension: string) => page.locator(`[data-testid="step"][data-dimension="${dimension}"][data-response-id=""]`).getByTestId('step-saved');

test('a SIGKILLed server loses no saved label and the queue resumes where it was', async ({ page }) => {
  // its own server's first launch builds the demo (the sample played forward a few weeks) before the page opens
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'touchstone-e2e-crash-'));
  const port = 4700 + Math.floor(Math.random() * 200);
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(dataDir, port);
  try {
    await page.addInitScript(() => localStorage.setItem('touchstone.locale', 'en'));
    await useSessionToken(page, TOKEN);
    await page.goto(`${base}/`);
    const dialog = page.getByTestId('reviewer-dialog');
    await dialog.getByTestId('reviewer-new-name').fill('Crash Reviewer');
    await dialog.getByTestId('reviewer-create').click();
    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    await expect(page.getByTestId('step-card')).toBeVisible();

    // first case: answerability and question type by keyboard (1 = first option), saved
    const firstCase = (await page.getByTestId('label-case-id').textContent()) as string;
    await page.keyboard.press('2');
    await expect(stepSaved(page, 'answerability')).toBeVisible();
    await page.keyboard.press('1');
    await expect(stepSaved(page, 'questionType')).toBeVisible();
    // second case, one label, then the server dies
    await page.keyboard.press('j');
    await expect(page.getByTestId('label-case-id')).not.toHaveText(firstCase);
    const secondCase = (await page.getByTestId('label-case-id').textContent()) as string;
    await page.keyboard.press('3');
    await expect(stepSaved(page, 'answerability')).toBeVisible();
    await expect(page.locator('[data-testid="step"][data-state="current"]')).toHaveAttribute('data-dimension', 'questionType');

    await killHard(server);
    server = await startServer(dataDir, port);

    // a fresh page load after the restart: same case, same step, every label there
    await page.reload();
    await enterLabelQueue(page, 'queue-resume');
    await expect(page.getByTestId('label-case-id')).toHaveText(secondCase);
    await expect(stepSaved(page, 'answerability')).toBeVisible();
    await expect(page.locator('[data-testid="step"][data-state="current"]')).toHaveAttribute('data-dimension', 'questionType');

    const history = async (caseId: string) => {
      const response = await fetch(`${base}/api/labels.history`, { method: 'POST', headers: { 'X-Touchstone-Token': TOKEN }, body: JSON.stringify({ caseId }) });
      // the demo's own reviewers labeled these cases too: only this reviewer's events are the crash's
      return ((await response.json()) as { value: { dimension: string; value: unknown; reviewer: string }[] }).value.filter((e) => e.reviewer === 'Crash Reviewer');
    };
    expect((await history(firstCase)).map((e) => [e.dimension, e.value, e.reviewer])).toEqual([
      ['answerability', 'unanswerable', 'Crash Reviewer'],
      ['questionType', 'policy-and-amounts', 'Crash Reviewer'],
    ]);
    expect((await history(secondCase)).map((e) => [e.dimension, e.value])).toEqual([['answerability', 'false-premise']]);
  } finally {
    await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
