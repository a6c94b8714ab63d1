import type { ApiErrorBody, Envelope, OpInput, OpName, OpOutput } from '../../shared/api/contract';

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

/** Browser mode: the per-launch token arrives in the URL once, then lives in sessionStorage. */
function bridgeToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

let token: string | null = null;

async function invokeOverHttp(name: string, input: unknown): Promise<Envelope<unknown>> {
  token ??= bridgeToken();
  let response: Response;
  try {
    response = await fetch(`/api/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': token },
      body: JSON.stringify(input ?? {}),
    });
  } catch (error) {
    throw new UnreachableError(error);
  }
  if (response.status === 401 || response.status === 403) {
    // the server this page was opened from is gone (a restarted one has a new token): what the page holds must be kept
    throw new UnreachableError(new Error('this page is not authorised by the server running now; open the address printed by `npm run start:web`, token included'));
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
  const envelope = window.touchstone ? await invokeOverIpc(window.touchstone, name, input) : await invokeOverHttp(name, input);
  if (!envelope.ok) throw failureOf(envelope.error);
  return envelope.value as OpOutput<N>;
}
