import { describe, expect, it } from 'vitest';
import { asClaimsStated, ClaimsStatedValueSchema } from '../../shared/diagnosis/claims-stated';

/** The hand-written check the Diagnosis figures use accepts exactly what the schema accepts. */
const SAMPLES: unknown[] = [
  {},
  { c1: { stated: true } },
  { c1: { stated: true, citation: 'supported' }, c2: { stated: false, citation: null }, 'f:7天内全额退款': { stated: false } },
  { c1: { stated: true, citation: 'unsupported' }, c2: { stated: true, citation: 'none' } },
  { c1: { citation: 'supported', stated: true } },
  null,
  undefined,
  'c1',
  3,
  [],
  [{ stated: true }],
  { c1: null },
  { c1: [] },
  { c1: {} },
  { c1: { stated: 'yes' } },
  { c1: { stated: 1 } },
  { c1: { stated: true, citation: 'maybe' } },
  { c1: { stated: true, citation: 1 } },
  { c1: { stated: true, extra: 1 } },
  { '': { stated: true } },
  { ['x'.repeat(2000)]: { stated: true } },
  { ['x'.repeat(2001)]: { stated: true } },
  { c1: { stated: true }, c2: { stated: false, note: 'x' } },
];

describe('asClaimsStated', () => {
  it.each(SAMPLES.map((s) => [JSON.stringify(s)?.slice(0, 60) ?? 'undefined', s]))('agrees with ClaimsStatedValueSchema on %s', (_, sample) => {
    const parsed = ClaimsStatedValueSchema.safeParse(sample);
    const checked = asClaimsStated(sample);
    expect(checked !== null).toBe(parsed.success);
    if (parsed.success) expect(checked).toEqual(parsed.data);
  });
});
