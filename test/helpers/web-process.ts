import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Browser mode as a real process on a real file, for tests that SIGKILL it (crash loops). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface WebProcess {
  child: ChildProcess;
  port: number;
  token: string;
}

export function startWebProcess(dataDir: string, db: string, token: string): Promise<WebProcess> {
  return new Promise((resolve, reject) => {
    // node itself, not the tsx wrapper: SIGKILL must hit the process that holds the file.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start-web.ts', '--port', '0', '--data-dir', dataDir, '--db', db, '--token', token], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), token });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

export async function callWeb<T>(server: WebProcess, name: string, input: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Touchstone-Token': server.token },
    body: JSON.stringify(input),
  });
  const envelope = (await response.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(envelope.error?.message);
  return envelope.value;
}

export function killWebProcess(server: WebProcess): Promise<void> {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}
