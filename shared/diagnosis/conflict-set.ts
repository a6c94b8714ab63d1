import { mulberry32, randomIndex } from '../stats/bootstrap';
import { revisionsNewestFirst } from '../documents/revision-order';
import type { DocumentRecord } from '../domain/schemas';

/**
 * The conflict test of the method: for chosen cases, copies of their cited documents whose numbers
 * in the quoted evidence are changed by a stated rule and whose effective date is moved earlier
 * (an outdated version), plus the forbidden claims those copies imply. Responses run with the
 * copies in the knowledge base, imported with `condition: conflict`, show how often an answer
 * follows the old version.
 */

/** How numbers are changed: `times:F` multiplies, `plus:N` adds; the result keeps the original's decimals. */
export interface NumberRule {
  kind: 'times' | 'plus';
  by: number;
}

export function parseNumberRule(text: string): NumberRule | null {
  const m = /^(times|plus):(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const rule = { kind: m[1] as NumberRule['kind'], by: Number(m[2]) };
  // A rule that leaves numbers as they are builds no conflict.
  return (rule.kind === 'times' && rule.by === 1) || (rule.kind === 'plus' && rule.by === 0) ? null : rule;
}

export const ruleText = (rule: NumberRule) => `${rule.kind}:${rule.by}`;

const NUMBER = /\d+(?:\.\d+)?/g;

/** Every number in the text changed by the rule. */
export function changeNumbers(text: string, rule: NumberRule): string {
  return text.replace(NUMBER, (digits) => {
    const decimals = digits.includes('.') ? digits.split('.')[1].length : 0;
    const value = rule.kind === 'times' ? Number(digits) * rule.by : Number(digits) + rule.by;
    return value.toFixed(decimals);
  });
}

export const hasNumber = (text: string) => /\d/.test(text);

/** A date moved `days` earlier (YYYY-MM-DD). */
export function daysEarlier(date: string, days: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export interface ConflictCaseInput {
  id: string;
  questionType: string | null;
  answerability: string | null;
  split: string | null;
  slices: string[];
  claims: { text: string; evidence: { docId: string; quote: string }[] }[];
  forbiddenClaims: string[];
}

/** Answerable cases of the chosen types outside holdout that quote at least one number, N of them picked with the seed. */
export function pickConflictCases(cases: readonly ConflictCaseInput[], types: readonly string[], n: number, seed: number): ConflictCaseInput[] {
  const eligible = cases.filter(
    (c) => c.answerability === 'answerable' && c.split !== 'holdout' && c.questionType !== null && types.includes(c.questionType) && c.claims.some((cl) => cl.evidence.some((e) => hasNumber(e.quote))),
  );
  const pool = [...eligible];
  const next = mulberry32(seed);
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = randomIndex(next, i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const picked = new Set(pool.slice(0, n).map((c) => c.id));
  return eligible.filter((c) => picked.has(c.id));
}

export interface ConflictPlan {
  documents: DocumentRecord[];
  /** Per case: its forbidden claims after the build (the ones it had, then the implied ones). */
  cases: { id: string; forbiddenClaims: string[]; added: string[]; slices: string[] }[];
  /** Quotes whose text the document's newest revision does not hold: left unchanged. */
  quotesNotFound: { caseId: string; docId: string; quote: string }[];
}

/**
 * For each cited document: a copy of its newest revision (revision `<rev>-conflict`) with each
 * quoted number-bearing passage changed by the rule, effective `shiftDays` before the original
 * and superseded by it. For each claim whose evidence changed: the claim with its numbers changed,
 * as a forbidden claim (when the claim has no number: the changed quote).
 */
export function planConflictSet(picked: readonly ConflictCaseInput[], documents: readonly DocumentRecord[], rule: NumberRule, shiftDays: number): ConflictPlan {
  const newest = new Map<string, DocumentRecord>();
  for (const docId of new Set(documents.map((d) => d.docId))) newest.set(docId, revisionsNewestFirst(documents.filter((d) => d.docId === docId))[0]);
  const altered = new Map<string, string>();
  const quotesNotFound: ConflictPlan['quotesNotFound'] = [];
  const cases = picked.map((c) => {
    const added: string[] = [];
    for (const claim of c.claims) {
      let changed = false;
      for (const e of claim.evidence) {
        const original = newest.get(e.docId);
        if (!hasNumber(e.quote) || !original) continue;
        const text = altered.get(e.docId) ?? original.text ?? '';
        if (!text.includes(e.quote)) {
          // Another case may have changed this passage already.
          if (text.includes(changeNumbers(e.quote, rule))) changed = true;
          else quotesNotFound.push({ caseId: c.id, docId: e.docId, quote: e.quote });
          continue;
        }
        altered.set(e.docId, text.split(e.quote).join(changeNumbers(e.quote, rule)));
        changed = true;
      }
      if (changed) {
        const forbidden = hasNumber(claim.text) ? changeNumbers(claim.text, rule) : changeNumbers(claim.evidence.find((e) => hasNumber(e.quote))?.quote ?? '', rule);
        if (forbidden && !c.forbiddenClaims.includes(forbidden) && !added.includes(forbidden)) added.push(forbidden);
      }
    }
    return { id: c.id, forbiddenClaims: [...c.forbiddenClaims, ...added], added, slices: c.slices.includes('conflict') ? c.slices : [...c.slices, 'conflict'] };
  });
  const copies: DocumentRecord[] = [...altered].map(([docId, text]) => {
    const original = newest.get(docId) as DocumentRecord;
    const effectiveFrom = daysEarlier(original.effectiveFrom ?? new Date().toISOString().slice(0, 10), shiftDays);
    return {
      docId, title: original.title, revision: `${original.revision}-conflict`, effectiveFrom, expiresAt: original.effectiveFrom ?? null,
      supersedes: null, supersededBy: original.revision, accessScope: [...original.accessScope], text,
    };
  });
  return { documents: copies, cases, quotesNotFound };
}
