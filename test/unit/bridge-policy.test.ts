import { describe, expect, it } from 'vitest';
import { judgeBridgeRequest } from '../../server/bridge-policy';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/csp';

const bridge = { port: 4321, token: 'secret-token-123' };
const call = (overrides: Partial<Parameters<typeof judgeBridgeRequest>[0]>) =>
  judgeBridgeRequest({ method: 'POST', path: '/api/cases.list', host: '127.0.0.1:4321', origin: 'http://127.0.0.1:4321', token: bridge.token, ...overrides }, bridge);

describe('HTTP bridge policy', () => {
  it('lets the app page call the API with the token', () => {
    expect(call({})).toEqual({ allowed: true });
    expect(call({ host: 'localhost:4321', origin: 'http://localhost:4321' })).toEqual({ allowed: true });
    expect(call({ origin: undefined })).toEqual({ allowed: true });
  });

  it('refuses API calls without the token or with a wrong one', () => {
    expect(call({ token: undefined })).toMatchObject({ allowed: false, status: 401 });
    expect(call({ token: 'secret-token-124' })).toMatchObject({ allowed: false, status: 401 });
    expect(call({ token: '' })).toMatchObject({ allowed: false, status: 401 });
  });

  it('refuses a foreign Host (DNS rebinding) even with the token, also for static files', () => {
    expect(call({ host: 'evil.example:4321' })).toMatchObject({ allowed: false, status: 403 });
    expect(call({ host: '127.0.0.1:9999' })).toMatchObject({ allowed: false, status: 403 });
    expect(call({ host: undefined })).toMatchObject({ allowed: false, status: 403 });
    expect(call({ method: 'GET', path: '/', host: 'attacker.test' })).toMatchObject({ allowed: false, status: 403 });
  });

  it('refuses a foreign Origin even with the token', () => {
    expect(call({ origin: 'http://evil.example' })).toMatchObject({ allowed: false, status: 403 });
    expect(call({ origin: 'null' })).toMatchObject({ allowed: false, status: 403 });
    expect(call({ origin: 'https://127.0.0.1:4321' })).toMatchObject({ allowed: false, status: 403 });
  });

  it('serves static files to GET only and API calls to POST only', () => {
    expect(call({ method: 'GET', path: '/', token: undefined })).toEqual({ allowed: true });
    expect(call({ method: 'DELETE', path: '/index.html' })).toMatchObject({ allowed: false, status: 405 });
    expect(call({ method: 'GET' })).toMatchObject({ allowed: false, status: 405 });
  });
});

describe('Content-Security-Policy', () => {
  it('allows no remote origin, no inline script and no eval', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*|unsafe-eval|unsafe-inline|wss?:/);
  });
});
