import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/api/contract';

describe('anchor set names', () => {
  const accepts = (name: string) => contract['anchors.drift'].input.safeParse({ name, runId: 1 }).success;

  it('takes names in any script, never a path', () => {
    expect(accepts('差旅锚点')).toBe(true);
    expect(accepts('travel-anchors_v2.1')).toBe(true);
    expect(accepts('報銷-錨點')).toBe(true);
    expect(accepts('../escape')).toBe(false);
    expect(accepts('a/b')).toBe(false);
    expect(accepts('a\\b')).toBe(false);
    expect(accepts('-lead')).toBe(false);
    expect(accepts('')).toBe(false);
  });
});
