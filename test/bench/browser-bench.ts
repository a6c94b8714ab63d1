import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * The browser-mode figures: the real server on the bench file, the built
 * renderer in Chromium. Times include Playwright's own round trips, so they
 * are an upper bound on what a person sees.
 */
const TOKEN = 'bench-token';

function startServer(dbPath: string, dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start-web.ts', '--port', '0', '--data-dir', dataDir, '--db', dbPath, '--token', TOKEN], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)].toFixed(1));
}

export async function measureInBrowser(dbPath: string, dataDir: string): Promise<Record<string, number>> {
  const { child, port } = await startServer(dbPath, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const api = async (name: string, input: unknown) => {
      const response = await fetch(`${base}/api/${name}`, { method: 'POST', headers: { 'X-Touchstone-Token': TOKEN }, body: JSON.stringify(input) });
      const envelope = (await response.json()) as { ok: boolean; value: any; error?: { message: string } };
      if (!envelope.ok) throw new Error(envelope.error?.message);
      return envelope.value;
    };
    const testSet = await api('testSets.current', {});
    const reviewer = await api('reviewers.create', { name: `Bench ${Date.now()}` });

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(([key, id]) => localStorage.setItem(key, id), [`touchstone.reviewer.${testSet.testSetId}`, String(reviewer.id)] as const);
    let start = performance.now();
    await page.goto(`${base}/?token=${TOKEN}`);
    await page.getByTestId('case-row').first().waitFor();
    const coldOpenToFirstListMs = Math.round(performance.now() - start);

    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    const caseId = page.getByTestId('label-case-id');
    await caseId.waitFor();
    const samples: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const before = await caseId.innerText();
      start = performance.now();
      await page.keyboard.press('j');
      // rendered = the new case's id is shown and its first step is on screen
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="label-case-id"]')?.textContent !== previous && document.querySelector('[data-testid="step-card"]') !== null,
        before,
        { polling: 'raf', timeout: 10_000 },
      );
      samples.push(performance.now() - start);
    }
    return { coldOpenToFirstListMs, nextCaseInBrowserP95Ms: p95(samples.slice(5)) };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}
