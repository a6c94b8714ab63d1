import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../shared/security/csp';
import { contentTypeOf } from '../shared/web/content-types';
import { EXCHANGE_PATH, judgeBridgeRequest, LOOPBACK_HOST } from './bridge-policy';
import { ApiError } from '../shared/api/contract';
import { text as say } from '../shared/messages/text';
import type { Dispatch } from './dispatch';

export interface HttpBridge {
  /** The address to open: carries a one-time launch code, never the token. */
  url: string;
  port: number;
  token: string;
  /** Another one-time address (for another tab). */
  launchUrl(): string;
  close(): Promise<void>;
}

/** A session token given at start (--token, TOUCHSTONE_TOKEN) shorter than this is refused: it could be guessed. */
export const MIN_TOKEN_LENGTH = 16;
/** A launch code not exchanged within this time is useless. */
export const LAUNCH_CODE_TTL_MS = 10 * 60 * 1000;

/** Slow or stalled clients are cut off: headers, a whole request (an import body included) and an idle connection. */
export interface BridgeTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  /** how often Node looks for requests past their header or request timeout */
  checkIntervalMs: number;
}
export const BRIDGE_TIMEOUTS: BridgeTimeouts = { headersMs: 15_000, requestMs: 120_000, idleMs: 60_000, checkIntervalMs: 5_000 };

/** Why a given token cannot guard the bridge, or null. */
export function tokenProblem(token: string): string | null {
  if (token.trim() === '') return 'the token is empty';
  if (token.length < MIN_TOKEN_LENGTH) return `the token is ${token.length} characters long; it must have at least ${MIN_TOKEN_LENGTH}`;
  return null;
}

const ExchangeSchema = z.strictObject({ code: z.string().min(1).max(200) });

/**
 * Imports travel base64 in the request body; this bounds what one request may
 * hold, well below V8's longest string (~512 MiB), so decoding it cannot throw.
 */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

class BodyTooLarge extends Error {}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    // a declared length past the limit is refused before a byte of it is read
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function serveStatic(staticDir: string, urlPath: string, res: ServerResponse): void {
  const root = resolve(staticDir);
  const relative = safeDecode(urlPath === '/' ? '/index.html' : urlPath) ?? '/index.html';
  const file = normalize(join(root, relative));
  const inside = file === root || file.startsWith(root + sep);
  const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
  if (!existsSync(target)) {
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The renderer is not built: run `npm run build:renderer` (npm run start:web does it for you).');
    return;
  }
  res.writeHead(200, {
    'Content-Type': contentTypeOf(extname(target)),
    'Cache-Control': target.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  createReadStream(target)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * Browser mode: the same renderer and the same contract, over HTTP on
 * 127.0.0.1 only, guarded by a per-launch token and Host/Origin checks.
 */
export async function startHttpBridge(opts: {
  dispatch: Dispatch;
  staticDir: string;
  port?: number;
  token?: string;
  timeouts?: BridgeTimeouts;
  /** A launch code was exchanged (start-web then prints a fresh address for another tab). */
  onLaunchCodeUsed?: () => void;
  now?: () => number;
}): Promise<HttpBridge> {
  const token = opts.token ?? randomBytes(24).toString('hex');
  const problem = tokenProblem(token);
  if (problem) throw new Error(`Refusing to start: ${problem}.`);
  const now = opts.now ?? Date.now;
  const timeouts = opts.timeouts ?? BRIDGE_TIMEOUTS;
  let port = opts.port ?? 0;
  const launchCodes = new Map<string, number>();
  const launchUrl = () => {
    const code = randomBytes(24).toString('hex');
    launchCodes.set(code, now() + LAUNCH_CODE_TTL_MS);
    return `http://${LOOPBACK_HOST}:${port}/?code=${code}`;
  };
  /** A code works once: the copy the browser keeps in its history, session and tab files opens nothing. */
  const exchange = async (req: IncomingMessage, res: ServerResponse) => {
    let parsed;
    try {
      parsed = ExchangeSchema.safeParse(JSON.parse(await readBody(req, 1024)));
    } catch {
      parsed = null;
    }
    const code = parsed?.success ? parsed.data.code : null;
    const expiresAt = code === null ? undefined : launchCodes.get(code);
    if (code !== null) launchCodes.delete(code);
    if (expiresAt === undefined || expiresAt < now()) {
      sendJson(res, 401, { ok: false, error: new ApiError('invalid-input', say('err.bridge.launch-link')).toBody() });
      return;
    }
    sendJson(res, 200, { ok: true, value: { token } });
    opts.onLaunchCodeUsed?.();
  };
  const server: Server = createServer({ connectionsCheckingInterval: timeouts.checkIntervalMs }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { ok: false, error: new ApiError('internal', say('err.bridge.failed', { reason: (error as Error).message })).toBody() });
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    securityHeaders(res);
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const verdict = judgeBridgeRequest(
      {
        method: req.method ?? 'GET',
        path: url.pathname,
        host: req.headers.host,
        origin: req.headers.origin,
        token: req.headers['x-touchstone-token'] as string | undefined,
      },
      { port, token },
    );
    if (!verdict.allowed) {
      sendJson(res, verdict.status, { ok: false, error: new ApiError('invalid-input', say('err.bridge.refused', { reason: verdict.reason })).toBody() });
      return;
    }
    if (url.pathname === EXCHANGE_PATH) {
      await exchange(req, res);
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      serveStatic(opts.staticDir, url.pathname, res);
      return;
    }
    let input: unknown;
    try {
      const body = await readBody(req);
      input = body.length ? JSON.parse(body) : {};
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendJson(res, 413, { ok: false, error: new ApiError('invalid-input', say('err.bridge.too-large', { size: MAX_BODY_BYTES / 1024 / 1024 })).toBody() });
      } else {
        sendJson(res, 400, { ok: false, error: new ApiError('invalid-input', say('err.bridge.bad-json', { reason: (error as Error).message })).toBody() });
      }
      return;
    }
    const name = safeDecode(url.pathname.slice('/api/'.length)) ?? '';
    sendJson(res, 200, await opts.dispatch(name, input));
  };
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = Math.min(5_000, timeouts.idleMs);
  server.setTimeout(timeouts.idleMs, (socket) => socket.destroy());
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK_HOST, () => resolvePromise());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: launchUrl(),
    port,
    token,
    launchUrl,
    close: () => new Promise((resolvePromise) => {
      server.closeAllConnections();
      server.close(() => resolvePromise());
    }),
  };
}
