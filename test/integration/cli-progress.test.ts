import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/temp-dir';

const BIN = fileURLToPath(new URL('../../bin/touchstone.mjs', import.meta.url));
// util-linux `script` runs a command on a pseudo-terminal: the one way to give the CLI a real TTY without a native module
const SCRIPT = '/usr/bin/script';
const CASES = 3000;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const ERASE_LINE = '\r\x1b[K';

function bigCaseFile(dir: string): string {
  const file = join(dir, 'many-cases.jsonl');
  const lines = Array.from({ length: CASES }, (_, i) => JSON.stringify({ id: `case-${i + 1}`, query: `问题 ${i + 1}：年度会员多久内可以退款？` }));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function init(dir: string, name: string): string {
  const db = join(dir, name);
  const run = spawnSync(process.execPath, [BIN, 'init', '--db', db], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return db;
}

/** Runs the CLI with stdin, stdout and stderr on one pseudo-terminal; returns everything the terminal showed. */
function onTerminal(args: string[]): { status: number | null; shown: string } {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const run = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, TERM: 'xterm' } });
  return { status: run.status, shown: run.stdout };
}

describe('CLI progress', () => {
  const tempDir = useTempDir();

  it.skipIf(!existsSync(SCRIPT))('a long import redraws one progress line on a terminal and clears it before the summary', () => {
    const dir = tempDir();
    const file = bigCaseFile(dir);
    const db = init(dir, 'tty.sqlite');
    const { status, shown } = onTerminal(['import', 'cases', file, '--db', db]);
    expect(status, shown).toBe(0);
    // each redraw returns to the start of the line and erases it: the progress never scrolls the terminal
    const redraws = shown.split(ERASE_LINE).slice(1);
    expect(redraws.length, shown).toBeGreaterThan(3);
    const figures = redraws.map((r) => /^(reading|validating|writing) (\d+)\/(\d+)/.exec(r)).filter((m) => m !== null);
    expect(figures.some((m) => m![1] === 'validating' && Number(m![2]) < CASES), shown).toBe(true);
    expect(figures.some((m) => m![1] === 'writing' && Number(m![2]) === CASES && Number(m![3]) === CASES), shown).toBe(true);
    // no progress line is ever ended by a newline: the last redraw is an erase, then the summary
    expect(redraws.filter((r) => /^(reading|validating|writing) /.test(r)).every((r) => !r.includes('\n')), shown).toBe(true);
    const summary = redraws[redraws.length - 1];
    expect(summary, shown).toMatch(new RegExp(`^Imported many-cases\\.jsonl .*${CASES} cases`));
  });

  it.skipIf(!existsSync(SCRIPT))('with --json on a terminal the output is the JSON answer alone', () => {
    const dir = tempDir();
    const file = bigCaseFile(dir);
    const db = init(dir, 'json.sqlite');
    const { status, shown } = onTerminal(['import', 'cases', file, '--db', db, '--json']);
    expect(status, shown).toBe(0);
    expect(shown).not.toContain(ERASE_LINE);
    // the terminal turns "\n" into "\r\n"
    expect(JSON.parse(shown.replace(/\r\n/g, '\n'))).toMatchObject({ kind: 'cases', added: { cases: CASES } });
  });

  it('stays silent when stderr is not a terminal: no progress, only the summary on stdout', () => {
    const dir = tempDir();
    const file = bigCaseFile(dir);
    const db = init(dir, 'pipe.sqlite');
    const run = spawnSync(process.execPath, [BIN, 'import', 'cases', file, '--db', db], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toMatch(/validating|writing \d/);
    expect(run.stdout).toMatch(new RegExp(`^Imported many-cases\\.jsonl .*${CASES} cases`));
  });
});
