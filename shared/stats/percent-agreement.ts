import { labelKey, type Label } from './labels';
import { defined, nanBecause, type Detailed } from './undefined';

/** Share of items on which the two raters gave the same label (`np.mean(np.array(a) == np.array(b))`). */
export function percentAgreementDetailed(human: readonly Label[], judge: readonly Label[]): Detailed<number> {
  if (human.length !== judge.length) return nanBecause('length-mismatch');
  if (human.length === 0) return nanBecause('no-data');
  let same = 0;
  for (let i = 0; i < human.length; i++) if (labelKey(human[i]) === labelKey(judge[i])) same++;
  return defined(same / human.length);
}

export function percentAgreement(human: readonly Label[], judge: readonly Label[]): number {
  return percentAgreementDetailed(human, judge).value;
}
