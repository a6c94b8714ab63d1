import { rate, type Rate } from './rate';

/** One response whose failure layer both people and a judge run decided. */
export interface BlamePair {
  human: string;
  judge: string;
}

const UPSTREAM = new Set(['retrieval', 'data']);

/**
 * How often the judge blames generation where people blamed retrieval or
 * data: judges are known to lean that way. Of the responses people put in
 * retrieval or data, the share the judge put in generation.
 */
export function judgeBlamesGeneration(pairs: readonly BlamePair[]): Rate {
  const upstream = pairs.filter((p) => UPSTREAM.has(p.human));
  return rate(upstream.filter((p) => p.judge === 'generation').length, upstream.length);
}
