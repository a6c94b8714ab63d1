import { clusterRatio } from '../stats/cluster-ratio';
import { wilson } from '../stats/wilson';
import { caseSlots } from './derived-once';

/**
 * A count out of n with its 95% interval. With n = 0 the rate is undefined (null) and says why,
 * never 0. `method` says how the interval was made: `wilson` for a share of independent items
 * (responses, one per case), `cluster-ratio` for a share of claims, where a case's claims move
 * together (see shared/diagnosis/README.md).
 */
export interface Rate {
  count: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
  method: 'wilson' | 'cluster-ratio';
  /** cluster-ratio: the cases the claims came from. */
  clusters?: number;
}

export function rate(count: number, n: number): Rate {
  if (n === 0) return { count, n, rate: null, low: null, high: null, method: 'wilson' };
  const [low, high] = wilson(count, n);
  return { count, n, rate: count / n, low, high, method: 'wilson' };
}

/**
 * Counts of claims per case, for a rate over claims whose interval treats cases as clusters:
 * `add(caseId, count, n)` adds to the case's totals (several responses of one case are one cluster).
 */
export class ClusterTally {
  private readonly counts: Float64Array;
  private readonly totals: Float64Array;

  /** `cases`: the cases by id (the clusters); ids not in it are not counted. */
  constructor(private readonly cases: ReadonlyMap<string, unknown>) {
    this.counts = new Float64Array(cases.size);
    this.totals = new Float64Array(cases.size);
  }

  add(caseId: string, count: number, n: number): void {
    const at = caseSlots(this.cases).get(caseId);
    if (at !== undefined) this.addAt(at, count, n);
  }

  /** add() by the case's place in the map (shared/diagnosis/derived-once.ts casesOfResponses). */
  addAt(slot: number, count: number, n: number): void {
    this.counts[slot] += count;
    this.totals[slot] += n;
  }

  rate(): Rate {
    let count = 0;
    let n = 0;
    for (let i = 0; i < this.counts.length; i++) {
      count += this.counts[i];
      n += this.totals[i];
    }
    const r = clusterRatio(this.counts, this.totals);
    if (!r) return { count, n, rate: null, low: null, high: null, method: 'cluster-ratio', clusters: 0 };
    return { count, n, rate: r.rate, low: r.low, high: r.high, method: 'cluster-ratio', clusters: r.clusters };
  }
}

/** Appends to the list kept under a key (a new list for a new key). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
