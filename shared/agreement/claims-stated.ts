import { CLAIMS_STATED, ClaimsStatedValueSchema } from '../diagnosis/claims-stated';
import type { Dimension } from '../domain/dimensions';
import type { AgreementPair } from './judge-vs-human';
import type { LabeledItem } from './human-vs-human';

/**
 * Agreement on "claims this answer states" (a structured value: per claim id, stated or not) is
 * measured per claim: each claim a (human, judge) pair of the binary stated / not-stated, so the
 * usual binary figures apply — percent agreement, Cohen's kappa, Gwet's AC1, the stated rate of
 * each side and its difference (bias). The claims of a case are one cluster: every interval
 * resamples whole cases (several claims, responses and reviewers of one case move together).
 * A claim one side marks and the other does not (the claims changed in between) is no pair: it is
 * left out and counted in the "values left out" warning. Citation verdicts are not compared.
 */
export const STATED = 'stated';
export const NOT_STATED = 'not-stated';

export const CLAIMS_STATED_PER_CLAIM: Dimension = {
  name: CLAIMS_STATED,
  type: 'binary',
  scope: 'response',
  options: [{ value: STATED }, { value: NOT_STATED }],
};

export const isPerClaim = (name: string): boolean => name === CLAIMS_STATED;

/** A value's marks as stated / not-stated per claim id, or null when it is not a "claims stated" value. */
function marksOf(value: unknown): Map<string, string> | null {
  const parsed = ClaimsStatedValueSchema.safeParse(value);
  if (value == null || !parsed.success) return null;
  return new Map(Object.entries(parsed.data).map(([id, mark]) => [id, mark.stated ? STATED : NOT_STATED]));
}

/**
 * One pair per claim of each (verdict, label) pair, in claim-id order; a claim only one side marks
 * (or a value that is not a "claims stated" value) gives a pair with null on the missing side,
 * which the engine leaves out and counts. `claims` counts the claims the judge marked.
 */
export function perClaimPairs(pairs: readonly AgreementPair[]): { pairs: AgreementPair[]; claimVerdicts: number } {
  const out: AgreementPair[] = [];
  const judged = new Set<string>();
  for (const pair of pairs) {
    const human = marksOf(pair.human);
    const judge = marksOf(pair.judge);
    const ids = [...new Set([...(human?.keys() ?? []), ...(judge?.keys() ?? [])])].sort();
    if (ids.length === 0) out.push({ ...pair, human: null, judge: null });
    for (const id of ids) {
      const itemKey = `${pair.itemKey}\u0000${id}`;
      if (judge?.has(id)) judged.add(itemKey);
      out.push({ ...pair, itemKey, claim: id, human: human?.get(id) ?? null, judge: judge?.get(id) ?? null });
    }
  }
  return { pairs: out, claimVerdicts: judged.size };
}

/** Human vs human on "claims stated": each claim of a response an item, with the reviewers who marked it. */
export function perClaimItems(items: readonly LabeledItem[]): LabeledItem[] {
  const out: LabeledItem[] = [];
  for (const item of items) {
    const byClaim = new Map<string, { reviewer: string; value: unknown }[]>();
    for (const label of item.labels) {
      for (const [id, value] of marksOf(label.value) ?? []) {
        let list = byClaim.get(id);
        if (!list) byClaim.set(id, (list = []));
        list.push({ reviewer: label.reviewer, value });
      }
    }
    for (const id of [...byClaim.keys()].sort()) out.push({ ...item, itemKey: `${item.itemKey}\u0000${id}`, labels: byClaim.get(id)! });
  }
  return out;
}
