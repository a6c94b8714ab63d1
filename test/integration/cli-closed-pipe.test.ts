import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';

const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));

/** Runs the command with its output read by nothing (a reader gone, as `| head` goes after its lines): its exit code and what it said. */
function withClosedOutput(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a command whose output is no longer read', () => {
  it('stops writing quietly and keeps its exit code', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'touchstone-pipe-')), 'set.sqlite');
    expect((await cli('init', '--db', db)).code).toBe(0);
    const run = await withClosedOutput(['stats', '--db', db, '--json']);
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.code).toBe(0);
  }, 60_000);
});
