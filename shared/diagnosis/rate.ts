import { wilson } from '../stats/wilson';

/**
 * A count out of n with its Wilson 95% interval. With n = 0 the rate is undefined (null) and
 * says why, never 0.
 */
export interface Rate {
  count: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
  /** How the interval was made, for the reader. */
  method: 'wilson';
}

export function rate(count: number, n: number): Rate {
  if (n === 0) return { count, n, rate: null, low: null, high: null, method: 'wilson' };
  const [low, high] = wilson(count, n);
  return { count, n, rate: count / n, low, high, method: 'wilson' };
}

/** Appends to the list kept under a key (a new list for a new key). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
