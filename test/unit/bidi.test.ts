import { describe, expect, it } from 'vitest';
import { visibleId } from '../../renderer/common/bidi';

describe('bidi controls in ids', () => {
  it('shows each control as a visible mark, so "abc\\u202Eevil.exe" cannot pose as "abcexe.live"', () => {
    expect(visibleId('abc\u202Eevil.exe')).toBe('abc⟨RLO⟩evil.exe');
    expect(visibleId('\u2067x\u2069\u200F')).toBe('⟨RLI⟩x⟨PDI⟩⟨RLM⟩');
  });

  it('leaves ordinary ids, Chinese and Arabic letters included, unchanged', () => {
    for (const id of ['refund-annual-day20', '退款-第20天', 'حالة-1']) expect(visibleId(id)).toBe(id);
  });
});
