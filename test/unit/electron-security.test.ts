import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildWindowOptions, devicePermissionDecision, isNavigationAllowed, isRequestAllowed, isTrustedSender,
  isWebviewAttachAllowed, permissionCheckDecision, permissionRequestDecision, unpackedPath, windowOpenDecision, windowTitle,
} from '../../electron/security';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/csp';

const repo = join(import.meta.dirname, '..', '..');
const appIndexUrl = pathToFileURL('/opt/Touchstone/resources/app.asar/dist/renderer/index.html').href;

describe('window options', () => {
  const options = buildWindowOptions('/opt/Touchstone/resources/app.asar/dist/electron/preload.cjs');
  const prefs = options.webPreferences;

  it('isolates and sandboxes the page, with no Node anywhere', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and every risky feature off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.spellcheck).toBe(false);
  });

  it('uses the given preload and nothing else from the caller', () => {
    expect(prefs.preload).toBe('/opt/Touchstone/resources/app.asar/dist/electron/preload.cjs');
    expect(Object.keys(prefs).sort()).toEqual([
      'allowRunningInsecureContent', 'contextIsolation', 'devTools', 'experimentalFeatures', 'navigateOnDragDrop', 'nodeIntegration',
      'nodeIntegrationInSubFrames', 'nodeIntegrationInWorker', 'preload', 'safeDialogs', 'sandbox', 'spellcheck', 'webSecurity', 'webviewTag',
    ]);
  });

  it('has DevTools only when asked (developer runs)', () => {
    expect(prefs.devTools).toBe(false);
    expect(buildWindowOptions('/p.cjs', { devTools: true }).webPreferences.devTools).toBe(true);
  });

  it('opens hidden (shown on ready-to-show) at a sensible size', () => {
    expect(options.show).toBe(false);
    expect(options).toMatchObject({ width: 1400, height: 900, minWidth: 1024, minHeight: 680, title: 'Touchstone' });
    expect(options.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe('isTrustedSender', () => {
  it("accepts the app's own index.html, with or without a #route", () => {
    expect(isTrustedSender(appIndexUrl, appIndexUrl)).toBe(true);
    expect(isTrustedSender(`${appIndexUrl}#/cases`, appIndexUrl)).toBe(true);
  });

  it('refuses other file:// pages, even next to the index', () => {
    expect(isTrustedSender('file:///opt/Touchstone/resources/app.asar/dist/renderer/other.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('file:///tmp/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('file:///home/me/Downloads/evil.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('file://evil-host/opt/Touchstone/resources/app.asar/dist/renderer/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('file:///opt/Touchstone/resources/app.asar/dist/renderer/index.html.evil', appIndexUrl)).toBe(false);
  });

  it('refuses web pages, devtools and other schemes', () => {
    expect(isTrustedSender('http://127.0.0.1:4321/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('https://example.com/dist/renderer/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('devtools://devtools/bundled/devtools_app.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('about:blank', appIndexUrl)).toBe(false);
    expect(isTrustedSender('data:text/html,<p>hi</p>', appIndexUrl)).toBe(false);
  });

  it('refuses a frame whose URL is unknown', () => {
    expect(isTrustedSender(undefined, appIndexUrl)).toBe(false);
    expect(isTrustedSender(null, appIndexUrl)).toBe(false);
    expect(isTrustedSender('', appIndexUrl)).toBe(false);
    expect(isTrustedSender('not a url', appIndexUrl)).toBe(false);
  });

  it('compares the decoded path (spaces, non-ASCII folders) and ignores case only when told to (Windows)', () => {
    const spaced = pathToFileURL('/Users/Zoë Li/Apps/Touchstone app/dist/renderer/index.html').href;
    expect(isTrustedSender(spaced, spaced)).toBe(true);
    expect(isTrustedSender('file:///Users/Zo%C3%AB%20Li/Apps/Touchstone%20app/dist/renderer/index.html', spaced)).toBe(true);
    const windows = 'file:///C:/Program%20Files/Touchstone/resources/app.asar/dist/renderer/index.html';
    expect(isTrustedSender('file:///c:/program%20files/touchstone/resources/app.asar/dist/renderer/index.html', windows)).toBe(false);
    expect(isTrustedSender('file:///c:/program%20files/touchstone/resources/app.asar/dist/renderer/index.html', windows, { caseInsensitive: true })).toBe(true);
    expect(isTrustedSender('file:///C:/Other/index.html', windows, { caseInsensitive: true })).toBe(false);
  });
});

describe('navigation, new windows, webviews, permissions', () => {
  it('allows no navigation away from the app index', () => {
    expect(isNavigationAllowed(appIndexUrl, appIndexUrl)).toBe(true);
    expect(isNavigationAllowed('https://example.com/', appIndexUrl)).toBe(false);
    expect(isNavigationAllowed('http://localhost:5173/', appIndexUrl)).toBe(false);
    expect(isNavigationAllowed('file:///etc/passwd', appIndexUrl)).toBe(false);
    expect(isNavigationAllowed('javascript:alert(1)', appIndexUrl)).toBe(false);
    expect(isNavigationAllowed(undefined, appIndexUrl)).toBe(false);
  });

  it('denies every new window and every webview', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' });
    expect(isWebviewAttachAllowed()).toBe(false);
  });

  it('refuses every permission request and check', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'openExternal', 'fullscreen', 'usb', 'unknown']) {
      expect(permissionRequestDecision(permission)).toBe(false);
      expect(permissionCheckDecision(permission)).toBe(false);
    }
    expect(devicePermissionDecision()).toBe(false);
  });
});

describe('network rule', () => {
  it('cancels everything that would leave the machine', () => {
    for (const url of [
      'http://example.com/x.js', 'https://fonts.googleapis.com/css', 'ws://127.0.0.1:9000/', 'wss://example.com/socket',
      'ftp://example.com/file', 'http://127.0.0.1:4321/api/app.info', 'chrome-extension://abc/x.js', 'not a url', '',
    ]) {
      expect(isRequestAllowed(url), url).toBe(false);
    }
    expect(isRequestAllowed(undefined)).toBe(false);
  });

  it('lets the app load its own files, in-page data and devtools', () => {
    expect(isRequestAllowed(appIndexUrl)).toBe(true);
    expect(isRequestAllowed('file:///opt/Touchstone/resources/app.asar/dist/renderer/assets/index-abc.js')).toBe(true);
    expect(isRequestAllowed('devtools://devtools/bundled/devtools_app.html')).toBe(true);
    expect(isRequestAllowed('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isRequestAllowed('blob:file:///3f1c-42')).toBe(true);
  });
});

describe('Content-Security-Policy', () => {
  const directives = CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim()).filter(Boolean);

  it('names no remote origin and allows no eval', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/i);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/wss?:/i);
    expect(CONTENT_SECURITY_POLICY).not.toContain('*');
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-inline'");
  });

  it("defaults to 'self' and shuts objects, base and forms", () => {
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("form-action 'none'");
  });

  it('is carried by the renderer page (placeholder filled at build time)', () => {
    const html = readFileSync(join(repo, 'renderer', 'index.html'), 'utf8');
    expect(html).toMatch(/<meta\s+http-equiv="Content-Security-Policy"\s+content="%TOUCHSTONE_CSP%"/);
  });
});

describe('desktop shell details', () => {
  it('window title follows document.title, falling back to the app name', () => {
    expect(windowTitle('demo.touchstone.sqlite — Touchstone')).toBe('demo.touchstone.sqlite — Touchstone');
    expect(windowTitle('  ')).toBe('Touchstone');
    expect(windowTitle(undefined)).toBe('Touchstone');
  });

  it('maps app.asar paths to the asar-unpacked folder, once', () => {
    expect(unpackedPath('/opt/T/resources/app.asar/dist/electron/backend.mjs')).toBe('/opt/T/resources/app.asar.unpacked/dist/electron/backend.mjs');
    expect(unpackedPath('C:\\T\\resources\\app.asar\\dist\\electron\\backend.mjs')).toBe('C:\\T\\resources\\app.asar.unpacked\\dist\\electron\\backend.mjs');
    expect(unpackedPath('/opt/T/resources/app.asar.unpacked/dist/electron/backend.mjs')).toBe('/opt/T/resources/app.asar.unpacked/dist/electron/backend.mjs');
    expect(unpackedPath('/work/touchstone/dist/electron/backend.mjs')).toBe('/work/touchstone/dist/electron/backend.mjs');
  });

  it("keeps 'electron' out of every module plain Node loads", () => {
    const electronDir = join(repo, 'electron');
    const importers = readdirSync(electronDir)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => {
        const source = readFileSync(join(electronDir, file), 'utf8');
        return /^\s*import\s[^;]*?from\s+['"]electron(\/\w+)?['"]/m.test(source) || /^\s*(const|let|var)\s[^;]*require\(\s*['"]electron/m.test(source);
      });
    expect(importers.sort()).toEqual(['main.ts', 'preload.ts']);
  });
});
