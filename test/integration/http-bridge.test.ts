import { LATEST_SCHEMA_VERSION } from '../../db/migrations';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../server/backend';
import { MAX_BODY_BYTES, startHttpBridge, type HttpBridge } from '../../server/http-bridge';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function send(opts: { host?: string; port: number; method?: string; path: string; headers?: Record<string, string>; body?: string; address?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: opts.address ?? '127.0.0.1', port: opts.port, method: opts.method ?? 'POST', path: opts.path, headers: { Host: opts.host ?? `127.0.0.1:${opts.port}`, ...opts.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('HTTP bridge (browser mode)', () => {
  let dir: string;
  let backend: Backend;
  let bridge: HttpBridge;
  const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send({ port: bridge.port, path, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': bridge.token, ...headers } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'touchstone-bridge-'));
    const staticDir = join(dir, 'static');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: join(dir, 'bridge.sqlite') });
    bridge = await startHttpBridge({ dispatch: backend.dispatch, staticDir });
  });

  afterAll(async () => {
    await bridge.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a loopback URL carrying a one-time launch code, never the token', () => {
    expect(bridge.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${bridge.port}/\\?code=[0-9a-f]{48}$`));
    expect(bridge.url).not.toContain(bridge.token);
  });

  it('trades a launch code for the session token once; the same code again (a copy in the browser history) opens nothing', async () => {
    const code = new URL(bridge.launchUrl()).searchParams.get('code');
    const first = await send({ port: bridge.port, path: '/auth/exchange', body: JSON.stringify({ code }) });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ ok: true, value: { token: bridge.token } });
    const again = await send({ port: bridge.port, path: '/auth/exchange', body: JSON.stringify({ code }) });
    expect(again.status).toBe(401);
    expect(again.body).not.toContain(bridge.token);
    const made = await send({ port: bridge.port, path: '/auth/exchange', body: JSON.stringify({ code: 'f'.repeat(48) }) });
    expect(made.status).toBe(401);
    const foreign = await send({ port: bridge.port, path: '/auth/exchange', body: JSON.stringify({ code: new URL(bridge.launchUrl()).searchParams.get('code') }), headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('refuses to start with an empty or short token', async () => {
    for (const token of ['', '   ', 'short-token']) {
      await expect(startHttpBridge({ dispatch: backend.dispatch, staticDir: dir, token })).rejects.toThrow(/Refusing to start: the token (is empty|is 11 characters long; it must have at least 16)/);
    }
  });

  it('closes a connection whose headers never finish', async () => {
    const slow = await startHttpBridge({ dispatch: backend.dispatch, staticDir: dir, timeouts: { headersMs: 300, requestMs: 1000, idleMs: 1000, checkIntervalMs: 100 } });
    try {
      const closed = await new Promise<string>((resolve, reject) => {
        const socket = connect(slow.port, '127.0.0.1', () => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${slow.port}\r\n`));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
      expect(closed === '' || closed.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('answers contract calls made with the token', async () => {
    const reply = await api('/api/testSets.current', {});
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { name: 'bridge.sqlite', schemaVersion: LATEST_SCHEMA_VERSION, isDemo: false } });
  });

  it('refuses calls without the token or with a wrong one', async () => {
    const none = await send({ port: bridge.port, path: '/api/testSets.current', body: '{}' });
    expect(none.status).toBe(401);
    const wrong = await api('/api/testSets.current', {}, { 'X-Touchstone-Token': 'x'.repeat(48) });
    expect(wrong.status).toBe(401);
  });

  it('refuses a wrong Host or a foreign Origin, even with the token', async () => {
    const host = await send({ port: bridge.port, host: `evil.example:${bridge.port}`, path: '/api/testSets.current', body: '{}', headers: { 'X-Touchstone-Token': bridge.token } });
    expect(host.status).toBe(403);
    const origin = await api('/api/testSets.current', {}, { Origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    const page = await send({ port: bridge.port, host: 'evil.example', method: 'GET', path: '/' });
    expect(page.status).toBe(403);
  });

  it('serves the page with the CSP header and never lets a path escape the static folder', async () => {
    const page = await send({ port: bridge.port, method: 'GET', path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const escape = await send({ port: bridge.port, method: 'GET', path: '/..%2F..%2Fbridge.sqlite' });
    expect(escape.body).toBe('<!doctype html><title>t</title>');
  });

  it('rejects input that does not match the contract, naming the field', async () => {
    const reply = JSON.parse((await api('/api/cases.list', { filters: {}, offset: -1, limit: 10 })).body);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input', location: { field: 'offset' } } });
    const unknown = JSON.parse((await api('/api/cases.drop', {})).body);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'Unknown operation "cases.drop".' } });
  });

  it('survives malformed URLs and oversized bodies without the token', async () => {
    const page = await send({ port: bridge.port, method: 'GET', path: '/%E0%A4%A' });
    expect(page.status).toBe(200);
    const api = await send({ port: bridge.port, path: '/api/%E0%A4%A', body: '{}', headers: { 'X-Touchstone-Token': bridge.token } });
    expect(JSON.parse(api.body)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const still = await send({ port: bridge.port, method: 'GET', path: '/' });
    expect(still.status).toBe(200);
  });

  it('answers 413 to a body declared over the limit before reading it, and keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1', port: bridge.port, method: 'POST', path: '/api/testSets.current',
        headers: { Host: `127.0.0.1:${bridge.port}`, 'X-Touchstone-Token': bridge.token, 'Content-Length': String(MAX_BODY_BYTES + 1) },
      }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      // only the first bytes of the announced body: the answer must not wait for the rest
      req.write(Buffer.alloc(1024, 0x61));
    });
    expect(status).toBe(413);
    expect((await api('/api/testSets.current', {})).status).toBe(200);
  });

  it('refuses a body that grows past the limit as it streams in, and keeps serving', async () => {
    const outcome = await new Promise<number | 'reset'>((resolve) => {
      const req = request({ host: '127.0.0.1', port: bridge.port, method: 'POST', path: '/api/testSets.current', headers: { Host: `127.0.0.1:${bridge.port}`, 'X-Touchstone-Token': bridge.token } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // the server stops reading at the limit; the client may see the 413 or, still writing, a closed connection
      req.on('error', () => resolve('reset'));
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < MAX_BODY_BYTES / chunk.length + 2) {
          sent += 1;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect([413, 'reset']).toContain(outcome);
    expect((await api('/api/testSets.current', {})).status).toBe(200);
  });

  it('listens on 127.0.0.1 only', async () => {
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return; // a machine with loopback only has nothing else to reach
    await expect(send({ address: external.address, port: bridge.port, method: 'GET', path: '/' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
