import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The browser-mode figures: the real server on the bench file, the built
 * renderer in Chromium. Cold open is timed from the driver (an upper bound):
 * from the server's process start (node, tsx compiling the server, opening
 * the file) and from the page's load, each to the first list rows shown;
 * next case is timed inside the page, from keydown to the rendered frame.
 */
const TOKEN = 'bench-token-0123456789';

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

/** J presses timed after the first few (warm-up: the first cases are read before any prefetch has run). */
const NEXT_CASE_WARM_UP = 5;
const NEXT_CASE_SAMPLES = 200;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

/** The high-water mark of a process's resident memory (Linux), in MB; -1 where /proc is not there. */
function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : -1;
  } catch {
    return -1;
  }
}

export async function measureInBrowser(dbPath: string, dataDir: string): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const processStart = performance.now();
  const { child, port } = await startServer(dbPath, dataDir).catch(async (error) => {
    await browser.close();
    throw error;
  });
  const serverStartMs = Math.round(performance.now() - processStart);
  const base = `http://127.0.0.1:${port}`;
  try {
    const api = async (name: string, input: unknown) => {
      const response = await fetch(`${base}/api/${name}`, { method: 'POST', headers: { 'X-Touchstone-Token': TOKEN }, body: JSON.stringify(input) });
      const envelope = (await response.json()) as { ok: boolean; value: any; error?: { message: string } };
      if (!envelope.ok) throw new Error(envelope.error?.message);
      return envelope.value;
    };
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript((t) => sessionStorage.setItem('touchstone.token', t), TOKEN);
    const start = performance.now();
    await page.goto(`${base}/`);
    await page.getByTestId('case-row').first().waitFor();
    const coldOpenToFirstListMs = Math.round(performance.now() - start);
    const coldStartToFirstListMs = Math.round(performance.now() - processStart);

    // the labeler: a reviewer of their own, chosen in the window before the Label screen is opened
    const testSet = await api('testSets.current', {});
    const reviewer = await api('reviewers.create', { name: `Bench ${Date.now()}` });
    await page.evaluate(([key, id]) => localStorage.setItem(key, id), [`touchstone.reviewer.${testSet.testSetId}`, String(reviewer.id)] as const);
    await page.reload();
    await page.getByTestId('case-row').first().waitFor();

    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    const caseId = page.getByTestId('label-case-id');
    await caseId.waitFor();
    // Timed inside the page: from the keydown event to the first frame in which the new case's id
    // and its first step are in the DOM (a MutationObserver, then the next animation frame).
    await page.evaluate(() => {
      const w = window as unknown as { benchKeyAt: number; benchShownAt: number; benchFrom: string };
      window.addEventListener('keydown', () => {
        w.benchKeyAt = performance.now();
        w.benchShownAt = 0;
        w.benchFrom = document.querySelector('[data-testid="label-case-id"]')?.textContent ?? '';
      }, true);
      new MutationObserver(() => {
        if (w.benchShownAt || !w.benchKeyAt) return;
        const id = document.querySelector('[data-testid="label-case-id"]')?.textContent;
        if (id !== w.benchFrom && document.querySelector('[data-testid="step-card"]')) {
          requestAnimationFrame(() => {
            if (!w.benchShownAt) w.benchShownAt = performance.now();
          });
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const samples: number[] = [];
    for (let i = 0; i < NEXT_CASE_WARM_UP + NEXT_CASE_SAMPLES; i += 1) {
      await page.keyboard.press('j');
      await page.waitForFunction(() => (window as unknown as { benchShownAt: number }).benchShownAt > 0, undefined, { timeout: 10_000 });
      samples.push(await page.evaluate(() => {
        const w = window as unknown as { benchKeyAt: number; benchShownAt: number };
        return w.benchShownAt - w.benchKeyAt;
      }));
    }
    const timed = samples.slice(NEXT_CASE_WARM_UP);
    return {
      serverPeakRssMb: peakRssMb(child.pid!),
      serverStartMs,
      coldStartToFirstListMs,
      coldOpenToFirstListMs,
      nextCaseInBrowserSamples: timed.length,
      nextCaseInBrowserP50Ms: percentile(timed, 50),
      nextCaseInBrowserP95Ms: percentile(timed, 95),
    };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}
