import { timingSafeEqual } from 'node:crypto';
import { text as say, type LocalText } from '../shared/messages/text';

/**
 * Who may talk to the HTTP bridge: only pages served by this very bridge,
 * addressed by loopback name and port (no DNS rebinding), carrying the
 * per-launch token. Pure so it can be tested without a socket.
 */
export interface BridgeRequest {
  method: string;
  path: string;
  host: string | undefined;
  origin: string | undefined;
  token: string | undefined;
}

export type BridgeVerdict = { allowed: true } | { allowed: false; status: 401 | 403 | 405; reason: LocalText };

export const LOOPBACK_HOST = '127.0.0.1';

/** Where the page trades the one-time launch code of its address for the session token (no token needed, Host and Origin still checked). */
export const EXCHANGE_PATH = '/auth/exchange';

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function judgeBridgeRequest(request: BridgeRequest, bridge: { port: number; token: string }): BridgeVerdict {
  const hosts = allowedHosts(bridge.port);
  if (!request.host || !hosts.includes(request.host.toLowerCase())) {
    return { allowed: false, status: 403, reason: say('err.bridge.host') };
  }
  if (request.origin !== undefined && !hosts.map((h) => `http://${h}`).includes(request.origin.toLowerCase())) {
    return { allowed: false, status: 403, reason: say('err.bridge.origin') };
  }
  if (request.path === EXCHANGE_PATH) {
    return request.method === 'POST' ? { allowed: true } : { allowed: false, status: 405, reason: say('err.bridge.exchange-post') };
  }
  if (!request.path.startsWith('/api/')) {
    return request.method === 'GET' || request.method === 'HEAD' ? { allowed: true } : { allowed: false, status: 405, reason: say('err.bridge.method') };
  }
  if (request.method !== 'POST') return { allowed: false, status: 405, reason: say('err.bridge.api-post') };
  if (!sameToken(request.token, bridge.token)) return { allowed: false, status: 401, reason: say('err.bridge.token') };
  return { allowed: true };
}
