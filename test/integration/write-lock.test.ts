import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockPathOf } from '../../db/file-lock';
import { createBackend } from '../../server/backend';
import { TestSetSession } from '../../server/test-sets/test-set-session';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const startWeb = (dataDir: string, db: string) => ['--import', 'tsx', 'server/start-web.ts', '--port', '0', '--data-dir', dataDir, '--db', db];

/** Browser mode on `db` in a process of its own, once it prints its address. */
function startServer(dataDir: string, db: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, startWeb(dataDir, db), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('http://127.0.0.1:')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('one writer per test set: the lock file beside it', () => {
  const tempDir = useTempDir();

  it('a file open in browser mode refuses the CLI and a second server as writers, naming who holds it; reading works; a killed holder frees it', async () => {
    const dir = tempDir();
    const db = join(dir, 'team.sqlite');
    const cases = join(dir, 'cases.jsonl');
    writeFileSync(cases, `${JSON.stringify({ id: 'c1', query: '问题' })}\n`);
    expect((await cli('init', '--db', db)).code).toBe(0);
    expect(existsSync(lockPathOf(db))).toBe(false);

    const server = await startServer(join(dir, 'data'), db);
    try {
      const refused = await cli('import', 'cases', cases, '--db', db, '--json');
      expect(refused.code).not.toBe(0);
      expect(refused.json.error.message).toMatch(new RegExp(`^team\\.sqlite is open for writing in Touchstone \\(browser mode\\) \\(process ${server.pid} on .*Close it there first; reading it .* works meanwhile\\. Nothing was changed\\.$`));
      expect((await cli('stats', '--db', db)).code).toBe(0);

      const second = spawnSync(process.execPath, startWeb(join(dir, 'data2'), db), { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(second.status).toBe(1);
      expect(second.stderr.trim()).toMatch(/^Touchstone cannot start: team\.sqlite is open for writing in Touchstone \(browser mode\)/);
    } finally {
      await killed(server);
    }
    // the holder is gone (killed, its lock file left behind): the next writer takes over
    expect(existsSync(lockPathOf(db))).toBe(true);
    const imported = await cli('import', 'cases', cases, '--db', db, '--json');
    expect(imported.code).toBe(0);
    expect(existsSync(lockPathOf(db))).toBe(false);
  }, 120_000);

  it('the app releases the lock when it closes or opens another file', async () => {
    const dir = tempDir();
    const first = join(dir, 'first.sqlite');
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'desktop', version: 'test', initialTestSet: first });
    expect(existsSync(lockPathOf(first))).toBe(true);
    const envelope = await backend.dispatch('testSets.create', { path: join(dir, 'second.sqlite') });
    expect(envelope.ok).toBe(true);
    expect(existsSync(lockPathOf(first))).toBe(false);
    expect(existsSync(lockPathOf(join(dir, 'second.sqlite')))).toBe(true);
    await backend.close();
    expect(existsSync(lockPathOf(join(dir, 'second.sqlite')))).toBe(false);
  });

  it('a file opened again while its close is still under way stays locked once that close ends', async () => {
    const dir = tempDir();
    const path = join(dir, 'team.sqlite');
    const session = new TestSetSession(join(dir, 'data'));
    await session.create(path);
    await session.checked();
    const closing = session.close();
    const reopening = session.open(path);
    await closing;
    await reopening;
    // the reopened file is written by this app: the lock file names it, so other programs are refused
    expect(JSON.parse(readFileSync(lockPathOf(path), 'utf8')).pid).toBe(process.pid);
    await session.close();
    expect(existsSync(lockPathOf(path))).toBe(false);
  }, 60_000);
});
