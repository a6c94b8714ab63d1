import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildWindowOptions, devicePermissionDecision, isNavigationAllowed, isRequestAllowed, isTrustedSender,
  isWebviewAttachAllowed, permissionCheckDecision, permissionRequestDecision, unpackedPath, windowOpenDecision, windowTitle,
} from '../../electron/security';
import { APP_INDEX_URL, appProtocolFile, appProtocolHeaders } from '../../electron/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/csp';

const repo = join(import.meta.dirname, '..', '..');
const appIndexUrl = APP_INDEX_URL;

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

  it('refuses every file:// page (the app is never loaded from file:), and other app:// pages', () => {
    expect(isTrustedSender('file:///opt/Touchstone/resources/app.asar/dist/renderer/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('file:///home/me/Downloads/evil.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('app://touchstone/other.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('app://evil-host/index.html', appIndexUrl)).toBe(false);
    expect(isTrustedSender('app://touchstone/index.html.evil', appIndexUrl)).toBe(false);
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

  it('compares the decoded path', () => {
    expect(isTrustedSender('app://touchstone/%69ndex.html', appIndexUrl)).toBe(true);
    expect(isTrustedSender('app://touchstone/%E0%A4%A', appIndexUrl)).toBe(false);
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
  const packaged = { isPackaged: true };
  const developer = { isPackaged: false };

  it('cancels everything that would leave the machine, and every file: URL', () => {
    for (const url of [
      'http://example.com/x.js', 'https://fonts.googleapis.com/css', 'ws://127.0.0.1:9000/', 'wss://example.com/socket',
      'ftp://example.com/file', 'http://127.0.0.1:4321/api/app.info', 'chrome-extension://abc/x.js', 'not a url', '',
      'file:///etc/passwd', 'file:///opt/Touchstone/resources/app.asar/dist/renderer/assets/index-abc.js',
    ]) {
      expect(isRequestAllowed(url, developer), url).toBe(false);
    }
    expect(isRequestAllowed(undefined, developer)).toBe(false);
  });

  it('lets the app load its own app:// files and in-page data; devtools only in developer runs', () => {
    for (const opts of [packaged, developer]) {
      expect(isRequestAllowed(appIndexUrl, opts)).toBe(true);
      expect(isRequestAllowed('app://touchstone/assets/index-abc.js', opts)).toBe(true);
      expect(isRequestAllowed('data:image/png;base64,iVBORw0KGgo=', opts)).toBe(true);
      expect(isRequestAllowed('blob:app://touchstone/3f1c-42', opts)).toBe(true);
    }
    expect(isRequestAllowed('devtools://devtools/bundled/devtools_app.html', developer)).toBe(true);
    expect(isRequestAllowed('devtools://devtools/bundled/devtools_app.html', packaged)).toBe(false);
  });
});

describe('the app:// scheme', () => {
  const renderer = '/opt/Touchstone/resources/app.asar/dist/renderer';

  it('serves files of the renderer folder only', () => {
    expect(appProtocolFile(APP_INDEX_URL, renderer)).toBe(`${renderer}/index.html`);
    expect(appProtocolFile('app://touchstone/', renderer)).toBe(`${renderer}/index.html`);
    expect(appProtocolFile('app://touchstone/assets/index-abc.js?x=1#y', renderer)).toBe(`${renderer}/assets/index-abc.js`);
    // dot segments the URL parser already folds stay inside the folder
    expect(appProtocolFile('app://touchstone/../../../../etc/passwd', renderer)).toBe(`${renderer}/etc/passwd`);
    expect(appProtocolFile('app://touchstone/%2e%2e/%2e%2e/app.asar', renderer)).toBe(`${renderer}/app.asar`);
    for (const url of [
      'app://touchstone/..%2F..%2Fsecret', 'app://touchstone/a%00.js', 'app://touchstone/..%5C..%5Cwin.ini',
      'app://other/index.html', 'file:///etc/passwd', 'app://touchstone/%E0%A4%A', 'not a url',
    ]) {
      expect(appProtocolFile(url, renderer), url).toBeNull();
    }
  });

  it('sends the whole CSP as a header with every file', () => {
    expect(appProtocolHeaders(`${renderer}/index.html`)).toEqual({
      'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff',
    });
    expect(appProtocolHeaders(`${renderer}/assets/a.js`)['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
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

  it('is never a <meta> tag of the page (it would ignore frame-ancestors and log so on every load)', () => {
    const html = readFileSync(join(repo, 'renderer', 'index.html'), 'utf8');
    expect(html).not.toMatch(/Content-Security-Policy/i);
  });

  it('packaged builds check the asar integrity and give file: no extra privileges', () => {
    const config = readFileSync(join(repo, 'build', 'electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^\s+enableEmbeddedAsarIntegrityValidation: true$/m);
    expect(config).toMatch(/^\s+onlyLoadAppFromAsar: true$/m);
    expect(config).toMatch(/^\s+grantFileProtocolExtraPrivileges: false$/m);
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
