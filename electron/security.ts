/**
 * Every security decision of the desktop shell, as pure functions.
 *
 * This module must never import 'electron': plain Node (the unit tests) loads
 * it, and `require('electron')` outside Electron tries to download the binary.
 * main.ts wires these decisions to the Electron APIs.
 */

import { APP_SCHEME } from './app-protocol';

export const APP_TITLE = 'Touchstone';

/** What BrowserWindow's constructor needs from us; main.ts passes it straight to `new BrowserWindow`. */
export interface WindowOptions {
  title: string;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: boolean;
    sandbox: boolean;
    nodeIntegration: boolean;
    nodeIntegrationInWorker: boolean;
    nodeIntegrationInSubFrames: boolean;
    webSecurity: boolean;
    allowRunningInsecureContent: boolean;
    webviewTag: boolean;
    spellcheck: boolean;
    experimentalFeatures: boolean;
    navigateOnDragDrop: boolean;
    safeDialogs: boolean;
    devTools: boolean;
  };
}

/**
 * The one window's options: isolated, sandboxed, no Node in the page, no
 * webviews; hidden until its first paint so it never flashes white.
 * DevTools exist only in unpackaged (developer) runs.
 */
export function buildWindowOptions(preloadPath: string, opts: { devTools?: boolean } = {}): WindowOptions {
  return {
    title: APP_TITLE,
    width: 1400,
    height: 900,
    minWidth: 1024,
    minHeight: 680,
    show: false,
    backgroundColor: '#f6f7f9',
    autoHideMenuBar: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: opts.devTools ?? false,
    },
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/**
 * Is `url` the app's own index.html, served by the app:// scheme (any
 * #fragment or ?query allowed: they do not change which file, hence which
 * code, is loaded)? A file: URL never is: the app is not loaded from file:.
 */
export function isAppIndexUrl(url: string | null | undefined, appIndexUrl: string): boolean {
  if (typeof url !== 'string' || url === '') return false;
  const candidate = parse(url);
  const index = parse(appIndexUrl);
  if (!candidate || !index) return false;
  if (candidate.protocol !== `${APP_SCHEME}:` || index.protocol !== `${APP_SCHEME}:`) return false;
  if (candidate.host !== index.host) return false;
  const a = decodedPath(candidate);
  return a !== null && a === decodedPath(index);
}

/**
 * May this frame call the backend? Only a frame showing our own app://
 * index.html. Local files, remote pages, devtools and frames whose URL is
 * unknown (a destroyed or navigating frame) are refused.
 */
export function isTrustedSender(senderUrl: string | null | undefined, appIndexUrl: string): boolean {
  return isAppIndexUrl(senderUrl, appIndexUrl);
}

/** 'will-navigate' / 'will-frame-navigate' / 'will-redirect': the window only ever shows the app's index. */
export function isNavigationAllowed(targetUrl: string | null | undefined, appIndexUrl: string): boolean {
  return isAppIndexUrl(targetUrl, appIndexUrl);
}

/** `setWindowOpenHandler`: no page ever opens a window (the app has no external links). */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/** 'will-attach-webview': never (webviewTag is off as well). */
export function isWebviewAttachAllowed(): boolean {
  return false;
}

/** `setPermissionRequestHandler`: camera, notifications, clipboard-read, geolocation, … all refused. */
export function permissionRequestDecision(_permission: string): boolean {
  return false;
}

/** `setPermissionCheckHandler`: every check answers "not granted". */
export function permissionCheckDecision(_permission: string): boolean {
  return false;
}

/** `setDevicePermissionHandler` (HID, serial, USB): refused. */
export function devicePermissionDecision(): boolean {
  return false;
}

/**
 * `session.webRequest.onBeforeRequest`: the app is offline by design. Only
 * the app's own scheme (app:, the packaged renderer and nothing else) and
 * the in-memory data:/blob: URLs the page builds itself load; devtools: only
 * in developer runs. file:, http(s), ws(s), ftp and anything unparsable are
 * cancelled.
 */
export function isRequestAllowed(url: string | null | undefined, opts: { isPackaged: boolean }): boolean {
  if (typeof url !== 'string') return false;
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol === 'devtools:') return !opts.isPackaged;
  return [`${APP_SCHEME}:`, 'data:', 'blob:'].includes(parsed.protocol);
}

/** The window title follows document.title ('<file> — Touchstone'); an empty title falls back to the app name. */
export function windowTitle(documentTitle: string | null | undefined): string {
  const title = (documentTitle ?? '').trim();
  return title === '' ? APP_TITLE : title;
}

/**
 * Where a file packed into app.asar really lives when electron-builder's
 * asarUnpack extracted it: utility processes, worker threads and native
 * addons load from the real folder, never from inside the archive.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
