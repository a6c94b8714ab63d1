/** Wilson score interval (95%) written out independently of shared/stats, for tests to check against. */
export function wilson95(x: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = x / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
