import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser mode as a person starts it: no --token, the printed address opened
 * in Chromium. The address carries a one-time launch code, so the copy the
 * browser keeps in its history opens nothing once the tab has traded it for
 * its session token; the tab itself keeps working through reloads.
 */
const PORT = Number(process.env.E2E_PORT ?? 4599) + 2000;

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start-web.ts', '--port', String(PORT), '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?code=[0-9a-f]{48}/.exec(out)?.[0];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

const appInfo = (token: string | null) =>
  fetch(`http://127.0.0.1:${PORT}/api/app.info`, { method: 'POST', headers: { 'X-Touchstone-Token': token ?? '' }, body: '{}' }).then((r) => r.status);

test('the printed address opens the app once; the tab keeps its session through a reload; the address from history opens nothing', async ({ page, browser }) => {
  // a server of its own, started from sources, and three tabs
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'touchstone-e2e-launch-'));
  const { child, url } = await startServer(dataDir);
  try {
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    await page.addInitScript(() => localStorage.setItem('touchstone.locale', 'en'));
    await page.goto(url);
    await expect(page.getByTestId('reviewer-dialog')).toBeVisible();
    expect(page.url()).not.toContain('code=');
    const token = await page.evaluate(() => sessionStorage.getItem('touchstone.token'));
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(await appInfo(token)).toBe(200);

    await page.reload();
    await expect(page.getByTestId('reviewer-dialog')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('touchstone.token'))).toBe(token);
    // the CSP is a header only: no <meta> tag, so Chromium has no "frame-ancestors is ignored" to log
    expect(console.filter((text) => /Content Security Policy|frame-ancestors/i.test(text))).toEqual([]);
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(0);

    // the same address again, as from the browser's history in another tab: the code is spent, and the tab says so
    // in the reader's language instead of calling the API (every call would be refused)
    const texts = {
      en: ['This address was already used', 'Open the newest address printed in the terminal'],
      'zh-CN': ['这个地址已经用过了', '请打开终端里最新打印的地址'],
    } as const;
    for (const locale of ['en', 'zh-CN'] as const) {
      const other = await browser.newContext({ locale });
      const stale = await other.newPage();
      const apiCalls: string[] = [];
      stale.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
      });
      const refused = stale.waitForResponse((r) => new URL(r.url()).pathname === '/auth/exchange');
      await stale.goto(url);
      expect((await refused).status()).toBe(401);
      const notice = stale.getByTestId('address-used');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(texts[locale][0]);
      await expect(notice).toContainText(texts[locale][1]);
      await stale.screenshot({ path: `test-results/address-used-${locale}.png` });
      expect(await stale.evaluate(() => sessionStorage.getItem('touchstone.token'))).toBeNull();
      expect(apiCalls).toEqual([]);
      await other.close();
    }
    // the first tab is untouched by the refused one
    expect(await appInfo(token)).toBe(200);
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
