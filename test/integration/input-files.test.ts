import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_BYTE_BUDGETS, readInputFile } from '../../server/files/read-input';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error as Error & { code: string; location: { file: string; field: string | null } | null };
  }
  throw new Error('expected a refusal');
};

describe('inputs are regular files read within a byte budget', () => {
  const tempDir = useTempDir();

  it('a device is refused at once instead of being read without end', () => {
    const error = refusal(() => readInputFile('/dev/zero', 'import'));
    expect(error.message).toMatch(/\/dev\/zero is a device, not a regular file/);
    expect(error.location?.file).toBe('/dev/zero');
  });

  it('a FIFO nobody writes to is refused without waiting for a writer', () => {
    const fifo = join(tempDir(), 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(() => readInputFile(fifo, 'import')).message).toMatch(/is a pipe \(FIFO\), not a regular file/);
  });

  it('a folder is refused as not a file', () => {
    const dir = join(tempDir(), 'folder.jsonl');
    mkdirSync(dir);
    expect(refusal(() => readInputFile(dir, 'import')).message).toMatch(/is a folder, not a regular file/);
  });

  it('a file over the budget is refused before it is read', () => {
    const big = join(tempDir(), 'big.zip');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, INPUT_BYTE_BUDGETS.anchors + 1); // sparse: no disk used
    closeSync(fd);
    expect(refusal(() => readInputFile(big, 'anchors')).message).toMatch(/larger than 64 MiB, the limit for this kind of file/);
  });

  it('a regular file within the budget is read whole', () => {
    const file = join(tempDir(), 'ok.jsonl');
    writeFileSync(file, 'x'.repeat(200_000));
    expect(readInputFile(file, 'import').length).toBe(200_000);
  });

  it('the CLI refuses /dev/zero as an import source and as an anchor set', async () => {
    const db = join(tempDir(), 'set.sqlite');
    expect((await cli('init', '--db', db)).code).toBe(0);
    const imported = await cli('import', 'cases', '/dev/zero', '--db', db, '--json');
    expect(imported.code).not.toBe(0);
    expect(imported.json.error.message).toMatch(/not a regular file/);
    const anchors = await cli('anchors', 'import', '/dev/zero', '--db', db, '--json');
    expect(anchors.code).not.toBe(0);
    expect(anchors.json.error.message).toMatch(/not a regular file/);
  });
});
