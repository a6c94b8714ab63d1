import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../shared/security/csp';
import { contentTypeOf } from '../shared/web/content-types';

/**
 * The window loads the app from `app://touchstone/…`, a scheme that serves
 * the packaged renderer folder and nothing else: no `file:` URL is ever
 * loaded, so no page can reach other files on the disk. Every response
 * carries the whole Content-Security-Policy as a header (a <meta> tag cannot
 * carry frame-ancestors). Pure: main.ts registers the scheme and reads the file.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'touchstone';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The file an app:// request names inside the renderer folder, or null (another host, a path leaving the folder, a bad escape). */
export function appProtocolFile(url: string, rendererDir: string): string | null {
  let parsed: URL;
  let path: string;
  try {
    parsed = new URL(url);
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  if (path.includes('\0') || path.includes('\\')) return null;
  const root = normalize(rendererDir);
  const file = normalize(join(root, path === '/' ? 'index.html' : path));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

/** Headers of every app:// response: its type, the CSP, no sniffing. */
export function appProtocolHeaders(file: string): Record<string, string> {
  return {
    'Content-Type': contentTypeOf(extname(file)),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
}
