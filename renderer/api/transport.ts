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
  const response = await fetch(`/api/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': token },
    body: JSON.stringify(input ?? {}),
  });
  if (response.status === 401 || response.status === 403) {
    return { ok: false, error: { code: 'invalid-input', message: 'This page is not authorised: open the address printed by `npm run start:web`, token included.' } };
  }
  return (await response.json()) as Envelope<unknown>;
}

export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.touchstone !== undefined;
}

/** The renderer's only way to reach the backend, whichever transport carries it. */
export async function invoke<N extends OpName>(name: N, input: OpInput<N>): Promise<OpOutput<N>> {
  const envelope = window.touchstone ? await window.touchstone.invoke(name, input) : await invokeOverHttp(name, input);
  if (!envelope.ok) throw new RemoteError(envelope.error);
  return envelope.value as OpOutput<N>;
}
