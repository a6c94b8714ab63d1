import { expect } from 'vitest';

/** |actual − expected| ≤ tolerance, and actual is a real number (NaN never passes). */
export function expectClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Number.isFinite(actual), `expected a number near ${expected}, got ${actual}`).toBe(true);
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** |actual − expected| ≤ rtol·|expected| (p-values: 1e-6 relative). */
export function expectRelative(actual: number, expected: number, rtol = 1e-6): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(rtol * Math.abs(expected));
}
