import { wilsonDetailed } from '../stats/wilson';
import type { UndefinedCode } from '../stats/undefined';

/**
 * A share with its count and interval: `count` of `n`, 95% Wilson score interval
 * (shared/stats/wilson.ts). n = 0 leaves value and interval undefined ('no-data'), never 0.
 */
export interface Rate {
  count: number;
  n: number;
  value: number | null;
  interval: [number, number] | null;
  method: 'wilson-95';
  undefinedCode: UndefinedCode | null;
}

export function rate(count: number, n: number): Rate {
  const interval = wilsonDetailed(count, n);
  if (interval.undefinedCode) return { count, n, value: null, interval: null, method: 'wilson-95', undefinedCode: interval.undefinedCode };
  return { count, n, value: count / n, interval: interval.value, method: 'wilson-95', undefinedCode: null };
}

/** Items grouped by a key, in first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
