import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../renderer/features/import/base64';

describe('bytesToBase64', () => {
  it('matches Buffer for sizes around the chunk edges', async () => {
    for (const size of [0, 1, 2, 3, 49151, 49152, 49153, 200_000]) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
      expect(await bytesToBase64(bytes, 2)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('encodes UTF-8 Chinese text and emoji', async () => {
    const text = '{"query":"年度会员买了第 20 天，还能退款吗？👍"}\n';
    expect(await bytesToBase64(new TextEncoder().encode(text))).toBe(Buffer.from(text, 'utf8').toString('base64'));
  });
});
