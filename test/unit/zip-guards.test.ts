import { describe, expect, it } from 'vitest';
import { DEFAULT_ZIP_LIMITS, readZip, ZipFormatError } from '../../shared/calibration/zip';
import { buildZip, deflated, overlappingBomb, stored } from '../helpers/hostile-zip';

/** Each hostile zip must be refused from its central directory, before any entry is inflated. */

const refusal = (bytes: Uint8Array, limits = DEFAULT_ZIP_LIMITS) => {
  try {
    readZip(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ZipFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the zip to be refused');
};

const enc = new TextEncoder();

describe('reading zips', () => {
  it('reads deflated entries, as any zip tool writes them, and folder entries are skipped', () => {
    const text = enc.encode('{"caseId":"c1"}\n'.repeat(500));
    const zip = buildZip([stored('set/', ''), deflated('set/anchors.jsonl', text), stored('set/manifest.json', '{}\n')]);
    expect(readZip(zip).map((e) => [e.name, e.data.length])).toEqual([['set/anchors.jsonl', text.length], ['set/manifest.json', 3]]);
  });

  it('refuses the 4.9 MB bomb of 65,535 directory entries pointing at one 1 MiB entry by its entry count', () => {
    const bomb = overlappingBomb();
    expect(bomb.length).toBeLessThan(6 * 1024 * 1024);
    expect(refusal(bomb)).toMatch(/65,535 entries, more than the 64/);
  });

  it('refuses entries that share bytes, even within the entry count', () => {
    const zip = buildZip([stored('a.txt', 'hello')], [{ name: 'b.txt' }]);
    expect(refusal(zip)).toMatch(/entries "a.txt" and "b.txt" overlap/);
  });

  it('refuses names that leave the folder', () => {
    for (const name of ['../evil.txt', '/etc/passwd', 'a\\..\\b', 'C:/x', 'set/../../x']) {
      expect(refusal(buildZip([stored(name, 'x')]))).toMatch(/leaves the folder|absolute or Windows path/);
    }
  });

  it('refuses a compression ratio beyond the limit (a zip bomb)', () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    expect(refusal(buildZip([deflated('zeros.bin', zeros)]))).toMatch(/to 1, more than 200 to 1/);
  });

  it('refuses more uncompressed bytes than allowed in total', () => {
    const half = new Uint8Array(600).fill(1);
    const zip = buildZip([stored('a', half), stored('b', half)]);
    expect(refusal(zip, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1000 })).toMatch(/more than .* MiB uncompressed/);
  });

  it('refuses an entry whose data does not match its CRC, and a name stored twice', () => {
    const damaged = stored('a.txt', 'hello');
    damaged.crc ^= 1;
    expect(refusal(buildZip([damaged]))).toMatch(/CRC/);
    expect(refusal(buildZip([stored('a.txt', 'one'), stored('a.txt', 'two')]))).toMatch(/"a.txt" twice/);
  });
});
