import type { ApiErrorBody, Envelope, OpInput, OpName, OpOutput } from '../../shared/api/contract';
import { keepEarlyAnswer, takeEarlyAnswer } from './earlyAnswers';

/** What the Electron preload exposes; absent in browser mode. */
interface DesktopBridge {
  invoke(name: string, input: unknown): Promise<Envelope<unknown>>;
}
declare global {
  interface Window {
    touchstone?: DesktopBridge;
  }
}

export class RemoteError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'RemoteError';
  }
}

/** The backend did not answer at all (server closed, network gone): the call may or may not have run. */
export class UnreachableError extends Error {
  constructor(cause: unknown) {
    super(`Touchstone's server cannot be reached: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'UnreachableError';
  }
}

const TOKEN_KEY = 'touchstone.token';

/**
 * Browser mode: the printed address carries a one-time launch code, traded
 * once for the session token, which lives in this tab's sessionStorage (a
 * reload keeps it). The code is useless afterwards, so the copy the browser
 * keeps in its history is harmless; it is dropped from the address bar too.
 */
async function bridgeToken(): Promise<string> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  if (code) {
    url.searchParams.delete('code');
    window.history.replaceState(null, '', url.toString());
    try {
      const response = await fetch('/auth/exchange', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
      const answer = (await response.json()) as Envelope<{ token: string }>;
      if (answer.ok) sessionStorage.setItem(TOKEN_KEY, answer.value.token);
    } catch {
      // no answer: the calls below report the server as unreachable
    }
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

let token: Promise<string> | null = null;

/**
 * Whether this tab may use the app. In browser mode a tab opened from an address whose launch code was
 * already used (or without one) holds no token: every call would be refused, so the page says what to do instead.
 */
export async function browserAccess(): Promise<'granted' | 'address-used'> {
  if (isDesktop()) return 'granted';
  token ??= bridgeToken();
  return (await token) ? 'granted' : 'address-used';
}

async function invokeOverHttp(name: string, input: unknown): Promise<Envelope<unknown>> {
  token ??= bridgeToken();
  const sessionToken = await token;
  // without a token every call is refused: none is sent (the page shows the address-used notice)
  if (!sessionToken) throw new UnreachableError(new Error('this tab holds no session: open the newest address printed by `npm run start:web` (each works once)'));
  let response: Response;
  try {
    response = await fetch(`/api/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': sessionToken },
      body: JSON.stringify(input ?? {}),
    });
  } catch (error) {
    throw new UnreachableError(error);
  }
  if (response.status === 401 || response.status === 403) {
    // the server this page was opened from is gone (a restarted one has a new token): what the page holds must be kept
    throw new UnreachableError(new Error('this page is not authorised by the server running now; open the newest address printed by `npm run start:web` (each works once)'));
  }
  try {
    return (await response.json()) as Envelope<unknown>;
  } catch (error) {
    // a connection cut mid-answer, or something other than Touchstone answering
    throw new UnreachableError(error);
  }
}

async function invokeOverIpc(bridge: DesktopBridge, name: string, input: unknown): Promise<Envelope<unknown>> {
  try {
    return await bridge.invoke(name, input);
  } catch (error) {
    throw new UnreachableError(error);
  }
}

export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.touchstone !== undefined;
}

/**
 * What a failed envelope throws. The desktop's data process going away before
 * it answered ('backend-unavailable') is, for the caller, the backend not
 * answering: the call may or may not have run.
 */
export function failureOf(error: ApiErrorBody): RemoteError | UnreachableError {
  return error.code === 'backend-unavailable' ? new UnreachableError(new Error(error.message)) : new RemoteError(error);
}

/** The renderer's only way to reach the backend, whichever transport carries it. */
export async function invoke<N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> {
  const early = takeEarlyAnswer(name, input);
  if (early) return early as Promise<OpOutput<N>>;
  const envelope = window.touchstone ? await invokeOverIpc(window.touchstone, name, input) : await invokeOverHttp(name, input);
  if (!envelope.ok) throw failureOf(envelope.error);
  return envelope.value as OpOutput<N>;
}

/** Sends a read now whose answer the first `invoke` of the same call takes (renderer/api/earlyAnswers.ts). */
export function invokeEarly<N extends OpName>(name: N, input: OpInput<N>): void {
  keepEarlyAnswer(name, input, invoke(name, input));
}
